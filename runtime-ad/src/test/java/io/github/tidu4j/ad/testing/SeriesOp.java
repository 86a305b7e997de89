package io.github.tidu4j.ad.testing;

import static io.github.tidu4j.ad.testing.Fold.bilinear;
import static io.github.tidu4j.ad.testing.Fold.linear;
import static io.github.tidu4j.ad.testing.Fold.sum;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.Primitive;
import io.github.tidu4j.ad.PrimitiveBuilder;
import io.github.tidu4j.ad.RuleKind;
import io.github.tidu4j.ad.TaylorSeries;
import io.github.tidu4j.graph.ActiveMask;
import io.github.tidu4j.graph.EvaluableGraphOperation;
import io.github.tidu4j.graph.ValueRef;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A hand-written real scalar set for Taylor mode: RealOp's primitives and Tanh, Recip, a division
 * whose JVP is linear in the numerator only ({@link #DIV}, the rule Taylor mode cannot expand),
 * the same with a hand-written Taylor rule ({@link #RULED_DIV}), Taylor rules that break their
 * contract ({@link #broken}), the zero primitive, the multi-output {@link #SIN_COS}, the scale
 * primitive ({@link #scale}), the linear two-output {@link #MUL_NEG} with {@link #COS_BY_MUL_NEG},
 * whose rule uses its output 1, and {@link #SIN_OF_TANGENT}, whose broken rule applies SIN to its
 * tangent.
 */
public final class SeriesOp implements Primitive<SeriesOp, Void>, EvaluableGraphOperation<Double> {
  /** The primitives; SCALE takes a factor. */
  public enum Kind {
    ADD(2), MUL(2), NEG(1), EXP(1), SIN(1), COS(1), TANH(1), RECIP(1), DIV(2), ZERO(1), SCALE(1),
    SIN_COS(1), MUL_NEG(2), COS_BY_MUL_NEG(1), SIN_OF_TANGENT(1), RULED_DIV(2), BROKEN(1),
    EXP_OF_BAD_SCALE_SET(1), BAD_SCALE(1);

    final int arity;

    Kind(int arity) {
      this.arity = arity;
    }
  }

  public static final SeriesOp ADD = new SeriesOp(Kind.ADD, 0);
  public static final SeriesOp MUL = new SeriesOp(Kind.MUL, 0);
  public static final SeriesOp NEG = new SeriesOp(Kind.NEG, 0);
  public static final SeriesOp EXP = new SeriesOp(Kind.EXP, 0);
  public static final SeriesOp SIN = new SeriesOp(Kind.SIN, 0);
  public static final SeriesOp COS = new SeriesOp(Kind.COS, 0);
  public static final SeriesOp TANH = new SeriesOp(Kind.TANH, 0);
  public static final SeriesOp RECIP = new SeriesOp(Kind.RECIP, 0);
  /** {@code a / b}, its JVP {@code div(da, b) − …}: a linear use with a moving fixed operand. */
  public static final SeriesOp DIV = new SeriesOp(Kind.DIV, 0);
  public static final SeriesOp ZERO = new SeriesOp(Kind.ZERO, 0);
  /** {@code (sin x, cos x)}. */
  public static final SeriesOp SIN_COS = new SeriesOp(Kind.SIN_COS, 0);
  /** {@code (a·b, −a·b)}: multilinear with two outputs, so a rule may use either on a tangent. */
  public static final SeriesOp MUL_NEG = new SeriesOp(Kind.MUL_NEG, 0);
  /** {@code cos x}, its JVP {@code −sin x·dx} taken as output 1 of {@code MUL_NEG(sin x, dx)}. */
  public static final SeriesOp COS_BY_MUL_NEG = new SeriesOp(Kind.COS_BY_MUL_NEG, 0);
  /** {@code sin x} with a broken JVP {@code sin(dx)}: a non-linear operation on a tangent. */
  public static final SeriesOp SIN_OF_TANGENT = new SeriesOp(Kind.SIN_OF_TANGENT, 0);
  /**
   * {@code eˣ} as an operation of a set whose scale primitive is wrong: its {@link #scaleBy} gives
   * an operation computing {@code factor · x · 1.001}, which the JVP and transpose rules never
   * emit, and which is right wherever {@code x} is 0.
   */
  public static final SeriesOp EXP_OF_BAD_SCALE_SET = new SeriesOp(Kind.EXP_OF_BAD_SCALE_SET, 0);

  /** {@link #DIV} with a hand-written Taylor rule, which expands it where its JVP rule cannot. */
  public static final SeriesOp RULED_DIV = new SeriesOp(Kind.RULED_DIV, 0);

  /**
   * {@code eˣ} whose Taylor rule breaks its contract in the way {@code mode} says: 0 returns two
   * coefficients, 1 returns a value it did not emit (the input), 2 throws.
   */
  public static SeriesOp broken(int mode) {
    return new SeriesOp(Kind.BROKEN, mode);
  }

  private final Kind kind;
  private final double factor;

  private SeriesOp(Kind kind, double factor) {
    this.kind = kind;
    this.factor = factor;
  }

  /** {@code factor · x}. */
  public static SeriesOp scale(double factor) {
    return new SeriesOp(Kind.SCALE, factor);
  }

  public Kind kind() {
    return kind;
  }

  @Override
  public String name() {
    return kind == Kind.SCALE || kind == Kind.BAD_SCALE
        ? kind.name() + "(" + factor + ")"
        : kind.name();
  }

  @Override
  public int inputArity() {
    return kind.arity;
  }

  @Override
  public int outputArity() {
    return kind == Kind.SIN_COS || kind == Kind.MUL_NEG ? 2 : 1;
  }

  @Override
  public SeriesOp add() {
    return ADD;
  }

  @Override
  public SeriesOp zerosLike() {
    return ZERO;
  }

  @Override
  public SeriesOp scaleBy(double c) {
    return kind == Kind.EXP_OF_BAD_SCALE_SET ? new SeriesOp(Kind.BAD_SCALE, c) : scale(c);
  }

  @Override
  public boolean hasTaylorRule() { return kind == Kind.RULED_DIV || kind == Kind.BROKEN; }

  /** q_k = (a_k − Σ_{j<k} q_j·b_{k−j}) / b_0 for RULED_DIV; a broken rule for BROKEN. */
  @Override
  public List<ValueRef> taylor(
      PrimitiveBuilder<SeriesOp> b, List<TaylorSeries> in, List<TaylorSeries> out, int k, Void ctx) {
    if (kind == Kind.BROKEN) {
      if (factor == 0) {
        return Arrays.asList(in.get(0).coefficient(k), in.get(0).coefficient(k));
      }
      if (factor == 1) {
        return Arrays.asList(in.get(0).coefficient(0));
      }
      throw new IllegalStateException("no coefficient " + k + " today");
    }
    TaylorSeries q = out.get(0);
    TaylorSeries d = in.get(1);
    ValueRef sum = null;
    for (int j = 0; j < k; j++) {
      ValueRef qj = q.coefficient(j); // null where q_j vanishes
      ValueRef bk = d.coefficient(k - j);
      if (qj != null && bk != null) {
        ValueRef term = b.apply(MUL, qj, bk);
        sum = sum == null ? term : b.apply(ADD, sum, term);
      }
    }
    ValueRef numerator = in.get(0).coefficient(k);
    if (sum != null) {
      ValueRef minus = b.apply(NEG, sum);
      numerator = numerator == null ? minus : b.apply(ADD, numerator, minus);
    }
    return Arrays.asList(
        numerator == null ? null : b.apply(MUL, numerator, b.apply(RECIP, d.coefficient(0))));
  }

  @Override
  public boolean isMultilinear() {
    return kind == Kind.MUL || kind == Kind.NEG || kind == Kind.SCALE || kind == Kind.MUL_NEG
        || kind == Kind.BAD_SCALE;
  }

  @Override
  public List<Double> eval(List<Double> in) {
    double a = in.get(0);
    double b = kind.arity == 2 ? in.get(1) : 0;
    switch (kind) {
      case ADD: return List.of(a + b);
      case MUL: return List.of(a * b);
      case NEG: return List.of(-a);
      case EXP: return List.of(Math.exp(a));
      case SIN: return List.of(Math.sin(a));
      case COS: return List.of(Math.cos(a));
      case TANH: return List.of(Math.tanh(a));
      case RECIP: return List.of(1 / a);
      case DIV:
      case RULED_DIV: return List.of(a / b);
      case BROKEN: case EXP_OF_BAD_SCALE_SET: return List.of(Math.exp(a));
      case BAD_SCALE: return List.of(factor * a * 1.001);
      case ZERO: return List.of(0.0);
      case SCALE: return List.of(factor * a);
      case MUL_NEG: return List.of(a * b, -(a * b));
      case COS_BY_MUL_NEG: return List.of(Math.cos(a));
      case SIN_OF_TANGENT: return List.of(Math.sin(a));
      default: return List.of(Math.sin(a), Math.cos(a));
    }
  }

  @Override
  public List<ValueRef> jvp(
      PrimitiveBuilder<SeriesOp> b, List<ValueRef> x, List<ValueRef> y, List<ValueRef> dx, Void ctx) {
    ValueRef d0 = dx.get(0);
    switch (kind) {
      case ADD:
        return Arrays.asList(sum(b, ADD, d0, dx.get(1)));
      case MUL:
        return Arrays.asList(
            sum(b, ADD, bilinear(b, MUL, x.get(1), d0), bilinear(b, MUL, x.get(0), dx.get(1))));
      case NEG:
        return Arrays.asList(linear(b, NEG, d0));
      case SCALE:
      case BAD_SCALE:
        return Arrays.asList(linear(b, this, d0));
      case EXP:
      case BROKEN:
      case EXP_OF_BAD_SCALE_SET:
        return Arrays.asList(b.apply(MUL, y.get(0), d0));
      case SIN:
        return Arrays.asList(b.apply(MUL, b.apply(COS, x.get(0)), d0));
      case COS:
        return Arrays.asList(b.apply(MUL, b.apply(NEG, b.apply(SIN, x.get(0))), d0));
      case TANH: // dx − y·(y·dx)
        return Arrays.asList(
            b.apply(ADD, d0, b.apply(NEG, b.apply(MUL, y.get(0), b.apply(MUL, y.get(0), d0)))));
      case RECIP: // −(y·y)·dx
        return Arrays.asList(b.apply(NEG, b.apply(MUL, b.apply(MUL, y.get(0), y.get(0)), d0)));
      case DIV: // div(da, b) − (y/b)·db, linear in da through DIV itself
      case RULED_DIV:
        ValueRef db = dx.get(1);
        ValueRef fromA = d0 == null ? null : b.apply(DIV, d0, x.get(1));
        ValueRef fromB =
            db == null ? null : b.apply(NEG, b.apply(MUL, b.apply(DIV, y.get(0), x.get(1)), db));
        return Arrays.asList(sum(b, ADD, fromA, fromB));
      case SIN_COS: {
        List<ValueRef> sc = b.applyMulti(SIN_COS, x.get(0));
        return Arrays.asList(
            b.apply(MUL, sc.get(1), d0), b.apply(MUL, b.apply(NEG, sc.get(0)), d0));
      }
      case MUL_NEG: { // the sum, slot by slot, of MUL_NEG(da, b) and MUL_NEG(a, db)
        List<ValueRef> byA = d0 == null ? null : b.applyMulti(MUL_NEG, d0, x.get(1));
        List<ValueRef> byB = dx.get(1) == null ? null : b.applyMulti(MUL_NEG, x.get(0), dx.get(1));
        return Arrays.asList(
            sum(b, ADD, byA == null ? null : byA.get(0), byB == null ? null : byB.get(0)),
            sum(b, ADD, byA == null ? null : byA.get(1), byB == null ? null : byB.get(1)));
      }
      case COS_BY_MUL_NEG:
        return Arrays.asList(b.applyMulti(MUL_NEG, b.apply(SIN, x.get(0)), d0).get(1));
      case SIN_OF_TANGENT:
        return Arrays.asList(b.apply(SIN, d0));
      case ZERO:
        return Arrays.asList((ValueRef) null);
      default:
        throw ADRuleError.unsupported(name(), RuleKind.JVP);
    }
  }

  @Override
  public List<ValueRef> transpose(
      PrimitiveBuilder<SeriesOp> b, List<ValueRef> ct, List<ValueRef> in, ActiveMask mask, Void ctx) {
    ValueRef c = ct.get(0);
    switch (kind) {
      case ADD:
        return Arrays.asList(c, c);
      case MUL:
        return mask.isActive(0)
            ? Arrays.asList(b.apply(MUL, in.get(1), c), null)
            : Arrays.asList(null, b.apply(MUL, in.get(0), c));
      case NEG:
      case SCALE:
      case BAD_SCALE:
        return Arrays.asList(b.apply(this, c));
      case DIV:
        return Arrays.asList(b.apply(DIV, c, in.get(1)), null);
      case MUL_NEG: { // ct0·(a·b) + ct1·(−a·b): the active operand gets (ct0 − ct1)·fixed
        ValueRef c1 = ct.get(1);
        ValueRef diff = c == null ? b.apply(NEG, c1) : c1 == null ? c : b.apply(ADD, c, b.apply(NEG, c1));
        return mask.isActive(0)
            ? Arrays.asList(b.apply(MUL, diff, in.get(1)), null)
            : Arrays.asList(null, b.apply(MUL, in.get(0), diff));
      }
      default:
        throw ADRuleError.unsupported(name(), RuleKind.TRANSPOSE);
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SeriesOp other
        && other.kind == kind
        && Double.doubleToLongBits(other.factor) == Double.doubleToLongBits(factor);
  }

  @Override
  public int hashCode() {
    return Objects.hash(kind, factor);
  }

  @Override
  public String toString() {
    return name();
  }
}
