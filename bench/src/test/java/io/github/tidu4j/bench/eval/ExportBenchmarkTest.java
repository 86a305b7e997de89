package io.github.tidu4j.bench.eval;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ExportBenchmarkTest {
  @ParameterizedTest(name = "{0} kernels")
  @ValueSource(strings = {"joint", "plain"})
  void setupExportsCompilesAndAgreesAtSmallN(String kernels) throws Throwable {
    ExportBenchmark.Programs p = new ExportBenchmark.Programs();
    p.n = 50;
    p.kernels = kernels;
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
  void anUnknownKernelSetIsRefusedNamingIt() {
    ExportBenchmark.Programs p = new ExportBenchmark.Programs();
    p.n = 50;
    p.kernels = "fused";
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, p::setUp);
    assertEquals("kernels is fused; it must be joint or plain", e.getMessage());
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
