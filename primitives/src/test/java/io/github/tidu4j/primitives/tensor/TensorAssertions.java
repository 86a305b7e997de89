package io.github.tidu4j.primitives.tensor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.function.Executable;

/** Assertions shared by the tensor tests. */
final class TensorAssertions {

  private TensorAssertions() {}

  /** Exact (bitwise) equality, with both tensors printed on failure. */
  static void assertTensor(Tensor expected, Tensor actual) {
    assertEquals(expected, actual, () -> "expected " + expected + "\n but was " + actual);
  }

  static void assertClose(Tensor expected, Tensor actual, double tol) {
    assertTrue(
        actual.allClose(expected, tol, tol),
        () -> "expected " + expected + "\n but was " + actual + "\n (tolerance " + tol + ")");
  }

  /** Asserts an IllegalArgumentException whose message contains every fragment. */
  static IllegalArgumentException assertRejects(Executable call, String... fragments) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
    for (String f : fragments) {
      assertTrue(
          e.getMessage().contains(f),
          () -> "message \"" + e.getMessage() + "\" does not contain \"" + f + "\"");
    }
    return e;
  }

  static Tensor f64(double[] data, int... shape) {
    return Tensor.of(data, shape);
  }

  static Tensor c128(double[] interleaved, int... shape) {
    return Tensor.complex(interleaved, shape);
  }
}
