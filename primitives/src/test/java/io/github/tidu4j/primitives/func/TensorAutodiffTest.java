package io.github.tidu4j.primitives.func;

import static io.github.tidu4j.primitives.func.TensorAutodiff.checkGrads;
import static io.github.tidu4j.primitives.func.TensorAutodiff.function;
import static io.github.tidu4j.primitives.func.TensorAutodiff.grad;
import static io.github.tidu4j.primitives.func.TensorAutodiff.hessian;
import static io.github.tidu4j.primitives.func.TensorAutodiff.hessianVectorProduct;
import static io.github.tidu4j.primitives.func.TensorAutodiff.hvp;
import static io.github.tidu4j.primitives.func.TensorAutodiff.jacobian;
import static io.github.tidu4j.primitives.func.TensorAutodiff.jvp;
import static io.github.tidu4j.primitives.func.TensorAutodiff.valueAndGrad;
import static io.github.tidu4j.primitives.func.TensorAutodiff.vjp;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.check.GradientCheckFailure;
import io.github.tidu4j.ad.func.FunctionCache;
import io.github.tidu4j.primitives.TensorValue;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The functional API on the seed's golden examples and closed forms. */
class TensorAutodiffTest {
  private static final Tensor A = Tensor.vector(2, 3);
  private static final Fn SUM_EXP_AX = x -> x.mul(A).exp().sum();

  private static void assertTensor(Tensor expected, Tensor actual, double rtol) {
    assertEquals(expected.shape(), actual.shape(), "shape");
    assertEquals(expected.dtype(), actual.dtype(), "dtype");
    assertTrue(actual.allClose(expected, rtol, 0), () -> "expected " + expected + " but was " + actual);
  }

  private static double e(double p) {
    return Math.exp(p);
  }

  @Test
  void gradOfSumExpAxIsAExpAx() {
    Tensor g = grad(SUM_EXP_AX).apply(Tensor.vector(1, 2));
    assertTensor(Tensor.vector(2 * e(2), 3 * e(6)), g, 1e-15);
  }

  /** Seed golden test 6: Sum(exp(a·x)), x = [1,2], a = [2,3], ct = 2 → [4e², 6e⁶]. */
  @Test
  void vjpOfSumExpAxWithCotangentTwo() {
    Vjp v = vjp(SUM_EXP_AX, Tensor.vector(1, 2));
    assertTensor(Tensor.scalar(e(2) + e(6)), v.value(), 1e-15);
    assertTensor(Tensor.vector(4 * e(2), 6 * e(6)), v.pullback(Tensor.scalar(2)).get(0), 1e-15);
  }

  @Test
  void jvpOfSumExpAxIsTheDirectionalDerivative() {
    JvpResult r = jvp(SUM_EXP_AX, Tensor.vector(1, 2), Tensor.vector(0.5, -1));
    assertTensor(Tensor.scalar(e(2) + e(6)), r.value(), 1e-15);
    assertTensor(Tensor.scalar(0.5 * 2 * e(2) - 3 * e(6)), r.tangent(), 1e-15);
  }

  /** Seed golden test 7: exp(a·x) to third order, a = 2, x = 0.3: a³·exp(a·x). */
  @Test
  void thirdDerivativeOfExpAxInEveryComposition() {
    Fn f = x -> x.mul(2.0).exp();
    Tensor x = Tensor.scalar(0.3);
    Tensor one = Tensor.scalar(1);
    double expected = 8 * e(0.6);
    TensorFunction rrr = grad(grad(grad(function(f))));
    assertTensor(Tensor.scalar(expected), rrr.apply(x), 1e-14);
    // forward over reverse over reverse, and forward³
    TensorFunction frr = jvp(grad(grad(function(f))));
    assertTensor(Tensor.scalar(expected), frr.applyAll(x, one).get(1), 1e-14);
    TensorFunction fff = jvp(jvp(jvp(function(f), 0), 0), 0);
    List<Tensor> out = fff.applyAll(x, one, one, one);
    assertTensor(Tensor.scalar(expected), out.get(out.size() - 1), 1e-14);
    // reverse over forward: grad of the directional derivative
    TensorFunction rf = grad(TensorAutodiff.function(2, args -> List.of(
        jvpTangent(args.get(0), args.get(1)))), 0);
    assertTensor(Tensor.scalar(4 * e(0.6)), rf.apply(x, one), 1e-14);
  }

  /** x ↦ d/dx exp(2x) along t, written by hand so a traced function contains a derivative. */
  private static TensorValue jvpTangent(TensorValue x, TensorValue t) {
    return x.mul(2.0).exp().mul(t).mul(2.0);
  }

  @Test
  void powersHaveExactHigherDerivatives() {
    Fn cube = x -> x.mul(x).mul(x);
    Fn fourth = x -> x.mul(x).mul(x).mul(x);
    Tensor x = Tensor.scalar(1.7);
    assertTensor(Tensor.scalar(6), grad(grad(grad(function(cube)))).apply(x), 0);
    assertTensor(Tensor.scalar(24), grad(grad(grad(grad(function(fourth))))).apply(x), 0);
    assertTensor(Tensor.scalar(2), grad(grad(function(x1 -> x1.mul(x1)))).apply(x), 0);
  }

  @Test
  void hessianVectorProductOfSumExpAx() {
    Tensor x = Tensor.vector(1, 2);
    Tensor v = Tensor.vector(1, -2);
    // H = diag(a² exp(a·x))
    Tensor expected = Tensor.vector(4 * e(2), -2 * 9 * e(6));
    assertTensor(expected, hessianVectorProduct(SUM_EXP_AX, x, v), 1e-15);
    assertTensor(expected, hvp(function(SUM_EXP_AX)).apply(x, v), 1e-15);
  }

  @Test
  void argnumsSelectWhatIsDifferentiated() {
    TensorFunction f = function((Fn2) (x, y) -> x.mul(y).sin().sum());
    Tensor x = Tensor.vector(0.1, 0.2);
    Tensor y = Tensor.vector(3, 4);
    Tensor cos = Tensor.vector(Math.cos(0.3), Math.cos(0.8));
    Tensor dx = Tensor.vector(cos.get(0) * 3, cos.get(1) * 4);
    Tensor dy = Tensor.vector(cos.get(0) * 0.1, cos.get(1) * 0.2);
    assertTensor(dx, grad(f).apply(x, y), 1e-15);
    assertTensor(dy, grad(f, 1).apply(x, y), 1e-15);
    List<Tensor> both = grad(f, 1, 0).applyAll(x, y);
    assertTensor(dy, both.get(0), 1e-15);
    assertTensor(dx, both.get(1), 1e-15);
    List<Tensor> vg = valueAndGrad(f, 0).applyAll(x, y);
    assertTensor(Tensor.scalar(Math.sin(0.3) + Math.sin(0.8)), vg.get(0), 1e-15);
    assertTensor(dx, vg.get(1), 1e-15);
  }

  @Test
  void closedOverTensorsAreConstantsCapturedAtTrace() {
    Tensor[] scale = {Tensor.vector(1, 1)};
    Fn f = x -> x.mul(scale[0]).sum();
    TensorFunction g = grad(f);
    assertTensor(Tensor.vector(1, 1), g.apply(Tensor.vector(5, 6)), 0);
    // the constant is part of the compiled program: changing the array element does not retrace
    scale[0] = Tensor.vector(7, 7);
    assertTensor(Tensor.vector(1, 1), g.apply(Tensor.vector(5, 6)), 0);
    // a differently shaped call traces again and sees the new value
    assertThrows(IllegalArgumentException.class, () -> g.apply(Tensor.vector(5, 6, 7)));
    // a constant has no gradient entry: grad of a two-input function gives two, never three
    TensorFunction h = function((Fn2) (x, y) -> x.mul(A).mul(y).sum());
    assertEquals(2, grad(h, 0, 1).applyAll(Tensor.vector(1, 1), Tensor.vector(2, 2)).size());
  }

  @Test
  void calledAgainWithNewValuesReusesTheCompiledProgram() {
    Fn f = x -> x.sin().mul(x).sum();
    FunctionCache.Stats before = TensorAutodiff.cacheStats();
    TensorFunction g = grad(f);
    g.apply(Tensor.vector(1, 2, 3));
    g.apply(Tensor.vector(4, 5, 6));
    grad(f).apply(Tensor.vector(7, 8, 9)); // an equal function, built again
    FunctionCache.Stats after = TensorAutodiff.cacheStats();
    assertEquals(1, after.compilations() - before.compilations(), "compilations");
    assertEquals(2, after.hits() - before.hits(), "hits");
    grad(f).apply(Tensor.vector(1, 2)); // another shape: another program
    assertEquals(2, TensorAutodiff.cacheStats().compilations() - before.compilations());
    grad(grad(function(x -> x.sin()))); // building a transform compiles nothing
    assertEquals(2, TensorAutodiff.cacheStats().compilations() - before.compilations());
  }

  @Test
  void threadsShareOneCompiledFunction() throws Exception {
    Fn f = x -> x.cos().mul(x).sum();
    TensorFunction g = grad(f);
    long before = TensorAutodiff.cacheStats().compilations();
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<Boolean>> results = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        int thread = t;
        results.add(pool.submit(() -> {
          for (int i = 0; i < 200; i++) {
            double v = thread + i / 200.0;
            Tensor out = g.apply(Tensor.vector(v, -v));
            double expected = Math.cos(v) - v * Math.sin(v);
            if (Math.abs(out.get(0) - expected) > 1e-12 || Math.abs(out.get(1) - expected) > 1e-12) {
              return false;
            }
          }
          return true;
        }));
      }
      for (Future<Boolean> r : results) {
        assertTrue(r.get(1, TimeUnit.MINUTES));
      }
    } finally {
      pool.shutdownNow();
    }
    long compiled = TensorAutodiff.cacheStats().compilations() - before;
    assertTrue(compiled >= 1 && compiled <= 4, "compilations: " + compiled);
  }

  @Test
  void gradOfEqualFunctionsIsEqual() {
    Fn f = x -> x.exp().sum();
    assertEquals(grad(f), grad(f));
    assertEquals(grad(grad(function(f))), grad(grad(function(f))));
    assertNotEquals(grad(f), grad(x -> x.exp().sum()));
    assertEquals("grad(grad(f))", grad(grad(function(f))).describe());
  }

  @Test
  void jacobianInReverseAndForwardMode() {
    Tensor m = Tensor.of(new double[] {1, 2, 3, 4, 5, 6}, 2, 3);
    // R³ → R²: reverse mode (two rows)
    Tensor wide = jacobian(x -> x.builder().constant(m).dotGeneral(
        x, new int[] {1}, new int[] {0}), Tensor.vector(1, 1, 1));
    assertTensor(m, wide, 0);
    // R² → R³·2: forward mode (two columns); y = xᵀ broadcast over rows times 2
    Tensor tall = jacobian(
        x -> x.broadcastInDim(new int[] {3, 2}, 1).mul(2.0), Tensor.vector(5, 6));
    assertEquals(List.of(3, 2, 2), List.of(tall.shape().dim(0), tall.shape().dim(1), tall.shape().dim(2)));
    for (int i = 0; i < 3; i++) {
      for (int j = 0; j < 2; j++) {
        for (int k = 0; k < 2; k++) {
          assertEquals(j == k ? 2.0 : 0.0, tall.get(i, j, k));
        }
      }
    }
    Tensor x = Tensor.vector(0.5, 1, 2);
    Tensor diag = jacobian(v -> v.sin(), x);
    for (int i = 0; i < 3; i++) {
      for (int j = 0; j < 3; j++) {
        assertEquals(i == j ? Math.cos(x.get(i)) : 0.0, diag.get(i, j), 1e-16);
      }
    }
  }

  /**
   * {@code hessian} of f(x) = (Σ x²)·(Σ sin x), the javadoc's example: against the closed form
   * H = 2·diag(s) + 2x·cᵀ + 2c·xᵀ − q·diag(sin x), with s = Σ sin x, q = Σ x², c = cos x; symmetric;
   * each row its Hessian-vector product with a unit vector; and a non-scalar function refused.
   */
  @Test
  void hessianIsTheJacobianOfTheGradient() {
    Tensor h = hessian(x -> x.mul(x).sum().mul(x.sin().sum()), Tensor.vector(0.5, 1));
    double[] x = {0.5, 1};
    double s = Math.sin(0.5) + Math.sin(1);
    double q = 0.25 + 1;
    assertEquals(List.of(2, 2), List.of(h.shape().dim(0), h.shape().dim(1)));
    for (int i = 0; i < 2; i++) {
      for (int j = 0; j < 2; j++) {
        double expected =
            (i == j ? 2 * s - q * Math.sin(x[i]) : 0)
                + 2 * x[i] * Math.cos(x[j])
                + 2 * Math.cos(x[i]) * x[j];
        assertEquals(expected, h.get(i, j), 1e-14, "H[" + i + ", " + j + "]");
        assertEquals(h.get(i, j), h.get(j, i), 1e-15, "symmetric");
      }
      Tensor unit = Tensor.vector(i == 0 ? 1 : 0, i == 1 ? 1 : 0);
      Tensor hv =
          hessianVectorProduct(v -> v.mul(v).sum().mul(v.sin().sum()), Tensor.vector(0.5, 1), unit);
      assertEquals(h.get(0, i), hv.get(0), 1e-14);
      assertEquals(h.get(1, i), hv.get(1), 1e-14);
    }
    assertThrows(IllegalArgumentException.class, () -> hessian(v -> v.sin(), Tensor.vector(1, 2)));
    IllegalArgumentException complex =
        assertThrows(
            IllegalArgumentException.class,
            () -> hessian(v -> v.mul(v).sum().real(), Tensor.complex(new double[] {1, 2}, 1)));
    assertTrue(
        complex.getMessage().startsWith("hessian is defined here for f64 inputs, but f is given"
            + " c128[1]"),
        complex.getMessage());
  }

  @Test
  void aJacobianTooLargeForAnArrayIsRefusedNamingItsShapes() {
    // 46,341² entries pass Integer.MAX_VALUE
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> jacobian(v -> v.sin(), Tensor.zeros(DType.F64, 46_341)));
    assertTrue(
        e.getMessage().contains("maps f64[46341] to f64[46341], has 46341 × 46341 = 2147488281"),
        e.getMessage());
  }

  @Test
  void aTracedResultThatCannotExistIsRefusedWhenTraced() {
    // a c128 vector of 2^30 elements would take 2^31 doubles
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> grad(x -> x.toComplex().broadcastInDim(new int[] {1 << 30}).real().sum())
                .apply(Tensor.scalar(1)));
    assertTrue(
        e.getMessage().contains("a c128 tensor of shape [1073741824] does not fit in a Java array"),
        e.getMessage());
  }

  @Test
  void outputsThatDoNotDependOnTheInputHaveZeroDerivatives() {
    TensorFunction f = function(2, args -> List.of(args.get(0).exp(), args.get(1).sin()));
    Tensor x = Tensor.vector(1, 2);
    Tensor y = Tensor.vector(3);
    List<Tensor> out = jvp(f, 0).applyAll(x, y, Tensor.vector(1, 1));
    assertEquals(4, out.size());
    assertTensor(Tensor.vector(0), out.get(3), 0);
    Vjp v = vjp(f, x, y);
    List<Tensor> cts = v.pullback(Tensor.vector(1, 1), Tensor.vector(2));
    assertTensor(Tensor.vector(e(1), e(2)), cts.get(0), 1e-15);
    assertTensor(Tensor.vector(2 * Math.cos(3)), cts.get(1), 1e-15);
    TensorFunction constant = function(x1 -> x1.builder().constant(Tensor.scalar(4)));
    assertTensor(Tensor.scalar(0), grad(constant).apply(Tensor.scalar(1)), 0);
  }

  @Test
  void complexInputsWithARealOutput() {
    // f(z) = Re(c·z), c = 2 + i: the gradient (cotangent convention) is conj(c) = 2 − i
    Tensor c = Tensor.complexScalar(2, 1);
    Tensor g = grad(z -> z.mul(c).real()).apply(Tensor.complexScalar(0.3, -0.7));
    assertTensor(Tensor.complexScalar(2, -1), g, 0);
  }

  @Test
  void errorsNameWhatIsWrong() {
    Tensor x = Tensor.vector(1, 2);
    IllegalArgumentException nonScalar =
        assertThrows(IllegalArgumentException.class, () -> grad(v -> v.exp()).apply(x));
    assertEquals(
        "grad(f): grad seeds its output with 1, so a real scalar (f64[]) is needed, but the output"
            + " is f64[2]; reduce it (sum()), or use vjp with an explicit cotangent",
        nonScalar.getMessage());
    IllegalArgumentException complexScalar =
        assertThrows(
            IllegalArgumentException.class,
            () -> grad(z -> z.mul(z).sum()).apply(Tensor.complex(new double[] {1, 2, 3, 4}, 2)));
    assertTrue(
        complexScalar.getMessage().contains("the output is c128[]; take its real part (real()),"),
        complexScalar.getMessage());
    IllegalArgumentException arity =
        assertThrows(IllegalArgumentException.class, () -> grad(SUM_EXP_AX).apply(x, x));
    assertTrue(arity.getMessage().contains("takes 1 argument, got 2"), arity.getMessage());
    IllegalArgumentException argnum =
        assertThrows(IllegalArgumentException.class, () -> grad(function(SUM_EXP_AX), 1));
    assertTrue(argnum.getMessage().contains("argnum 1 is out of range"), argnum.getMessage());
    IllegalArgumentException shape =
        assertThrows(IllegalArgumentException.class, () -> grad(SUM_EXP_AX).apply(Tensor.vector(1)));
    assertTrue(shape.getMessage().contains("Mul: operand shapes differ"), shape.getMessage());
    IllegalArgumentException tangent = assertThrows(IllegalArgumentException.class,
        () -> jvp(function(SUM_EXP_AX)).applyAll(x, Tensor.vector(1, 2, 3)));
    assertTrue(tangent.getMessage().contains("tangent 0 has type f64[3] but its primal"),
        tangent.getMessage());
    IllegalStateException many = assertThrows(IllegalStateException.class,
        () -> function(1, a -> List.of(a.get(0), a.get(0))).apply(x));
    assertTrue(many.getMessage().contains("has 2 outputs; use applyAll"), many.getMessage());
    IllegalArgumentException complexJac = assertThrows(IllegalArgumentException.class,
        () -> jacobian(z -> z.exp(), Tensor.complexScalar(1, 1)));
    assertTrue(complexJac.getMessage().contains("f64 inputs and outputs"), complexJac.getMessage());
    assertThrows(IllegalArgumentException.class, () -> vjp(SUM_EXP_AX, x).pullback());
  }

  @Test
  void checkGradsPassesCorrectDerivativesAndCatchesADerivativeThatDiffersFromTheFunction() {
    checkGrads(function(x -> x.tanh().mul(x).sum()), 2, Tensor.vector(0.3, -1.2));
    // two inputs, a closed-over constant, a gradient's seed: all bound by checkGrads
    Tensor w = Tensor.of(new double[] {0.5, -1, 2, 0.25, 1.5, -0.75}, 2, 3);
    TensorFunction loss =
        function((Fn2) (x, b) -> x.matmul(w).add(b).tanh().mul(x.matmul(w)).sum());
    checkGrads(loss, 2, Tensor.vector(0.4, -0.6), Tensor.vector(0.1, 0.2, -0.3));
    checkGrads(grad(loss, 0), 1, Tensor.vector(0.4, -0.6), Tensor.vector(0.1, 0.2, -0.3));
    // stopGradient is differentiated as declared, x · x held, so the derivative is x, where the
    // finite differences of the function see 2x: the check must say so
    GradientCheckFailure failure =
        assertThrows(
            GradientCheckFailure.class,
            () -> checkGrads(x -> x.stopGradient().mul(x).sum(), 1, Tensor.vector(0.7, -0.2)));
    assertTrue(failure.getMessage().contains("order 1"), failure.getMessage());
    IllegalArgumentException arity =
        assertThrows(IllegalArgumentException.class, () -> checkGrads(loss, 1, Tensor.vector(1)));
    assertTrue(arity.getMessage().contains("takes 2 inputs, but 1 are given"), arity.getMessage());
  }

  @Test
  void dtypeIsPartOfTheCompiledSignature() {
    TensorFunction f = function(x -> x.exp().real().sum());
    Tensor complex = Tensor.complex(new double[] {0, 1, 1, 0}, 2);
    // exp(i) + exp(1): the real parts
    assertTensor(Tensor.scalar(Math.cos(1) + e(1)), f.apply(complex), 1e-15);
    // on f64 values the function is compiled apart, and real() of an f64 value is the value
    assertTensor(Tensor.scalar(e(1) + e(2)), f.apply(Tensor.vector(1, 2)), 1e-15);
    TensorFunction g = function(x -> x.toComplex().sum());
    IllegalArgumentException twice =
        assertThrows(IllegalArgumentException.class, () -> g.apply(complex));
    assertTrue(twice.getMessage().contains("ToComplex: takes an f64 operand"), twice.getMessage());
    assertEquals(DType.C128, complex.dtype());
  }

  @Test
  void aFunctionReturningItsInputTwiceHasTheSumOfTheSeedsAsItsCotangent() {
    // no operation in the graph: the transpose finds the set's add through the builder
    TensorFunction twice = function(1, xs -> List.of(xs.get(0), xs.get(0)));
    List<Tensor> out =
        vjp(twice, 2)
            .applyAll(Tensor.vector(1, 2), Tensor.vector(1, 1), Tensor.vector(10, 20));
    assertEquals(List.of(Tensor.vector(1, 2), Tensor.vector(1, 2), Tensor.vector(11, 21)), out);
    assertEquals(Tensor.vector(2, 2), grad(x -> x.sum().add(x.sum())).apply(Tensor.vector(1, 2)));
  }

  @Test
  void checkGradsAtATieSaysTheComparisonIsNotDifferentiableThereRatherThanWrong() {
    // max at a tie: its second derivative is Step's, 0 by rule, where Step jumps: the finite
    // differences cannot agree, and the follow-up says why rather than blaming Step's rule
    TensorFunction max = function((Fn2) (x, y) -> x.max(y).mul(x).sum());
    GradientCheckFailure failure =
        assertThrows(
            GradientCheckFailure.class,
            () -> checkGrads(max, 2, Tensor.vector(0.5, -1), Tensor.vector(0.5, 2)));
    assertTrue(
        failure.getMessage().contains("Step fails this check alone at its operands' values here but"
            + " passes at values near them: this is a point where it is not differentiable"),
        failure.getMessage());
    // away from the tie it passes
    checkGrads(max, 2, Tensor.vector(0.7, -1), Tensor.vector(0.5, 2));
    // at a tie of rank-0 operands too, the same in every run: the operands part when moved
    Map<TensorFunction, Tensor> kinks = new LinkedHashMap<>();
    kinks.put(function(x -> x.max(0.5).mul(x)), Tensor.scalar(0.5));
    kinks.put(function(x -> x.clamp(-1, 1).mul(x.exp())), Tensor.scalar(1));
    kinks.put(function(x -> x.relu().mul(x.exp())), Tensor.scalar(0));
    for (Map.Entry<TensorFunction, Tensor> kink : kinks.entrySet()) {
      GradientCheckFailure tie =
          assertThrows(
              GradientCheckFailure.class, () -> checkGrads(kink.getKey(), 2, kink.getValue()));
      assertTrue(tie.getMessage().contains("is not differentiable"), tie.getMessage());
    }
  }

  @Test
  void clearingTheCacheTracesAKeptFunctionAgain() {
    double[] k = {2.0};
    TensorFunction h = function(x -> x.mul(k[0]).sum());
    assertEquals(Tensor.scalar(12), h.apply(Tensor.vector(1, 2, 3)));
    k[0] = 3.0;
    assertEquals(Tensor.scalar(12), h.apply(Tensor.vector(1, 2, 3)), "fixed when traced");
    TensorAutodiff.clearCache();
    assertEquals(Tensor.scalar(18), h.apply(Tensor.vector(1, 2, 3)), "traced again");
  }
}
