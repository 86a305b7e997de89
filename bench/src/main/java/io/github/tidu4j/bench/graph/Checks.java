package io.github.tidu4j.bench.graph;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.MaterializedGraph;
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.graph.testing.RandDag;
import io.github.tidu4j.graph.testing.ScalarOp;
import java.util.List;

/** Trial-setup checks and helpers shared by the graph benchmarks; never timed. */
final class Checks {
  private Checks() {}

  /**
   * Fails the trial unless the pipeline's output has one node and one instruction per primal
   * operation (the denominator of every ns/op figure) and the interpreter agrees with the
   * hand-written primal (bit for bit; NaNs compare equal, values overflow from n = 10^5 on).
   */
  static void pipeline(
      int n,
      RandDag dag,
      double[] inputs,
      MaterializedGraph<ScalarOp> materialized,
      CompiledProgram<ScalarOp> program,
      List<Double> boxedInputs) {
    if (materialized.nodeCount() != n || program.instructionCount() != n) {
      throw new IllegalStateException(
          "expected "
              + n
              + " nodes and instructions, got "
              + materialized.nodeCount()
              + " and "
              + program.instructionCount());
    }
    double expected = dag.evaluate(inputs);
    double actual = Interpreter.<Double>evalPositional(program, boxedInputs).get(0);
    if (Double.compare(expected, actual) != 0) {
      throw new IllegalStateException(
          "interpreter gives " + actual + ", hand-written primal " + expected + " (n = " + n + ")");
    }
  }

  /**
   * The boxed input values in the order of {@code program.inputKeys()}: the inputs the outputs
   * reach, in the order the graph declares them. Input key {@code k} (an Integer) takes {@code
   * values[k]}.
   */
  static List<Double> positionalInputs(CompiledProgram<?> program, double[] values) {
    List<Object> keys = program.inputKeys();
    Double[] boxed = new Double[keys.size()];
    for (int i = 0; i < boxed.length; i++) {
      boxed[i] = values[(Integer) keys.get(i)];
    }
    return List.of(boxed);
  }

  /**
   * RandDag.build() with other input keys: the same graph, structurally, but every key (input,
   * operation, value) is new when {@code inputKeys} are, so every interning misses.
   */
  static Graph<ScalarOp> build(RandDag dag, Object[] inputKeys) {
    int n = dag.size();
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local[] values = new ValueRef.Local[4 + n];
    for (int i = 0; i < 4; i++) {
      values[i] = b.input(inputKeys[i]);
    }
    for (int i = 0; i < n; i++) {
      ValueRef.Local last = values[3 + i];
      ScalarOp op = dag.operation(i);
      values[4 + i] =
          op.inputArity() == 2 ? b.apply(op, last, values[dag.other(i)]) : b.apply(op, last);
    }
    return b.output(values[values.length - 1]).build();
  }

  /** An input key equal only to itself, so that graphs built on it share no key with others. */
  static final class FreshKey {
    @Override
    public String toString() {
      return "fresh@" + Integer.toHexString(System.identityHashCode(this));
    }
  }
}
