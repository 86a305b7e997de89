package io.github.tidu4j.ad.func;

import static io.github.tidu4j.ad.func.ScalarType.F64;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.Primitive;
import io.github.tidu4j.ad.RuleKind;
import io.github.tidu4j.ad.testing.BrokenOp;
import io.github.tidu4j.ad.testing.RealOp;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.ProgramRunner;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.ValueRef;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

/** The generic functional transforms on a hand-written real scalar set. */
class TransformsTest {

  /** A traced function: a body over a GraphBuilder, equal by body identity. */
  private record Traced<P extends Primitive<P, ?>>(
      int arity, BiFunction<GraphBuilder<P>, List<ValueRef>, List<ValueRef>> body)
      implements Traceable<P, ScalarType, Double> {
    @Override
    public Staged<P, ScalarType, Double> stage(List<ScalarType> inputTypes) {
      GraphBuilder<P> b = Graph.builder();
      List<ValueRef> args = new ArrayList<>();
      List<ValueKey.Input> inputs = new ArrayList<>();
      for (int i = 0; i < arity; i++) {
        args.add(b.input("x" + i));
        inputs.add(ValueKey.input("x" + i));
      }
      for (ValueRef out : body.apply(b, args)) {
        b.output(out);
      }
      Graph<P> g = b.build();
      return Staged.of(
          g, inputs, inputTypes, g.outputKeys(), Collections.nCopies(g.outputCount(), ScalarType.F64));
    }

    @Override
    public String describe() {
      return "f";
    }
  }

  private static final ScalarDomain REALS = ScalarDomain.INSTANCE;

  private static Traced<RealOp> sinOfProduct() {
    return new Traced<>(2, (b, x) -> List.of(
        b.apply(RealOp.SIN, b.apply(RealOp.MUL, x.get(0), x.get(1)))));
  }

  private static List<Double> run(Staged<RealOp, ScalarType, Double> s, Double... args) {
    return CompiledFunction.compile(s, REALS, ProgramRunner.<RealOp, Double>interpreter()).call(List.of(args));
  }

  @Test
  void jvpAppendsTangentInputsAndOutputs() {
    Staged<RealOp, ScalarType, Double> f = sinOfProduct().stage(List.of(F64, F64));
    Staged<RealOp, ScalarType, Double> df = TransformSteps.jvp(f, null, 0, 1);
    assertEquals(4, df.arity());
    List<Double> out = run(df, 0.5, 3.0, 1.0, 2.0);
    assertEquals(Math.sin(1.5), out.get(0));
    assertEquals(Math.cos(1.5) * (3.0 * 1.0 + 0.5 * 2.0), out.get(1), 1e-15);
  }

  @Test
  void vjpAndGradAgree() {
    Staged<RealOp, ScalarType, Double> f = sinOfProduct().stage(List.of(F64, F64));
    List<Double> vjp = run(TransformSteps.vjp(f, null, 1, 0), 0.5, 3.0, 2.0);
    assertEquals(List.of(Math.sin(1.5), 2 * Math.cos(1.5) * 0.5, 2 * Math.cos(1.5) * 3.0), vjp);
    List<Double> grad = run(TransformSteps.grad(f, null, true, 0), 0.5, 3.0);
    assertEquals(List.of(Math.sin(1.5), Math.cos(1.5) * 3.0), grad);
  }

  @Test
  void independentOutputsAreSymbolicZeros() {
    Traced<RealOp> g = new Traced<>(2, (b, x) -> List.of(
        b.apply(RealOp.EXP, x.get(0)), b.apply(RealOp.SIN, x.get(1))));
    Staged<RealOp, ScalarType, Double> f = g.stage(List.of(F64, F64));
    Staged<RealOp, ScalarType, Double> df = TransformSteps.jvp(f, null, 0);
    assertNull(df.outputs().get(3), "d sin(y) / dx is a symbolic zero");
    assertEquals(0.0, run(df, 1.0, 2.0, 1.0).get(3));
    // the seed of the second output is an input that no graph reads: still one per output
    Staged<RealOp, ScalarType, Double> vf = TransformSteps.vjp(f, null, 0);
    assertEquals(4, vf.arity());
    assertEquals(List.of(Math.E, Math.sin(2.0), 5 * Math.E), run(vf, 1.0, 2.0, 5.0, 7.0));
    // grad of a function that does not depend on its input: the transposed graph has no seed
    Traced<RealOp> constant = new Traced<>(2, (b, x) -> List.of(b.apply(RealOp.EXP, x.get(1))));
    assertEquals(
        List.of(0.0), run(TransformSteps.grad(constant.stage(List.of(F64, F64)), null, false, 0), 1.0, 2.0));
  }

  @Test
  void transformsComposeToAnyOrderWithoutCopyingGraphs() {
    Traced<RealOp> cube = new Traced<>(1, (b, x) -> List.of(
        b.apply(RealOp.MUL, b.apply(RealOp.MUL, x.get(0), x.get(0)), x.get(0))));
    Traceable<RealOp, ScalarType, Double> d3 =
        Transforms.grad(
            Transforms.grad(Transforms.grad(cube, REALS, false, 0), REALS, false, 0),
            REALS, false, 0);
    assertEquals("grad(grad(grad(f)))", d3.describe());
    Staged<RealOp, ScalarType, Double> staged = d3.stage(List.of(F64));
    assertEquals(List.of(6.0), run(staged, 1.7));
    // every graph reachable from the result is reached through parents, none is a copy: the
    // primal graph appears once, and each reverse step added exactly a linear and a transposed
    // graph (3 × 2 + 1)
    Set<Graph<RealOp>> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    ArrayDeque<Graph<RealOp>> queue = new ArrayDeque<>(staged.graphs());
    while (!queue.isEmpty()) {
      Graph<RealOp> g = queue.poll();
      if (seen.add(g)) {
        queue.addAll(g.parents());
      }
    }
    assertEquals(7, seen.size());
    long primal = seen.stream().filter(g -> g.parents().isEmpty()).count();
    assertEquals(1, primal);
    // and no graph defines again what another defines: the steps only resolve, never copy
    List<Graph<RealOp>> all = new ArrayList<>(seen);
    for (Graph<RealOp> g : all) {
      for (Graph<RealOp> other : all) {
        for (int node = 0; other != g && node < g.nodeCount(); node++) {
          assertEquals(-1, other.localValue(g.operationKey(node).output(0)), "a copied node");
        }
      }
    }
  }

  /** The examples of Transforms, TransformSteps and the package, over any set. */
  private static <Op extends Primitive<Op, ?>, T, V> List<V> examples(
      Traceable<Op, T, V> f, Domain<T, V> domain, FunctionCache<Op, T, V> cache, T type, V x) {
    Traceable<Op, T, V> g = Transforms.grad(f, domain, false, 0);
    Traceable<Op, T, V> hvp = Transforms.outputs(Transforms.jvp(g, 0), 1);
    Traceable<Op, T, V> d2f = Transforms.grad(Transforms.grad(f, domain, false, 0), domain, false, 0);
    V second = cache.get(d2f, List.of(type)).call(List.of(x)).get(0);

    Staged<Op, T, V> staged = f.stage(List.of(type));
    Staged<Op, T, V> df = TransformSteps.jvp(staged, null, 0);
    Staged<Op, T, V> vf = TransformSteps.vjp(staged, null, 0);
    Staged<Op, T, V> gf = TransformSteps.grad(staged, null, false, 0);
    assertEquals(List.of(2, 2, 1), List.of(df.arity(), vf.arity(), gf.arity()));
    return List.of(second, cache.call(hvp, List.of(x, x)).get(0));
  }

  @Test
  void transformsOfAnySetComposeAsTheirExamplesSay() {
    Traced<RealOp> cube = new Traced<>(1, (b, x) -> List.of(
        b.apply(RealOp.MUL, b.apply(RealOp.MUL, x.get(0), x.get(0)), x.get(0))));
    FunctionCache<RealOp, ScalarType, Double> cache =
        new FunctionCache<>(REALS, ProgramRunner.<RealOp, Double>interpreter(), 8);
    // (x³)'' = 6x; the Hessian-vector product at x along v = x is 6x·x
    assertEquals(List.of(6 * 1.5, 6 * 1.5 * 1.5), examples(cube, REALS, cache, F64, 1.5));
  }

  @Test
  void aTransformsContextIsPartOfItsValue() {
    Traced<RealOp> f = sinOfProduct();
    List<Traceable<RealOp, ScalarType, Double>> plain =
        List.of(
            Transforms.jvp(f, 0),
            Transforms.vjp(f, 1, 0),
            Transforms.grad(f, REALS, false, 0),
            Transforms.taylor(f, 2, false, 0),
            Transforms.derivatives(f, 2, 0));
    for (Traceable<RealOp, ScalarType, Double> t : plain) {
      Traceable<RealOp, ScalarType, Double> a = Transforms.inContext(t, List.of("a"));
      Traceable<RealOp, ScalarType, Double> equalToA = Transforms.inContext(t, List.of("a"));
      Traceable<RealOp, ScalarType, Double> b = Transforms.inContext(t, List.of("b"));
      assertEquals(a, equalToA, t.describe());
      assertEquals(a.hashCode(), equalToA.hashCode(), t.describe());
      assertTrue(!a.equals(b) && !a.equals(t) && !t.equals(a), t.describe());
    }
    // output selection calls no rule, so it has no context to carry
    Traceable<RealOp, ScalarType, Double> first = Transforms.outputs(f, 0);
    assertSame(first, Transforms.inContext(first, "a"));
  }

  @Test
  void theCacheCompilesOncePerFunctionAndTypes() {
    FunctionCache<RealOp, ScalarType, Double> cache = new FunctionCache<>(REALS, ProgramRunner.<RealOp, Double>interpreter(), 2);
    Traced<RealOp> f = sinOfProduct();
    Traceable<RealOp, ScalarType, Double> g = Transforms.grad(f, REALS, false, 1);
    CompiledFunction<RealOp, ScalarType, Double> first = cache.get(g, List.of(F64, F64));
    assertSame(first, cache.get(Transforms.grad(f, REALS, false, 1), List.of(F64, F64)));
    assertNotSame(first, cache.get(Transforms.grad(f, REALS, false, 0), List.of(F64, F64)));
    assertEquals(new FunctionCache.Stats(1, 2, 2), cache.stats());
    cache.get(Transforms.jvp(f, 0), List.of(F64, F64, F64)); // evicts the eldest
    assertEquals(2, cache.stats().size());
    assertEquals(List.of(Math.cos(1.5) * 0.5), first.call(List.of(0.5, 3.0)));
  }

  @Test
  void aMissingRuleIsAnADRuleErrorNamingFunctionPrimitiveAndRule() {
    Traced<BrokenOp> f = new Traced<>(1, (b, x) -> List.of(b.apply(BrokenOp.NO_JVP, x.get(0))));
    ScalarDomain reals = ScalarDomain.INSTANCE;
    FunctionCache<BrokenOp, ScalarType, Double> cache =
        new FunctionCache<>(reals, ProgramRunner.<BrokenOp, Double>interpreter(), 4);
    ADRuleError e =
        assertThrows(
            ADRuleError.class,
            () -> cache.get(Transforms.grad(f, reals, false, 0), List.of(F64)));
    assertEquals("NO_JVP", e.primitiveName());
    assertEquals(RuleKind.JVP, e.ruleKind());
    assertEquals(ADRuleError.Reason.UNSUPPORTED, e.reason());
    assertTrue(e.getMessage().startsWith("NO_JVP has no JVP rule"), e.getMessage());
    assertTrue(e.getMessage().endsWith(" (while staging grad(f))"), e.getMessage());
    assertEquals(
        e.getMessage().indexOf("while staging"),
        e.getMessage().lastIndexOf("while staging"),
        "the staged function is named once: " + e.getMessage());
  }

  @Test
  void argumentsAreChecked() {
    Traced<RealOp> f = sinOfProduct();
    IllegalArgumentException range =
        assertThrows(IllegalArgumentException.class, () -> Transforms.jvp(f, 2));
    assertEquals("jvp of f: argnum 2 is out of range for a function of 2 inputs", range.getMessage());
    IllegalArgumentException twice =
        assertThrows(IllegalArgumentException.class, () -> Transforms.vjp(f, 1, 0, 0));
    assertEquals("vjp of f: argnums [0, 0] lists 0 twice", twice.getMessage());
    IllegalArgumentException outputs =
        assertThrows(IllegalArgumentException.class, () -> Transforms.vjp(f, -1, 0));
    assertEquals(
        "vjp of f: it is given -1 outputs of f; give their number, 1 or more",
        outputs.getMessage());
    IllegalArgumentException index =
        assertThrows(IllegalArgumentException.class, () -> Transforms.outputs(f, 0, -1));
    assertEquals("outputs of f: output index -1 is negative", index.getMessage());
    CompiledFunction<RealOp, ScalarType, Double> c =
        new FunctionCache<RealOp, ScalarType, Double>(REALS, ProgramRunner.interpreter(), 1).get(f, List.of(F64, F64));
    IllegalArgumentException count =
        assertThrows(IllegalArgumentException.class, () -> c.call(List.of(1.0)));
    assertEquals("expected 2 arguments, got 1", count.getMessage());
  }
}
