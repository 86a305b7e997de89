package io.github.tidu4j.graph.bytecode;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.GraphOperation;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.ValueRef;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;

/**
 * Random programs over any operation set: operands drawn mostly from recent values and sometimes
 * from anywhere (so values live across method boundaries), several outputs that may be inputs or
 * repeat, and declared inputs that nothing may use.
 */
final class RandomPrograms {
  private RandomPrograms() {}

  static <Op extends GraphOperation> CompiledProgram<Op> generate(
      long seed, int inputs, int steps, int outputs, Function<Random, Op> operations) {
    Random rnd = new Random(seed);
    GraphBuilder<Op> b = Graph.builder();
    List<ValueRef.Local> values = new ArrayList<>();
    for (int i = 0; i < inputs; i++) {
      values.add(b.input("x" + i));
    }
    for (int s = 0; s < steps; s++) {
      Op op = operations.apply(rnd);
      ValueRef[] operands = new ValueRef[op.inputArity()];
      for (int j = 0; j < operands.length; j++) {
        operands[j] = values.get(pick(rnd, values.size()));
      }
      values.addAll(b.applyMulti(op, operands));
    }
    for (int o = 0; o < outputs; o++) {
      b.output(values.get(rnd.nextInt(4) == 0 ? rnd.nextInt(values.size()) : pick(rnd, values.size())));
    }
    return Graphs.compile(Graphs.materialize(b.build()));
  }

  /**
   * As {@link #generate}, but every operation's first operand is the previous operation's first
   * result, so no instruction is dead and the program keeps all {@code steps} of them; outputs are
   * drawn from anywhere.
   */
  static <Op extends GraphOperation> CompiledProgram<Op> chain(
      long seed, int inputs, int steps, int outputs, Function<Random, Op> operations) {
    Random rnd = new Random(seed);
    GraphBuilder<Op> b = Graph.builder();
    List<ValueRef.Local> values = new ArrayList<>();
    for (int i = 0; i < inputs; i++) {
      values.add(b.input("x" + i));
    }
    ValueRef.Local last = values.get(0);
    for (int s = 0; s < steps; s++) {
      Op op = operations.apply(rnd);
      ValueRef[] operands = new ValueRef[op.inputArity()];
      operands[0] = last;
      for (int j = 1; j < operands.length; j++) {
        operands[j] = values.get(rnd.nextInt(values.size()));
      }
      List<ValueRef.Local> results = b.applyMulti(op, operands);
      values.addAll(results);
      last = results.get(0);
    }
    b.output(last);
    for (int o = 1; o < outputs; o++) {
      b.output(values.get(rnd.nextInt(values.size())));
    }
    return Graphs.compile(Graphs.materialize(b.build()));
  }

  /** Mostly one of the last 8 values, sometimes any. */
  private static int pick(Random rnd, int size) {
    return rnd.nextInt(5) == 0 ? rnd.nextInt(size) : Math.max(0, size - 1 - rnd.nextInt(8));
  }
}
