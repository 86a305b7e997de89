package io.github.tidu4j.graph.fusion;

import java.util.Arrays;

/**
 * How an operation broadcasts its one operand into a larger shape, as XLA's {@code
 * BroadcastInDim}: operand axis {@code k} becomes result axis {@code dimensions[k]} (strictly
 * increasing) and has that axis's length or length 1 (repeated along it); the result's other axes
 * repeat the operand. A primitive set tells a {@link FusionSet} which of its operations are
 * broadcasts this way ({@link FusionSet#of(io.github.tidu4j.graph.bytecode.KernelSet,
 * java.util.List, ElementValues, java.util.function.Predicate, java.util.function.Predicate,
 * java.util.function.Predicate, java.util.function.Function, java.util.function.Function)}), and
 * a fused loop then reads the operand where each element of the result maps to instead of
 * materialising the result.
 *
 * <pre>{@code
 * // a bias b[j] added to every row of an [m, n] matrix
 * Broadcast rows = new Broadcast(new int[] {n}, new int[] {m, n}, new int[] {1});
 * }</pre>
 *
 * @param operandShape the operand's axis lengths
 * @param shape the result's axis lengths
 * @param dimensions for each operand axis, the result axis it becomes
 */
public record Broadcast(int[] operandShape, int[] shape, int[] dimensions) {

  /**
   * Copies the arrays and checks them.
   *
   * @throws IllegalArgumentException naming the arrays if {@code dimensions} does not have the
   *     operand's rank, is not strictly increasing within the result's rank, or maps an operand
   *     axis to a result axis whose length is neither its own nor 1; or a length is negative
   */
  public Broadcast {
    operandShape = operandShape.clone();
    shape = shape.clone();
    dimensions = dimensions.clone();
    String what =
        "broadcast of " + Arrays.toString(operandShape) + " into " + Arrays.toString(shape)
            + " along " + Arrays.toString(dimensions);
    if (dimensions.length != operandShape.length) {
      throw new IllegalArgumentException(what + ": one dimension per operand axis is needed");
    }
    for (int d : shape) {
      if (d < 0) {
        throw new IllegalArgumentException(what + ": a negative length");
      }
    }
    for (int k = 0; k < dimensions.length; k++) {
      int d = dimensions[k];
      if (d < 0 || d >= shape.length || (k > 0 && d <= dimensions[k - 1])) {
        throw new IllegalArgumentException(
            what + ": dimensions must increase strictly within [0, " + shape.length + ")");
      }
    }
    for (int k = 0; k < dimensions.length; k++) {
      int d = dimensions[k];
      if (operandShape[k] != shape[d] && operandShape[k] != 1) {
        throw new IllegalArgumentException(
            what + ": operand axis " + k + " has length " + operandShape[k] + ", neither 1 nor "
                + shape[d]);
      }
    }
  }

  @Override
  public int[] operandShape() {
    return operandShape.clone();
  }

  @Override
  public int[] shape() {
    return shape.clone();
  }

  @Override
  public int[] dimensions() {
    return dimensions.clone();
  }

  /**
   * For each result axis, how far the operand's row-major index moves when that axis's index
   * grows by one: the operand axis's stride where one maps to it with the same length, 0 where
   * the operand repeats along it.
   */
  int[] strides() {
    int[] strides = new int[shape.length];
    int stride = 1;
    for (int k = operandShape.length - 1; k >= 0; k--) {
      if (operandShape[k] == shape[dimensions[k]] && operandShape[k] != 1) {
        strides[dimensions[k]] = stride;
      }
      stride *= operandShape[k];
    }
    return strides;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Broadcast b
        && Arrays.equals(operandShape, b.operandShape)
        && Arrays.equals(shape, b.shape)
        && Arrays.equals(dimensions, b.dimensions);
  }

  @Override
  public int hashCode() {
    return (Arrays.hashCode(operandShape) * 31 + Arrays.hashCode(shape)) * 31
        + Arrays.hashCode(dimensions);
  }

  @Override
  public String toString() {
    return "Broadcast[" + Arrays.toString(operandShape) + " -> " + Arrays.toString(shape)
        + " along " + Arrays.toString(dimensions) + "]";
  }
}
