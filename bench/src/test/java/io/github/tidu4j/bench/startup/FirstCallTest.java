package io.github.tidu4j.bench.startup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.bench.eval.ScalarRandDag;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link FirstCall} in a fresh JVM computes the real first gradient, reports every phase, and its
 * class-load log is cut at the marker, as {@link StartupRuns} reads them.
 */
class FirstCallTest {
  private static final String JAVA =
      Path.of(System.getProperty("java.home"), "bin", "java").toString();
  private static final String CLASS_PATH = System.getProperty("java.class.path");

  @Test
  void randDagGradientInAFreshJvmIsTheHandWrittenOneWithEitherEvaluator()
      throws IOException, InterruptedException {
    double expected = new ScalarRandDag(1000, 42).withTrig().gradient(ScalarRandDag.INPUTS, 1.0)[1];
    for (String evaluator : List.of("switch", "bytecode")) {
      StartupRuns.Output out = launch(List.of(), List.of("randdag", evaluator));
      double value = value(out);
      assertEquals(expected, value, Math.abs(expected) * 1e-12, evaluator);
      Map<String, Long> times = StartupRuns.parse(out, evaluator);
      for (String phase : List.of("build", "linearize", "transpose", "materializeMerge",
          "compile", "evaluate", "main_to_first", "jvm_to_first", "jvm_to_main")) {
        assertTrue(times.containsKey(phase), evaluator + " lacks " + phase + ": " + times);
      }
      assertTrue(times.get("main_to_first") >= times.get("linearize"), times.toString());
    }
  }

  @Test
  void tourGradientInAFreshJvmIsTwoESquared() throws IOException, InterruptedException {
    StartupRuns.Output out = launch(List.of(), List.of("tour"));
    assertEquals(2 * Math.exp(2), value(out), 1e-12); // d/dx0 Σ exp(aᵢxᵢ) = a0·exp(a0·x0)
    assertTrue(StartupRuns.parse(out, "tour").containsKey("grad_apply"));
  }

  @Test
  void classLogIsCountedUpToTheMarker() throws IOException, InterruptedException {
    StartupRuns.Output out =
        launch(List.of("-Xlog:class+load=info:stdout"), List.of("randdag", "switch"));
    StartupRuns.ClassCounts counts = StartupRuns.countClasses(out);
    assertTrue(counts.library() > 20 && counts.library() < counts.total(), counts.toString());
    assertTrue(counts.archived() <= counts.total(), counts.toString());
  }

  @Test
  void classesWorkloadLoadsTheListedClassesBeforeTheMarkerAndNothingOfTheGradient(
      @TempDir Path dir) throws IOException, InterruptedException {
    Path list = dir.resolve("classes.txt");
    Files.write(list, List.of("io.github.tidu4j.graph.GraphBuilder", "java.util.BitSet"));
    StartupRuns.Output out = launch(
        List.of("-Xlog:class+load=info:stdout"), List.of("classes", list.toString()));
    assertEquals(2, value(out), "the number of classes named");
    List<String> beforeMarker = out.text().subList(0, out.text().indexOf(FirstCall.MARKER));
    assertTrue(
        beforeMarker.stream().anyMatch(l -> l.contains(" io.github.tidu4j.graph.GraphBuilder ")));
    assertTrue(beforeMarker.stream().noneMatch(l -> l.contains(" io.github.tidu4j.ad.AD ")),
        "no class of the gradient's code is loaded");

    Files.write(list, List.of("io.github.tidu4j.NoSuchClass"));
    StartupRuns.Output missing = StartupRuns.run(
        StartupRuns.firstCall(JAVA, List.of(), CLASS_PATH, List.of("classes", list.toString())));
    assertTrue(missing.exitCode() != 0);
    assertTrue(String.join("\n", missing.text()).contains("io.github.tidu4j.NoSuchClass"),
        String.join("\n", missing.text()));
  }

  @Test
  void emptyWorkloadReportsTheJvmStart() throws IOException, InterruptedException {
    Map<String, Long> times = StartupRuns.parse(launch(List.of(), List.of("empty")), "empty");
    assertTrue(times.get("jvm_to_main") >= 0 && times.get("main_to_first") >= 0, times.toString());
  }

  private static StartupRuns.Output launch(List<String> options, List<String> args)
      throws IOException, InterruptedException {
    StartupRuns.Output out = StartupRuns.run(StartupRuns.firstCall(JAVA, options, CLASS_PATH, args));
    assertEquals(0, out.exitCode(), String.join("\n", out.text()));
    assertTrue(out.text().contains(FirstCall.MARKER), String.join("\n", out.text()));
    return out;
  }

  private static double value(StartupRuns.Output out) {
    for (String line : out.text()) {
      if (line.startsWith(FirstCall.RESULT + " ")) {
        return Double.parseDouble(line.substring(line.indexOf(" value=") + " value=".length()));
      }
    }
    throw new AssertionError("no result line: " + out.text());
  }
}
