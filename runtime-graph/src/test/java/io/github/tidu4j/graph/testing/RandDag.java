package io.github.tidu4j.graph.testing;

import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.ValueRef;

/**
 * The RandDAG(n, seed) workload of bench/README.md: a reproducible random scalar DAG over Add, Mul,
 * Sin and Cos with inputs x0..x3 (input keys 0..3, values 0.1 .. 0.4), each step combining the
 * last value with one of the 16 before it. Every implementation that follows this recipe measures
 * the same graph.
 */
public final class RandDag {
  /** The input values x0..x3. */
  public static final double[] INPUT_VALUES = {0.1, 0.2, 0.3, 0.4};

  private final int[] kinds;
  private final int[] others;

  private RandDag(int[] kinds, int[] others) {
    this.kinds = kinds;
    this.others = others;
  }

  /**
   * Generates the operation sequence. Value {@code 4 + i} is step {@code i}: {@code kind(i)} is 0
   * Add, 1 Mul, 2 Sin, 3 Cos, applied to value {@code 3 + i} and, for binary kinds, {@code other(i)}.
   */
  public static RandDag generate(int n, long seed) {
    int[] kinds = new int[n];
    int[] others = new int[n];
    long s = seed;
    for (int i = 0; i < n; i++) {
      s = s * 6364136223846793005L + 1442695040888963407L;
      long r = s >>> 33;
      s = s * 6364136223846793005L + 1442695040888963407L;
      long next = s >>> 33;
      int len = 4 + i;
      int w = Math.min(len, 16);
      kinds[i] = (int) (r % 4);
      others[i] = (int) (len - 1 - (next % w));
    }
    return new RandDag(kinds, others);
  }

  /** The number of steps. */
  public int size() {
    return kinds.length;
  }

  /** 0 Add, 1 Mul, 2 Sin, 3 Cos. */
  public int kind(int step) {
    return kinds[step];
  }

  /** The value index of the second operand of step {@code step} (values 0..3 are the inputs). */
  public int other(int step) {
    return others[step];
  }

  /** The scalar operation of step {@code step}. */
  public ScalarOp operation(int step) {
    switch (kinds[step]) {
      case 0: return ScalarOp.ADD;
      case 1: return ScalarOp.MUL;
      case 2: return ScalarOp.SIN;
      default: return ScalarOp.COS;
    }
  }

  /** Builds the DAG as a graph with input keys 0..3 (Integers) and one output, the last value. */
  public Graph<ScalarOp> build() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local[] values = new ValueRef.Local[4 + kinds.length];
    for (int i = 0; i < 4; i++) {
      values[i] = b.input(i);
    }
    for (int i = 0; i < kinds.length; i++) {
      ValueRef.Local last = values[3 + i];
      ScalarOp op = operation(i);
      values[4 + i] =
          op.inputArity() == 2 ? b.apply(op, last, values[others[i]]) : b.apply(op, last);
    }
    return b.output(values[values.length - 1]).build();
  }

  /** The output computed directly over arrays, for checking the engine's evaluators. */
  public double evaluate(double[] inputs) {
    double[] v = new double[4 + kinds.length];
    System.arraycopy(inputs, 0, v, 0, 4);
    for (int i = 0; i < kinds.length; i++) {
      double last = v[3 + i];
      switch (kinds[i]) {
        case 0: v[4 + i] = last + v[others[i]]; break;
        case 1: v[4 + i] = last * v[others[i]]; break;
        case 2: v[4 + i] = Math.sin(last); break;
        default: v[4 + i] = Math.cos(last); break;
      }
    }
    return v[v.length - 1];
  }
}
