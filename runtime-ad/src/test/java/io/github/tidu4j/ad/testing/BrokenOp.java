package io.github.tidu4j.ad.testing;

import io.github.tidu4j.ad.Primitive;
import io.github.tidu4j.ad.PrimitiveBuilder;
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.graph.ActiveMask;
import io.github.tidu4j.graph.EvaluableGraphOperation;
import io.github.tidu4j.ad.rules.Emitter;
import io.github.tidu4j.ad.rules.Tangent;
import java.util.Arrays;
import java.util.List;

/** Primitives whose rules are missing or break their contract, for the error tests. */
public enum BrokenOp implements Primitive<BrokenOp, Void>, EvaluableGraphOperation<Double> {
  /** A working accumulator. */
  ADD,
  /** No JVP rule at all. */
  NO_JVP,
  /** Linear (its JVP applies itself to the tangent) but without a transpose rule. */
  NO_TRANSPOSE,
  /** Its JVP returns two tangents for one output. */
  WRONG_ARITY,
  /** Its JVP returns the primal input, which carries no tangent. */
  RETURNS_PRIMAL,
  /** Its JVP throws. */
  THROWS,
  /** Linear with a transpose that returns one cotangent for its two operands. */
  SHORT_TRANSPOSE,
  /**
   * Its typed JVP adds the primal input, wrapped as a tangent, to the tangent: {@code dx + x}, an
   * affine node, not a linear one.
   */
  PRIMAL_AS_TANGENT,
  /** Its JVP returns a local value the graph being emitted does not have. */
  RETURNS_A_MISSING_LOCAL,
  /**
   * Its untyped JVP keeps the tangent it emits ({@code dx + dx}) on its first call and returns that
   * one from every later call, in any pass ({@link #kept}).
   */
  KEEPS_ITS_TANGENT,
  /** Its untyped JVP keeps the tangent it is given on its first call, as above. */
  KEEPS_ITS_TANGENT_INPUT,
  /**
   * A product a·b whose transpose, for a linear in a and b fixed, returns the cotangent in b's
   * place and none in a's: the operands' order mistaken.
   */
  SWAPPED_TRANSPOSE;

  /** What {@link #KEEPS_ITS_TANGENT} and {@link #KEEPS_ITS_TANGENT_INPUT} kept; tests reset it. */
  public static ValueRef kept;

  @Override
  public int inputArity() {
    return this == ADD || this == SHORT_TRANSPOSE || this == SWAPPED_TRANSPOSE ? 2 : 1;
  }

  @Override
  public int outputArity() {
    return 1;
  }

  @Override
  public BrokenOp add() {
    return ADD;
  }

  @Override
  public List<Double> eval(List<Double> in) {
    return List.of(inputArity() == 2 ? in.get(0) + in.get(1) : in.get(0));
  }

  @Override
  public List<ValueRef> jvp(
      PrimitiveBuilder<BrokenOp> b,
      List<ValueRef> x,
      List<ValueRef> y,
      List<ValueRef> dx,
      Void ctx) {
    switch (this) {
      case ADD:
      case SHORT_TRANSPOSE:
        if (dx.get(0) == null || dx.get(1) == null) {
          return Arrays.asList(dx.get(0) == null ? dx.get(1) : dx.get(0));
        }
        return Arrays.asList(b.apply(this, dx.get(0), dx.get(1)));
      case NO_JVP:
        return Primitive.super.jvp(b, x, y, dx, ctx);
      case NO_TRANSPOSE:
        return Arrays.asList(b.apply(NO_TRANSPOSE, dx.get(0)));
      case WRONG_ARITY:
        return Arrays.asList(dx.get(0), dx.get(0));
      case RETURNS_PRIMAL:
        return Arrays.asList(x.get(0));
      case RETURNS_A_MISSING_LOCAL:
        return Arrays.asList(new ValueRef.Local(1_000_000));
      case KEEPS_ITS_TANGENT:
        ValueRef emitted = b.apply(ADD, dx.get(0), dx.get(0));
        kept = kept == null ? emitted : kept;
        return Arrays.asList(kept);
      case KEEPS_ITS_TANGENT_INPUT:
        kept = kept == null ? dx.get(0) : kept;
        return Arrays.asList(kept);
      case SWAPPED_TRANSPOSE:
        // a·db + da·b, written for the one case the tests use: a active, b fixed
        return Arrays.asList(b.apply(this, dx.get(0), x.get(1)));
      case PRIMAL_AS_TANGENT:
        Tangent sum = new Emit(b).add(Tangent.of(b, dx.get(0)), Tangent.of(b, x.get(0)));
        return Arrays.asList(sum.value());
      default:
        throw new IllegalStateException("deliberately broken");
    }
  }

  @Override
  public List<ValueRef> transpose(
      PrimitiveBuilder<BrokenOp> b,
      List<ValueRef> ct,
      List<ValueRef> in,
      ActiveMask mask,
      Void ctx) {
    switch (this) {
      case ADD:
        return Arrays.asList(ct.get(0), ct.get(0));
      case SHORT_TRANSPOSE:
        return Arrays.asList(ct.get(0));
      case SWAPPED_TRANSPOSE:
        return Arrays.asList(null, b.apply(this, ct.get(0), in.get(1)));
      default:
        return Primitive.super.transpose(b, ct, in, mask, ctx);
    }
  }

  /** The typed emitter a processor would generate for this set, for its one accumulator. */
  private static final class Emit extends Emitter<BrokenOp> {
    Emit(PrimitiveBuilder<BrokenOp> builder) {
      super(builder);
    }

    Tangent add(Tangent a, Tangent b) {
      return sum(ADD, a, b);
    }
  }
}
