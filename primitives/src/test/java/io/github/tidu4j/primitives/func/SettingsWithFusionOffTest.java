package io.github.tidu4j.primitives.func;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.primitives.testing.ChildJvm;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The fused tier's settings are checked when {@link TensorAutodiff} is initialised with fusion off
 * too, so that a misspelt value is never silently without effect: a child JVM runs {@link #main}.
 */
class SettingsWithFusionOffTest {
  private static final int EXIT_REFUSED = 3;

  /** Initialises {@link TensorAutodiff}, printing the cause of a failed initialisation. */
  public static void main(String[] args) {
    try {
      System.out.println("initialised: " + TensorAutodiff.cacheStats());
    } catch (ExceptionInInitializerError e) {
      System.out.println(e.getCause().getMessage());
      System.exit(EXIT_REFUSED);
    }
  }

  @Test
  void aBadVectorMathValueIsRefusedWithFusionOff() throws IOException, InterruptedException {
    assertRefused(
        "-Dtidu4j.vectormath=bogus",
        "system property tidu4j.vectormath = 'bogus': expected 'auto' or 'math'");
  }

  @Test
  void aBadFusionThreadCountIsRefusedWithFusionOff() throws IOException, InterruptedException {
    assertRefused("-Dtidu4j.fusion.threads=0", "tidu4j.fusion.threads");
  }

  private static void assertRefused(String setting, String message)
      throws IOException, InterruptedException {
    ChildJvm child =
        ChildJvm.run(
            SettingsWithFusionOffTest.class,
            List.of("-Dtidu4j.autodiff.fusion=false", setting),
            TensorAutodiff.class.getName(),
            "io.github.tidu4j.ad.func.FunctionCache",
            "io.github.tidu4j.graph.Graph",
            "org.objectweb.asm.ClassWriter");
    assertEquals(EXIT_REFUSED, child.exitValue(), child.output());
    assertTrue(child.output().lines().findFirst().orElse("").contains(message), child.output());
  }
}
