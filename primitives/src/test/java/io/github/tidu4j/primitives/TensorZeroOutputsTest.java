package io.github.tidu4j.primitives;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.AD;
import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Zero outputs of the transforms over the tensor set are zeros of the right shape and dtype,
 * evaluated by all three tiers ({@link TestEvaluators}), by the README idiom on every output.
 */
class TensorZeroOutputsTest {
  private static final ValueKey X = ValueKey.input(InputKey.user("x"));
  private static final ValueKey Y = ValueKey.input(InputKey.user("y"));
  private static final Tensor X_VALUE = Tensor.vector(1, -2, 0.5, 3);
  private static final Tensor Y_VALUE =
      Tensor.complex(new double[] {1, 2, -1, 0.5, 0, 1, 2, 2, -0.5, 0, 1, -1}, 2, 3);

  /** (exp y, Σ x·x) over x: f64[4] and y: c128[2, 3]. */
  private static Graph<TensorOp> f() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue x = b.input("x", DType.F64, 4);
    TensorValue y = b.input("y", DType.C128, 2, 3);
    return b.build(y.exp(), x.mul(x).sum());
  }

  private static Map<Object, Tensor> point() {
    return new HashMap<>(Map.of(InputKey.user("x"), X_VALUE, InputKey.user("y"), Y_VALUE));
  }

  @Test
  void aZeroJvpOutputIsZerosOfThePrimalOutputsShapeAndDtype() {
    Graph<TensorOp> f = f();
    LinearizedGraph<TensorOp> jvp = AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(X));
    assertTrue(jvp.isZero(0), "exp y does not depend on x");
    Map<Object, Tensor> in = point();
    in.put(jvp.linearInput(0), Tensor.vector(1, 1, 1, 1));
    List<Tensor> values = TestEvaluators.eval(List.of(jvp.graph()), jvp.linearOutputs(), in);
    assertEquals(Tensor.zeros(DType.C128, 2, 3), values.get(0));
    assertEquals(Tensor.scalar(2 * (1 - 2 + 0.5 + 3)), values.get(1));
  }

  @Test
  void aZeroVjpOutputIsZerosOfThePrimalInputsShapeAndDtype() {
    Graph<TensorOp> f = f();
    LinearizedGraph<TensorOp> jvp =
        AD.linearize(Graphs.resolve(f), List.of(f.outputKey(1)), List.of(X, Y));
    LinearizedGraph<TensorOp> vjp = AD.linearTranspose(jvp);
    assertFalse(vjp.isZero(0));
    assertTrue(vjp.isZero(1), "Σ x·x does not depend on y");
    Map<Object, Tensor> in = point();
    in.put(vjp.linearInput(0), Tensor.scalar(1));
    List<Tensor> values = TestEvaluators.eval(List.of(vjp.graph()), vjp.linearOutputs(), in);
    assertEquals(Tensor.vector(2, -4, 1, 6), values.get(0));
    assertEquals(Tensor.zeros(DType.C128, 2, 3), values.get(1));
  }
}
