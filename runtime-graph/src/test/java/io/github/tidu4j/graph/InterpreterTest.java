package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.tidu4j.graph.testing.Concurrently;
import io.github.tidu4j.graph.testing.Pipeline;
import io.github.tidu4j.graph.testing.RandDag;
import io.github.tidu4j.graph.testing.Scale;
import io.github.tidu4j.graph.testing.ScalarOp;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class InterpreterTest {

  private static CompiledProgram<ScalarOp> compile(Graph<ScalarOp> g) {
    return Graphs.compile(Pipeline.materialize(g));
  }


  @Test
  void evaluatesASingleOperation() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    CompiledProgram<ScalarOp> p = compile(b.output(b.apply(ScalarOp.EXP, b.input("x"))).build());
    assertEquals(List.of(Math.exp(-0.25)), Interpreter.eval(p, Map.of("x", -0.25)));
  }

  @Test
  void evaluatesAChain() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.input("y");
    ValueRef.Local v = b.apply(ScalarOp.MUL, x, y);
    v = b.apply(ScalarOp.SIN, v);
    v = b.apply(ScalarOp.NEG, v);
    v = b.apply(ScalarOp.ADD, v, x);
    v = b.apply(ScalarOp.EXP, v);
    CompiledProgram<ScalarOp> p = compile(b.output(b.apply(ScalarOp.COS, v)).build());
    double xv = 0.3;
    double yv = 1.7;
    double expected = Math.cos(Math.exp(-Math.sin(xv * yv) + xv));
    assertEquals(expected, Interpreter.<Double>eval(p, Map.of("x", xv, "y", yv)).get(0), 0.0);
  }

  @Test
  void oneProgramServesManyEvaluations() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.input("y");
    ValueRef.Local s = b.apply(ScalarOp.SIN, x);
    CompiledProgram<ScalarOp> p =
        compile(b.output(b.apply(ScalarOp.MUL, s, y)).output(b.apply(ScalarOp.ADD, s, y)).build());
    for (int i = 0; i < 200; i++) {
      double xv = i * 0.01 - 1.0;
      double yv = 3.0 - i * 0.02;
      List<Double> out = Interpreter.eval(p, Map.of("x", xv, "y", yv));
      assertEquals(List.of(Math.sin(xv) * yv, Math.sin(xv) + yv), out, "evaluation " + i);
    }
  }

  @Test
  void evaluatesMultiOutputOperations() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    List<ValueRef.Local> sc = b.applyMulti(ScalarOp.SIN_COS, x);
    ValueRef.Local sum = b.apply(ScalarOp.ADD, sc.get(0), sc.get(1));
    CompiledProgram<ScalarOp> p = compile(b.outputs(List.of(sc.get(1), sc.get(0), sum)).build());
    List<Double> out = Interpreter.eval(p, Map.of("x", 0.9));
    assertEquals(List.of(Math.cos(0.9), Math.sin(0.9), Math.sin(0.9) + Math.cos(0.9)), out);
  }

  @Test
  void evaluatesAttributeCarryingOperations() {
    GraphBuilder<Scale> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    Graph<Scale> g = b.output(b.apply(new Scale(-3.0), b.apply(new Scale(0.5), x))).build();
    assertEquals(List.of(-3.0 * (0.5 * 1.25)), Pipeline.eval(g, Map.of("x", 1.25)));
  }

  @Test
  void positionalEvaluationAgreesWithKeyedEvaluation() {
    CompiledProgram<ScalarOp> p = compile(RandDag.generate(300, 3).build());
    List<Object> keys = p.inputKeys();
    Map<Object, Double> byKey = Pipeline.bindByIndex(RandDag.INPUT_VALUES);
    List<Double> positional = new ArrayList<>();
    for (Object key : keys) {
      positional.add(byKey.get(key));
    }
    assertEquals(Interpreter.eval(p, byKey), Interpreter.evalPositional(p, positional));
  }

  static LongStream seeds() {
    return LongStream.rangeClosed(1, 20);
  }

  @ParameterizedTest(name = "RandDAG(1000, seed {0})")
  @MethodSource("seeds")
  void randDagResultsEqualTheDirectEvaluationExactly(long seed) {
    RandDag dag = RandDag.generate(1_000, seed);
    CompiledProgram<ScalarOp> p = compile(dag.build());
    double[] inputs = RandDag.INPUT_VALUES;
    List<Double> y = Interpreter.eval(p, Pipeline.bindByIndex(inputs));
    assertEquals(dag.evaluate(inputs), y.get(0));
    double[] other = {-0.7, 1.3, 0.05, 2.5};
    List<Double> yOther = Interpreter.eval(p, Pipeline.bindByIndex(other));
    assertEquals(dag.evaluate(other), yOther.get(0));
  }

  @Test
  @Timeout(60)
  void oneProgramEvaluatesCorrectlyFromManyThreads() throws Exception {
    RandDag dag = RandDag.generate(1_000, 11);
    CompiledProgram<ScalarOp> p = compile(dag.build());
    int threads = 8;
    int evaluationsPerThread = 200;
    List<Integer> correct =
        Concurrently.run(
            threads,
            thread -> {
              int ok = 0;
              for (int i = 0; i < evaluationsPerThread; i++) {
                double[] in = {0.1 * thread, 0.01 * i, -0.3 + thread * 0.001 * i, 1.0 / (1 + i)};
                double got = Interpreter.<Double>eval(p, Pipeline.bindByIndex(in)).get(0);
                if (Double.compare(got, dag.evaluate(in)) == 0) {
                  ok++;
                }
              }
              return ok;
            });
    for (int t = 0; t < threads; t++) {
      assertEquals(evaluationsPerThread, correct.get(t), "thread " + t);
    }
  }
}
