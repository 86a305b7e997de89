package io.github.tidu4j.primitives;

import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.primitives.tensor.DType;

/**
 * The longer rules of {@link TensorPrimitives}, kept out of the declaration so it reads as a table:
 * the conjugation of fixed factors in transposes, and the transposes of {@code DotGeneral} and
 * {@code BroadcastInDim}, written after JAX's {@code _dot_general_transpose_lhs/rhs} and {@code
 * _broadcast_in_dim_transpose_rule}.
 */
final class TensorRules {
  private TensorRules() {}

  /**
   * The fixed factor of a transposed product: {@code conj(p)} for c128, {@code p} itself for f64
   * (no {@code Conj} node is emitted for real data). The adjoint of {@code t ↦ c·t} under {@code
   * ⟨a, b⟩ = Re Σ conj(a)·b} is {@code ct ↦ conj(c)·ct}.
   */
  static Primal adjointFactor(TensorEmit e, DType dtype, Primal p) {
    return dtype.isComplex() ? e.conj(p) : p;
  }

  /** The transpose of {@code DotGeneral} with its lhs linear: the cotangent of lhs. */
  static Tangent dotGeneralTransposeLhs(
      TensorEmit e, TensorPrimitives.DotGeneral op, Tangent ct, Primal rhs) {
    return transposeLhs(
        e,
        ct,
        rhs,
        op.lhsContracting(),
        op.rhsContracting(),
        op.lhsBatch(),
        op.rhsBatch(),
        op.lhsShape(),
        op.rhsShape(),
        resultShape(op),
        op.dtype(),
        false);
  }

  /** The transpose of {@code DotGeneral} with its rhs linear: the cotangent of rhs. */
  static Tangent dotGeneralTransposeRhs(
      TensorEmit e, TensorPrimitives.DotGeneral op, Tangent ct, Primal lhs) {
    // JAX: the lhs rule with the operands' roles swapped, and the answer's free axes swapped
    return transposeLhs(
        e,
        ct,
        lhs,
        op.rhsContracting(),
        op.lhsContracting(),
        op.rhsBatch(),
        op.lhsBatch(),
        op.rhsShape(),
        op.lhsShape(),
        resultShape(op),
        op.dtype(),
        true);
  }

  private static int[] resultShape(TensorPrimitives.DotGeneral op) {
    return ShapeMath.dotGeneralShape(
        op.lhsShape(),
        op.rhsShape(),
        op.lhsContracting(),
        op.rhsContracting(),
        op.lhsBatch(),
        op.rhsBatch());
  }

  /**
   * JAX's {@code _dot_general_transpose_lhs}: the cotangent of the linear operand {@code x} is
   * {@code transpose(dot_general(g, conj(y)), outAxes)}, contracting the answer's {@code y} axes
   * against {@code y}'s free axes, batching over the batch axes. {@code swapAns} says the answer's
   * free axes are {@code y}'s then {@code x}'s ({@code x} was the rhs).
   */
  private static Tangent transposeLhs(
      TensorEmit e,
      Tangent g,
      Primal y,
      int[] xContract,
      int[] yContract,
      int[] xBatch,
      int[] yBatch,
      int[] xShape,
      int[] yShape,
      int[] gShape,
      DType dtype,
      boolean swapAns) {
    int[] xKept = ShapeMath.remaining(xShape.length, xContract, xBatch);
    int[] yKept = ShapeMath.remaining(yShape.length, yContract, yBatch);
    int batch = xBatch.length;
    int[] ansBatch = ShapeMath.range(0, batch);
    int yStart = swapAns ? batch : batch + xKept.length;
    int[] ansY = ShapeMath.range(yStart, yStart + yKept.length);
    int[] xContractSortedByY = ShapeMath.take(xContract, ShapeMath.argsort(yContract));
    int[] outAxes = ShapeMath.argsort(ShapeMath.concat(xBatch, xKept, xContractSortedByY));
    Tangent product =
        e.dotGeneral(
            ansY, yKept, ansBatch, yBatch, gShape, yShape, dtype, g, adjointFactor(e, dtype, y));
    return ShapeMath.isIdentity(outAxes) ? product : e.transposeAxes(outAxes, product);
  }

  /**
   * JAX's {@code _broadcast_in_dim_transpose_rule}: sum the cotangent over every output axis that
   * is not an operand axis of length other than 1 (the new axes, and the axes a length-1 operand
   * axis was repeated along), then reinsert the length-1 axes with a reshape.
   */
  static Tangent broadcastInDimTranspose(
      TensorEmit e, int[] shape, int[] broadcastDimensions, int[] operandShape, Tangent ct) {
    int[] unitDims = ShapeMath.positionsOf(operandShape, 1);
    int[] kept = ShapeMath.deleteAt(broadcastDimensions, unitDims);
    int[] axes = ShapeMath.remaining(shape.length, kept);
    Tangent summed = axes.length == 0 ? ct : e.reduceSum(axes, shape, ct);
    if (unitDims.length == 0) {
      return summed;
    }
    return e.reshape(operandShape, ShapeMath.take(shape, kept), summed);
  }
}
