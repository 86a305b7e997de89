package io.github.tidu4j.primitives;

import static io.github.tidu4j.primitives.TestEvaluators.key;
import static io.github.tidu4j.primitives.TestEvaluators.outputOperation;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Negative axes, as NumPy's and JAX's: axis {@code a} with {@code -rank ≤ a < 0} is {@code a +
 * rank} for every axis a user passes, normalized before the operation exists, so the two spellings
 * make one node; an axis out of range is reported as written, with the valid range.
 */
class NegativeAxesTest {
  private final TensorBuilder b = TensorBuilder.create();
  private final TensorValue x = b.input("x", DType.F64, 2, 3);
  private final TensorValue y = b.input("y", DType.F64, 2, 3);
  private final TensorValue s = b.input("s", DType.F64);

  private static void assertMessage(String expected, Supplier<TensorValue> call) {
    assertEquals(
        expected, assertThrows(IllegalArgumentException.class, call::get).getMessage());
  }

  @Test
  void reduceSumOverTheLastAxisIsOneNodeWhicheverSpelling() {
    TensorValue negative = x.reduceSum(-1);
    TensorValue positive = x.reduceSum(1);
    assertEquals(key(positive), key(negative));
    assertEquals(TensorType.of(DType.F64, 2), negative.type());
    Graph<TensorOp> g = b.build(negative);
    assertArrayEquals(new int[] {1}, ((TensorPrimitives.ReduceSum) outputOperation(g, 0)).axes());
    Tensor xs = Tensor.of(new double[] {1, 2, 3, 4, 5, 6}, 2, 3);
    assertEquals(
        Tensor.vector(6, 15),
        TestEvaluators.eval1(g, g.outputKeys().get(0), Map.of(x.inputKey(), xs)));
  }

  @Test
  void reduceSumSortsNormalizedAxes() {
    TensorValue all = x.reduceSum(-1, -2);
    assertEquals(key(x.reduceSum(0, 1)), key(all));
    assertEquals(key(x.reduceSum(1, -2)), key(all));
    assertEquals(key(x.sum()), key(all));
    assertEquals(key(x.reduceSum(-2)), key(x.reduceSum(0)));
    Graph<TensorOp> g = b.build(all);
    assertArrayEquals(
        new int[] {0, 1}, ((TensorPrimitives.ReduceSum) outputOperation(g, 0)).axes());
  }

  @Test
  void transposeAxesWithNegativeAxesIsOneNodeWhicheverSpelling() {
    TensorValue swapped = x.transposeAxes(-1, 0);
    assertEquals(key(x.transposeAxes(1, 0)), key(swapped));
    assertEquals(key(x.transposeAxes(-1, -2)), key(swapped));
    assertEquals(key(x.transpose(1, -2)), key(swapped));
    assertEquals(TensorType.of(DType.F64, 3, 2), swapped.type());
    Graph<TensorOp> g = b.build(swapped);
    assertArrayEquals(
        new int[] {1, 0}, ((TensorPrimitives.Transpose) outputOperation(g, 0)).perm());
  }

  @Test
  void anIdentityPermutationSpelledNegativeAddsNoNode() {
    assertEquals(x.ref(), x.transposeAxes(-2, -1).ref());
    assertEquals(x.ref(), x.transpose(0, -1).ref());
  }

  @Test
  void concatenateAlongTheLastAxisIsOneNodeWhicheverSpelling() {
    TensorValue negative = x.concatenate(y, -1);
    assertEquals(key(x.concatenate(y, 1)), key(negative));
    assertEquals(key(x.concatenate(y, 0)), key(x.concatenate(y, -2)));
    assertEquals(TensorType.of(DType.F64, 2, 6), negative.type());
    Graph<TensorOp> g = b.build(negative);
    assertEquals(1, ((TensorPrimitives.Concatenate) outputOperation(g, 0)).axis());
    Tensor xs = Tensor.of(new double[] {1, 2, 3, 4, 5, 6}, 2, 3);
    Tensor ys = Tensor.of(new double[] {7, 8, 9, 10, 11, 12}, 2, 3);
    assertEquals(
        Tensor.of(new double[] {1, 2, 3, 7, 8, 9, 4, 5, 6, 10, 11, 12}, 2, 6),
        TestEvaluators.eval1(g, g.outputKeys().get(0), Map.of(x.inputKey(), xs, y.inputKey(), ys)));
  }

  @Test
  void dotGeneralContractingAxesMayBeNegative() {
    TensorValue m = b.input("m", DType.F64, 3, 4);
    TensorValue negative = x.dotGeneral(m, new int[] {-1}, new int[] {-2});
    assertEquals(key(x.dotGeneral(m, new int[] {1}, new int[] {0})), key(negative));
    assertEquals(TensorType.of(DType.F64, 2, 4), negative.type());
    Graph<TensorOp> g = b.build(negative);
    TensorPrimitives.DotGeneral op = (TensorPrimitives.DotGeneral) outputOperation(g, 0);
    assertArrayEquals(new int[] {1}, op.lhsContracting());
    assertArrayEquals(new int[] {0}, op.rhsContracting());
  }

  @Test
  void dotGeneralBatchAxesMayBeNegative() {
    TensorValue p = b.input("p", DType.F64, 5, 2, 3);
    TensorValue q = b.input("q", DType.F64, 5, 3, 4);
    TensorValue negative =
        p.dotGeneral(q, new int[] {-1}, new int[] {-2}, new int[] {-3}, new int[] {-3});
    TensorValue positive =
        p.dotGeneral(q, new int[] {2}, new int[] {1}, new int[] {0}, new int[] {0});
    assertEquals(key(positive), key(negative));
    assertEquals(TensorType.of(DType.F64, 5, 2, 4), negative.type());
    Graph<TensorOp> g = b.build(negative);
    TensorPrimitives.DotGeneral op = (TensorPrimitives.DotGeneral) outputOperation(g, 0);
    assertArrayEquals(new int[] {0}, op.lhsBatch());
    assertArrayEquals(new int[] {0}, op.rhsBatch());
    assertArrayEquals(new int[] {2}, op.lhsContracting());
    assertArrayEquals(new int[] {1}, op.rhsContracting());
  }

  @Test
  void anAxisOutOfRangeIsReportedAsWrittenWithTheValidRange() {
    assertMessage(
        "ReduceSum: axis -3 is out of range for rank 2 (axes are -2 … 1) (operand x: f64[2, 3])",
        () -> x.reduceSum(-3));
    assertMessage(
        "ReduceSum: axis 2 is out of range for rank 2 (axes are -2 … 1) (operand x: f64[2, 3])",
        () -> x.reduceSum(0, 2));
    assertMessage(
        "TransposeAxes: perm [0, -3] is not a permutation of the 2 axes: axis -3 is out of range"
            + " for rank 2 (axes are -2 … 1) (operand x: f64[2, 3])",
        () -> x.transposeAxes(0, -3));
    assertMessage(
        "TransposeAxes: perm [-1] is not a permutation of the 2 axes (operand x: f64[2, 3])",
        () -> x.transpose(-1));
    assertMessage(
        "Concatenate: axis -3 is out of range for rank 2 (axes are -2 … 1) (operands x: f64[2,"
            + " 3], y: f64[2, 3])",
        () -> x.concatenate(y, -3));
    assertMessage(
        "Concatenate: axis 2 is out of range for rank 2 (axes are -2 … 1) (operands x: f64[2,"
            + " 3], y: f64[2, 3])",
        () -> x.concatenate(y, 2));
    TensorValue m = b.input("m", DType.F64, 3, 4);
    assertMessage(
        "DotGeneral: lhs axis -3 is out of range for rank 2 (axes are -2 … 1) (contracting"
            + " [-3]/[0], batch []/[]) (operands x: f64[2, 3], m: f64[3, 4])",
        () -> x.dotGeneral(m, new int[] {-3}, new int[] {0}));
    assertMessage(
        "DotGeneral: rhs axis -5 is out of range for rank 2 (axes are -2 … 1) (contracting"
            + " [1]/[-5], batch []/[]) (operands x: f64[2, 3], m: f64[3, 4])",
        () -> x.dotGeneral(m, new int[] {-1}, new int[] {-5}));
  }

  @Test
  void broadcastInDimCountsANegativeDimensionFromTheEndOfTheResult() {
    TensorValue v = b.input("v", DType.F64, 3);
    TensorValue negative = v.broadcastInDim(new int[] {2, 3}, -1);
    assertEquals(key(v.broadcastInDim(new int[] {2, 3}, 1)), key(negative));
    assertEquals(TensorType.of(DType.F64, 2, 3), negative.type());
    TensorValue m = b.input("m", DType.F64, 2, 1);
    assertEquals(
        key(m.broadcastInDim(new int[] {2, 4, 5}, 0, 2)),
        key(m.broadcastInDim(new int[] {2, 4, 5}, -3, -1)));
    Graph<TensorOp> g = b.build(negative);
    assertArrayEquals(
        new int[] {1},
        ((TensorPrimitives.BroadcastInDim) outputOperation(g, 0)).broadcastDimensions());
    assertEquals(
        Tensor.of(new double[] {1, 2, 3, 1, 2, 3}, 2, 3),
        TestEvaluators.eval1(
            g, g.outputKeys().get(0), Map.of(v.inputKey(), Tensor.vector(1, 2, 3))));
  }

  @Test
  void broadcastInDimReportsADimensionOutOfRangeAsWritten() {
    TensorValue v = b.input("v", DType.F64, 3);
    assertMessage(
        "BroadcastInDim: broadcast dimension 2 is out of range for the result rank 2 (dimensions"
            + " are -2 … 1) (operand v: f64[3])",
        () -> v.broadcastInDim(new int[] {2, 3}, 2));
    assertMessage(
        "BroadcastInDim: broadcast dimension -3 is out of range for the result rank 2 (dimensions"
            + " are -2 … 1) (operand v: f64[3])",
        () -> v.broadcastInDim(new int[] {2, 3}, -3));
    TensorValue m = b.input("m", DType.F64, 2, 4);
    // one valid negative dimension beside one out of range: the one out of range is named
    assertMessage(
        "BroadcastInDim: broadcast dimension 5 is out of range for the result rank 3 (dimensions"
            + " are -3 … 2) (operand m: f64[2, 4])",
        () -> m.broadcastInDim(new int[] {2, 4, 5}, -3, 5));
    assertMessage(
        "BroadcastInDim: broadcastDimensions [-1, 0] must be strictly increasing (operand m:"
            + " f64[2, 4])",
        () -> m.broadcastInDim(new int[] {4, 2}, -1, 0));
  }

  @Test
  void aValuesShapeTakesANegativeAxisCountedFromTheEnd() {
    assertEquals(3, x.shape().dim(-1));
    assertEquals(2, x.shape().dim(-2));
    assertEquals(
        "Shape [2, 3]: axis 2 is out of range for rank 2 (axes are -2 … 1)",
        assertThrows(IllegalArgumentException.class, () -> x.shape().dim(2)).getMessage());
  }

  @Test
  void aRankZeroValueHasNoAxis() {
    assertMessage(
        "ReduceSum: axis 0 is out of range for rank 0 (a rank-0 value has no axes) (operand s:"
            + " f64[])",
        () -> s.reduceSum(0));
    assertMessage(
        "ReduceSum: axis -1 is out of range for rank 0 (a rank-0 value has no axes) (operand s:"
            + " f64[])",
        () -> s.reduceSum(-1));
    assertMessage(
        "Concatenate: axis -1 is out of range for rank 0 (a rank-0 value has no axes) (operands"
            + " s: f64[], s: f64[])",
        () -> s.concatenate(s, -1));
    assertMessage(
        "TransposeAxes: perm [-1] is not a permutation of the 0 axes (operand s: f64[])",
        () -> s.transposeAxes(-1));
  }

  @Test
  void anAxisListedTwiceIsFoundAfterNormalizingAndNamedInBothSpellings() {
    assertMessage(
        "ReduceSum: axis 1 is listed twice in [1, -1] (as 1 and -1) (operand x: f64[2, 3])",
        () -> x.reduceSum(1, -1));
    assertMessage(
        "ReduceSum: axis 0 is listed twice in [0, 0] (operand x: f64[2, 3])",
        () -> x.reduceSum(0, 0));
    assertMessage(
        "TransposeAxes: perm [0, -2] is not a permutation of the 2 axes: axis 0 is listed twice"
            + " in [0, -2] (as 0 and -2) (operand x: f64[2, 3])",
        () -> x.transposeAxes(0, -2));
    TensorValue p = b.input("p", DType.F64, 3, 3);
    assertMessage(
        "DotGeneral: lhs axis 1 is used twice (as -1 and 1) (contracting [-1, 1]/[0, 1], batch"
            + " []/[]) (operands p: f64[3, 3], p: f64[3, 3])",
        () -> p.dotGeneral(p, new int[] {-1, 1}, new int[] {0, 1}));
  }
}
