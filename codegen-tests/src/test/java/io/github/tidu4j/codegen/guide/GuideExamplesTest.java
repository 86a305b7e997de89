package io.github.tidu4j.codegen.guide;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import io.github.tidu4j.ad.AD;
import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.ad.TaylorGraph;
import io.github.tidu4j.ad.check.CheckedFunction;
import io.github.tidu4j.ad.check.GradientChecker;
import io.github.tidu4j.ad.check.Mode;
import io.github.tidu4j.ad.check.Tolerance;
import io.github.tidu4j.ad.check.VectorSpace;
import io.github.tidu4j.ad.eager.EagerRuntime;
import io.github.tidu4j.ad.func.FunctionCache;
import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarDomain;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.ad.func.ScalarType;
import io.github.tidu4j.ad.func.Traceable;
import io.github.tidu4j.ad.func.Transforms;
import io.github.tidu4j.fixtures.Complex;
import io.github.tidu4j.fixtures.EagerTuned;
import io.github.tidu4j.fixtures.Slope;
import io.github.tidu4j.fixtures.TunedEvaluator;
import io.github.tidu4j.fixtures.TunedOp;
import io.github.tidu4j.fixtures.TunedValue;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.GraphOperation;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.processor.PrimitiveSetProcessor;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The examples of {@code docs/writing-rules.md} ({@link GuideScalars}, {@link
 * GuideComplexScalars}) do what the guide says: every rule passes the gradient checker to second
 * order, zeros stay symbolic, the complex convention gives {@code 2 − i}, and a rule that emits a
 * non-linear primitive on a tangent does not compile.
 */
class GuideExamplesTest {
  private static final Map<String, Double> POINT = Map.of("x", 0.7, "y", -1.3);

  // ---- the gradient checker, as the guide calls it ----

  @Test
  void theGuidesGradientCheckCallPasses() {
    GuideBuilder b = GuideBuilder.create();
    GuideValue x = b.input("x");
    GuideValue y = b.input("y");
    Graph<GuideOp> f = b.build(x.sin().div(y));

    GradientChecker.check(
        CheckedFunction.of(f), Map.of("x", 0.7, "y", -1.3), ScalarDomain.INSTANCE,
        2, Mode.BOTH, null, new Random(0));
  }

  @Test
  void theGuidesConfiguredCheckerPasses() {
    GuideBuilder b = GuideBuilder.create();
    GuideValue x = b.input("x");
    GuideValue y = b.input("y");
    Graph<GuideOp> f = b.build(x.sin().div(y));

    GradientChecker.<GuideOp, Void, Double>of(ScalarDomain.INSTANCE)
        .withTolerance(Tolerance.of(1e-6))   // default: the space's, Tolerance.F64 = 1e-5 abs. and rel.
        .withEps(1e-4)                       // the first finite-difference step (the default)
        .withRefinements(3)                  // retry a disagreeing difference at eps/10, /100, /1000
        .check(CheckedFunction.of(f), Map.of("x", 0.7, "y", -1.3), 2, Mode.BOTH, null, new Random(0));
  }

  @Test
  void everyUnaryRealExamplePassesToSecondOrderOnBothSidesOfZero() {
    List<GuideOp> unary =
        List.of(
            GuideOp.NEG, GuideOp.scale(2.5), GuideOp.EXP, GuideOp.SIN, GuideOp.COS, GuideOp.RECIP,
            GuideOp.FLOOR, GuideOp.RELU, GuideOp.powi(3), GuideOp.powi(-2), GuideOp.powi(0));
    for (GuideOp op : unary) {
      for (String at : List.of("x", "y")) {
        GraphBuilder<GuideOp> b = Graph.builder();
        check(b.output(b.apply(op, b.input(at))).build());
      }
    }
  }

  @Test
  void theReciprocalsTaylorRuleGivesTheCoefficientsOfOneOverX() {
    // the rule divides by nothing and scales nothing: the set needs no scale primitive for it
    GuideBuilder b = GuideBuilder.create();
    Graph<GuideOp> f = b.build(b.input("x").recip());
    TaylorGraph<GuideOp> t =
        AD.taylor(Graphs.resolve(f), f.outputKeys(), List.of(ValueKey.input("x")), 6);
    List<Double> c =
        Interpreter.eval(
            Graphs.compile(Graphs.resolve(t.graph()), t.outputKeys()),
            Map.of("x", 0.8, t.inputKey(0, 1), 1.0));
    for (int k = 1; k <= 6; k++) {
      double exact = (k % 2 == 0 ? 1 : -1) / Math.pow(0.8, k + 1);
      assertEquals(exact, c.get(k - 1), 1e-13 * Math.abs(exact), "y_" + k);
    }
  }

  @Test
  void everyBinaryRealExamplePassesToSecondOrder() {
    for (GuideOp op : List.of(GuideOp.ADD, GuideOp.SUB, GuideOp.MUL, GuideOp.DIV, GuideOp.GREATER)) {
      GraphBuilder<GuideOp> b = Graph.builder();
      check(b.output(b.apply(op, b.input("x"), b.input("y"))).build());
    }
  }

  @Test
  void theMultiOutputExamplePassesToSecondOrder() {
    GraphBuilder<GuideOp> b = Graph.builder();
    List<ValueRef.Local> sinCos = b.applyMulti(GuideOp.SIN_COS, b.input("x"));
    check(b.output(sinCos.get(0)).output(sinCos.get(1)).build());
  }

  @Test
  void aCompositionPassesToThirdOrder() {
    GraphBuilder<GuideOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.input("y");
    // relu(x)·exp(y) / (1 + x²) − ⌊y⌋ · cos(x·y)
    ValueRef.Local onePlusX2 =
        b.apply(GuideOp.ADD, b.apply(GuideOp.constant(1)), b.apply(GuideOp.powi(2), x));
    ValueRef.Local left =
        b.apply(GuideOp.DIV, b.apply(GuideOp.MUL, b.apply(GuideOp.RELU, x), b.apply(GuideOp.EXP, y)), onePlusX2);
    ValueRef.Local right =
        b.apply(GuideOp.MUL, b.apply(GuideOp.FLOOR, y), b.apply(GuideOp.COS, b.apply(GuideOp.MUL, x, y)));
    GradientChecker.<GuideOp, Void, Double>of(ScalarDomain.INSTANCE)
        .check(CheckedFunction.of(b.output(b.apply(GuideOp.SUB, left, right)).build()), POINT, 3,
            Mode.BOTH, null, new Random(11));
  }

  private static void check(Graph<GuideOp> f) {
    GradientChecker.check(CheckedFunction.of(f), POINT, ScalarDomain.INSTANCE, 2, Mode.BOTH, null, new Random(7));
  }

  // ---- symbolic zeros ----

  @Test
  void aBilinearRuleWithOneActiveOperandEmitsOneProduct() {
    GraphBuilder<GuideOp> b = Graph.builder();
    Graph<GuideOp> f = b.output(b.apply(GuideOp.MUL, b.input("x"), b.input("y"))).build();
    LinearizedGraph<GuideOp> jvp =
        AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(ValueKey.input("x")));
    // e.add(e.mul(da, b), e.mul(a, db)) with db absent: the second product and the sum fold away
    assertEquals(1, jvp.graph().nodeCount(), jvp.toString());
    assertSame(GuideOp.MUL, jvp.graph().operation(0));
  }

  @Test
  void zeroDerivativesGiveAbsentTangentsAndCotangents() {
    for (GuideOp op : List.of(GuideOp.FLOOR, GuideOp.powi(0))) {
      GraphBuilder<GuideOp> b = Graph.builder();
      Graph<GuideOp> f = b.output(b.apply(op, b.input("x"))).build();
      LinearizedGraph<GuideOp> jvp =
          AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(ValueKey.input("x")));
      assertTrue(jvp.isZero(0), op + ": a zero tangent is absent");
      assertEquals(
          List.of(GuideOp.ZEROS_LIKE),
          operations(jvp.graph()),
          op + ": and costs no node but the one that gives it to the user as a value");
      LinearizedGraph<GuideOp> vjp = AD.linearTranspose(jvp);
      assertTrue(
          vjp.graph().inputKeys().contains(vjp.linearInput(0)), op + ": a zero output has a seed");
      assertTrue(vjp.isZero(0), op + ": and gives a zero cotangent");
      assertEquals(List.of(GuideOp.ZEROS_LIKE), operations(vjp.graph()), op + ": zeros like x");
    }
  }

  @Test
  void operationsWithoutActiveInputsAreNotDifferentiated() {
    GraphBuilder<GuideOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.input("y");
    Graph<GuideOp> f = b.output(b.apply(GuideOp.SIN, x)).output(b.apply(GuideOp.COS, y)).build();
    LinearizedGraph<GuideOp> jvp =
        AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(ValueKey.input("x")));
    assertTrue(jvp.isZero(1), "cos(y) does not depend on x");
    // only Sin's rule ran: cos(x) (primal) and cos(x)·dx; Cos's rule would have emitted a Sin.
    // The zero tangent of cos(y) is handed to the user as zeros like cos(y).
    assertEquals(List.of(GuideOp.COS, GuideOp.MUL, GuideOp.ZEROS_LIKE), operations(jvp.graph()));
  }

  // ---- the complex convention ----

  @Test
  void theGradientOfCTimesZIsConjC() {
    GraphBuilder<GuideComplexOp> b = Graph.builder();
    ValueRef.Local c = b.input("c");
    ValueRef.Local z = b.input("z");
    Graph<GuideComplexOp> f = b.output(b.apply(GuideComplexOp.MUL, c, z)).build();
    LinearizedGraph<GuideComplexOp> jvp =
        AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(ValueKey.input("z")));
    LinearizedGraph<GuideComplexOp> vjp = AD.linearTranspose(jvp);
    assertEquals(List.of(GuideComplexOp.MUL), operations(jvp.graph()), "no Conj in the JVP");
    assertEquals(
        List.of(GuideComplexOp.CONJ, GuideComplexOp.MUL), operations(vjp.graph()),
        "one Conj, of the fixed factor, in the transpose");

    // each program is bound every input and seed of the graphs it comes from
    Map<Object, Complex> forward = new HashMap<>();
    forward.put("c", Complex.of(2, 1));
    forward.put("z", Complex.of(0.5, -3));
    forward.put(jvp.linearInput(0), Complex.of(1, 0));
    Map<Object, Complex> reverse = new HashMap<>(forward);
    reverse.put(vjp.linearInput(0), Complex.of(1, 0));
    assertEquals(Complex.of(2, 1), eval(jvp.graph(), jvp.linearOutput(0), forward), "dy = c·dz");
    assertEquals(
        Complex.of(2, -1), eval(vjp.graph(), vjp.linearOutput(0), reverse), "ct_z = conj(c)·ct");
  }

  @Test
  void everyComplexExampleAndANonHolomorphicCompositionPassToSecondOrder() {
    Map<String, Complex> point = Map.of("z", Complex.of(0.6, -0.4), "w", Complex.of(-0.3, 0.8));
    GradientChecker<GuideComplexOp, Void, Complex> checker = GradientChecker.of(COMPLEX);
    for (GuideComplexOp op : List.of(GuideComplexOp.CONJ, GuideComplexOp.EXP)) {
      GraphBuilder<GuideComplexOp> b = Graph.builder();
      checker.check(CheckedFunction.of(b.output(b.apply(op, b.input("z"))).build()), point, 2,
          Mode.BOTH, null, new Random(5));
    }
    for (GuideComplexOp op : List.of(GuideComplexOp.ADD, GuideComplexOp.MUL)) {
      GraphBuilder<GuideComplexOp> b = Graph.builder();
      checker.check(CheckedFunction.of(b.output(b.apply(op, b.input("z"), b.input("w"))).build()),
          point, 2, Mode.BOTH, null, new Random(5));
    }
    GraphBuilder<GuideComplexOp> b = Graph.builder();
    ValueRef.Local z = b.input("z");
    ValueRef.Local w = b.input("w");
    ValueRef.Local zw = b.apply(GuideComplexOp.MUL, z, w);
    // conj(exp(z·w))·z
    ValueRef.Local g =
        b.apply(GuideComplexOp.MUL, b.apply(GuideComplexOp.CONJ, b.apply(GuideComplexOp.EXP, zw)), z);
    checker.check(CheckedFunction.of(b.output(g).build()), point, 2, Mode.BOTH, null, new Random(5));
  }

  /** Complex numbers as a real inner-product space: {@code ⟨a, b⟩ = Re(conj(a)·b)}. */
  static final VectorSpace<Complex> COMPLEX =
      new VectorSpace<>() {
        @Override
        public Complex add(Complex a, Complex b) {
          return a.plus(b);
        }

        @Override
        public Complex scale(double factor, Complex a) {
          return Complex.of(factor * a.re(), factor * a.im());
        }

        @Override
        public double inner(Complex a, Complex b) {
          return a.re() * b.re() + a.im() * b.im(); // Re(conj(a)·b)
        }

        @Override
        public Complex randomLike(Complex template, Random random) {
          return Complex.of(random.nextGaussian(), random.nextGaussian());
        }

        @Override
        public Complex zeroLike(Complex template) {
          return Complex.of(0, 0);
        }

        @Override
        public Tolerance defaultTolerance() {
          return Tolerance.F64;
        }
      };

  // ---- closure: the emitter's overloads ----

  @Test
  void aRuleEmittingANonLinearPrimitiveOnATangentDoesNotCompile() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "com.example.Bad",
            "package com.example;",
            "import io.github.tidu4j.ad.rules.*;",
            "import io.github.tidu4j.annotations.*;",
            "@PrimitiveSet(operand = double.class)",
            "public interface Bad {",
            "  @Primitive(accumulator = true)",
            "  interface Add {",
            "    static double eval(double a, double b) { return a + b; }",
            "    static Tangent jvp(BadEmit e, Tangent da, Tangent db) { return e.add(da, db); }",
            "    static Cotangents transpose(BadEmit e, Tangent ct) { return Cotangents.of(ct, ct); }",
            "  }",
            "  @Primitive",
            "  interface Sin {",
            "    static double eval(double x) { return Math.sin(x); }",
            "    static Tangent jvp(BadEmit e, Primal x, Tangent dx) { return e.sin(dx); }", // line 15
            "  }",
            "}");
    Compilation compilation =
        Compiler.javac().withProcessors(new PrimitiveSetProcessor()).compile(source);
    assertThat(compilation).failed();
    assertThat(compilation).hadErrorContaining("Tangent").inFile(source).onLine(15);
  }

  // ---- binding: Primals are eval's inputs, Outputs its outputs ----

  /** §5's mistake, as the guide shows it: the rule means eˣ but names an input. */
  private static final String MISBOUND_EXP =
      """
      @Primitive
      interface Exp {
        static double eval(double x) {
          return Math.exp(x);
        }

        static Tangent jvp(GuideEmit e, Primal y, Tangent dx) { // y would be x, not eˣ
          return e.mul(y, dx);
        }
      }
      """;

  @Test
  void aPrimalNamedLikeTheOutputDoesNotCompile() {
    String text =
        String.join(
            "\n",
            "package com.example;",
            "import io.github.tidu4j.ad.rules.*;",
            "import io.github.tidu4j.annotations.*;",
            "@PrimitiveSet(operand = double.class, prefix = \"Guide\")",
            "public interface Misbound {",
            "  @Primitive(accumulator = true)",
            "  interface Add {",
            "    static double eval(double a, double b) { return a + b; }",
            "    static Tangent jvp(GuideEmit e, Tangent da, Tangent db) { return e.add(da, db); }",
            "    static Cotangents transpose(GuideEmit e, Tangent ct) { return Cotangents.of(ct, ct); }",
            "  }",
            "  @Primitive(multilinear = true)",
            "  interface Mul {",
            "    static double eval(double a, double b) { return a * b; }",
            "    static Tangent jvp(GuideEmit e, Primal a, Primal b, Tangent da, Tangent db) {",
            "      return e.add(e.mul(da, b), e.mul(a, db));",
            "    }",
            "    static Cotangents transpose(GuideEmit e, Arg a, Arg b, Tangent ct) {",
            "      return a.isLinear()",
            "          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())",
            "          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));",
            "    }",
            "  }",
            MISBOUND_EXP,
            "}");
    JavaFileObject source = JavaFileObjects.forSourceString("com.example.Misbound", text);
    Compilation compilation =
        Compiler.javac().withProcessors(new PrimitiveSetProcessor()).compile(source);
    long line = text.substring(0, text.indexOf("Primal y")).chars().filter(c -> c == '\n').count() + 1;
    assertThat(compilation).failed();
    assertEquals(1, compilation.errors().size(), compilation.errors().toString());
    assertThat(compilation)
        .hadErrorContaining(
            "[tidu4j:PrimalBinding] parameter y of Exp.jvp binds to eval's input x (Primals bind to"
                + " eval's inputs in order); name it x, or declare it as Output y to read the output")
        .inFile(source)
        .onLine(line);
  }

  // ---- helpers ----

  private static <P extends GraphOperation> List<P> operations(Graph<P> g) {
    List<P> ops = new java.util.ArrayList<>();
    for (int node = 0; node < g.nodeCount(); node++) {
      ops.add(g.operation(node));
    }
    return ops;
  }

  private static Complex eval(Graph<GuideComplexOp> g, ValueKey output, Map<Object, Complex> in) {
    var program = Graphs.compile(Graphs.resolve(g), List.of(output));
    List<Complex> out = Interpreter.eval(program, in);
    return out.get(0);
  }

  /** §2, the rule context: each API passes one to the rules of {@code Tuned} that declare it. */
  @Test
  void theContextReachesTheRulesAtEachApi() {
    ScalarAutodiff<TunedOp> ad = ScalarAutodiff.of(TunedOp.class, TunedEvaluator::new);
    ScalarFunction<TunedOp> f = ad.function(TunedValue.unary(x -> x.ramp().mul(x)));
    double d = ad.withContext(new Slope(3.0)).grad(f).apply(2.0);   // Ramp's rule reads the slope 3: (3 + 1)·2
    assertEquals(8.0, d);

    Traceable<TunedOp, ScalarType, Double> g =
        Transforms.grad(f.traceable(), new Slope(3.0), ScalarDomain.INSTANCE, false, 0);
    assertEquals(8.0, new FunctionCache<>(ScalarDomain.INSTANCE, TunedEvaluator::new, 4)
        .call(g, List.of(2.0)).get(0));

    EagerRuntime<Double, EagerTuned> rt = EagerTuned.newRuntime(new Slope(3.0));
    EagerTuned x = rt.variable(2.0);
    x.ramp().mul(x).backward();   // x.grad() = 8.0
    assertEquals(8.0, x.grad());
  }
}
