package io.github.tidu4j.ad.rules;

import io.github.tidu4j.ad.Primitive;
import io.github.tidu4j.ad.PrimitiveBuilder;
import io.github.tidu4j.graph.ValueRef;
import java.util.List;

/**
 * The base of generated typed emitters ({@code ScalarEmit}, ...): one public method per primitive
 * and linearity pattern, each a one-liner over the helpers here, which fold symbolic zeros and
 * leave the role of every emitted node to the {@link PrimitiveBuilder} (primary when all operands
 * are fixed, linearized with the right active mask otherwise).
 *
 * <p>Three shapes cover the primitives:
 *
 * <ul>
 *   <li>{@link #fixed}: every operand fixed, the result fixed; any primitive.
 *   <li>{@link #sum}: the accumulator on two linear operands; a zero operand is the identity.
 *   <li>{@link #multilinear}: a primitive linear in each operand separately, with some operands
 *       linear; any zero linear operand makes the result zero.
 * </ul>
 *
 * <p>Every helper reads its operands with {@code valueIn} ({@link Tangent#valueIn}, {@link
 * Primal#valueIn}), so a value a rule kept from a call in another pass is refused where it is
 * used, and wraps what it emits as a value of this emitter's pass.
 *
 * <p>What the processor generates for {@code Sin}, {@code Add} (the accumulator) and {@code Mul}
 * (multilinear) of a set {@code Real}, among the other overloads:
 *
 * <pre>{@code
 * public final class RealEmit extends Emitter<RealOp> {
 *   public RealEmit(PrimitiveBuilder<RealOp> builder) { super(builder); }
 *
 *   public Primal sin(Primal x) { return fixed(RealOp.SIN, x); }
 *   public Tangent add(Tangent a, Tangent b) { return sum(RealOp.ADD, a, b); }
 *   public Tangent mul(Tangent a, Primal b) { return multilinear(RealOp.MUL, a, b); }
 * }
 * }</pre>
 *
 * @param <P> the primitive set
 */
public abstract class Emitter<P extends Primitive<P, ?>> {
  private final PrimitiveBuilder<P> builder;

  protected Emitter(PrimitiveBuilder<P> builder) {
    this.builder = builder;
  }

  /** The builder this emitter writes through. */
  protected final PrimitiveBuilder<P> builder() {
    return builder;
  }

  /** {@code op} on fixed operands; a fixed result. */
  protected final Primal fixed(P op, Primal... operands) {
    return Primal.of(builder, builder.apply(op, values(operands)));
  }

  /**
   * As {@link #fixed(Primitive, Primal...)} for a unary {@code op}, with no array: the generated
   * emitters call this overload for one operand, and a rule emits two or three operations per
   * primal one.
   */
  protected final Primal fixed(P op, Primal operand) {
    return Primal.of(builder, builder.apply(op, operand.valueIn(builder)));
  }

  /** As {@link #fixed(Primitive, Primal)} for a binary {@code op}. */
  protected final Primal fixed(P op, Primal a, Primal b) {
    return Primal.of(builder, builder.apply(op, a.valueIn(builder), b.valueIn(builder)));
  }

  /** {@code op} on fixed operands; its fixed results, in slot order. */
  protected final List<Primal> fixedMulti(P op, Primal... operands) {
    List<ValueRef> outs = builder.applyMulti(op, values(operands));
    Primal[] results = new Primal[outs.size()];
    for (int i = 0; i < results.length; i++) {
      results[i] = Primal.of(builder, outs.get(i));
    }
    return List.of(results);
  }

  /** The accumulator {@code add} on two linear values: {@code a + 0 = a}, {@code 0 + b = b}. */
  protected final Tangent sum(P add, Tangent a, Tangent b) {
    ValueRef left = a.valueIn(builder);
    ValueRef right = b.valueIn(builder);
    if (left == null) {
      return b;
    }
    if (right == null) {
      return a;
    }
    return Tangent.of(builder, builder.applyOnTangents(add, 0b11, left, right));
  }

  /**
   * {@code op}, linear in each operand separately, on operands that are each a {@link Primal} or a
   * {@link Tangent}: the zero if any tangent operand is zero. Each tangent operand must be a linear
   * value of the pass ({@link PrimitiveBuilder#applyOnTangents}).
   */
  protected final Tangent multilinear(P op, Object... operands) {
    ValueRef[] values = multilinearValues(operands);
    return values == null
        ? Tangent.zero()
        : Tangent.of(builder, builder.applyOnTangents(op, tangentBits(operands), values));
  }

  /**
   * As {@link #multilinear(Primitive, Object...)} for a unary {@code op}, with no array: the
   * generated emitters call this overload for one operand.
   */
  protected final Tangent multilinear(P op, Object operand) {
    ValueRef value = valueOf(operand);
    return value == null
        ? Tangent.zero()
        : Tangent.of(builder, builder.applyOnTangents(op, tangentBit(operand, 0), value));
  }

  /** As {@link #multilinear(Primitive, Object)} for a binary {@code op}. */
  protected final Tangent multilinear(P op, Object a, Object b) {
    ValueRef left = valueOf(a);
    if (left == null) {
      return Tangent.zero();
    }
    ValueRef right = valueOf(b);
    return right == null
        ? Tangent.zero()
        : Tangent.of(
            builder,
            builder.applyOnTangents(op, tangentBit(a, 0) | tangentBit(b, 1), left, right));
  }

  /** The value of a {@link Primal} or {@link Tangent} operand; {@code null} for a zero tangent. */
  private ValueRef valueOf(Object operand) {
    return operand instanceof Tangent t ? t.valueIn(builder) : ((Primal) operand).valueIn(builder);
  }

  /** Bit {@code i} if {@code operand} is a {@link Tangent}, else nothing. */
  private static long tangentBit(Object operand, int i) {
    return operand instanceof Tangent ? 1L << i : 0;
  }

  /**
   * The values of a multilinear operation's {@link Primal} and {@link Tangent} operands, or {@code
   * null} if a tangent among them is zero, which makes the result zero.
   */
  private ValueRef[] multilinearValues(Object[] operands) {
    ValueRef[] values = new ValueRef[operands.length];
    for (int i = 0; i < operands.length; i++) {
      Object operand = operands[i];
      if (operand instanceof Tangent t && t.isZero()) {
        return null;
      }
      values[i] = valueOf(operand);
    }
    return values;
  }

  /** Bit {@code i} for each {@link Tangent} among the first 64 operands. */
  private static long tangentBits(Object[] operands) {
    long bits = 0;
    for (int i = 0; i < Math.min(operands.length, 64); i++) {
      bits |= tangentBit(operands[i], i);
    }
    return bits;
  }

  /** As {@link #multilinear} for a multi-output {@code op}: all zero if any tangent operand is. */
  protected final Tangents multilinearMulti(P op, Object... operands) {
    ValueRef[] values = multilinearValues(operands);
    if (values == null) {
      Tangent[] zeros = new Tangent[op.outputArity()];
      java.util.Arrays.fill(zeros, Tangent.zero());
      return Tangents.of(zeros);
    }
    List<ValueRef> outs = builder.applyMultiOnTangents(op, tangentBits(operands), values);
    Tangent[] results = new Tangent[outs.size()];
    for (int i = 0; i < results.length; i++) {
      results[i] = Tangent.of(builder, outs.get(i));
    }
    return Tangents.of(results);
  }

  private ValueRef[] values(Primal[] operands) {
    ValueRef[] values = new ValueRef[operands.length];
    for (int i = 0; i < operands.length; i++) {
      values[i] = operands[i].valueIn(builder);
    }
    return values;
  }
}
