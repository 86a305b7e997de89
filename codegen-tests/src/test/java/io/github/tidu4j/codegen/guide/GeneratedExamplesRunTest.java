package io.github.tidu4j.codegen.guide;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.tidu4j.ad.eager.EagerRuntime;
import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.fixtures.EagerReal;
import io.github.tidu4j.fixtures.RealBuilder;
import io.github.tidu4j.fixtures.RealEmit;
import io.github.tidu4j.fixtures.RealEvaluator;
import io.github.tidu4j.fixtures.RealKernels;
import io.github.tidu4j.fixtures.RealOp;
import io.github.tidu4j.fixtures.RealValue;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.graph.bytecode.BytecodeCompiler;
import io.github.tidu4j.graph.bytecode.BytecodeProgram;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The examples in the Javadoc the processor generates, as generated for the {@code Real} fixture
 * set (JavadocExamplesCompiledTest holds them to this file), run with their results.
 */
class GeneratedExamplesRunTest {

  /** {@code RealEmit}'s example: a JVP rule written with the emitter (Add's, given its primals). */
  static final class AddRule {
    static Tangent jvp(RealEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(da, db);
    }
  }

  /** {@code 2·x}: {@code x + x} at {@code x}. */
  private static CompiledProgram<RealOp> twice() {
    RealBuilder b = RealBuilder.create();
    RealValue x = b.input("x");
    return Graphs.compile(Graphs.materialize(b.build(x.add(x))));
  }

  @Test
  void realOp() {
    GraphBuilder<RealOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.apply(RealOp.ADD, x, x);
    Graph<RealOp> g = b.output(y).build();
    assertEquals(List.of(1.0), Interpreter.eval(Graphs.compile(Graphs.materialize(g)), Map.of("x", 0.5)));
  }

  @Test
  void realBuilderAndRealValue() {
    RealBuilder b = RealBuilder.create();
    RealValue x = b.input("x");
    Graph<RealOp> g = b.build(x.add(x));
    assertEquals(List.of(3.0), Interpreter.eval(Graphs.compile(Graphs.materialize(g)), Map.of("x", 1.5)));
  }

  @Test
  void realEvaluator() {
    CompiledProgram<RealOp> program = twice();
    double[] inputs = {0.25};
    RealEvaluator evaluator = new RealEvaluator(program);
    double[] outputs = evaluator.evaluate(inputs);
    assertArrayEquals(new double[] {0.5}, outputs);
  }

  @Test
  void realKernels() {
    CompiledProgram<RealOp> program = twice();
    Map<String, Double> inputsByKey = Map.of("x", 2.0);
    BytecodeProgram<RealOp> p = new BytecodeCompiler<>(RealKernels.kernelSet()).compile(program);
    List<Object> y = p.eval(inputsByKey);
    assertEquals(List.of(4.0), y);
  }

  @Test
  void eagerReal() {
    EagerRuntime<Double, EagerReal> rt = EagerReal.newRuntime();
    EagerReal x = rt.variable(3.0);
    x.add(x).backward();
    x.grad();   // 2.0
    assertEquals(2.0, x.grad());
  }
}
