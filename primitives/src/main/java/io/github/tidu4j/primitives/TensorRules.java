package io.github.tidu4j.primitives;

import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Layout;
import java.util.Arrays;

/**
 * The longer rules of {@link TensorPrimitives}, kept out of the declaration so it reads as a table:
 * the conjugation of fixed factors in transposes, and the transposes of {@code DotGeneral}, {@code
 * BroadcastInDim}, {@code Slice} and {@code Pad}, written after JAX's {@code
 * _dot_general_transpose_lhs/rhs}, {@code _broadcast_in_dim_transpose_rule}, {@code
 * _slice_transpose_rule} and {@code _pad_transpose}.
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

  /**
   * The transpose of {@code Slice}: the cotangent padded with zeros back to {@code operandShape},
   * each element at the operand position it was sliced from: {@code start} zeros before, {@code
   * strides − 1} between, and what is left after (JAX's {@code _slice_transpose_rule}).
   */
  static Tangent sliceTranspose(
      TensorEmit e, int[] start, int[] limit, int[] strides, int[] operandShape, Tangent ct) {
    int[] sliced = Layout.sliceDims("", operandShape, start, limit, strides);
    int rank = operandShape.length;
    int[] high = new int[rank];
    int[] interior = new int[rank];
    for (int k = 0; k < rank; k++) {
      interior[k] = strides[k] - 1;
      high[k] = operandShape[k] - start[k] - ShapeMath.span(sliced[k], strides[k]);
    }
    return e.pad(start, high, interior, sliced, ct);
  }

  /**
   * The transpose of {@code Pad}: the cotangent sliced at the operand's positions, from {@code
   * low} in steps of {@code interior + 1}. Where a negative {@code low} or {@code high} cropped, the
   * cotangent is first padded by the negated counts, zeros at the cropped positions (whose
   * elements had no effect) and crops where the operation padded, leaving the positions of the
   * operand with its interior zeros, which a slice in steps of {@code interior + 1} then takes
   * (JAX's {@code _pad_transpose}).
   */
  static Tangent padTranspose(
      TensorEmit e, int[] low, int[] high, int[] interior, int[] operandShape, Tangent ct) {
    int[] padded = Layout.padDims("", operandShape, low, high, interior);
    int rank = operandShape.length;
    int[] strides = new int[rank];
    boolean crops = false;
    for (int k = 0; k < rank; k++) {
      strides[k] = interior[k] + 1;
      crops |= low[k] < 0 || high[k] < 0;
    }
    if (!crops) {
      int[] limit = new int[rank];
      for (int k = 0; k < rank; k++) {
        limit[k] = low[k] + ShapeMath.span(operandShape[k], strides[k]);
      }
      return e.slice(low, limit, strides, padded, ct);
    }
    int[] spread = new int[rank]; // the operand with its interior zeros
    int[] negatedLow = new int[rank];
    int[] negatedHigh = new int[rank];
    for (int k = 0; k < rank; k++) {
      spread[k] = ShapeMath.span(operandShape[k], strides[k]);
      negatedLow[k] = -low[k];
      negatedHigh[k] = -high[k];
    }
    Tangent unpadded = e.pad(negatedLow, negatedHigh, new int[rank], padded, ct);
    return Arrays.stream(interior).allMatch(count -> count == 0)
        ? unpadded
        : e.slice(new int[rank], spread, strides, spread, unpadded);
  }
}
