package io.github.tidu4j.primitives.taylor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarBody;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.primitives.func.TensorAutodiff;
import io.github.tidu4j.primitives.func.TensorFunction;
import io.github.tidu4j.primitives.scalar.ScalarEvaluator;
import io.github.tidu4j.primitives.scalar.ScalarOp;
import io.github.tidu4j.primitives.scalar.ScalarValue;
import io.github.tidu4j.primitives.scalar.Trig;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** Taylor mode in the functional APIs: derivatives and Taylor coefficients in one program. */
class FunctionalTaylorTest {
  private final ScalarAutodiff<ScalarOp> ad =
      ScalarAutodiff.of(ScalarOp.class, ScalarEvaluator::new);

  @Test
  void derivativesOfExpAxToOrderEightAreAkTimesExpAx() {
    double a = 1.5;
    double x = 0.3;
    ScalarFunction<ScalarOp> f = ad.function(ScalarValue.unary(v -> v.scale(a).exp()));
    double[] d = ad.derivatives(f, 8).applyAll(x);
    double[] c = ad.taylor(f, 8).applyAll(x, 1.0);
    assertEquals(9, d.length);
    double factorial = 1;
    for (int k = 0; k <= 8; k++) {
      factorial *= Math.max(k, 1);
      double exact = Math.pow(a, k) * Math.exp(a * x);
      // each order adds a product and a scale (2 roundings), k! adds at most k more: 4e-15 relative
      assertEquals(exact, d[k], 4e-15 * exact, "derivative " + k);
      assertEquals(exact / factorial, c[k], 4e-15 * exact / factorial, "coefficient " + k);
    }
  }

  /**
   * {@code (exp(0.1·x))⁽ᵏ⁾ = 0.1ᵏ·exp(0.1·x)} is a normal double to order 170, but its Taylor
   * coefficient {@code 0.1ᵏ·exp(0.1·x)/k!} along the unit direction is not from k ≈ 118:
   * derivatives expand along a power of two instead, so every order comes out right.
   */
  @Test
  void highOrderDerivativesDoNotUnderflowInTheirTaylorCoefficients() {
    double x = 0.3;
    ScalarFunction<ScalarOp> f = ad.function(ScalarValue.unary(v -> v.scale(0.1).exp()));
    double[] d = ad.derivatives(f, 170).applyAll(x);
    List<Tensor> t =
        TensorAutodiff.derivatives(TensorAutodiff.function(v -> v.scale(0.1).exp()), 170)
            .applyAll(Tensor.vector(x, -x));
    for (int k = 0; k <= 170; k++) {
      // 0.1^k·e^{0.03}, within a few ulp
      double exact = Math.pow(0.1, k) * Math.exp(0.1 * x);
      // each order adds a product, a sum and a scale, and k! adds k roundings: 1e-13 relative
      assertEquals(exact, d[k], 1e-13 * exact, "derivative " + k);
      assertEquals(exact, t.get(k).get(0), 1e-13 * exact, "tensor derivative " + k);
      double other = Math.pow(0.1, k) * Math.exp(-0.1 * x);
      assertEquals(other, t.get(k).get(1), 1e-13 * other, "tensor derivative " + k);
    }
  }

  /**
   * The range README states: one power of two serves every order of a call, so at the highest
   * orders of a call of order 170 a coefficient is still about 10⁻⁵¹ times its derivative, and
   * {@code exp(0.01·x)}'s 145th derivative, 10⁻²⁹⁰, underflows there; a call of order 120 has each
   * of its derivatives right.
   */
  @Test
  void smallDerivativesAtTheHighestOrdersOfACallAreRightToTheStatedFloor() {
    ScalarFunction<ScalarOp> f = ad.function(ScalarValue.unary(v -> v.scale(0.01).exp()));
    double[] d = ad.derivatives(f, 120).applyAll(0.0);
    for (int k = 0; k <= 120; k++) {
      double exact = Math.pow(0.01, k);
      assertEquals(exact, d[k], 1e-12 * exact, "derivative " + k);
    }
    assertEquals(0.0, ad.derivatives(f, 170).applyAll(0.0)[145], "below the floor at order 170");
  }

  /**
   * Expanding along a power of two changes no bit where nothing underflows: each derivative is its
   * Taylor coefficient along the unit direction times {@code k!} (rounded as the scale primitive
   * rounds it), over every Taylor rule of the set.
   */
  @Test
  void derivativesAreTheTaylorCoefficientsTimesKFactorialBitForBit() {
    List<ScalarFunction<ScalarOp>> functions =
        List.of(
            ad.function(ScalarValue.unary(v -> v.exp().mul(v).sin().div(v.mul(v).add(v.cos())))),
            ad.function(ScalarValue.unary(v -> v.sqrt().log().tanh().mul(v.recip()))),
            ad.function(ScalarValue.unary(v -> v.sech().add(v.neg().exp()).cos().scale(3))));
    for (ScalarFunction<ScalarOp> f : functions) {
      for (int order : new int[] {3, 4, 9, 24, 60}) {
        for (double x : new double[] {0.3, 1.7}) {
          double[] d = ad.derivatives(f, order).applyAll(x);
          double[] c = ad.taylor(f, order).applyAll(x, 1.0);
          double factorial = 1;
          for (int k = 0; k <= order; k++) {
            factorial *= Math.max(k, 1);
            if (Math.abs(c[k]) >= Double.MIN_NORMAL) {
              assertEquals(factorial * c[k], d[k], 0.0, "order " + k + " of " + order + " at " + x);
            }
          }
        }
      }
    }
  }

  @Test
  void derivativesOfSinAndCosToOrderSixCycle() {
    ScalarFunction<ScalarOp> sin = ad.function(ScalarValue.unary(v -> v.sin()));
    ScalarFunction<ScalarOp> cos = ad.function(ScalarValue.unary(v -> v.cos()));
    for (double x : new double[] {-1.2, 0, 0.7, 2.5}) {
      double[] ds = ad.derivatives(sin, 6).applyAll(x);
      double[] dc = ad.derivatives(cos, 6).applyAll(x);
      double[] cycle = {Math.sin(x), Math.cos(x), -Math.sin(x), -Math.cos(x)};
      for (int k = 0; k <= 6; k++) {
        assertEquals(cycle[k % 4], ds[k], 1e-14, "sin^(" + k + ")(" + x + ")");
        assertEquals(cycle[(k + 1) % 4], dc[k], 1e-14, "cos^(" + k + ")(" + x + ")");
      }
    }
  }

  @Test
  void aPartialDerivativeHoldsTheOtherInputsFixed() {
    // f(x0, x1) = exp(x0·x1): ∂^k/∂x1^k = x0^k exp(x0·x1)
    ScalarFunction<ScalarOp> f = ad.function(2, (b, x) -> List.of(
        b.apply(ScalarOp.EXP, b.apply(ScalarOp.MUL, x.get(0), x.get(1)))));
    double[] d = ad.derivatives(f, 4, 1).applyAll(0.5, 0.8);
    for (int k = 0; k <= 4; k++) {
      assertEquals(Math.pow(0.5, k) * Math.exp(0.4), d[k], 1e-15, "order " + k);
    }
  }

  /** g(x0, x1) = sin(x0·x1)·exp(x0) + x1·x1·x1, a function of several inputs. */
  private ScalarFunction<ScalarOp> several() {
    ScalarBody<ScalarOp> body = (b, x) -> {
      var p = b.apply(ScalarOp.MUL, x.get(0), x.get(1));
      var s = b.apply(ScalarOp.MUL, b.apply(ScalarOp.SIN, p), b.apply(ScalarOp.EXP, x.get(0)));
      var cube = b.apply(ScalarOp.MUL, b.apply(ScalarOp.MUL, x.get(1), x.get(1)), x.get(1));
      return List.of(b.apply(ScalarOp.ADD, s, cube));
    };
    return ad.function(2, body);
  }

  @Test
  void directionalDerivativesOfSeveralInputsMatchNestedJvps() {
    ScalarFunction<ScalarOp> g = several();
    double[] x = {0.4, -0.9};
    double[] v = {0.6, 1.3};
    int order = 4;
    double[] taylor = ad.directionalDerivatives(g, order).applyAll(x[0], x[1], v[0], v[1]);
    double[] coefficients = ad.taylor(g, order).applyAll(x[0], x[1], v[0], v[1]);
    assertEquals(g.apply(x), taylor[0]);
    // D^k g(x)[v, …, v]: h_k(x, v_1, …, v_k) = D^k g(x)[v_1, …, v_k], h_{k+1} = jvp of h_k in x
    ScalarFunction<ScalarOp> h = g;
    List<Double> args = new ArrayList<>(List.of(x[0], x[1]));
    double factorial = 1;
    for (int k = 1; k <= order; k++) {
      h = ad.outputs(ad.jvp(h, 0, 1), 1);
      args.add(v[0]);
      args.add(v[1]);
      double nested = h.apply(args.stream().mapToDouble(Double::doubleValue).toArray());
      factorial *= k;
      assertEquals(nested, taylor[k], 1e-12 * Math.max(1, Math.abs(nested)), "order " + k);
      assertEquals(nested / factorial, coefficients[k], 1e-12 * Math.max(1, Math.abs(nested)),
          "coefficient " + k);
    }
    // and order 2 against reverse mode: vᵀ H v, with H from nested grad
    double hxx = ad.grad(ad.grad(g, 0), 0).apply(x);
    double hxy = ad.grad(ad.grad(g, 0), 1).apply(x);
    double hyy = ad.grad(ad.grad(g, 1), 1).apply(x);
    double vhv = v[0] * v[0] * hxx + 2 * v[0] * v[1] * hxy + v[1] * v[1] * hyy;
    assertEquals(vhv, taylor[2], 1e-13);
  }

  @Test
  void aDirectionOverSomeInputsOnlyMovesThose() {
    ScalarFunction<ScalarOp> g = several();
    double[] along1 = ad.taylor(g, 3, 1).applyAll(0.4, -0.9, 1.0);
    double[] both = ad.taylor(g, 3).applyAll(0.4, -0.9, 0.0, 1.0);
    assertArrayEquals(both, along1, 0);
  }

  @Test
  void orderZeroIsTheValueAndAnOutputNotDependingOnTheInputHasZeroCoefficients() {
    ScalarFunction<ScalarOp> f = ad.function(ScalarValue.unary(v -> v.sin()));
    assertArrayEquals(new double[] {Trig.sin(0.5)}, ad.derivatives(f, 0).applyAll(0.5));
    assertArrayEquals(new double[] {Trig.sin(0.5)}, ad.taylor(f, 0).applyAll(0.5, 3.0));
    ScalarFunction<ScalarOp> two = ad.function(2, (b, x) -> List.of(
        b.apply(ScalarOp.SIN, x.get(0)), b.apply(ScalarOp.EXP, x.get(1))));
    double[] d = ad.derivatives(two, 2, 1).applyAll(0.5, 1.0);
    assertArrayEquals(new double[] {Trig.sin(0.5), 0, 0, Math.E, Math.E, Math.E}, d, 1e-15);
  }

  @Test
  void symbolicZeroOutputsStayZeroAtEveryOrder() {
    // f(x0, x1) = sin(x1): its output does not move with x0, and its gradient in x0 is a symbolic
    // zero, whose Taylor expansion has no live output at all
    ScalarFunction<ScalarOp> f =
        ad.function(2, (b, x) -> List.of(b.apply(ScalarOp.SIN, x.get(1))));
    assertArrayEquals(new double[] {Trig.sin(0.3), 0, 0, 0},
        ad.derivatives(f, 3, 0).applyAll(0.5, 0.3));
    assertArrayEquals(new double[] {0, 0, 0},
        ad.derivatives(ad.grad(f, 0), 2).applyAll(0.5, 0.3));
  }

  @Test
  void taylorComposesWithGrad() {
    // the gradient of the second derivative: (x sin x)''' = −3 sin x − x cos x
    ScalarFunction<ScalarOp> f = ad.function(ScalarValue.unary(v -> v.sin().mul(v)));
    ScalarFunction<ScalarOp> second = ad.outputs(ad.derivatives(f, 2), 2);
    double x = 0.7;
    assertEquals(2 * Math.cos(x) - x * Math.sin(x), second.apply(x), 1e-15);
    assertEquals(-3 * Math.sin(x) - x * Math.cos(x), ad.grad(second).apply(x), 1e-14);
  }

  @Test
  void oneCompilationPerFunctionAndOrderReusedOnEveryCall() {
    ScalarAutodiff<ScalarOp> fresh = ScalarAutodiff.of(ScalarOp.class, ScalarEvaluator::new);
    ScalarFunction<ScalarOp> f = fresh.function(ScalarValue.unary(v -> v.exp()));
    for (int i = 0; i < 5; i++) {
      fresh.derivatives(f, 3).applyAll(0.1 * i);   // a new but equal transform each time
    }
    assertEquals(1, fresh.cacheStats().compilations());
    assertEquals(fresh.derivatives(f, 3), fresh.derivatives(f, 3));
    fresh.derivatives(f, 4).applyAll(0.0);
    fresh.taylor(f, 3).applyAll(0.0, 1.0);
    assertEquals(3, fresh.cacheStats().compilations());
  }

  @Test
  void concurrentCallersShareOneCompilation() throws Exception {
    ScalarAutodiff<ScalarOp> fresh = ScalarAutodiff.of(ScalarOp.class, ScalarEvaluator::new);
    ScalarFunction<ScalarOp> f = fresh.function(ScalarValue.unary(v -> v.scale(2).exp()));
    int threads = 8;
    CyclicBarrier start = new CyclicBarrier(threads);
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<double[]>> results = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        double x = 0.1 * t;
        results.add(pool.submit(() -> {
          start.await();
          return fresh.derivatives(f, 6).applyAll(x);
        }));
      }
      for (int t = 0; t < threads; t++) {
        double[] d = results.get(t).get();
        for (int k = 0; k <= 6; k++) {
          double exact = Math.pow(2, k) * Math.exp(0.2 * t);
          assertEquals(exact, d[k], 4e-15 * exact);
        }
      }
    } finally {
      pool.shutdown();
    }
    assertEquals(1, fresh.cacheStats().compilations());
  }

  @Test
  void errorsNameWhatIsWrong() {
    ScalarFunction<ScalarOp> f = ad.function(ScalarValue.unary(v -> v.sin()));
    IllegalArgumentException negative =
        assertThrows(IllegalArgumentException.class, () -> ad.derivatives(f, -1));
    assertTrue(negative.getMessage().contains("the order is -1"), negative.getMessage());
    IllegalArgumentException argnum =
        assertThrows(IllegalArgumentException.class, () -> ad.derivatives(f, 2, 1));
    assertTrue(argnum.getMessage().contains("argnum 1 is out of range for a function of 1 input"),
        argnum.getMessage());
    IllegalArgumentException two =
        assertThrows(IllegalArgumentException.class, () -> ad.derivatives(f, 2, 0, 0));
    assertTrue(two.getMessage().contains("with respect to one input"), two.getMessage());
    IllegalArgumentException arity =
        assertThrows(IllegalArgumentException.class, () -> ad.taylor(f, 2).applyAll(0.5));
    assertTrue(arity.getMessage().contains("taylor(f, order=2) takes 2 arguments, got 1"),
        arity.getMessage());
  }

  @Test
  void tensorDerivativesAreElementwise() {
    Tensor x = Tensor.vector(-0.5, 0.0, 1.0);
    List<Tensor> d = TensorAutodiff.derivatives(TensorAutodiff.function(v -> v.sin()), 5)
        .applyAll(x);
    assertEquals(6, d.size());
    for (int i = 0; i < 3; i++) {
      double xi = x.get(i);
      double[] cycle = {Math.sin(xi), Math.cos(xi), -Math.sin(xi), -Math.cos(xi)};
      for (int k = 0; k <= 5; k++) {
        assertEquals(cycle[k % 4], d.get(k).get(i), 1e-15, "order " + k + " element " + i);
      }
    }
  }

  @Test
  void tensorDerivativesCompileOncePerShape() {
    TensorFunction d = TensorAutodiff.derivatives(TensorAutodiff.function(v -> v.tanh()), 3);
    long before = TensorAutodiff.cacheStats().compilations();
    d.applyAll(Tensor.vector(0.1, 0.2, 0.3));
    d.applyAll(Tensor.vector(-1, 0, 1));
    d.applyAll(Tensor.vector(0.5, 0.5));
    assertEquals(2, TensorAutodiff.cacheStats().compilations() - before);
  }

  @Test
  void tensorTaylorCoefficientsAlongADirection() {
    // Σ exp(x_i) along x + t·v at x = 0, v = (1, 2): e^t + e^{2t} = 2 + 3t + 2.5t² + (3/2)t³
    TensorFunction t = TensorAutodiff.taylor(TensorAutodiff.function(v -> v.exp().sum()), 3);
    List<Tensor> c = t.applyAll(Tensor.vector(0, 0), Tensor.vector(1, 2));
    double[] expected = {2, 3, 2.5, 1.5};
    for (int k = 0; k <= 3; k++) {
      assertEquals(expected[k], c.get(k).get(), 1e-15, "coefficient " + k);
    }
  }
}
