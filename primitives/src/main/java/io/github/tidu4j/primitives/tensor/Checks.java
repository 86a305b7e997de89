package io.github.tidu4j.primitives.tensor;

import java.util.Arrays;

/**
 * Argument validation shared by the kernels; every message names the operation and each operand's
 * dtype and shape, written as {@link #operand} writes them.
 */
final class Checks {

  private Checks() {}

  /** An operand's dtype and shape as messages write them, e.g. {@code f64[2, 3]}. */
  static String operand(Tensor t) {
    return t.dtype() + t.shape().toString();
  }

  /** Binary elementwise operands: same dtype (no promotion) and same shape (no broadcasting). */
  static void sameDtypeAndShape(String op, Tensor lhs, Tensor rhs) {
    sameDtype(op, lhs, rhs);
    if (!lhs.shape().equals(rhs.shape())) {
      throw new IllegalArgumentException(
          op
              + ": shapes differ: lhs "
              + operand(lhs)
              + ", rhs "
              + operand(rhs)
              + " (no implicit broadcasting; use Layout.broadcastInDim)");
    }
  }

  static void sameDtype(String op, Tensor lhs, Tensor rhs) {
    if (lhs.dtype() != rhs.dtype()) {
      throw new IllegalArgumentException(
          op
              + ": dtypes differ: lhs "
              + operand(lhs)
              + ", rhs "
              + operand(rhs)
              + " (no implicit promotion)");
    }
  }

  static void isF64(String op, Tensor t) {
    if (t.dtype() != DType.F64) {
      throw new IllegalArgumentException(
          op + ": expected an f64 operand, got " + operand(t));
    }
  }

  /**
   * Checks that {@code axes} is strictly increasing and within {@code [0, rank)}.
   *
   * @param what how the message calls the axes, e.g. {@code "axes"}
   * @param operand the operand, named by a message
   * @param outputShape the output shape a message names too, or {@code null}
   */
  static void strictlyIncreasingAxes(
      String op, String what, int[] axes, int rank, Tensor operand, Shape outputShape) {
    for (int i = 0; i < axes.length; i++) {
      int a = axes[i];
      if (a < 0 || a >= rank) {
        throw new IllegalArgumentException(
            op
                + ": "
                + what
                + " "
                + Arrays.toString(axes)
                + " has "
                + a
                + ", out of range for rank "
                + rank
                + " ("
                + context(operand, outputShape)
                + ")");
      }
      if (i > 0 && a <= axes[i - 1]) {
        throw new IllegalArgumentException(
            op
                + ": "
                + what
                + " "
                + Arrays.toString(axes)
                + " must be strictly increasing (sorted, no duplicates) ("
                + context(operand, outputShape)
                + ")");
      }
    }
  }

  /**
   * What an axes message names besides the axes: the operand and, where there is one, the output
   * shape. Built only when a message is, so a check that passes formats nothing.
   *
   * @param outputShape {@code null} if the operation has no output shape to name
   */
  static String context(Tensor operand, Shape outputShape) {
    String context = "operand " + operand(operand);
    return outputShape == null ? context : context + ", output shape " + outputShape;
  }
}
