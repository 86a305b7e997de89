package io.github.tidu4j.ad.testing;

import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.graph.testing.RandDag;

/** The RandDAG workload built over the differentiable {@link RealOp} set. */
public final class RealRandDag {
  private RealRandDag() {}

  private static final RealOp[] KINDS = {RealOp.ADD, RealOp.MUL, RealOp.SIN, RealOp.COS};

  /** The graph of {@code dag}, inputs keyed 0..3 (Integers), one output: the last value. */
  public static Graph<RealOp> build(RandDag dag) {
    GraphBuilder<RealOp> b = Graph.builder();
    ValueRef.Local[] values = new ValueRef.Local[4 + dag.size()];
    for (int i = 0; i < 4; i++) {
      values[i] = b.input(i);
    }
    for (int i = 0; i < dag.size(); i++) {
      RealOp op = KINDS[dag.kind(i)];
      ValueRef.Local last = values[3 + i];
      values[4 + i] =
          op.inputArity() == 2 ? b.apply(op, last, values[dag.other(i)]) : b.apply(op, last);
    }
    return b.output(values[values.length - 1]).build();
  }

  /**
   * The gradient of the output with respect to x0..x3, by hand: a forward sweep over arrays, then
   * a reverse sweep. The reference the transforms are checked against.
   */
  public static double[] gradient(RandDag dag, double[] inputs) {
    int n = dag.size();
    double[] v = new double[4 + n];
    System.arraycopy(inputs, 0, v, 0, 4);
    for (int i = 0; i < n; i++) {
      double last = v[3 + i];
      switch (dag.kind(i)) {
        case 0: v[4 + i] = last + v[dag.other(i)]; break;
        case 1: v[4 + i] = last * v[dag.other(i)]; break;
        case 2: v[4 + i] = Math.sin(last); break;
        default: v[4 + i] = Math.cos(last); break;
      }
    }
    double[] ct = new double[4 + n];
    ct[3 + n] = 1;
    for (int i = n - 1; i >= 0; i--) {
      double c = ct[4 + i];
      double last = v[3 + i];
      switch (dag.kind(i)) {
        case 0: ct[3 + i] += c; ct[dag.other(i)] += c; break;
        case 1: ct[3 + i] += c * v[dag.other(i)]; ct[dag.other(i)] += c * last; break;
        case 2: ct[3 + i] += c * Math.cos(last); break;
        default: ct[3 + i] -= c * Math.sin(last); break;
      }
    }
    return new double[] {ct[0], ct[1], ct[2], ct[3]};
  }
}
