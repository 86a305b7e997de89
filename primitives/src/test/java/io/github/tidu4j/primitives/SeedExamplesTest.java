package io.github.tidu4j.primitives;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.AD;
import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.ad.check.CheckedFunction;
import io.github.tidu4j.ad.check.GradientChecker;
import io.github.tidu4j.ad.check.Mode;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphPrinter;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The seed's worked examples, exactly: {@code exp(a·x)} and {@code Σ exp(a·x)} over vectors, the
 * complex product {@code c·z}, and the gradient of {@code |z|²}.
 */
class SeedExamplesTest {
  private static final Tensor X = Tensor.vector(1, 2);
  private static final Tensor A = Tensor.vector(2, 3);
  private static final double E2 = Math.exp(2);
  private static final double E6 = Math.exp(6);

  /** {@code exp(a·x)} elementwise, or its sum. */
  private static Graph<TensorOp> expAx(boolean summed) {
    TensorBuilder b = TensorBuilder.create();
    TensorValue a = b.input("a", DType.F64, 2);
    TensorValue x = b.input("x", DType.F64, 2);
    TensorValue y = a.mul(x).exp();
    return b.build(summed ? y.reduceSum(0) : y);
  }

  private static final ValueKey WRT_X = ValueKey.input(InputKey.user("x"));

  private static Map<Object, Tensor> point() {
    return new HashMap<>(Map.of(InputKey.user("a"), A, InputKey.user("x"), X));
  }

  @Test
  void elementwiseExpAxJvp() {
    Graph<TensorOp> f = expAx(false);
    LinearizedGraph<TensorOp> jvp = AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(WRT_X));
    Map<Object, Tensor> in = point();
    in.put(jvp.linearInput(0), Tensor.vector(1, 0));
    assertEquals(Tensor.vector(2 * E2, 0), TestEvaluators.eval1(jvp.graph(), jvp.linearOutput(0), in));
    in.put(jvp.linearInput(0), Tensor.vector(1, 1));
    assertEquals(Tensor.vector(2 * E2, 3 * E6), TestEvaluators.eval1(jvp.graph(), jvp.linearOutput(0), in));
  }

  @ParameterizedTest(name = "summed = {0}")
  @ValueSource(booleans = {false, true})
  void expAxVjpIsAExpAxTimesTheCotangent(boolean summed) {
    Graph<TensorOp> f = expAx(summed);
    LinearizedGraph<TensorOp> jvp = AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(WRT_X));
    LinearizedGraph<TensorOp> vjp = AD.linearTranspose(jvp);
    Map<Object, Tensor> in = point();
    in.put(vjp.linearInput(0), summed ? Tensor.scalar(1) : Tensor.vector(1, 1));
    assertEquals(Tensor.vector(2 * E2, 3 * E6), TestEvaluators.eval1(vjp.graph(), vjp.linearOutput(0), in));
    in.put(vjp.linearInput(0), summed ? Tensor.scalar(2) : Tensor.vector(2, 2));
    assertEquals(Tensor.vector(4 * E2, 6 * E6), TestEvaluators.eval1(vjp.graph(), vjp.linearOutput(0), in));
    // the transpose of ReduceSum broadcasts the scalar cotangent back over the vector
    assertEquals(summed ? 1 : 0, TestEvaluators.count(vjp.graph(), "BroadcastInDim"));
    assertEquals(0, TestEvaluators.count(vjp.graph(), "Conj"), "no Conj in an f64 transpose");
  }

  @ParameterizedTest(name = "summed = {0}")
  @ValueSource(booleans = {false, true})
  void expAxAgreesWithFiniteDifferencesAndTheDotProductTest(boolean summed) {
    Graph<TensorOp> f = expAx(summed);
    LinearizedGraph<TensorOp> jvp = AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(WRT_X));
    LinearizedGraph<TensorOp> vjp = AD.linearTranspose(jvp);
    Tensor t = Tensor.vector(0.3, -0.7);
    Tensor ct = summed ? Tensor.scalar(1.5) : Tensor.vector(1.5, -0.25);
    // each program is bound the inputs and seeds of its own graphs: the JVP's view has no ct
    Map<Object, Tensor> in = point();
    in.put(jvp.linearInput(0), t);
    Tensor dy = TestEvaluators.eval1(jvp.graph(), jvp.linearOutput(0), in);
    in.put(vjp.linearInput(0), ct);
    Tensor ctX = TestEvaluators.eval1(vjp.graph(), vjp.linearOutput(0), in);

    // central differences along t
    double h = 1e-6;
    Map<Object, Tensor> plus = point();
    plus.put(InputKey.user("x"), TensorDomain.INSTANCE.add(X, TensorDomain.INSTANCE.scale(h, t)));
    Map<Object, Tensor> minus = point();
    minus.put(InputKey.user("x"), TensorDomain.INSTANCE.add(X, TensorDomain.INSTANCE.scale(-h, t)));
    Tensor fd =
        TensorDomain.INSTANCE.scale(
            0.5 / h,
            TensorDomain.INSTANCE.add(
                TestEvaluators.eval1(f, f.outputKey(0), plus),
                TensorDomain.INSTANCE.scale(-1, TestEvaluators.eval1(f, f.outputKey(0), minus))));
    assertTrue(dy.allClose(fd, 1e-7, 1e-7), dy + " vs " + fd);

    // <ct_y, dy> = <ct_x, t_x>
    double lhs = TensorDomain.INSTANCE.inner(ct, dy);
    double rhs = TensorDomain.INSTANCE.inner(ctX, t);
    assertEquals(lhs, rhs, 1e-12 * Math.abs(lhs));
  }

  @Test
  void expAxPassesTheGradientCheckToThirdOrder() {
    GradientChecker.<TensorOp, Void, Tensor>of(TensorDomain.INSTANCE)
        .withEvaluator(TestEvaluators.ALL_TIERS)
        .check(CheckedFunction.of(expAx(true)), point(), 3, Mode.BOTH, null, new Random(1));
  }

  // ---- complex: c·z ----

  @Test
  void complexProductTransposeConjugatesTheFixedFactor() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue c = b.input("c", DType.C128);
    TensorValue z = b.input("z", DType.C128);
    Graph<TensorOp> f = b.build(c.mul(z));
    LinearizedGraph<TensorOp> jvp =
        AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(ValueKey.input(z.inputKey())));
    LinearizedGraph<TensorOp> vjp = AD.linearTranspose(jvp);
    assertEquals(0, TestEvaluators.count(jvp.graph(), "Conj"), "the JVP never conjugates");
    assertEquals(1, TestEvaluators.count(vjp.graph(), "Conj"), "the transpose conjugates c once");

    Map<Object, Tensor> in = new HashMap<>();
    in.put(c.inputKey(), Tensor.complexScalar(2, 1));
    in.put(z.inputKey(), Tensor.complexScalar(0.5, -3));
    in.put(jvp.linearInput(0), Tensor.complexScalar(1, 0));
    assertEquals(Tensor.complexScalar(2, 1), TestEvaluators.eval1(jvp.graph(), jvp.linearOutput(0), in));
    in.put(vjp.linearInput(0), Tensor.complexScalar(1, 0)); // a seed of the transposed graph only
    assertEquals(Tensor.complexScalar(2, -1), TestEvaluators.eval1(vjp.graph(), vjp.linearOutput(0), in));
  }

  @Test
  void realProductTransposeEmitsNoConj() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue c = b.input("c", DType.F64, 3);
    TensorValue z = b.input("z", DType.F64, 3);
    TensorValue w = b.input("w", DType.F64, 3, 2);
    Graph<TensorOp> f = b.build(b.einsum("i,ij->j", c.mul(z), w));
    LinearizedGraph<TensorOp> jvp =
        AD.linearize(Graphs.resolve(f), f.outputKeys(),
            List.of(ValueKey.input(z.inputKey()), ValueKey.input(w.inputKey())));
    LinearizedGraph<TensorOp> vjp = AD.linearTranspose(jvp);
    assertEquals(0, TestEvaluators.count(vjp.graph(), "Conj"));
    assertTrue(TestEvaluators.count(vjp.graph(), "DotGeneral") >= 2, GraphPrinter.print(vjp.graph()));
  }

  /**
   * The convention: a JVP is {@code f'(z)·dz} (holomorphic), a VJP the adjoint under {@code Re Σ
   * conj(a)·b}, so for {@code exp} with cotangent 1 it is {@code conj(exp(z))}.
   */
  @Test
  void jvpIsTheComplexDerivativeAndVjpItsAdjoint() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue z = b.input("z", DType.C128);
    Graph<TensorOp> f = b.build(z.exp());
    LinearizedGraph<TensorOp> jvp =
        AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(ValueKey.input(z.inputKey())));
    LinearizedGraph<TensorOp> vjp = AD.linearTranspose(jvp);
    Map<Object, Tensor> in = new HashMap<>();
    in.put(z.inputKey(), Tensor.complexScalar(0.5, 1.25));
    in.put(jvp.linearInput(0), Tensor.complexScalar(0, 1));
    double m = Math.exp(0.5);
    Tensor expZ = Tensor.complexScalar(m * Math.cos(1.25), m * Math.sin(1.25));
    // dz = i: dy = exp(z)·i
    Tensor dy = TestEvaluators.eval1(jvp.graph(), jvp.linearOutput(0), in);
    assertTrue(dy.allClose(Tensor.complexScalar(-expZ.getIm(), expZ.getRe()), 1e-15, 0), dy.toString());
    in.put(vjp.linearInput(0), Tensor.complexScalar(1, 0)); // a seed of the transposed graph only
    Tensor ct = TestEvaluators.eval1(vjp.graph(), vjp.linearOutput(0), in);
    assertTrue(ct.allClose(Tensor.complexScalar(expZ.getRe(), -expZ.getIm()), 1e-15, 0), ct.toString());
  }

  @Test
  void complexContractionsConjugateOnlyWhenTransposed() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue m = b.input("m", DType.C128, 2, 3);
    TensorValue v = b.input("v", DType.C128, 3);
    Graph<TensorOp> f = b.build(b.einsum("ij,j->i", m, v).sin());
    LinearizedGraph<TensorOp> jvp =
        AD.linearize(Graphs.resolve(f), f.outputKeys(),
            List.of(ValueKey.input(m.inputKey()), ValueKey.input(v.inputKey())));
    LinearizedGraph<TensorOp> vjp = AD.linearTranspose(jvp);
    assertEquals(0, TestEvaluators.count(jvp.graph(), "Conj"));
    // one for cos(m·v) in Mul's transpose, one each for the fixed m and v of DotGeneral's
    assertEquals(3, TestEvaluators.count(vjp.graph(), "Conj"), GraphPrinter.print(vjp.graph()));
  }

  // ---- |z|² ----

  /**
   * The gradient of a real-valued {@code f} of complex {@code z}, under the real inner product
   * {@code ⟨a, b⟩ = Re Σ conj(a)·b}, is the {@code ∇f} with {@code df(z)[t] = ⟨∇f, t⟩} for every
   * direction {@code t}: the VJP with cotangent 1. For {@code f(z) = |z|² = x² + y²}, {@code df =
   * 2x·dx + 2y·dy = Re(conj(2z)·dz)}, so {@code ∇f = 2z} (= 2·(∂f/∂x + i ∂f/∂y)/2·2, the
   * steepest-ascent direction; twice {@code ∂f/∂conj(z)}).
   */
  @ParameterizedTest(name = "through Real: {0}")
  @ValueSource(booleans = {false, true})
  void squaredModulusGradientIsTwoZ(boolean throughReal) {
    TensorBuilder b = TensorBuilder.create();
    TensorValue z = b.input("z", DType.C128, 2);
    TensorValue modulus2 = z.mul(z.conj());            // c128 with zero imaginary parts
    Graph<TensorOp> f = b.build(throughReal ? modulus2.real().sum() : modulus2.sum());
    LinearizedGraph<TensorOp> jvp =
        AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(ValueKey.input(z.inputKey())));
    LinearizedGraph<TensorOp> vjp = AD.linearTranspose(jvp);

    Tensor zv = Tensor.complex(new double[] {1, 2, -0.5, 0.25}, 2);
    Map<Object, Tensor> in = new HashMap<>();
    in.put(z.inputKey(), zv);
    in.put(vjp.linearInput(0), throughReal ? Tensor.scalar(1) : Tensor.complexScalar(1, 0));
    Tensor grad = TestEvaluators.eval1(vjp.graph(), vjp.linearOutput(0), in);
    assertEquals(Tensor.complex(new double[] {2, 4, -1, 0.5}, 2), grad);

    // the definition: df(z)[t] = <grad, t> for any direction t
    Tensor t = Tensor.complex(new double[] {0.3, -1.1, 0.7, 0.2}, 2);
    // the JVP's graphs do not include the transposed one: bind it z and the tangent
    Map<Object, Tensor> forward = new HashMap<>();
    forward.put(z.inputKey(), zv);
    forward.put(jvp.linearInput(0), t);
    Tensor df = TestEvaluators.eval1(jvp.graph(), jvp.linearOutput(0), forward);
    double dfReal = df.getRe();
    assertEquals(dfReal, TensorDomain.INSTANCE.inner(grad, t), 1e-14);
    assertEquals(0.0, df.getIm(), 0.0);

    GradientChecker.<TensorOp, Void, Tensor>of(TensorDomain.INSTANCE)
        .withEvaluator(TestEvaluators.ALL_TIERS)
        .check(CheckedFunction.of(f), Map.of(z.inputKey(), zv), 2, Mode.BOTH, null, new Random(2));
  }

  @Test
  void tangentKeysReadWellInDumps() {
    Graph<TensorOp> f = expAx(true);
    LinearizedGraph<TensorOp> jvp = AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(WRT_X));
    Object dx = jvp.linearInput(0);
    assertEquals(new InputKey.Tangent(InputKey.user("x"), jvp.pass()), dx);
    assertEquals("dx@" + jvp.pass(), dx.toString());
    assertTrue(GraphPrinter.print(jvp.graph()).contains("dx@" + jvp.pass()),
        GraphPrinter.print(jvp.graph()));
    LinearizedGraph<TensorOp> second =
        AD.linearize(Graphs.resolve(jvp.graph()), jvp.linearOutputs(), List.of(ValueKey.input(dx)));
    assertEquals("d(dx@" + jvp.pass() + ")@" + second.pass(), second.linearInput(0).toString());
    assertNotNull(second.linearOutput(0));
  }
}
