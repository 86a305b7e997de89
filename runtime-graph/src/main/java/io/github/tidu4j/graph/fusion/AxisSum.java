package io.github.tidu4j.graph.fusion;

import java.util.Arrays;

/**
 * How an operation sums its one operand over some of its axes, which the result drops: each
 * result element is the sum of the operand elements that agree with it on the kept axes. A
 * primitive set tells a {@link FusionSet} which of its operations are such sums ({@link
 * FusionSet#of(io.github.tidu4j.graph.bytecode.KernelSet, java.util.List, ElementValues,
 * java.util.function.Predicate, java.util.function.Predicate, java.util.function.Predicate,
 * java.util.function.Function, java.util.function.Function)}), and a fused loop then adds each
 * element of a region value into its result element, in the operand's row-major order, starting
 * from {@code +0.0}: the order the set's own sum kernel must use for the fused values to be its
 * values bit for bit.
 *
 * <pre>{@code
 * AxisSum rowSums = new AxisSum(new int[] {m, n}, new int[] {1}); // [m, n] -> [m]
 * }</pre>
 *
 * @param operandShape the operand's axis lengths
 * @param axes the summed axes, strictly increasing
 */
public record AxisSum(int[] operandShape, int[] axes) {

  /**
   * Copies the arrays and checks them.
   *
   * @throws IllegalArgumentException naming the arrays if {@code axes} is not strictly increasing
   *     within the operand's rank, or a length is negative
   */
  public AxisSum {
    operandShape = operandShape.clone();
    axes = axes.clone();
    for (int d : operandShape) {
      if (d < 0) {
        throw new IllegalArgumentException(
            "sum of " + Arrays.toString(operandShape) + ": a negative length");
      }
    }
    for (int k = 0; k < axes.length; k++) {
      if (axes[k] < 0 || axes[k] >= operandShape.length || (k > 0 && axes[k] <= axes[k - 1])) {
        throw new IllegalArgumentException(
            "sum of " + Arrays.toString(operandShape) + " over " + Arrays.toString(axes)
                + ": axes must increase strictly within [0, " + operandShape.length + ")");
      }
    }
  }

  @Override
  public int[] operandShape() {
    return operandShape.clone();
  }

  @Override
  public int[] axes() {
    return axes.clone();
  }

  /** The result's axis lengths: the operand's without the summed axes. */
  public int[] shape() {
    int[] shape = new int[operandShape.length - axes.length];
    for (int d = 0, k = 0, j = 0; d < operandShape.length; d++) {
      if (k < axes.length && axes[k] == d) {
        k++;
      } else {
        shape[j++] = operandShape[d];
      }
    }
    return shape;
  }

  /**
   * Whether a fused loop adds it as the set's kernel does: some axis of length above 1 is summed
   * (else the sum only drops unit axes, and passes its elements through unchanged, {@code -0.0}
   * included) and some axis of length above 1 is kept (else it sums every element, which fused
   * loops do as full sums, in the order of {@link SumOrder}).
   */
  boolean fusable() {
    boolean summed = false;
    boolean kept = false;
    for (int d = 0, k = 0; d < operandShape.length; d++) {
      boolean isSummed = k < axes.length && axes[k] == d;
      if (isSummed) {
        k++;
      }
      if (operandShape[d] > 1) {
        summed |= isSummed;
        kept |= !isSummed;
      }
    }
    return summed && kept;
  }

  /**
   * For each operand axis, how far the result's row-major index moves when that axis's index
   * grows by one: 0 along a summed axis (and a unit axis).
   */
  int[] strides() {
    int[] strides = new int[operandShape.length];
    int stride = 1;
    for (int d = operandShape.length - 1, k = axes.length - 1; d >= 0; d--) {
      if (k >= 0 && axes[k] == d) {
        k--;
      } else {
        strides[d] = operandShape[d] == 1 ? 0 : stride;
        stride *= operandShape[d];
      }
    }
    return strides;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof AxisSum s
        && Arrays.equals(operandShape, s.operandShape)
        && Arrays.equals(axes, s.axes);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(operandShape) * 31 + Arrays.hashCode(axes);
  }

  @Override
  public String toString() {
    return "AxisSum[" + Arrays.toString(operandShape) + " over " + Arrays.toString(axes) + "]";
  }
}
