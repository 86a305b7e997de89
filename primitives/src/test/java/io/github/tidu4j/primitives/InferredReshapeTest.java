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
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * A reshape's one {@code -1} length, inferred as NumPy's: made before the operation exists, so
 * {@code x.reshape(-1, 2)} is the node {@code x.reshape(6, 2)} makes; a shape that infers no
 * length is refused naming what was written.
 */
class InferredReshapeTest {
  private final TensorBuilder b = TensorBuilder.create();
  private final TensorValue x = b.input("x", DType.F64, 3, 4);

  private static void assertMessage(String expected, Supplier<TensorValue> call) {
    assertEquals(expected, assertThrows(IllegalArgumentException.class, call::get).getMessage());
  }

  @Test
  void minusOneFlattens() {
    TensorValue flat = x.reshape(-1);
    assertEquals(TensorType.of(DType.F64, 12), flat.type());
    assertEquals(key(x.reshape(12)), key(flat));
    Graph<TensorOp> g = b.build(flat);
    assertArrayEquals(new int[] {12}, ((TensorPrimitives.Reshape) outputOperation(g, 0)).shape());
    Tensor xs = Tensor.of(new double[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, 3, 4);
    assertEquals(
        Tensor.vector(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12),
        TestEvaluators.eval1(g, g.outputKeys().get(0), Map.of(x.inputKey(), xs)));
  }

  @Test
  void minusOneTakesTheLengthTheOthersLeave() {
    assertEquals(TensorType.of(DType.F64, 6, 2), x.reshape(-1, 2).type());
    assertEquals(key(x.reshape(6, 2)), key(x.reshape(-1, 2)));
    assertEquals(TensorType.of(DType.F64, 2, 2, 3), x.reshape(2, -1, 3).type());
    assertEquals(TensorType.of(DType.F64, 1, 12), x.reshape(1, -1).type());
  }

  @Test
  void inferringTheOperandsOwnShapeAddsNoNode() {
    assertSame(x.ref(), x.reshape(3, -1).ref());
    assertSame(x.ref(), x.reshape(-1, 4).ref());
  }

  @Test
  void aShapeThatInfersNoLengthIsRefusedAsWritten() {
    assertMessage(
        "Reshape: dimensions [-1, -1] infer more than one length: at most one may be -1 (operand"
            + " x: f64[3, 4])",
        () -> x.reshape(-1, -1));
    assertMessage(
        "Reshape: cannot reshape 12 elements to [5, -1]: 12 is not a multiple of 5, the other"
            + " lengths' product (operand x: f64[3, 4])",
        () -> x.reshape(5, -1));
    assertMessage(
        "Reshape: cannot reshape 12 elements to [0, -1]: the other lengths have no elements, so -1"
            + " stands for no length (operand x: f64[3, 4])",
        () -> x.reshape(0, -1));
    assertMessage(
        "Reshape: dimensions [-2, 6] must be non-negative (operand x: f64[3, 4])",
        () -> x.reshape(-2, 6));
  }

  @Test
  void derivativesThroughAnInferredReshape() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue in = b.input("x", DType.F64, 3, 4);
    Graph<TensorOp> g = b.build(in.sin().reshape(-1, 6).mul(in.reshape(2, -1)).sum());
    GradientChecker.<TensorOp, Void, Tensor>of(TensorDomain.INSTANCE)
        .withEvaluator(TestEvaluators.ALL_TIERS)
        .check(
            CheckedFunction.of(g),
            Map.of(in.inputKey(), Tensor.random(DType.F64, new int[] {3, 4}, new Random(7))),
            2,
            Mode.BOTH,
            null,
            new Random(11));
  }

  @Test
  void theEagerPathInfersTheSameLength() {
    EagerRuntime<Tensor, EagerTensor> rt = EagerTensor.newRuntime();
    EagerTensor m = rt.variable(Tensor.of(new double[] {1, 2, 3, 4, 5, 6}, 2, 3));
    EagerTensor flat = m.reshape(-1);
    assertEquals(Tensor.vector(1, 2, 3, 4, 5, 6), flat.value());
    flat.mul(flat).sum().backward();
    assertEquals(Tensor.of(new double[] {2, 4, 6, 8, 10, 12}, 2, 3), m.grad());
  }
}
