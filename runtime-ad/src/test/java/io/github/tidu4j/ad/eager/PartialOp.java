package io.github.tidu4j.ad.eager;

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
 * A tiny real set where FLOOR has no rules at all: any transform that touches it fails with an
 * {@link ADRuleError} naming it, so a test can prove a branch was never linearized.
 */
enum PartialOp implements Primitive<PartialOp, Void>, EvaluableGraphOperation<Double> {
  ADD,
  MUL,
  FLOOR;

  @Override
  public int inputArity() {
    return this == FLOOR ? 1 : 2;
  }

  @Override
  public int outputArity() {
    return 1;
  }

  @Override
  public PartialOp add() {
    return ADD;
  }

  @Override
  public List<Double> eval(List<Double> in) {
    switch (this) {
      case ADD: return List.of(in.get(0) + in.get(1));
      case MUL: return List.of(in.get(0) * in.get(1));
      default: return List.of(Math.floor(in.get(0)));
    }
  }

  @Override
  public List<ValueRef> jvp(
      PrimitiveBuilder<PartialOp> b,
      List<ValueRef> x,
      List<ValueRef> y,
      List<ValueRef> dx,
      Void ctx) {
    switch (this) {
      case ADD: {
        ValueRef p = dx.get(0);
        ValueRef q = dx.get(1);
        return Arrays.asList(p == null ? q : q == null ? p : b.apply(ADD, p, q));
      }
      case MUL: {
        ValueRef p = dx.get(0) == null ? null : b.apply(MUL, x.get(1), dx.get(0));
        ValueRef q = dx.get(1) == null ? null : b.apply(MUL, x.get(0), dx.get(1));
        return Arrays.asList(p == null ? q : q == null ? p : b.apply(ADD, p, q));
      }
      default:
        throw ADRuleError.unsupported(name(), RuleKind.JVP);
    }
  }

  @Override
  public List<ValueRef> transpose(
      PrimitiveBuilder<PartialOp> b,
      List<ValueRef> ct,
      List<ValueRef> in,
      ActiveMask mask,
      Void ctx) {
    switch (this) {
      case ADD:
        return Arrays.asList(ct.get(0), ct.get(0));
      case MUL:
        return mask.isActive(0)
            ? Arrays.asList(b.apply(MUL, in.get(1), ct.get(0)), null)
            : Arrays.asList(null, b.apply(MUL, in.get(0), ct.get(0)));
      default:
        throw ADRuleError.unsupported(name(), RuleKind.TRANSPOSE);
    }
  }
}
