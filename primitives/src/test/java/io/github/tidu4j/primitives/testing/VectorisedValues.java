package io.github.tidu4j.primitives.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.tidu4j.primitives.tensor.Tensor;
import io.github.tidu4j.primitives.tensor.VectorMath;
import java.util.List;

/**
 * Compares values computed through {@link VectorMath}'s block kernels (the default fusion set's
 * loops) with other values: bit for bit where {@code VectorMath} runs its {@link Math} loops; where
 * it is vectorised, element by element within {@code 1e-9·(1 + |expected|)}: each transcendental
 * result is within a few ulp of {@link Math}'s, and the Vector API may round the last bits
 * differently from one call to the next while its kernels are not yet compiled by C2, so even two
 * runs of one program need not agree bit for bit.
 *
 * <pre>{@code
 * VectorisedValues.assertClose(unfused, TensorFusion.fuse(p).evalPositional(inputs), "sumExp");
 * }</pre>
 */
public final class VectorisedValues {
  private VectorisedValues() {}

  /** Asserts {@code actual} equals {@code expected} as the class comment says. */
  public static void assertClose(List<Tensor> expected, List<Tensor> actual, String what) {
    if (!VectorMath.isVectorised()) {
      assertEquals(expected, actual, what);
      return;
    }
    assertEquals(expected.size(), actual.size(), what);
    for (int k = 0; k < expected.size(); k++) {
      double[] u = expected.get(k).toDoubleArray();
      double[] v = actual.get(k).toDoubleArray();
      assertEquals(u.length, v.length, what + ", output " + k);
      for (int i = 0; i < u.length; i++) {
        assertEquals(u[i], v[i], 1e-9 * (1 + Math.abs(u[i])), what + ", output " + k + "[" + i + "]");
      }
    }
  }
}
