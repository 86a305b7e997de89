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

/** A hand-written real scalar primitive set: Add, Mul, Neg, Exp, Sin, Cos. */
public enum RealOp implements Primitive<RealOp, Void>, EvaluableGraphOperation<Double> {
  ADD(2),
  MUL(2),
  NEG(1),
  EXP(1),
  SIN(1),
  COS(1);

  private final int arity;

  RealOp(int arity) {
    this.arity = arity;
  }

  @Override
  public int inputArity() {
    return arity;
  }

  @Override
  public int outputArity() {
    return 1;
  }

  @Override
  public RealOp add() {
    return ADD;
  }

  /** Mul and Neg are linear in each operand separately. */
  @Override
  public boolean isMultilinear() { return this == MUL || this == NEG; }

  /** The kernel. */
  public double apply(double a, double b) {
    switch (this) {
      case ADD: return a + b;
      case MUL: return a * b;
      case NEG: return -a;
      case EXP: return Math.exp(a);
      case SIN: return Math.sin(a);
      default: return Math.cos(a);
    }
  }

  @Override
  public List<Double> eval(List<Double> in) {
    return List.of(apply(in.get(0), arity == 2 ? in.get(1) : 0.0));
  }

  @Override
  public List<ValueRef> jvp(
      PrimitiveBuilder<RealOp> b,
      List<ValueRef> x,
      List<ValueRef> y,
      List<ValueRef> dx,
      Void ctx) {
    ValueRef dy;
    switch (this) {
      case ADD:
        dy = sum(b, ADD, dx.get(0), dx.get(1));
        break;
      case MUL:
        dy = sum(b, ADD, bilinear(b, MUL, x.get(1), dx.get(0)), bilinear(b, MUL, x.get(0), dx.get(1)));
        break;
      case NEG:
        dy = linear(b, NEG, dx.get(0));
        break;
      case EXP:
        dy = b.apply(MUL, y.get(0), dx.get(0));
        break;
      case SIN:
        dy = b.apply(MUL, b.apply(COS, x.get(0)), dx.get(0));
        break;
      default:
        dy = b.apply(MUL, b.apply(NEG, b.apply(SIN, x.get(0))), dx.get(0));
        break;
    }
    return Arrays.asList(dy);
  }

  @Override
  public List<ValueRef> transpose(
      PrimitiveBuilder<RealOp> b,
      List<ValueRef> ct,
      List<ValueRef> in,
      ActiveMask mask,
      Void ctx) {
    ValueRef c = ct.get(0);
    switch (this) {
      case ADD:
        return Arrays.asList(c, c);
      case MUL:
        if (mask.activeCount() != 1) {
          throw ADRuleError.invalidResult(name(), RuleKind.TRANSPOSE, "Mul is not linear in both operands at once");
        }
        return mask.isActive(0)
            ? Arrays.asList(b.apply(MUL, in.get(1), c), null)
            : Arrays.asList(null, b.apply(MUL, in.get(0), c));
      case NEG:
        return Arrays.asList(b.apply(NEG, c));
      default:
        throw ADRuleError.unsupported(name(), RuleKind.TRANSPOSE);
    }
  }
}
