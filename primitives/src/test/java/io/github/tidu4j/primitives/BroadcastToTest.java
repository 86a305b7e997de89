package io.github.tidu4j.primitives;

import static io.github.tidu4j.primitives.TestEvaluators.key;
import static io.github.tidu4j.primitives.TestEvaluators.outputOperation;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.tidu4j.ad.check.CheckedFunction;
import io.github.tidu4j.ad.check.GradientChecker;
import io.github.tidu4j.ad.check.Mode;
import io.github.tidu4j.ad.eager.EagerRuntime;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.primitives.func.TensorAutodiff;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code broadcastTo}, NumPy's {@code np.broadcast_to}: the operand's axes align with the target's
 * last, length-1 axes stretch; one {@code BroadcastInDim} node (none for the same shape), values
 * worked out by hand (exact), derivatives to second order, the eager path, and the shapes it
 * refuses.
 */
class BroadcastToTest {
  private final TensorBuilder b = TensorBuilder.create();

  /** {@code x.broadcastTo(shape)} for an input holding {@code xv}, evaluated by every tier. */
  private static Tensor broadcastTo(Tensor xv, int... shape) {
    TensorBuilder b = TensorBuilder.create();
    TensorValue x = b.input("x", xv.dtype(), xv.shape().dims());
    TensorValue y = x.broadcastTo(shape);
    Graph<TensorOp> g = b.build(y);
    assertEquals(1, g.nodeCount(), "one BroadcastInDim node: " + g);
    assertEquals(1, TestEvaluators.count(g, "BroadcastInDim"));
    Tensor value = TestEvaluators.eval1(g, g.outputKeys().get(0), Map.of(x.inputKey(), xv));
    assertEquals(y.type(), TensorType.of(value));
    return value;
  }

  private static void checkDerivatives(Graph<TensorOp> g, Map<Object, Tensor> point, long seed) {
    GradientChecker.<TensorOp, Void, Tensor>of(TensorDomain.INSTANCE)
        .withEvaluator(TestEvaluators.ALL_TIERS)
        .check(CheckedFunction.of(g), point, 2, Mode.BOTH, null, new Random(seed));
  }

  private static Tensor random(DType dtype, long seed, int... dims) {
    return Tensor.random(dtype, dims, new Random(seed));
  }

  private void assertRefused(String expected, TensorValue x, int... shape) {
    assertEquals(
        expected,
        assertThrows(IllegalArgumentException.class, () -> x.broadcastTo(shape)).getMessage());
  }

  @Test
  void rankZeroFillsTheTarget() {
    assertEquals(
        Tensor.matrix(new double[][] {{7, 7, 7}, {7, 7, 7}}), broadcastTo(Tensor.scalar(7), 2, 3));
    assertEquals(Tensor.vector(-1.5, -1.5), broadcastTo(Tensor.scalar(-1.5), 2));
  }

  @Test
  void aVectorBecomesEveryRow() {
    assertEquals(
        Tensor.matrix(new double[][] {{1, 2, 3, 4}, {1, 2, 3, 4}, {1, 2, 3, 4}}),
        broadcastTo(Tensor.vector(1, 2, 3, 4), 3, 4));
  }

  @Test
  void aLengthOneLeadingAxisStretches() {
    assertEquals(
        Tensor.matrix(new double[][] {{1, 2, 3, 4}, {1, 2, 3, 4}, {1, 2, 3, 4}}),
        broadcastTo(Tensor.of(new double[] {1, 2, 3, 4}, 1, 4), 3, 4));
  }

  @Test
  void aLengthOneTrailingAxisStretches() {
    assertEquals(
        Tensor.matrix(new double[][] {{1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}}),
        broadcastTo(Tensor.of(new double[] {1, 2, 3}, 3, 1), 3, 4));
  }

  @Test
  void newLeadingAxesAndAStretchedAxisTogether() {
    // [2, 1] to [2, 2, 3]: each of the two stacked matrices repeats x's column three times
    assertEquals(
        Tensor.of(new double[] {5, 5, 5, 6, 6, 6, 5, 5, 5, 6, 6, 6}, 2, 2, 3),
        broadcastTo(Tensor.of(new double[] {5, 6}, 2, 1), 2, 2, 3));
  }

  @Test
  void complexValuesAreRepeatedAsTheyAre() {
    assertEquals(
        Tensor.complex(new double[] {1, -2, 3, 4, 1, -2, 3, 4}, 2, 2),
        broadcastTo(Tensor.complex(new double[] {1, -2, 3, 4}, 2), 2, 2));
  }

  @Test
  void theBroadcastMapsTheOperandToTheLastAxes() {
    TensorValue x = b.input("x", DType.F64, 3, 1);
    TensorValue y = x.broadcastTo(2, 3, 4);
    assertEquals(TensorType.of(DType.F64, 2, 3, 4), y.type());
    assertEquals(key(x.broadcastInDim(new int[] {2, 3, 4}, 1, 2)), key(y));
    TensorPrimitives.BroadcastInDim op =
        (TensorPrimitives.BroadcastInDim) outputOperation(b.build(y), 0);
    assertArrayEquals(new int[] {1, 2}, op.broadcastDimensions());
    assertArrayEquals(new int[] {3, 1}, op.operandShape());
  }

  @Test
  void theSameShapeAddsNoNode() {
    TensorValue m = b.input("m", DType.F64, 3, 4);
    TensorValue unit = b.input("unit", DType.F64, 3, 1);
    TensorValue s = b.input("s", DType.F64);
    assertSame(m, m.broadcastTo(3, 4));
    assertSame(unit, unit.broadcastTo(3, 1));
    assertSame(s, s.broadcastTo());
    assertSame(m, m.broadcastLike(m));
    assertEquals(0, b.build(m.broadcastTo(3, 4), s.broadcastTo()).nodeCount(), "no node added");
  }

  @Test
  void broadcastLikeTakesTheOtherValuesShape() {
    TensorValue h = b.input("h", DType.F64, 3, 4);
    TensorValue bias = b.input("bias", DType.F64, 4);
    TensorValue z = b.input("z", DType.C128, 2, 3, 4);
    assertEquals(key(bias.broadcastTo(3, 4)), key(bias.broadcastLike(h)));
    // only the shape is read: an f64 value broadcast like a c128 one stays f64
    assertEquals(TensorType.of(DType.F64, 2, 3, 4), bias.broadcastLike(z).type());
  }

  @Test
  void aBiasPerRowAndAScale() {
    // the Javadoc's example, evaluated: h + bias in every row, h · s
    TensorValue h = b.input("h", DType.F64, 3, 4);
    TensorValue bias = b.input("bias", DType.F64, 4);
    TensorValue s = b.input("s", DType.F64);
    Graph<TensorOp> g =
        b.build(h.add(bias.broadcastTo(3, 4)), h.mul(s.broadcastTo(h.type().dims())));
    Tensor hv = Tensor.of(new double[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, 3, 4);
    Map<Object, Tensor> bindings =
        Map.of(
            h.inputKey(), hv,
            bias.inputKey(), Tensor.vector(100, 200, 300, 400),
            s.inputKey(), Tensor.scalar(2));
    List<Tensor> out = TestEvaluators.eval(List.of(g), g.outputKeys(), bindings);
    assertEquals(
        Tensor.of(
            new double[] {100, 201, 302, 403, 104, 205, 306, 407, 108, 209, 310, 411}, 3, 4),
        out.get(0));
    assertEquals(
        Tensor.of(new double[] {0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22}, 3, 4), out.get(1));
  }

  @Test
  void gradientsSumOverTheRepeatedElements() {
    // d Σ(w · broadcast(x)) / dx: w summed over the axes x is repeated along
    Tensor w = Tensor.of(new double[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, 3, 4);
    Tensor rows = TensorAutodiff.grad(x -> x.broadcastTo(3, 4).mul(w).sum())
        .apply(Tensor.vector(0, 0, 0, 0));
    assertEquals(Tensor.vector(15, 18, 21, 24), rows);
    Tensor column = TensorAutodiff.grad(x -> x.broadcastTo(3, 4).mul(w).sum())
        .apply(Tensor.of(new double[] {0, 0, 0}, 3, 1));
    assertEquals(Tensor.of(new double[] {10, 26, 42}, 3, 1), column);
    Tensor leading = TensorAutodiff.grad(x -> x.broadcastTo(3, 4).mul(w).sum())
        .apply(Tensor.of(new double[] {0, 0, 0, 0}, 1, 4));
    assertEquals(Tensor.of(new double[] {15, 18, 21, 24}, 1, 4), leading);
    Tensor scalar = TensorAutodiff.grad(x -> x.broadcastTo(3, 4).mul(w).sum())
        .apply(Tensor.scalar(0));
    assertEquals(Tensor.scalar(78), scalar);
  }

  @Test
  void derivativesToSecondOrder() {
    // sin(h · broadcast(x)) for every kind of broadcast, so that the second derivatives are not
    // zero and pass through the broadcast's transpose
    int[][] operands = {{}, {4}, {1, 4}, {3, 1}, {2, 1, 4}};
    int[][] targets = {{3, 4}, {3, 4}, {3, 4}, {3, 4}, {3, 2, 3, 4}};
    for (int c = 0; c < operands.length; c++) {
      TensorBuilder b = TensorBuilder.create();
      TensorValue x = b.input("x", DType.F64, operands[c]);
      TensorValue h = b.input("h", DType.F64, targets[c]);
      Graph<TensorOp> g = b.build(h.mul(x.broadcastTo(targets[c])).sin());
      checkDerivatives(
          g,
          Map.of(
              x.inputKey(), random(DType.F64, 30 + c, operands[c]),
              h.inputKey(), random(DType.F64, 40 + c, targets[c])),
          50 + c);
    }
    TensorBuilder b = TensorBuilder.create();
    TensorValue z = b.input("z", DType.C128, 2, 1);
    TensorValue w = b.input("w", DType.C128, 2, 2);
    checkDerivatives(
        b.build(w.mul(z.broadcastLike(w)).exp()),
        Map.of(
            z.inputKey(), random(DType.C128, 61, 2, 1),
            w.inputKey(), random(DType.C128, 62, 2, 2)),
        63);
  }

  @Test
  void aTargetOfLowerRankIsRefused() {
    assertRefused(
        "broadcastTo: f64[2, 3] cannot be broadcast to [3]: the target has rank 1, lower than the"
            + " operand's 2",
        b.input("m", DType.F64, 2, 3),
        3);
    assertRefused(
        "broadcastTo: f64[1] cannot be broadcast to []: the target has rank 0, lower than the"
            + " operand's 1",
        b.input("one", DType.F64, 1));
  }

  @Test
  void anAxisOfAnotherLengthIsRefused() {
    assertRefused(
        "broadcastTo: f64[3] cannot be broadcast to [2, 4]: axis 0 of length 3 aligns with axis 1"
            + " of length 4 (an axis broadcasts if its length is 1 or the target's)",
        b.input("v", DType.F64, 3),
        2, 4);
    assertRefused(
        "broadcastTo: c128[2, 1] cannot be broadcast to [5, 3, 7]: axis 0 of length 2 aligns with"
            + " axis 1 of length 3 (an axis broadcasts if its length is 1 or the target's)",
        b.input("z", DType.C128, 2, 1),
        5, 3, 7);
    // a length-1 target axis does not shrink a longer operand axis
    assertRefused(
        "broadcastTo: f64[4] cannot be broadcast to [3, 1]: axis 0 of length 4 aligns with axis 1"
            + " of length 1 (an axis broadcasts if its length is 1 or the target's)",
        b.input("w", DType.F64, 4),
        3, 1);
  }

  @Test
  void aNegativeDimensionIsRefused() {
    assertRefused(
        "broadcastTo: f64[3] cannot be broadcast to [-1, 3]: a dimension is negative",
        b.input("v", DType.F64, 3),
        -1, 3);
  }

  @Test
  void broadcastLikeIsRefusedNamingBothShapes() {
    TensorValue m = b.input("m", DType.F64, 2, 3);
    TensorValue v = b.input("v", DType.F64, 3);
    assertEquals(
        "broadcastTo: f64[2, 3] cannot be broadcast to [3]: the target has rank 1, lower than the"
            + " operand's 2",
        assertThrows(IllegalArgumentException.class, () -> m.broadcastLike(v)).getMessage());
  }

  @Test
  void theEagerPathGivesTheSameValuesAndGradients() {
    EagerRuntime<Tensor, EagerTensor> rt = EagerTensor.newRuntime();
    EagerTensor bias = rt.variable(Tensor.vector(1, 2, 3, 4));
    EagerTensor column = rt.variable(Tensor.of(new double[] {1, 2, 3}, 3, 1));
    EagerTensor s = rt.variable(Tensor.scalar(7));
    EagerTensor w =
        rt.constant(Tensor.of(new double[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, 3, 4));
    assertEquals(broadcastTo(Tensor.vector(1, 2, 3, 4), 3, 4), bias.broadcastTo(3, 4).value());
    assertEquals(
        Tensor.matrix(new double[][] {{1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}}),
        column.broadcastLike(w).value());
    assertEquals(Tensor.matrix(new double[][] {{7, 7}, {7, 7}}), s.broadcastTo(2, 2).value());
    assertSame(bias, bias.broadcastTo(4), "the same shape is the operand itself");
    bias.broadcastTo(3, 4).mul(w).sum()
        .add(column.broadcastLike(w).mul(w).sum())
        .add(s.broadcastTo(3, 4).mul(w).sum())
        .backward();
    assertEquals(Tensor.vector(15, 18, 21, 24), bias.grad());
    assertEquals(Tensor.of(new double[] {10, 26, 42}, 3, 1), column.grad());
    assertEquals(Tensor.scalar(78), s.grad());
    EagerTensor v = rt.variable(Tensor.vector(1, 2, 3));
    assertEquals(
        "broadcastTo: f64[3] cannot be broadcast to [2, 4]: axis 0 of length 3 aligns with axis 1"
            + " of length 4 (an axis broadcasts if its length is 1 or the target's)",
        assertThrows(IllegalArgumentException.class, () -> v.broadcastTo(2, 4)).getMessage());
  }
}
