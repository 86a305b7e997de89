package io.github.tidu4j.ad.testing;

import static io.github.tidu4j.ad.testing.Fold.sum;
import static io.github.tidu4j.ad.testing.Fold.bilinear;
import static io.github.tidu4j.ad.testing.Fold.linear;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.Primitive;
import io.github.tidu4j.ad.PrimitiveBuilder;
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.ad.RuleKind;
import io.github.tidu4j.graph.ActiveMask;
import io.github.tidu4j.graph.EvaluableGraphOperation;
import java.util.Arrays;
import java.util.List;

/**
 * A hand-written set over small f64 vectors ({@code double[]}; a scalar is a vector of length 1):
 * elementwise Add, Mul, Exp, and ReduceSum / BroadcastInDim, each other's transpose. Operations
 * with attributes are records, so they have structural identity.
 */
public sealed interface VecOp extends Primitive<VecOp, Void>, EvaluableGraphOperation<double[]> {
  VecOp ADD = new Add();
  VecOp MUL = new Mul();
  VecOp EXP = new Exp();

  @Override
  default VecOp add() {
    return ADD;
  }

  @Override
  default int outputArity() {
    return 1;
  }

  /** Elementwise sum. */
  record Add() implements VecOp {
    public int inputArity() { return 2; }

    public List<double[]> eval(List<double[]> in) {
      double[] a = in.get(0), c = in.get(1);
      checkSameLength(this, a, c);
      double[] r = new double[a.length];
      for (int i = 0; i < a.length; i++) r[i] = a[i] + c[i];
      return List.of(r);
    }

    public List<ValueRef> jvp(PrimitiveBuilder<VecOp> b, List<ValueRef> x,
        List<ValueRef> y, List<ValueRef> dx, Void ctx) {
      return Arrays.asList(sum(b, ADD, dx.get(0), dx.get(1)));
    }

    public List<ValueRef> transpose(PrimitiveBuilder<VecOp> b, List<ValueRef> ct,
        List<ValueRef> in, ActiveMask mask, Void ctx) {
      return Arrays.asList(ct.get(0), ct.get(0));
    }
  }

  /** Elementwise product. */
  record Mul() implements VecOp {
    public int inputArity() { return 2; }

    public List<double[]> eval(List<double[]> in) {
      double[] a = in.get(0), c = in.get(1);
      checkSameLength(this, a, c);
      double[] r = new double[a.length];
      for (int i = 0; i < a.length; i++) r[i] = a[i] * c[i];
      return List.of(r);
    }

    public List<ValueRef> jvp(PrimitiveBuilder<VecOp> b, List<ValueRef> x,
        List<ValueRef> y, List<ValueRef> dx, Void ctx) {
      return Arrays.asList(sum(b, ADD, bilinear(b, MUL, x.get(1), dx.get(0)),
          bilinear(b, MUL, x.get(0), dx.get(1))));
    }

    public List<ValueRef> transpose(PrimitiveBuilder<VecOp> b, List<ValueRef> ct,
        List<ValueRef> in, ActiveMask mask, Void ctx) {
      if (mask.activeCount() != 1) {
        throw ADRuleError.invalidResult(name(), RuleKind.TRANSPOSE, "Mul is not linear in both operands at once");
      }
      return mask.isActive(0)
          ? Arrays.asList(b.apply(MUL, in.get(1), ct.get(0)), null)
          : Arrays.asList(null, b.apply(MUL, in.get(0), ct.get(0)));
    }
  }

  /** Elementwise exponential; never linear, so no transpose rule. */
  record Exp() implements VecOp {
    public int inputArity() { return 1; }

    public List<double[]> eval(List<double[]> in) {
      double[] a = in.get(0);
      double[] r = new double[a.length];
      for (int i = 0; i < a.length; i++) r[i] = Math.exp(a[i]);
      return List.of(r);
    }

    public List<ValueRef> jvp(PrimitiveBuilder<VecOp> b, List<ValueRef> x,
        List<ValueRef> y, List<ValueRef> dx, Void ctx) {
      return Arrays.asList(b.apply(MUL, y.get(0), dx.get(0)));
    }
  }

  /** Sum of a length-{@code n} vector, as a length-1 vector. */
  record ReduceSum(int n) implements VecOp {
    public int inputArity() { return 1; }

    public List<double[]> eval(List<double[]> in) {
      double[] a = in.get(0);
      checkLength(this, a, n);
      double s = 0;
      for (double v : a) s += v;
      return List.of(new double[] {s});
    }

    public List<ValueRef> jvp(PrimitiveBuilder<VecOp> b, List<ValueRef> x,
        List<ValueRef> y, List<ValueRef> dx, Void ctx) {
      return Arrays.asList(linear(b, this, dx.get(0)));
    }

    public List<ValueRef> transpose(PrimitiveBuilder<VecOp> b, List<ValueRef> ct,
        List<ValueRef> in, ActiveMask mask, Void ctx) {
      return Arrays.asList(b.apply(new BroadcastInDim(n), ct.get(0)));
    }
  }

  /** A length-1 vector repeated {@code n} times. */
  record BroadcastInDim(int n) implements VecOp {
    public int inputArity() { return 1; }

    public List<double[]> eval(List<double[]> in) {
      double[] a = in.get(0);
      checkLength(this, a, 1);
      double[] r = new double[n];
      Arrays.fill(r, a[0]);
      return List.of(r);
    }

    public List<ValueRef> jvp(PrimitiveBuilder<VecOp> b, List<ValueRef> x,
        List<ValueRef> y, List<ValueRef> dx, Void ctx) {
      return Arrays.asList(linear(b, this, dx.get(0)));
    }

    public List<ValueRef> transpose(PrimitiveBuilder<VecOp> b, List<ValueRef> ct,
        List<ValueRef> in, ActiveMask mask, Void ctx) {
      return Arrays.asList(b.apply(new ReduceSum(n), ct.get(0)));
    }
  }

  private static void checkSameLength(VecOp op, double[] a, double[] c) {
    if (a.length != c.length) {
      throw new IllegalArgumentException(op.name() + " of lengths " + a.length + " and " + c.length);
    }
  }

  private static void checkLength(VecOp op, double[] a, int n) {
    if (a.length != n) {
      throw new IllegalArgumentException(op.name() + " expects length " + n + ", got " + a.length);
    }
  }
}
