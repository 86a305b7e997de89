package io.github.tidu4j.primitives.eager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.eager.EagerRuntime;
import io.github.tidu4j.primitives.EagerTensor;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.primitives.TensorBuilder;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.TensorType;
import io.github.tidu4j.primitives.TensorValue;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Elementwise;
import io.github.tidu4j.primitives.tensor.Tensor;
import org.junit.jupiter.api.Test;
import java.util.List;
import java.util.Map;

/**
 * The examples of this package's Javadoc, as written there (codegen-tests'
 * JavadocExamplesCompiledTest holds them to it), with the values their comments state.
 */
class JavadocExamplesTest {
  private final EagerRuntime<Tensor, EagerTensor> rt = EagerTensor.newRuntime();

  /** package-info. */
  @Test
  void packageExample() {
    EagerRuntime<Tensor, EagerTensor> rt = EagerTensor.newRuntime();
    EagerTensor x = rt.variable(Tensor.vector(1, 2, 3));
    EagerTensor loss = x.mul(x).sum();
    loss.backward();
    x.grad();                         // [2, 4, 6]
    x.mul(x).sum().backward();        // a new graph: gradients accumulate
    x.grad();                         // [4, 8, 12]
    x.clearGrad();                    // null again
    assertNull(x.grad());
    assertEquals(Tensor.scalar(14), loss.value());
  }

  /** The package example's accumulation, step by step. */
  @Test
  void gradientsAccumulateUntilCleared() {
    EagerTensor x = rt.variable(Tensor.vector(1, 2, 3));
    x.mul(x).sum().backward();
    assertEquals(Tensor.vector(2, 4, 6), x.grad());
    x.mul(x).sum().backward();
    assertEquals(Tensor.vector(4, 8, 12), x.grad());
    x.clearGrad();
    assertNull(x.grad());
  }

  /** {@link EagerTensor}. */
  @Test
  void tensorExample() {
    EagerRuntime<Tensor, EagerTensor> rt = EagerTensor.newRuntime();
    EagerTensor x = rt.variable(Tensor.vector(1, 2, 3));
    EagerTensor loss = x.mul(x).sum();   // 14
    loss.backward();
    x.grad();                            // [2, 4, 6]
    assertEquals(Tensor.scalar(14), loss.value());
    assertEquals(Tensor.vector(2, 4, 6), x.grad());
  }

  /** {@link EagerRuntime}'s first example. */
  @Test
  void runtimeExample() {
    EagerRuntime<Tensor, EagerTensor> rt = EagerTensor.newRuntime();
    EagerTensor x = rt.variable(Tensor.vector(1, 2, 3));
    EagerTensor c = rt.constant(Tensor.vector(1, 1, 1));
    EagerTensor loss = x.mul(x).add(c).sum();
    loss.backward();
    x.grad();   // [2, 4, 6]
    c.grad();   // null: constants require no grad
    assertEquals(Tensor.vector(2, 4, 6), x.grad());
    assertNull(c.grad());
  }

  /** {@link EagerRuntime}'s training loop: least squares for {@code xs·w = ys}, {@code w = [1, 2]}. */
  @Test
  void trainingLoopExample() {
    Tensor w = Tensor.vector(0, 0);
    EagerTensor xs = rt.constant(Tensor.matrix(new double[][] {{1, 2}, {3, 4}, {5, 6}}));
    EagerTensor ys = rt.constant(Tensor.vector(5, 11, 17));
    for (int step = 0; step < 100; step++) {
      EagerTensor wv = rt.variable(w);
      EagerTensor err = xs.dotGeneral(wv, new int[] {1}, new int[] {0}).sub(ys);
      err.mul(err).sum().backward();
      w = Elementwise.sub(w, Elementwise.scale(wv.grad(), 0.01));
    }
    EagerTensor err = xs.dotGeneral(rt.constant(w), new int[] {1}, new int[] {0}).sub(ys);
    double loss = err.mul(err).sum().value().scalarValue();
    assertTrue(loss < 0.01 * (5 * 5 + 11 * 11 + 17 * 17), "loss after 100 steps: " + loss);
  }

  /** {@link EagerRuntime#variable}, {@link EagerRuntime#constant}, {@link EagerRuntime#einsum}. */
  @Test
  void leavesAndEinsum() {
    EagerTensor w = rt.variable(Tensor.zeros(DType.F64, 3, 2));
    EagerTensor data = rt.constant(Tensor.vector(0.5, 1.5));
    assertTrue(w.requiresGrad() && !data.requiresGrad());

    EagerTensor a = rt.variable(Tensor.matrix(new double[][] {{1, 2}, {3, 4}}));
    EagerTensor b = rt.constant(Tensor.matrix(new double[][] {{0, 1}, {1, 0}}));
    EagerTensor c = EagerTensor.einsum("ij,jk->ik", a, b);
    assertEquals(Tensor.matrix(new double[][] {{2, 1}, {4, 3}}), c.value());
  }

  /** {@link EagerRuntime#call}. */
  @Test
  void call() {
    EagerTensor x = rt.variable(Tensor.vector(0, 1, 2));
    TensorBuilder b = TensorBuilder.create();
    TensorValue v = b.input("v", DType.F64, 3);
    Graph<TensorOp> f = b.build(v.sin(), v.exp().sum());
    List<EagerTensor> out = rt.call(f, List.of(x));   // sin x, Σ exp x
    assertEquals(Tensor.vector(Math.sin(0), Math.sin(1), Math.sin(2)), out.get(0).value());
    assertEquals(1 + Math.E + Math.exp(2), out.get(1).value().scalarValue(), 1e-14);
  }

  /** {@link EagerRuntime#backward(Map, boolean)}. */
  @Test
  void multiRootBackward() {
    EagerTensor x = rt.variable(Tensor.vector(0, 1, 2));
    TensorBuilder b = TensorBuilder.create();
    TensorValue v = b.input("v", DType.F64, 3);
    Graph<TensorOp> f = b.build(v.sin(), v.exp().sum());
    List<EagerTensor> out = rt.call(f, List.of(x));
    rt.backward(Map.of(out.get(0), Tensor.vector(1, 0, 0), out.get(1), Tensor.scalar(1)), false);
    Tensor expected = Tensor.vector(1 + 1, Math.exp(1), Math.exp(2));
    assertTrue(expected.allClose(x.grad(), 0, 1e-15), x.grad().toString());
  }

  /** {@link EagerTensor#backward(boolean)}. */
  @Test
  void retainGraph() {
    EagerTensor x = rt.variable(Tensor.vector(1, 2));
    EagerTensor loss = x.mul(x).sum();
    loss.backward(true);   // keeps the graph
    loss.backward();       // the last pass through it may release it
    assertEquals(Tensor.vector(4, 8), x.grad());
  }

  /** {@link EagerTensor#backward(Tensor)}. */
  @Test
  void seededBackward() {
    EagerTensor x = rt.variable(Tensor.vector(0.5, 1, 2));
    EagerTensor y = x.exp();                  // f64[3]
    y.backward(Tensor.vector(1, 0, 0));       // x.grad() = [e^x0, 0, 0]
    assertEquals(TensorType.of(DType.F64, 3), y.type());
    assertEquals(Tensor.vector(Math.exp(0.5), 0, 0), x.grad());
  }

  /** {@link EagerTensor#broadcastInDim} and {@link EagerTensor#dotGeneral}. */
  @Test
  void layoutExamples() {
    EagerTensor v = rt.variable(Tensor.vector(1, 2, 3));
    EagerTensor rows = v.broadcastInDim(new int[] {4, 3}, 1);   // f64[3] → f64[4, 3]
    assertEquals(TensorType.of(DType.F64, 4, 3), rows.type());

    EagerTensor a = rt.variable(Tensor.matrix(new double[][] {{1, 2}}));
    EagerTensor m = rt.variable(Tensor.matrix(new double[][] {{3}, {4}}));
    EagerTensor c = a.dotGeneral(m, new int[] {1}, new int[] {0});   // matrix product
    assertEquals(Tensor.matrix(new double[][] {{11}}), c.value());
  }
}
