package io.github.tidu4j.primitives.scalar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.bytecode.BytecodeCompiler;
import io.github.tidu4j.graph.bytecode.TieredRunner;
import io.github.tidu4j.graph.bytecode.TieredRunners;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The functional API over the shipped scalar set with tiered evaluation (the generated {@link
 * ScalarEvaluator} first, bytecode from {@link ScalarKernels} once hot), and the examples of
 * {@link TieredRunners}, {@link TieredRunner} and {@link BytecodeCompiler#runners()}.
 */
class TieredScalarAutodiffTest {
  private final ScalarAutodiff<ScalarOp> switchOnly =
      ScalarAutodiff.of(ScalarOp.class, ScalarEvaluator::new);

  /** (y sin y)'' = 2 cos y − y sin y, traced anew. */
  private static ScalarFunction<ScalarOp> secondDerivative(ScalarAutodiff<ScalarOp> ad) {
    ScalarFunction<ScalarOp> h = ad.function(ScalarValue.unary(y -> y.sin().mul(y)));
    return ad.grad(ad.grad(h));
  }

  @Test
  void tieredFunctionsGiveTheSwitchEvaluatorsResultsBeforeAndAfterPromotion() {
    TieredRunners<ScalarOp, Double> tiered =
        TieredRunners.builder(ScalarEvaluator::new, new BytecodeCompiler<>(ScalarKernels.kernelSet()))
            .threshold(3)
            .synchronous()
            .build();
    ScalarAutodiff<ScalarOp> ad = ScalarAutodiff.of(ScalarOp.class, tiered);
    ScalarFunction<ScalarOp> d2 = secondDerivative(ad);
    ScalarFunction<ScalarOp> reference = secondDerivative(switchOnly);
    for (int call = 0; call < 6; call++) {
      double x = 0.1 * call;
      assertEquals(
          Double.doubleToLongBits(reference.apply(x)),
          Double.doubleToLongBits(d2.apply(x)),
          "call " + (call + 1));
      assertEquals(call < 2 ? 0 : 1, tiered.stats().promoted(), "after call " + (call + 1));
    }
    assertEquals(1, tiered.stats().prepared());
  }

  @Test
  void theTieredFactoryOfScalarAutodiffStartsOnTheSwitchEvaluator() {
    ScalarAutodiff<ScalarOp> ad = ScalarAutodiff.of(ScalarOp.class, ScalarEvaluator::new, ScalarKernels::kernelSet);
    ScalarFunction<ScalarOp> d2 = secondDerivative(ad);
    ScalarFunction<ScalarOp> reference = secondDerivative(switchOnly);
    for (int call = 0; call < 100; call++) {
      double x = 0.01 * call;
      assertEquals(
          Double.doubleToLongBits(reference.apply(x)), Double.doubleToLongBits(d2.apply(x)));
    }
    assertEquals(1, ad.cacheStats().compilations());
    // the tier's counters, which a user of this factory holds no TieredRunners to ask
    assertEquals(1, ad.tierStats().orElseThrow().prepared());
    assertEquals(0, ad.tierStats().orElseThrow().failed());
    assertEquals("ScalarAutodiff[tiered, 1 compiled, 99 hits]", ad.toString());
    assertTrue(switchOnly.tierStats().isEmpty(), "one tier: no tier counters");
  }

  @Test
  void tieredRunnersExample() {
    TieredRunners<ScalarOp, Double> tiered = TieredRunners.of(ScalarEvaluator::new, ScalarKernels::kernelSet);
    ScalarAutodiff<ScalarOp> ad = ScalarAutodiff.of(ScalarOp.class, tiered);
    double d = ad.grad(ad.function(ScalarValue.unary(x -> x.sin()))).apply(0.5);   // cos 0.5, on the first tier
    TieredRunners.Stats stats = tiered.stats();   // 1 program prepared, none promoted yet
    assertEquals(Trig.cos(0.5), d);
    assertEquals(1, stats.prepared());
    assertEquals(0, stats.requested());
    assertEquals(0, stats.promoted());

    TieredRunners<ScalarOp, Double> forTests =
        TieredRunners.builder(ScalarEvaluator::new, new BytecodeCompiler<>(ScalarKernels.kernelSet()))
            .threshold(3)
            .synchronous()
            .build();
    CompiledProgram<ScalarOp> program = sinProgram();
    TieredRunner<Double> r = forTests.prepare(program);
    List<Double> y = r.run(List.of(0.5));   // on the first tier; the third call asks for bytecode
    TieredRunner.State s = r.state();       // COUNTING until then
    assertEquals(List.of(Trig.sin(0.5)), y);
    assertEquals(TieredRunner.State.COUNTING, s);
    r.run(List.of(0.5));
    assertEquals(TieredRunner.State.COUNTING, r.state());
    r.run(List.of(0.5));
    assertEquals(TieredRunner.State.BYTECODE, r.state());
    assertEquals(List.of(Trig.sin(0.5)), r.run(List.of(0.5)));
  }

  @Test
  void bytecodeFromTheFirstCallExample() {
    BytecodeCompiler<ScalarOp> compiler = new BytecodeCompiler<>(ScalarKernels.kernelSet());
    ScalarAutodiff<ScalarOp> ad = ScalarAutodiff.of(ScalarOp.class, compiler.runners());
    assertEquals(
        Double.doubleToLongBits(secondDerivative(switchOnly).apply(0.7)),
        Double.doubleToLongBits(secondDerivative(ad).apply(0.7)));
    assertTrue(compiler.misses() >= 1, "compiled when prepared");
  }

  private static CompiledProgram<ScalarOp> sinProgram() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    return Graphs.compile(Graphs.materialize(b.output(b.apply(ScalarOp.SIN, b.input("x"))).build()));
  }
}
