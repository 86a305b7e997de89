package io.github.tidu4j.ad.check;

import static io.github.tidu4j.ad.testing.Fold.bilinear;
import static io.github.tidu4j.ad.testing.Fold.linear;
import static io.github.tidu4j.ad.testing.Fold.sum;

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
 * A real scalar set with deliberately wrong rules, for the checker's negative tests. The correct
 * primitives (ADD, MUL, NEG, SIN, COS) are there for the wrong rules to emit.
 */
enum WrongRuleOp implements Primitive<WrongRuleOp, Void>, EvaluableGraphOperation<Double> {
  ADD(2),
  MUL(2),
  NEG(1),
  SIN(1),
  COS(1),
  /** sin, whose JVP has the wrong sign: {@code -cos(x)·dx}. Wrong at first order. */
  SIN_WRONG_SIGN(1),
  /** sin, whose JVP claims a zero derivative. Wrong at first order. */
  SIN_ZERO_JVP(1),
  /**
   * a·b with a right JVP (emitted with itself) but a transpose that forgets the fixed factor: only
   * reverse mode is wrong, at first order.
   */
  MUL_LOSSY_TRANSPOSE(2),
  /** cos, whose JVP has the wrong sign: {@code +sin(x)·dx}. */
  COS_WRONG_SIGN(1),
  /**
   * sin, with the right JVP {@code cos(x)·dx}, but computing cos(x) with {@link #COS_WRONG_SIGN}:
   * right at first order, wrong at second.
   */
  SIN_VIA_BAD_COS(1),
  /** 2x, linear, with a right JVP but no transpose rule. */
  TWICE_NO_TRANSPOSE(1),
  /**
   * a·b, whose JVP takes a shortcut where b carries no tangent and forgets b's factor there: right
   * when both inputs are differentiated, wrong when only a is.
   */
  MUL_PARTIAL_SHORTCUT(2),
  /** 1, or NaN where x is 0: a factor of zero derivative that spoils a rule at one point. */
  NAN_AT_ZERO(1),
  /** sin, whose JVP is right but NaN at 0 only ({@code cos(x)·NAN_AT_ZERO(x)·dx}). */
  SIN_NAN_AT_ZERO(1);

  private final int arity;

  WrongRuleOp(int arity) {
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
  public WrongRuleOp add() {
    return ADD;
  }

  @Override
  public List<Double> eval(List<Double> in) {
    double a = in.get(0);
    switch (this) {
      case ADD: return List.of(a + in.get(1));
      case MUL: case MUL_LOSSY_TRANSPOSE: case MUL_PARTIAL_SHORTCUT: return List.of(a * in.get(1));
      case NEG: return List.of(-a);
      case COS: case COS_WRONG_SIGN: return List.of(Math.cos(a));
      case TWICE_NO_TRANSPOSE: return List.of(2 * a);
      case NAN_AT_ZERO: return List.of(a == 0 ? Double.NaN : 1.0);
      default: return List.of(Math.sin(a));
    }
  }

  @Override
  public List<ValueRef> jvp(
      PrimitiveBuilder<WrongRuleOp> b,
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
      case MUL_LOSSY_TRANSPOSE:
        dy = sum(b, ADD, bilinear(b, this, x.get(1), dx.get(0)), bilinear(b, this, x.get(0), dx.get(1)));
        break;
      case NEG:
        dy = linear(b, NEG, dx.get(0));
        break;
      case SIN:
        dy = b.apply(MUL, b.apply(COS, x.get(0)), dx.get(0));
        break;
      case COS:
        dy = b.apply(MUL, b.apply(NEG, b.apply(SIN, x.get(0))), dx.get(0));
        break;
      case SIN_WRONG_SIGN:
        dy = b.apply(MUL, b.apply(NEG, b.apply(COS, x.get(0))), dx.get(0));
        break;
      case SIN_ZERO_JVP:
        dy = null;
        break;
      case COS_WRONG_SIGN:
        dy = b.apply(MUL, b.apply(SIN, x.get(0)), dx.get(0));
        break;
      case SIN_VIA_BAD_COS:
        dy = b.apply(MUL, b.apply(COS_WRONG_SIGN, x.get(0)), dx.get(0));
        break;
      case NAN_AT_ZERO:
        dy = null;
        break;
      case SIN_NAN_AT_ZERO:
        dy = b.apply(MUL, b.apply(MUL, b.apply(COS, x.get(0)), b.apply(NAN_AT_ZERO, x.get(0))),
            dx.get(0));
        break;
      case MUL_PARTIAL_SHORTCUT:
        dy =
            dx.get(1) == null
                ? dx.get(0)
                : sum(b, ADD, bilinear(b, MUL, x.get(1), dx.get(0)),
                    bilinear(b, MUL, x.get(0), dx.get(1)));
        break;
      default:
        dy = linear(b, TWICE_NO_TRANSPOSE, dx.get(0));
        break;
    }
    return Arrays.asList(dy);
  }

  @Override
  public List<ValueRef> transpose(
      PrimitiveBuilder<WrongRuleOp> b,
      List<ValueRef> ct,
      List<ValueRef> in,
      ActiveMask mask,
      Void ctx) {
    ValueRef c = ct.get(0);
    switch (this) {
      case ADD:
        return Arrays.asList(c, c);
      case MUL:
        return mask.isActive(0)
            ? Arrays.asList(b.apply(MUL, in.get(1), c), null)
            : Arrays.asList(null, b.apply(MUL, in.get(0), c));
      case MUL_LOSSY_TRANSPOSE:
        return mask.isActive(0) ? Arrays.asList(c, null) : Arrays.asList(null, c);
      case NEG:
        return Arrays.asList(b.apply(NEG, c));
      default:
        throw ADRuleError.unsupported(name(), RuleKind.TRANSPOSE);
    }
  }
}
