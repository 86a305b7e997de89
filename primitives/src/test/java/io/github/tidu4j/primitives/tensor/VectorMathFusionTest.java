package io.github.tidu4j.primitives.tensor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.AD;
import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.fusion.SumOrder;
import io.github.tidu4j.primitives.testing.HighPrecision;
import io.github.tidu4j.primitives.TensorBuilder;
import io.github.tidu4j.primitives.TensorFusion;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.TensorValue;
import io.github.tidu4j.primitives.testing.VectorisedValues;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.DoubleFunction;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Fused loops calling {@link VectorMath} ({@link TensorFusion#fuse}) against their bounds, in
 * both of VectorMath's implementations: the build runs this class with and without the incubator
 * module, as it runs {@link VectorMathTest} (its name matches that execution's pattern).
 *
 * <ul>
 *   <li>Per operation: {@code y = f(x·a + b)} for each transcendental {@code f}; each fused element
 *       is within {@code f}'s ulp bound of the exact {@code f} of the operand (which the cheap
 *       ops before it compute exactly as the test does), and the fused sum of {@code y} is its
 *       live-out elements summed in index order.
 *   <li>Whole programs (sumExp and chain8, forward and gradient): within a relative or absolute
 *       tolerance of the unfused program, derived below from the per-operation bounds.
 *   <li>With VectorMath's {@link Math} loops, the fused values are the unfused ones bit for bit;
 *       {@link TensorFusion#fuseExact} gives them bit for bit always.
 * </ul>
 *
 * Programs have 5000 elements (per operation 2500): several blocks of the default 256 and a
 * partial one.
 */
class VectorMathFusionTest {

  private static final int N = 5000;

  /** Elements of the per-operation programs (checked against a 60-digit reference each). */
  private static final int N_OP = 2500;

  /** ε = 2^−52: ulp(v) ≤ ε·|v| for a normal v; the unit roundoff u is ε/2. */
  private static final double EPS = Math.ulp(1.0);

  /** Calls of a block kernel after which C2 has compiled it, as in {@link VectorMathTest}. */
  private static final int WARM_UP_CALLS = 40_000;

  private record Function(
      String name,
      UnaryOperator<TensorValue> op,
      Block block,
      DoubleFunction<BigDecimal> exact,
      double ulpBound) {}

  @FunctionalInterface
  private interface Block {
    void apply(double[] x, int xOff, double[] y, int yOff, int n);
  }

  private static final List<Function> FUNCTIONS =
      List.of(
          new Function("exp", TensorValue::exp, VectorMath::exp, HighPrecision::exp, 1.0),
          new Function("log", TensorValue::log, VectorMath::log, HighPrecision::log, 1.0),
          new Function("sin", TensorValue::sin, VectorMath::sin, HighPrecision::sin, 1.0),
          new Function("cos", TensorValue::cos, VectorMath::cos, HighPrecision::cos, 1.0),
          new Function("tanh", TensorValue::tanh, VectorMath::tanh, HighPrecision::tanh, 2.5));

  private static double[] uniform(SplittableRandom r, double lo, double hi) {
    return uniform(r, N, lo, hi);
  }

  private static double[] uniform(SplittableRandom r, int n, double lo, double hi) {
    double[] v = new double[n];
    for (int i = 0; i < n; i++) {
      v[i] = r.nextDouble(lo, hi);
    }
    return v;
  }

  /**
   * Calls {@code f}'s block kernel until C2 has compiled it, when vectorised: interpreted, a
   * lanewise operation runs Math lane by lane, and only C2 calls the vector math library.
   */
  private static void warmUp(Function f) {
    if (!VectorMath.isVectorised()) {
      return;
    }
    double[] x = new double[64];
    for (int i = 0; i < x.length; i++) {
      x[i] = 0.5 + i / 32.0;
    }
    double[] y = new double[x.length];
    for (int i = 0; i < WARM_UP_CALLS; i++) {
      f.block().apply(x, 0, y, 0, y.length);
    }
  }

  @Test
  void eachTranscendentalOperationIsWithinItsUlpBoundInAFusedLoop() {
    SplittableRandom r = new SplittableRandom(3);
    double[] x = uniform(r, N_OP, 0.1, 2);
    double[] a = uniform(r, N_OP, 0.5, 1.5);
    double[] b = uniform(r, N_OP, 0, 1);
    List<Tensor> inputs = List.of(Tensor.of(x, N_OP), Tensor.of(a, N_OP), Tensor.of(b, N_OP));
    boolean anyDiffersFromMath = false;
    for (Function f : FUNCTIONS) {
      warmUp(f);
      TensorBuilder tb = TensorBuilder.create();
      TensorValue xv = tb.input("x", DType.F64, N_OP);
      TensorValue av = tb.input("a", DType.F64, N_OP);
      TensorValue bv = tb.input("b", DType.F64, N_OP);
      TensorValue y = f.op().apply(xv.mul(av).add(bv));
      CompiledProgram<TensorOp> p = Graphs.compile(Graphs.materialize(tb.build(y, y.sum())));
      assertEquals(1, TensorFusion.fuse(p).regionCount());
      List<Tensor> fused = TensorFusion.fuse(p).evalPositional(inputs);
      List<Tensor> unfused = Interpreter.evalPositional(p, inputs);
      double[] fy = fused.get(0).toDoubleArray();
      double worst = 0;
      for (int i = 0; i < N_OP; i++) {
        double t = x[i] * a[i] + b[i];
        worst = Math.max(worst, HighPrecision.ulpError(fy[i], f.exact().apply(t)));
      }
      double sum = SumOrder.LANES.sum(fy, 0, N_OP); // the default set's order
      assertTrue(worst <= f.ulpBound(),
          f.name() + " (" + VectorMath.implementation() + ") fused: " + worst + " ulp");
      assertEquals(sum, fused.get(1).scalarValue(), f.name() + ": the sum of the live-out");
      anyDiffersFromMath |= !fused.get(0).equals(unfused.get(0));
      VectorisedValues.assertMathLoopsExact(p, inputs, unfused, fused, f.name());
      assertEquals(unfused, TensorFusion.fuseExact(p).evalPositional(inputs));
    }
    if (VectorMath.isVectorised()) {
      // Compiled, the vector math library differs from Math in the last bit for some arguments:
      // evidence that the fused loops call it.
      assertTrue(anyDiffersFromMath, "no fused result differs from Math's");
    }
  }

  /**
   * sumExp, forward: y = Σ e_i, e_i = exp(a_i·x_i) > 0. Fused and unfused e_i each lie within
   * 1 ulp of the exact value, so |e'_i − e_i| ≤ 2 ulp(e_i) ≤ 2ε·e_i. The unfused sum adds in
   * index order, the fused one in lanes (SumOrder.LANES, whose bound is no wider); each differs
   * from its exact sum by at most γ_{n−1}·Σ e ≈ (n − 1)·u·Σ e, so |y' − y| ≤
   * (2ε + 2(n − 1)u)·Σ e = (n + 1)·ε·y. Gradient: dx_i = a_i·e_i (one product, rounded in both):
   * |dx'_i − dx_i| ≤ (2ε + 2u)·|dx_i| = 3ε·|dx_i|.
   */
  @Test
  void sumExpForwardAndGradientAreWithinTheirDerivedTolerances() {
    SplittableRandom r = new SplittableRandom(5);
    double[] x = uniform(r, -1, 1);
    double[] a = uniform(r, 0.25, 1);
    double[] b = uniform(r, 0, 0.5);
    Programs p = programs("sumExp", x, a, b);
    double yTol = (N + 1) * EPS;
    assertClose(p, yTol, i -> 3 * EPS * Math.abs(p.unfusedGradient[i]));
  }

  /**
   * chain8, forward: y = Σ −a·tanh(cos(sin(exp(x·a + b)))), with x ∈ [−1, 1), a ∈ [1/4, 1), b ∈
   * [0, 1/2): t = x·a + b ∈ [−1, 1.5] (exact in both), t3 = exp(t) ∈ [0.37, 4.5], s = sin(t3) ∈
   * [−1, 1], c = cos(s) ∈ [0.54, 1], h = tanh(c) ∈ [0.49, 0.77]. Each transcendental result
   * differs between fused and unfused by at most what its operand's difference propagates (the
   * derivative is at most 1 in magnitude for sin and cos, 1 − h² ≤ 0.76 for tanh) plus both
   * implementations' error (2 ulp; 5 for tanh): |Δt3| ≤ 2ε·4.5 = 9ε, |Δs| ≤ 9ε + 2ε = 11ε, |Δc| ≤
   * 11ε + 2ε = 13ε, |Δh| ≤ 0.76·13ε + 5·0.77ε ≤ 14ε, so relatively (h ≥ 0.49) ≤ 29ε; the product
   * with a adds 2u = ε: each term within 30ε, all of one sign, so as for sumExp |y' − y| ≤ (30ε +
   * 2(n − 1)u)·|y| = (n + 29)·ε·|y|.
   *
   * <p>Gradient: dx = a·a·t3·(1 − h²)·sin(s)·cos(t3), up to signs and the order of the products.
   * Every factor but a·a·t3 is at most 1 in magnitude and each moves by at most: 1 − h² by 2·14ε
   * plus its rounding (ε), sin(s) by 11ε + 2ε, cos(t3) by 9ε + 2ε, t3 relatively by 2ε; the
   * products round each to within u of a value at most a²·t3: 6 of them, in both programs (6ε).
   * So |dx' − dx| ≤ (29 + 13 + 11 + 2 + 6)·ε·a²·t3 = 61ε·a²·t3.
   */
  @Test
  void chain8ForwardAndGradientAreWithinTheirDerivedTolerances() {
    SplittableRandom r = new SplittableRandom(8);
    double[] x = uniform(r, -1, 1);
    double[] a = uniform(r, 0.25, 1);
    double[] b = uniform(r, 0, 0.5);
    Programs p = programs("chain8", x, a, b);
    double yTol = (N + 29) * EPS;
    assertClose(p, yTol, i -> 61 * EPS * a[i] * a[i] * Math.exp(x[i] * a[i] + b[i]));
  }

  @FunctionalInterface
  private interface Tolerance {
    double at(int i);
  }

  /** A function's programs and their unfused values on one input. */
  private static final class Programs {
    CompiledProgram<TensorOp> forward;
    CompiledProgram<TensorOp> gradient;
    List<Tensor> forwardInputs;
    List<Tensor> gradientInputs;
    List<Tensor> unfusedForward;
    List<Tensor> unfusedGradients;
    double[] unfusedGradient;
  }

  private static Programs programs(String name, double[] x, double[] a, double[] b) {
    TensorBuilder tb = TensorBuilder.create();
    TensorValue xv = tb.input("x", DType.F64, N);
    TensorValue av = tb.input("a", DType.F64, N);
    TensorValue bv = tb.input("b", DType.F64, N);
    TensorValue y =
        name.equals("sumExp")
            ? av.mul(xv).exp().sum()
            : xv.mul(av).add(bv).exp().sin().cos().tanh().neg().mul(av).sum();
    Graph<TensorOp> f = tb.build(y);
    List<ValueKey.Input> keys =
        List.of(
            ValueKey.input(xv.inputKey()), ValueKey.input(av.inputKey()),
            ValueKey.input(bv.inputKey()));
    LinearizedGraph<TensorOp> lin =
        AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(keys.get(0)));
    LinearizedGraph<TensorOp> vjp = AD.linearTranspose(lin);
    List<ValueKey.Input> gradKeys = new ArrayList<>(keys);
    gradKeys.add(ValueKey.input(vjp.linearInput(0)));
    Programs p = new Programs();
    p.forward = Graphs.compile(Graphs.resolve(f), keys, f.outputKeys());
    p.gradient =
        Graphs.compile(
            Graphs.resolve(List.of(f, vjp.graph())),
            gradKeys,
            List.of(f.outputKey(0), vjp.linearOutput(0)));
    p.forwardInputs = List.of(Tensor.of(x, N), Tensor.of(a, N), Tensor.of(b, N));
    p.gradientInputs = new ArrayList<>(p.forwardInputs);
    p.gradientInputs.add(Tensor.scalar(1.0));
    p.unfusedForward = Interpreter.evalPositional(p.forward, p.forwardInputs);
    p.unfusedGradients = Interpreter.evalPositional(p.gradient, p.gradientInputs);
    p.unfusedGradient = p.unfusedGradients.get(1).toDoubleArray();
    for (Function fn : FUNCTIONS) {
      warmUp(fn);
    }
    return p;
  }

  private static void assertClose(Programs p, double yRelTol, Tolerance dxTol) {
    List<Tensor> forward = TensorFusion.fuse(p.forward).evalPositional(p.forwardInputs);
    List<Tensor> gradients = TensorFusion.fuse(p.gradient).evalPositional(p.gradientInputs);
    double y = p.unfusedForward.get(0).scalarValue();
    double yRel = Math.abs(forward.get(0).scalarValue() - y) / Math.abs(y);
    assertTrue(yRel <= yRelTol, "forward y: relative difference " + yRel + " > " + yRelTol);
    assertEquals(forward.get(0), gradients.get(0), "the gradient program's y is the forward's");
    double[] dx = gradients.get(1).toDoubleArray();
    for (int i = 0; i < N; i++) {
      double diff = Math.abs(dx[i] - p.unfusedGradient[i]);
      assertTrue(diff <= dxTol.at(i),
          "dx[" + i + "]: " + dx[i] + " vs unfused " + p.unfusedGradient[i] + ", difference "
              + diff + " > " + dxTol.at(i));
    }
    VectorisedValues.assertMathLoopsExact(
        p.forward, p.forwardInputs, p.unfusedForward, forward, "forward");
    VectorisedValues.assertMathLoopsExact(
        p.gradient, p.gradientInputs, p.unfusedGradients, gradients, "gradient");
    assertEquals(p.unfusedForward, TensorFusion.fuseExact(p.forward).evalPositional(p.forwardInputs));
    assertEquals(
        p.unfusedGradients, TensorFusion.fuseExact(p.gradient).evalPositional(p.gradientInputs));
  }
}
