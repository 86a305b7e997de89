package io.github.tidu4j.primitives.taylor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.primitives.scalar.ScalarEvaluator;
import io.github.tidu4j.primitives.scalar.ScalarKernels;
import io.github.tidu4j.primitives.scalar.ScalarOp;
import io.github.tidu4j.primitives.scalar.ScalarValue;
import io.github.tidu4j.primitives.testing.ChildJvm;
import java.io.IOException;
import java.util.List;
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

  @Test
  void aTaylorCompilationOutOfHeapNamesTheOrderAndWhatToDo()
      throws IOException, InterruptedException {
    ChildJvm child =
        ChildJvm.run(
            TaylorOutOfHeapTest.class,
            List.of("-Xmx64m"),
            ScalarOp.class.getName(),
            ScalarAutodiff.class.getName(),
            "io.github.tidu4j.graph.Graph",
            "org.objectweb.asm.ClassWriter");
    String out = child.output();
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
