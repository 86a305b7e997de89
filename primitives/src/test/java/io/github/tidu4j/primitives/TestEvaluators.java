package io.github.tidu4j.primitives;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.tidu4j.ad.check.Evaluator;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.graph.bytecode.BytecodeCompiler;
import io.github.tidu4j.graph.bytecode.BytecodeProgram;
import io.github.tidu4j.graph.bytecode.KernelSet;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Evaluates tensor graphs in tests by all three tiers — the reference {@link Interpreter}, the
 * generated {@link TensorEvaluator} and a bytecode program built from {@link TensorKernels} —
 * asserting that they agree bit for bit ({@link Tensor#equals} is exact).
 */
public final class TestEvaluators {
  private TestEvaluators() {}

  /** One compiler for the whole test run: its cache is what a long-running user would have. */
  private static final BytecodeCompiler<TensorOp> BYTECODE =
      new BytecodeCompiler<>(KernelSet.of(Tensor.class, TensorKernels.TABLE, TensorOp::opcode));

  /**
   * For the gradient checker: every program it evaluates runs through the three tiers, compared
   * bit for bit.
   */
  public static final Evaluator<TensorOp, Tensor> ALL_TIERS = TestEvaluators::prepare;

  public static Function<Map<Object, Tensor>, List<Tensor>> prepare(
      List<Graph<TensorOp>> roots, List<ValueKey> outputs) {
    CompiledProgram<TensorOp> program = Graphs.compile(Graphs.resolve(roots), outputs);
    TensorEvaluator generated = new TensorEvaluator(program);
    BytecodeProgram<TensorOp> bytecode = BYTECODE.compile(program);
    return bound -> {
      List<Tensor> interpreted = Interpreter.eval(program, bound);
      assertEquals(
          interpreted,
          Arrays.asList(generated.evaluate(bound)),
          "the generated evaluator differs from the interpreter");
      assertEquals(
          interpreted, bytecode.<Tensor>eval(bound), "the bytecode program differs from the interpreter");
      return interpreted;
    };
  }

  /** The values of {@code outputs}, defined by {@code roots} or their parents. */
  public static List<Tensor> eval(
      List<Graph<TensorOp>> roots, List<ValueKey> outputs, Map<Object, Tensor> bindings) {
    return prepare(roots, outputs).apply(bindings);
  }

  /** One output of one graph. */
  public static Tensor eval1(Graph<TensorOp> root, ValueKey output, Map<Object, Tensor> bindings) {
    return eval(List.of(root), List.of(output), bindings).get(0);
  }

  /**
   * The structural key of the node that computes {@code v}, a value its builder made: two values
   * have equal keys when they are one operation on equal operands, however it was spelled.
   */
  public static ValueKey key(TensorValue v) {
    return v.builder().graph().valueKey(((ValueRef.Local) v.ref()).id());
  }

  /** The operation of the node that computes {@code g}'s output {@code i}. */
  public static TensorOp outputOperation(Graph<TensorOp> g, int i) {
    return g.operation(g.producer(g.outputLocal(i)));
  }

  /** How many nodes of {@code g} apply the primitive named {@code name}. */
  public static int count(Graph<TensorOp> g, String name) {
    int n = 0;
    for (int node = 0; node < g.nodeCount(); node++) {
      if (g.operation(node).name().equals(name)) {
        n++;
      }
    }
    return n;
  }
}
