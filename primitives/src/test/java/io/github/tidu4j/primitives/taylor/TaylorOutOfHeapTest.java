package io.github.tidu4j.primitives.taylor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.primitives.scalar.ScalarEvaluator;
import io.github.tidu4j.primitives.scalar.ScalarKernels;
import io.github.tidu4j.primitives.scalar.ScalarOp;
import io.github.tidu4j.primitives.scalar.ScalarValue;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A high order of a large function, compiled in a JVM of 64 MiB, really runs out of heap, and the
 * caller gets the error naming the transform, the order and what to do rather than the JVM's
 * "Java heap space" from an array copy in the compiler: a child JVM runs {@link #main}.
 */
class TaylorOutOfHeapTest {
  private static final int EXIT_DESCRIBED = 3;

  /** Derivatives to order 100 of 100 steps of sin(z)·y: about a million operations compiled. */
  public static void main(String[] args) {
    ScalarAutodiff<ScalarOp> ad =
        ScalarAutodiff.of(ScalarOp.class, ScalarEvaluator::new, ScalarKernels::kernelSet);
    ScalarFunction<ScalarOp> f =
        ad.function(
            ScalarValue.unary(
                y -> {
                  var z = y;
                  for (int i = 0; i < 100; i++) {
                    z = z.sin().mul(y);
                  }
                  return z;
                }));
    try {
      System.out.println("compiled: " + ad.derivatives(f, 100).applyAll(0.3).length);
    } catch (OutOfMemoryError e) {
      System.out.println(e.getMessage());
      System.out.println("cause: " + e.getCause());
      System.exit(EXIT_DESCRIBED);
    }
  }

  /**
   * The class path of the code the child runs, from where these classes were loaded: surefire
   * runs the tests on the module path, with a {@code java.class.path} of its own.
   */
  private static String classPath(String... classes) {
    List<String> entries = new java.util.ArrayList<>();
    for (String name : classes) {
      try {
        Class<?> c = Class.forName(name);
        entries.add(Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
      } catch (ClassNotFoundException | java.net.URISyntaxException e) {
        throw new IllegalStateException(e);
      }
    }
    return String.join(java.io.File.pathSeparator, entries);
  }

  @Test
  void aTaylorCompilationOutOfHeapNamesTheOrderAndWhatToDo()
      throws IOException, InterruptedException {
    Process child =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx64m",
                "-cp",
                classPath(
                    TaylorOutOfHeapTest.class.getName(),
                    ScalarOp.class.getName(),
                    ScalarAutodiff.class.getName(),
                    "io.github.tidu4j.graph.Graph",
                    "org.objectweb.asm.ClassWriter"),
                TaylorOutOfHeapTest.class.getName())
            .redirectErrorStream(true)
            .start();
    assertTrue(child.waitFor(120, TimeUnit.SECONDS), "the child JVM ends");
    String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(EXIT_DESCRIBED, child.exitValue(), out);
    List<String> lines = out.lines().toList();
    assertTrue(
        lines.get(0).startsWith(
            "compiling derivatives(f, order=100) for [f64] ran out of heap (Java heap space;"
                + " this JVM's maximum heap is 64 MiB)"),
        out);
    assertTrue(lines.get(0).contains("Taylor mode to order 100 makes up to 5,151 operations"), out);
    assertEquals("cause: java.lang.OutOfMemoryError: Java heap space", lines.get(1), out);
  }
}
