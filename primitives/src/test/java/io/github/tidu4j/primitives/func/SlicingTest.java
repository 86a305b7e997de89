package io.github.tidu4j.primitives.func;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.eager.EagerRuntime;
import io.github.tidu4j.ad.func.FunctionCache;
import io.github.tidu4j.primitives.EagerTensor;
import io.github.tidu4j.primitives.TensorBuilder;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.TensorType;
import io.github.tidu4j.primitives.TensorValue;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Slicing, padding and concatenation in functions a user writes: the n-dimensional Rosenbrock
 * function through shifted slices (what an optimizer otherwise builds from shift matrices), its
 * gradient and Hessian-vector product exact against the closed forms at dyadic points, on every
 * fusion setting and eagerly; concatenation keeps each element's bits (−0.0 included); and bad
 * bounds are named at the builder.
 */
class SlicingTest {
  private static final int N = 9;

  /** Σ 100·(x[i+1] − x[i]²)² + (1 − x[i])², i = 0 … n − 2, written with slices. */
  private static TensorValue rosenbrock(TensorValue x) {
    int n = x.type().dims()[0];
    TensorValue head = x.slice(new int[] {0}, new int[] {n - 1}, 1);
    TensorValue tail = x.slice(new int[] {1}, new int[] {n}, 1);
    TensorValue d = tail.sub(head.mul(head));
    TensorValue e = head.neg().add(1.0);
    return d.mul(d).mul(100.0).add(e.mul(e)).sum();
  }

  private static double[] point() {
    double[] x = new double[N];
    for (int i = 0; i < N; i++) {
      x[i] = (i % 4) * 0.25 - 0.5; // dyadic: every product below is exact
    }
    return x;
  }

  private static double[] gradient(double[] x) {
    double[] g = new double[x.length];
    for (int i = 0; i + 1 < x.length; i++) {
      double d = x[i + 1] - x[i] * x[i];
      g[i] += -400 * x[i] * d - 2 * (1 - x[i]);
      g[i + 1] += 200 * d;
    }
    return g;
  }

  @Test
  void rosenbrockThroughSlicesHasTheClosedFormGradientOnEveryTier() {
    Tensor x = Tensor.vector(point());
    double[] expected = gradient(point());
    TensorFunction grad = TensorAutodiff.grad(SlicingTest::rosenbrock);
    for (FunctionCache<TensorOp, TensorType, Tensor> tier : EveryTier.caches()) {
      for (int call = 0; call < 2; call++) { // the second call runs on the generated tier
        double[] g = tier.call(grad.traceable(), List.of(x)).get(0).toDoubleArray();
        for (int i = 0; i < N; i++) {
          assertEquals(expected[i], g[i], 1e-12, "call " + call + ", element " + i);
        }
      }
    }
    double[] g = TensorAutodiff.grad(SlicingTest::rosenbrock).apply(x).toDoubleArray();
    for (int i = 0; i < N; i++) {
      assertEquals(expected[i], g[i], 0.0, "element " + i); // dyadic: exact
    }
  }

  @Test
  void rosenbrocksHessianVectorProductsAreTheClosedFormsRows() {
    double[] x = point();
    Tensor h = TensorAutodiff.hessian(SlicingTest::rosenbrock, Tensor.vector(x));
    for (int i = 0; i < N; i++) {
      for (int j = 0; j < N; j++) {
        double expected = 0;
        if (i == j) {
          expected += i + 1 < N ? 1200 * x[i] * x[i] - 400 * x[i + 1] + 2 : 0;
          expected += i > 0 ? 200 : 0;
        } else if (j == i + 1) {
          expected = -400 * x[i];
        } else if (i == j + 1) {
          expected = -400 * x[j];
        }
        assertEquals(expected, h.get(i, j), 0.0, "H[" + i + ", " + j + "]");
      }
    }
  }

  @Test
  void theEagerTapeSlicesAndDifferentiatesAlike() {
    EagerRuntime<Tensor, EagerTensor> rt = EagerTensor.newRuntime();
    EagerTensor x = rt.variable(Tensor.vector(point()));
    EagerTensor head = x.slice(new int[] {0}, new int[] {N - 1}, 1);
    EagerTensor tail = x.slice(new int[] {1}, new int[] {N}, 1);
    EagerTensor d = tail.sub(head.mul(head));
    EagerTensor e = head.neg().add(1.0);
    d.mul(d).mul(100.0).add(e.mul(e)).sum().backward();
    double[] expected = gradient(point());
    double[] g = x.grad().toDoubleArray();
    for (int i = 0; i < N; i++) {
      assertEquals(expected[i], g[i], 0.0, "element " + i);
    }
  }

  @Test
  void concatenationKeepsEveryElementsBitsAndItsGradientSplitsBack() {
    Tensor a = Tensor.vector(-0.0, 1.5);
    Tensor b = Tensor.vector(Double.NaN, -2);
    Tensor joined =
        TensorAutodiff.function((Fn2) (u, v) -> u.concatenate(v, 0)).applyAll(a, b).get(0);
    double[] bits = joined.toDoubleArray();
    assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(bits[0]));
    assertEquals(1.5, bits[1]);
    assertTrue(Double.isNaN(bits[2]));
    assertEquals(-2.0, bits[3]);
    // Σ w·concat(u, v) with w = [1, 2, 3, 4]: ∂/∂u = [1, 2], ∂/∂v = [3, 4]
    Tensor w = Tensor.vector(1, 2, 3, 4);
    List<Tensor> g =
        TensorAutodiff.grad(
                TensorAutodiff.function(
                    (Fn2) (u, v) -> u.concatenate(v, 0).mul(u.builder().constant(w)).sum()),
                0,
                1)
            .applyAll(Tensor.vector(5, 6), Tensor.vector(7, 8));
    assertEquals(Tensor.vector(1, 2), g.get(0));
    assertEquals(Tensor.vector(3, 4), g.get(1));
  }

  @Test
  void complexTensorsSliceAndPadAlike() {
    Tensor z = Tensor.complex(new double[] {1, -1, 2, -2, 3, -3}, 3);
    Tensor padded =
        TensorAutodiff.function(
                v -> v.slice(new int[] {1}, new int[] {3}, 1).pad(new int[] {1}, new int[] {0}, 1))
            .apply(z);
    assertEquals(Tensor.complex(new double[] {0, 0, 2, -2, 0, 0, 3, -3}, 4), padded);
  }

  @Test
  void badBoundsAreNamedWhenTheGraphIsBuilt() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue x = b.input("x", DType.F64, 4, 3);
    IllegalArgumentException past =
        assertThrows(
            IllegalArgumentException.class,
            () -> x.slice(new int[] {0, 1}, new int[] {5, 3}, 1, 1));
    assertTrue(
        past.getMessage().startsWith("Slice: axis 0 of length 4 is sliced from 0 to 5; a slice"
            + " needs 0 ≤ start ≤ limit ≤ length"),
        past.getMessage());
    IllegalArgumentException stride =
        assertThrows(
            IllegalArgumentException.class,
            () -> x.slice(new int[] {0, 0}, new int[] {4, 3}, 1, 0));
    assertTrue(stride.getMessage().contains("the stride of axis 1 is 0"), stride.getMessage());
    // strides default to 1, as JAX's lax.slice: leaving them out still names a bound past the end
    IllegalArgumentException noStrides =
        assertThrows(
            IllegalArgumentException.class, () -> x.slice(new int[] {0, 0}, new int[] {5, 3}));
    assertTrue(
        noStrides.getMessage().startsWith("Slice: axis 0 of length 4 is sliced from 0 to 5"),
        noStrides.getMessage());
    IllegalArgumentException negative =
        assertThrows(
            IllegalArgumentException.class, () -> x.pad(new int[] {-3, 0}, new int[] {-2, 0}, 0, 0));
    assertTrue(
        negative.getMessage().contains("crop at most every element"), negative.getMessage());
    IllegalArgumentException other =
        assertThrows(
            IllegalArgumentException.class,
            () -> x.concatenate(b.input("y", DType.F64, 4, 2), 0));
    assertTrue(
        other.getMessage().contains("axis 1 has length 3 in [4, 3] but 2 in [4, 2]"),
        other.getMessage());
    // a null attribute is named with its primitive, not met inside a type rule
    assertEquals(
        "Slice: attribute start is null",
        assertThrows(
                NullPointerException.class, () -> x.slice(null, new int[] {4, 3}, 1, 1))
            .getMessage());
    assertEquals(
        "ReduceSum: attribute axes is null",
        assertThrows(NullPointerException.class, () -> x.reduceSum((int[]) null)).getMessage());
  }
}
