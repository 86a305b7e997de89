package io.github.tidu4j.bench.eval;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ExportBenchmarkTest {
  @Test
  void setupExportsCompilesAndAgreesAtSmallN() throws Throwable {
    ExportBenchmark.Programs p = new ExportBenchmark.Programs();
    p.n = 50;
    p.setUp();
    ExportBenchmark b = new ExportBenchmark();
    double[] exported = b.exported(p).clone();
    double[] hidden = b.hiddenClass(p).clone();
    assertEquals(5, exported.length, "y and four gradient entries");
    assertArrayEquals(hidden, exported, "same values from both");
    assertArrayEquals(
        new ScalarRandDag(50, 42).withTrig().gradient(ScalarRandDag.INPUTS, 1.0), exported, 1e-12,
        "the hand-written gradient");
  }

  @Test
  void exportSourceWritesTheWholeProgram() {
    ExportBenchmark.Sources s = new ExportBenchmark.Sources();
    s.exportN = 50;
    s.setUp();
    int chars = new ExportBenchmark().exportSource(s);
    assertEquals(
        s.export.export(s.program, "bench.exported", "Gradient").toString().length(), chars);
  }
}
