package io.github.tidu4j.graph.bytecode;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.GraphOperation;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.graph.testing.ScalarOp;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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

  /**
   * A random program of Add, Mul, Sin and Cos where the sines and cosines often share arguments:
   * each takes, half the time, the argument of an earlier sine or cosine, near or far back.
   */
  static CompiledProgram<ScalarOp> trigPairs(long seed, int steps) {
    Random rnd = new Random(seed);
    GraphBuilder<ScalarOp> b = Graph.builder();
    List<ValueRef.Local> values = new ArrayList<>();
    List<ValueRef.Local> trigArguments = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      values.add(b.input("x" + i));
    }
    for (int s = 0; s < steps; s++) {
      int kind = rnd.nextInt(4);
      ValueRef.Local a = values.get(values.size() - 1 - rnd.nextInt(Math.min(8, values.size())));
      if (kind < 2) {
        ValueRef.Local other = values.get(rnd.nextInt(values.size()));
        values.add(b.apply(kind == 0 ? ScalarOp.ADD : ScalarOp.MUL, a, other));
      } else {
        if (!trigArguments.isEmpty() && rnd.nextBoolean()) {
          a = trigArguments.get(trigArguments.size() - 1 - rnd.nextInt(Math.min(50, trigArguments.size())));
        }
        trigArguments.add(a);
        values.add(b.apply(kind == 2 ? ScalarOp.SIN : ScalarOp.COS, a));
      }
    }
    // every value an output, so nothing is dead and the pairs stay
    for (int i = values.size() - 40; i < values.size(); i++) {
      b.output(values.get(i));
    }
    ValueRef.Local sum = values.get(4);
    for (int i = 5; i < values.size(); i++) {
      sum = b.apply(ScalarOp.ADD, sum, values.get(i));
    }
    b.output(sum);
    return Graphs.compile(Graphs.materialize(b.build()));
  }

  /** The number of values the program applies both SIN and COS to. */
  static long pairCount(CompiledProgram<ScalarOp> program) {
    return sharedCalls(program, List.of(ScalarOp.SIN, ScalarOp.COS));
  }

  /**
   * A random program of Add and Mul and of Exp, Neg, Sin and Cos applied, half the time, to the
   * argument of an earlier one of them, so that one value often has two or three of Exp, Neg and
   * Sin applied to it (the joint kernel {@code ScalarKernels.JOINT_OF_THREE}). Every value is
   * summed into an output, so nothing is dead.
   */
  static CompiledProgram<ScalarOp> unaryGroups(long seed, int steps) {
    Random rnd = new Random(seed);
    GraphBuilder<ScalarOp> b = Graph.builder();
    List<ValueRef.Local> values = new ArrayList<>();
    List<ValueRef.Local> unaryArguments = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      values.add(b.input("x" + i));
    }
    ScalarOp[] unary = {ScalarOp.EXP, ScalarOp.NEG, ScalarOp.SIN, ScalarOp.COS};
    for (int s = 0; s < steps; s++) {
      int kind = rnd.nextInt(6);
      // bounded operands keep exp finite: every value is the sine of one or its sum with an input
      ValueRef.Local a = values.get(values.size() - 1 - rnd.nextInt(Math.min(8, values.size())));
      if (kind < 2) {
        ValueRef.Local other = values.get(rnd.nextInt(4));
        values.add(b.apply(ScalarOp.SIN, b.apply(kind == 0 ? ScalarOp.ADD : ScalarOp.MUL, a, other)));
      } else {
        if (!unaryArguments.isEmpty() && rnd.nextBoolean()) {
          a = unaryArguments.get(
              unaryArguments.size() - 1 - rnd.nextInt(Math.min(30, unaryArguments.size())));
        }
        unaryArguments.add(a);
        values.add(b.apply(ScalarOp.SIN, b.apply(unary[kind - 2], a)));
      }
    }
    ValueRef.Local sum = values.get(4);
    for (int i = 5; i < values.size(); i++) {
      sum = b.apply(ScalarOp.ADD, sum, values.get(i));
    }
    b.output(sum);
    return Graphs.compile(Graphs.materialize(b.build()));
  }

  /**
   * The number of values to which {@code program} applies two or more distinct operations of
   * {@code joint}: the calls a joint kernel of those operations shares.
   */
  static long sharedCalls(CompiledProgram<ScalarOp> program, List<ScalarOp> joint) {
    int[] current = new int[program.slotCount()];
    int next = 0;
    for (int i = 0; i < program.inputCount(); i++) {
      current[program.inputSlot(i)] = next++;
    }
    Map<Integer, Integer> opsOf = new HashMap<>();
    for (int i = 0; i < program.instructionCount(); i++) {
      int position = joint.indexOf(program.operation(i));
      if (position >= 0) {
        opsOf.merge(current[program.argumentSlot(i, 0)], 1 << position, (u, v) -> u | v);
      }
      for (int r = 0; r < program.resultCount(i); r++) {
        current[program.resultSlot(i, r)] = next++;
      }
    }
    return opsOf.values().stream().filter(m -> Integer.bitCount(m) >= 2).count();
  }

  /** Mostly one of the last 8 values, sometimes any. */
  private static int pick(Random rnd, int size) {
    return rnd.nextInt(5) == 0 ? rnd.nextInt(size) : Math.max(0, size - 1 - rnd.nextInt(8));
  }
}
