package io.github.tidu4j.primitives.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.fusion.SumOrder;
import io.github.tidu4j.primitives.TensorFusion;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.tensor.Tensor;
import io.github.tidu4j.primitives.tensor.VectorMath;
import java.util.List;

/**
 * Compares values computed by the default fusion set ({@link TensorFusion#set()}: {@link
 * VectorMath}'s block kernels, full sums in {@link SumOrder#LANES}) with other values, element by
 * element within {@code 1e-9·(1 + |expected|)}: each transcendental result is within a few ulp of
 * {@link Math}'s, each full sum within a few ulp of the sum in index order, and the Vector API may
 * round the last bits differently from one call to the next while its kernels are not yet
 * compiled by C2, so even two runs of one program need not agree bit for bit. Where {@code
 * VectorMath} runs its {@link Math} loops, {@link #assertMathLoopsExact} pins the bits: the block
 * loops give the unfused values in the sequential sum order, and the default set's values are
 * those of per-element kernels in the lane order.
 *
 * <pre>{@code
 * VectorisedValues.assertClose(unfused, TensorFusion.fuse(p).evalPositional(inputs), "sumExp");
 * }</pre>
 */
public final class VectorisedValues {
  private VectorisedValues() {}

  /** Asserts {@code actual} equals {@code expected} as the class comment says. */
  public static void assertClose(List<Tensor> expected, List<Tensor> actual, String what) {
    assertEquals(expected.size(), actual.size(), what);
    for (int k = 0; k < expected.size(); k++) {
      assertEquals(expected.get(k).shape(), actual.get(k).shape(), what + ", output " + k);
      double[] u = expected.get(k).toDoubleArray();
      double[] v = actual.get(k).toDoubleArray();
      assertEquals(u.length, v.length, what + ", output " + k);
      for (int i = 0; i < u.length; i++) {
        assertEquals(u[i], v[i], 1e-9 * (1 + Math.abs(u[i])), what + ", output " + k + "[" + i + "]");
      }
    }
  }

  /**
   * Where {@link VectorMath} runs its {@link Math} loops: {@link TensorFusion#set()}'s block loops
   * with sequential sums give the unfused values ({@code unfused}) bit for bit, and {@code
   * defaultSet}, {@link TensorFusion#set()}'s values of {@code p}, are bit for bit the exact set's
   * with lane-order sums (the same elements, the same sum order). Vectorised, it checks nothing:
   * {@link #assertClose} does.
   */
  public static void assertMathLoopsExact(
      CompiledProgram<TensorOp> p, List<Tensor> inputs, List<Tensor> unfused,
      List<Tensor> defaultSet, String what) {
    if (VectorMath.isVectorised()) {
      return;
    }
    assertEquals(unfused,
        TensorFusion.set().withSumOrder(SumOrder.SEQUENTIAL).fuse(p).evalPositional(inputs),
        what + ": Math block loops with sequential sums are the unfused values bit for bit");
    assertEquals(
        TensorFusion.exactSet().withSumOrder(SumOrder.LANES).fuse(p).evalPositional(inputs),
        defaultSet,
        what + ": Math block loops with lane sums are per-element loops with lane sums bit for bit");
  }
}
