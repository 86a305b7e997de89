package io.github.tidu4j.codegen.guide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.AD;
import io.github.tidu4j.ad.RuleContext;
import io.github.tidu4j.ad.ADKey;
import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.CotangentSeed;
import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.ad.Primitive;
import io.github.tidu4j.ad.PrimitiveBuilder;
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.ad.RuleKind;
import io.github.tidu4j.ad.TangentKey;
import io.github.tidu4j.ad.check.CheckedFunction;
import io.github.tidu4j.ad.check.Evaluator;
import io.github.tidu4j.ad.check.GradientCheckFailure;
import io.github.tidu4j.ad.check.GradientChecker;
import io.github.tidu4j.ad.check.Mode;
import io.github.tidu4j.ad.check.Tolerance;
import io.github.tidu4j.ad.check.VectorSpace;
import io.github.tidu4j.ad.func.Domain;
import io.github.tidu4j.ad.func.ScalarDomain;
import io.github.tidu4j.ad.func.ScalarType;
import io.github.tidu4j.ad.rules.Arg;
import io.github.tidu4j.ad.rules.Emitter;
import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.fixtures.RealEmit;
import io.github.tidu4j.fixtures.RealEvaluator;
import io.github.tidu4j.fixtures.RealOp;
import static org.objectweb.asm.Opcodes.INVOKESTATIC;

import io.github.tidu4j.fixtures.RealKernels;
import io.github.tidu4j.graph.ActiveMask;
import io.github.tidu4j.graph.DotExporter;
import io.github.tidu4j.graph.GraphPrinter;
import io.github.tidu4j.graph.KernelDescriptor;
import io.github.tidu4j.graph.ResolvedView;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.ProgramRunner;
import io.github.tidu4j.graph.ValueKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The examples in the Javadoc of runtime-ad's public API ({@code io.github.tidu4j.ad}, {@code
 * .rules}, {@code .check}), compiled against the real API and run: each test holds one class's
 * example, verbatim up to the assertions added, over the {@code Real} fixture set ({@code RealOp},
 * {@code RealEmit}), which is the set those examples name. Keep them in step with the Javadoc.
 */
class ApiDocExamplesTest {

  /** {@code sin(x·x)}, the function most examples differentiate. */
  private static Graph<RealOp> sinOfXSquared() {
    GraphBuilder<RealOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    return b.output(b.apply(RealOp.SIN, b.apply(RealOp.MUL, x, x))).build();
  }

  // ---- io.github.tidu4j.ad ----

  @Test
  void ad() {
    // AD
    GraphBuilder<RealOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    Graph<RealOp> f = b.output(b.apply(RealOp.SIN, b.apply(RealOp.MUL, x, x))).build(); // sin(x²)
    List<ValueKey> wrt = List.of(ValueKey.input("x"));

    LinearizedGraph<RealOp> jvp = AD.linearize(Graphs.resolve(f), f.outputKeys(), wrt);
    LinearizedGraph<RealOp> vjp = AD.linearTranspose(jvp); // reverse mode
    // second order: resolve the linear graph (it reaches f through its parents), linearize again
    LinearizedGraph<RealOp> jvp2 =
        AD.linearize(Graphs.resolve(jvp.graph()), jvp.linearOutputs(), wrt);
    // flatten and compile once, at the end
    CompiledProgram<RealOp> gradient =
        Graphs.compile(Graphs.resolve(vjp.graph()), vjp.linearOutputs());

    assertEquals(1, jvp2.linearOutputs().size());
    List<Double> g = Interpreter.eval(gradient, Map.of("x", 0.5, vjp.linearInput(0), 1.0));
    assertEquals(2 * 0.5 * Math.cos(0.25), g.get(0), 1e-15);
  }

  @Test
  void adLinearize() {
    Graph<RealOp> f = sinOfXSquared();
    // AD.linearize
    LinearizedGraph<RealOp> jvp =
        AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(ValueKey.input("x")));
    CompiledProgram<RealOp> p = Graphs.compile(Graphs.resolve(jvp.graph()), jvp.linearOutputs());
    List<Double> dy = Interpreter.eval(p, Map.of("x", 0.5, jvp.linearInput(0), 1.0)); // dx = 1

    assertEquals(2 * 0.5 * Math.cos(0.25), dy.get(0), 1e-15);
  }

  @Test
  void adLinearTranspose() {
    Graph<RealOp> f = sinOfXSquared();
    LinearizedGraph<RealOp> jvp =
        AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(ValueKey.input("x")));
    // AD.linearTranspose
    LinearizedGraph<RealOp> vjp = AD.linearTranspose(jvp);
    CompiledProgram<RealOp> p = Graphs.compile(Graphs.resolve(vjp.graph()), vjp.linearOutputs());
    List<Double> grad = Interpreter.eval(p, Map.of("x", 0.5, vjp.linearInput(0), 1.0)); // ȳ = 1

    assertEquals(2 * 0.5 * Math.cos(0.25), grad.get(0), 1e-15);
  }

  /** ADKey. */
  record Var(String name) implements ADKey {
    public Object tangentOf(long pass) { return new TangentKey(this, pass); }
  }

  @Test
  void adKey() {
    Object tangent = ADKey.tangentOf(new Var("x"), 7);
    assertEquals(new TangentKey(new Var("x"), 7), tangent);
    assertEquals(new TangentKey("x", 7), ADKey.tangentOf("x", 7));
  }

  @Test
  void adRuleError() {
    GraphBuilder<RealOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    Graph<RealOp> f = b.output(b.apply(RealOp.EXP, x)).build();
    List<ValueKey> wrt = List.of(ValueKey.input("x"));
    // ADRuleError
    try {
      LinearizedGraph<RealOp> jvp = AD.linearize(Graphs.resolve(f), f.outputKeys(), wrt);
      AD.linearTranspose(jvp);
    } catch (ADRuleError e) {
      System.err.println(e.primitiveName() + " " + e.ruleKind() + ": " + e.getMessage());
    }
  }

  @Test
  void cotangentSeed() {
    Graph<RealOp> f = sinOfXSquared();
    LinearizedGraph<RealOp> jvp =
        AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(ValueKey.input("x")));
    // CotangentSeed
    LinearizedGraph<RealOp> vjp = AD.linearTranspose(jvp);
    CotangentSeed seed = (CotangentSeed) vjp.linearInput(0); // ct[0]@pass: seeds jvp's output 0
    Map<Object, Double> in = Map.of("x", 0.5, seed, 1.0);

    assertEquals(0, seed.output());
    assertEquals(vjp.pass(), seed.pass());
    assertNotNull(in);
  }

  @Test
  void linearizedGraph() {
    Graph<RealOp> f = sinOfXSquared();
    // LinearizedGraph
    LinearizedGraph<RealOp> jvp =
        AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(ValueKey.input("x")));
    LinearizedGraph<RealOp> vjp = AD.linearTranspose(jvp);
    Object dx = jvp.linearInput(0); // the key to bind the tangent of x to
    ValueKey gradX = vjp.linearOutput(0); // zeros like x if the outputs do not depend on x
    boolean independent = vjp.isZero(0);

    assertInstanceOf(TangentKey.class, dx);
    assertNotNull(gradX);
    assertFalse(independent, "sin(x·x) depends on x");
  }

  /** Primitive: a hand-written set of two linear operations. */
  enum Arith implements Primitive<Arith, Void> {
    ADD, NEG;
    public int inputArity() { return this == ADD ? 2 : 1; }
    public int outputArity() { return 1; }
    public Arith add() { return ADD; }
    // linear, so the JVP applies the operation to the tangents; absent (null) ones are zeros
    public List<ValueRef> jvp(PrimitiveBuilder<Arith> b, List<ValueRef> primalIn,
        List<ValueRef> primalOut, List<ValueRef> tangentIn, Void ctx) {
      if (this == NEG) {
        return List.of(b.apply(NEG, tangentIn.get(0))); // called only if its input is active
      }
      ValueRef da = tangentIn.get(0);
      ValueRef db = tangentIn.get(1);
      return List.of(da == null ? db : db == null ? da : b.apply(ADD, da, db));
    }
    public List<ValueRef> transpose(PrimitiveBuilder<Arith> b,
        List<ValueRef> cotangentOut, List<ValueRef> inputs, ActiveMask activeMask,
        Void ctx) {
      ValueRef ct = cotangentOut.get(0); // present: the only output
      return this == ADD ? List.of(ct, ct) : List.of(b.apply(NEG, ct));
    }
  }

  @Test
  void primitive() {
    GraphBuilder<Arith> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.input("y");
    Graph<Arith> f = b.output(b.apply(Arith.NEG, b.apply(Arith.ADD, x, y))).build();
    LinearizedGraph<Arith> jvp =
        AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(ValueKey.input("x")));
    LinearizedGraph<Arith> vjp = AD.linearTranspose(jvp);
    assertEquals(1, jvp.graph().nodeCount(), "add(dx, 0) folded: only the Neg");
    assertSame(Arith.NEG, vjp.graph().operation(0));
  }

  /** RuleContext: the context type of a set without one. */
  @Test
  void ruleContextOfASetWithoutOne() {
    Class<?> none = RuleContext.typeOf(Arith.class);   // Void.class
    assertSame(Void.class, none);
  }

  /** PrimitiveBuilder: inside a JVP rule of Sin. */
  static ValueRef sinJvp(
      PrimitiveBuilder<RealOp> b, List<ValueRef> primalIn, List<ValueRef> tangentIn) {
    // inside a JVP rule of Sin: dy = cos(x)·dx
    ValueRef cosX = b.apply(RealOp.COS, primalIn.get(0)); // primary: x is fixed
    ValueRef dy = b.apply(RealOp.MUL, cosX, tangentIn.get(0)); // linearized[fixed, active]
    return dy;
  }

  /** ValueRef: inside a JVP rule of Exp. */
  static ValueRef expJvp(
      PrimitiveBuilder<RealOp> b, List<ValueRef> primalOut, List<ValueRef> tangentIn) {
    // inside a JVP rule of Exp: dy = y·dx, with y the primal output (External), dx a tangent (Local)
    ValueRef dy = b.apply(RealOp.MUL, primalOut.get(0), tangentIn.get(0));
    return dy;
  }

  @Test
  void ruleKind() {
    ADRuleError e = ADRuleError.unsupported("Floor", RuleKind.TRANSPOSE);
    // RuleKind
    boolean reverseOnly = e.ruleKind() == RuleKind.TRANSPOSE; // forward mode still works
    assertTrue(reverseOnly);
  }

  @Test
  void tangentKey() {
    Graph<RealOp> f = sinOfXSquared();
    // TangentKey
    LinearizedGraph<RealOp> jvp =
        AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(ValueKey.input("x")));
    TangentKey dx = (TangentKey) jvp.linearInput(0); // "x" is no ADKey: d[x]@pass
    assertEquals("x", dx.of());
  }

  // ---- io.github.tidu4j.ad.rules (the rule examples are the Real fixture's rules) ----

  /** Emitter: what the processor generates for Sin, Add and Mul in RealEmit. */
  static final class Emit extends Emitter<RealOp> {
    public Emit(PrimitiveBuilder<RealOp> builder) {
      super(builder);
    }

    public Primal sin(Primal x) {
      return fixed(RealOp.SIN, x);
    }

    public Tangent add(Tangent a, Tangent b) {
      return sum(RealOp.ADD, a, b);
    }

    public Tangent mul(Tangent a, Primal b) {
      return multilinear(RealOp.MUL, a, b);
    }
  }

  @Test
  void zerosFold() {
    assertTrue(Tangent.zero().isZero());
    assertThrows(IllegalStateException.class, () -> Arg.linear().primal());
  }

  // ---- io.github.tidu4j.ad.check ----

  @Test
  void checkedFunction() {
    // CheckedFunction
    GraphBuilder<RealOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    Graph<RealOp> g = b.output(b.apply(RealOp.SIN, x)).build();
    CheckedFunction<RealOp> sin = CheckedFunction.of(g); // inputs [Input(x)], outputs [sin(x)]

    assertEquals(List.of(ValueKey.input("x")), sin.inputs());
    assertEquals(g.outputKeys(), sin.outputs());
  }

  @Test
  void evaluator() {
    Graph<RealOp> f = sinOfXSquared();
    // Evaluator
    Evaluator<RealOp, Double> eval = Evaluator.interpreter();
    List<Double> y = eval.prepare(List.of(f), f.outputKeys()).apply(Map.of("x", 0.5));
    Evaluator<RealOp, Double> generated = Evaluator.of(RealEvaluator::new);

    assertEquals(Math.sin(0.25), y.get(0), 0.0);
    assertEquals(y, generated.prepare(List.of(f), f.outputKeys()).apply(Map.of("x", 0.5)));
  }

  @Test
  void programRunner() {
    Graph<RealOp> f = sinOfXSquared();
    CompiledProgram<RealOp> program =
        Graphs.compile(Graphs.materializeMerge(Graphs.resolve(f), f.outputKeys()));
    // ProgramRunner
    ProgramRunner.Factory<RealOp, Double> runners = ProgramRunner.interpreter();
    ProgramRunner<Double> runner = runners.prepare(program);
    List<Double> y = runner.run(List.of(0.5));      // inputs in program.inputKeys() order

    assertEquals(List.of(Math.sin(0.25)), y);
    assertEquals(y, new RealEvaluator(program).run(List.of(0.5)));
  }

  @Test
  void gradientCheckFailure() {
    CheckedFunction<Wrong> fn = CheckedFunction.of(Wrong.doubleOf("x"));
    Map<String, Double> point = Map.of("x", 0.5);
    // fn: a CheckedFunction whose VJP is wrong (its JVP is right)
    GradientCheckFailure e = assertThrows(GradientCheckFailure.class,
        () -> GradientChecker.check(fn, point, ScalarDomain.INSTANCE, 1, Mode.BOTH, null, new Random(0)));
    assertEquals("VJP", e.check());
  }

  /** {@code 2·x} with a correct JVP and a transpose that forgets the factor 2. */
  enum Wrong implements Primitive<Wrong, Void>, io.github.tidu4j.graph.EvaluableGraphOperation<Double> {
    ADD,
    TWICE;

    static Graph<Wrong> doubleOf(String input) {
      GraphBuilder<Wrong> b = Graph.builder();
      return b.output(b.apply(TWICE, b.input(input))).build();
    }

    @Override
    public int inputArity() {
      return this == ADD ? 2 : 1;
    }

    @Override
    public int outputArity() {
      return 1;
    }

    @Override
    public Wrong add() {
      return ADD;
    }

    @Override
    public List<Double> eval(List<Double> in) {
      return List.of(this == ADD ? in.get(0) + in.get(1) : 2 * in.get(0));
    }

    @Override
    public List<ValueRef> jvp(
        PrimitiveBuilder<Wrong> b,
        List<ValueRef> primalIn,
        List<ValueRef> primalOut,
        List<ValueRef> tangentIn,
        Void ctx) {
      return List.of(b.apply(TWICE, tangentIn.get(0))); // TWICE only
    }

    @Override
    public List<ValueRef> transpose(
        PrimitiveBuilder<Wrong> b,
        List<ValueRef> cotangentOut,
        List<ValueRef> inputs,
        ActiveMask activeMask,
        Void ctx) {
      return new ArrayList<>(cotangentOut); // TWICE only, and wrong: it should double
    }
  }

  @Test
  void gradientChecker() {
    // GradientChecker
    GraphBuilder<RealOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    Graph<RealOp> g = b.output(b.apply(RealOp.SIN, b.apply(RealOp.MUL, x, x))).build();
    GradientChecker.check(CheckedFunction.of(g), Map.of("x", 0.7), ScalarDomain.INSTANCE, 2, Mode.BOTH,
        null, new Random(0));

    // or with settings
    GradientChecker<RealOp, Void, Double> checker =
        GradientChecker.<RealOp, Void, Double>of(ScalarDomain.INSTANCE).withTolerance(Tolerance.of(1e-4));
    checker.check(CheckedFunction.of(g), Map.of("x", 0.7), 3, Set.of(Mode.REV), null, new Random(0));
  }

  @Test
  void mode() {
    CheckedFunction<RealOp> fn = CheckedFunction.of(sinOfXSquared());
    Map<String, Double> point = Map.of("x", 0.7);
    // Mode
    GradientChecker.check(fn, point, ScalarDomain.INSTANCE, 2, Set.of(Mode.FWD), null, new Random(0));
  }

  @Test
  void tolerance() {
    // Tolerance
    Tolerance tol = Tolerance.of(1e-5);
    assert tol.accepts(1.0, 1.0 + 5e-6);
    assert !tol.accepts(1.0, -1.0);
    assertTrue(tol.accepts(1.0, 1.0 + 5e-6));
    assertFalse(tol.accepts(1.0, -1.0));
    assertEquals(new Tolerance(1e-5, 1e-5), Tolerance.F64);
  }

  @Test
  void vectorSpace() {
    // VectorSpace
    VectorSpace<Double> real = ScalarDomain.INSTANCE;        // the double sets' domain is one
    double direction = real.randomLike(0.5, new Random(0));
    double step = real.add(0.5, real.scale(1e-4, direction));

    assertEquals(0.5 + 1e-4 * direction, step, 0.0);
  }

  @Test
  void scalarDomain() {
    Graph<RealOp> f = sinOfXSquared();
    // ScalarDomain
    GradientChecker.check(CheckedFunction.of(f), Map.of("x", 0.5), ScalarDomain.INSTANCE, 2,
        Mode.BOTH, null, new Random(0));
    double one = ScalarDomain.INSTANCE.one(ScalarType.F64);    // 1.0

    assertEquals(1.0, one, 0.0);
  }

  @Test
  void domain() {
    // Domain
    Domain<ScalarType, Double> reals = ScalarDomain.INSTANCE;
    double seed = reals.one(ScalarType.F64);            // the cotangent seed of grad
    double step = reals.add(0.5, reals.scale(1e-4, 1.0));   // vector-space arithmetic

    assertEquals(1.0, seed, 0.0);
    assertEquals(0.5 + 1e-4, step, 0.0);
    assertEquals(0.0, reals.zeroLike(3.0), 0.0);
  }

  // ---- io.github.tidu4j.graph examples that need a differentiable set ----

  /** The VJP of {@code sin(x²)}. */
  private static LinearizedGraph<RealOp> vjpOfSinOfXSquared() {
    Graph<RealOp> f = sinOfXSquared();
    return AD.linearTranspose(
        AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(ValueKey.input("x"))));
  }

  @Test
  void printTheGraphsOfAVjp() {
    LinearizedGraph<RealOp> vjp = vjpOfSinOfXSquared();
    ResolvedView<RealOp> view = Graphs.resolve(vjp.graph()); // transposed, linear, primal
    System.out.print(GraphPrinter.print(view, List.of("transposed", "linear", "primal")));
    assertTrue(GraphPrinter.print(view, List.of("transposed", "linear", "primal"))
        .contains("== primal =="));
  }

  @Test
  void exportTheGraphsOfAVjp() {
    LinearizedGraph<RealOp> vjp = vjpOfSinOfXSquared();
    ResolvedView<RealOp> view = Graphs.resolve(vjp.graph()); // transposed, linear, primal
    String dot = DotExporter.export(view, List.of("transposed", "linear", "primal"));
    assertTrue(dot.contains("label=\"primal\""), dot);
  }

  /** A static method {@code add(double, double)} calling Real's Add kernel through its descriptor. */
  @Test
  void kernelDescriptor() throws Throwable {
    ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
    cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_FINAL,
        "io/github/tidu4j/codegen/guide/AddCaller", null, "java/lang/Object", null);
    MethodVisitor mv = cw.visitMethod(
        Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "add", "(DD)D", null, null);
    mv.visitCode();
    mv.visitVarInsn(Opcodes.DLOAD, 0);
    mv.visitVarInsn(Opcodes.DLOAD, 2);
    KernelDescriptor add = RealKernels.TABLE.get(0);
    // invokestatic com/example/Real$Add.eval(DD)D, interface method
    mv.visitMethodInsn(INVOKESTATIC, add.ownerInternalName(), add.methodName(),
        add.methodDescriptor(), add.ownerIsInterface());
    mv.visitInsn(Opcodes.DRETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
    cw.visitEnd();
    Class<?> caller = MethodHandles.lookup().defineClass(cw.toByteArray());
    MethodHandle call = MethodHandles.lookup().findStatic(
        caller, "add", MethodType.methodType(double.class, double.class, double.class));
    assertEquals(5.0, (double) call.invokeExact(2.0, 3.0));
  }

  @Test
  void exportThePrimalLinearAndTransposedGraphs(@TempDir Path dir) throws Exception {
    Graph<RealOp> f = sinOfXSquared();
    LinearizedGraph<RealOp> jvp =
        AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(ValueKey.input("x")));
    LinearizedGraph<RealOp> vjp = AD.linearTranspose(jvp);
    String dot = DotExporter.export(
        List.of(f, jvp.graph(), vjp.graph()),
        List.of("primal", "linear (JVP)", "transposed (VJP)"));
    Files.writeString(dir.resolve("expax.dot"), dot);
    assertTrue(Files.readString(dir.resolve("expax.dot")).contains("cluster_2"));
  }
}
