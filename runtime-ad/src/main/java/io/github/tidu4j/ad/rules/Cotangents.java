package io.github.tidu4j.ad.rules;

import io.github.tidu4j.ad.PrimitiveBuilder;
import io.github.tidu4j.graph.ValueRef;
import java.util.List;

/**
 * A transpose rule's result: one cotangent per operand, the zero where an operand gets nothing
 * (entries for fixed operands are ignored). Add's transpose gives its cotangent to both operands:
 *
 * <pre>{@code
 * static Cotangents transpose(RealEmit e, Tangent ct) {
 *   return Cotangents.of(ct, ct);
 * }
 * }</pre>
 *
 * <p>A transpose runs one rule per linear node, so the usual result (one or two operands) keeps
 * its cotangents in fields, with no array, and the generated dispatch hands the transform a view
 * of it ({@link #valuesIn}) rather than a copy.
 */
public final class Cotangents implements TangentSequence {
  private static final Tangent[] NONE = {};

  // operands 0 and 1 when there are at most two (null past the size); otherwise every operand is
  // in more, and these are null. Nulls are rejected on creation, so the size follows from them.
  private final Tangent first;
  private final Tangent second;
  private final Tangent[] more;

  private Cotangents(Tangent first, Tangent second, Tangent[] more) {
    this.first = first;
    this.second = second;
    this.more = more;
  }

  /**
   * The cotangent of a unary operation's operand: {@link #of(Tangent...)} with no array to copy,
   * the overload a rule of one operand calls (transpose rules run once per linear node).
   */
  public static Cotangents of(Tangent operand) {
    if (operand == null) {
      throw nullCotangent(0);
    }
    return new Cotangents(operand, null, null);
  }

  /** The cotangents of a binary operation's two operands; see {@link #of(Tangent)}. */
  public static Cotangents of(Tangent a, Tangent b) {
    if (a == null || b == null) {
      throw nullCotangent(a == null ? 0 : 1);
    }
    return new Cotangents(a, b, null);
  }

  /** One cotangent per operand, in operand order. */
  public static Cotangents of(Tangent... perOperand) {
    for (int i = 0; i < perOperand.length; i++) {
      if (perOperand[i] == null) {
        throw nullCotangent(i);
      }
    }
    switch (perOperand.length) {
      case 1:
        return new Cotangents(perOperand[0], null, null);
      case 2:
        return new Cotangents(perOperand[0], perOperand[1], null);
      default:
        return new Cotangents(null, null, perOperand.length == 0 ? NONE : perOperand.clone());
    }
  }

  private static IllegalArgumentException nullCotangent(int operand) {
    return new IllegalArgumentException(
        "cotangent " + operand + " is null; use Tangent.zero() for an operand that gets nothing");
  }

  /** The number of operands covered. */
  @Override
  public int size() {
    return more != null ? more.length : second != null ? 2 : 1;
  }

  /**
   * The cotangent of operand {@code i}.
   *
   * @throws IndexOutOfBoundsException if {@code i} is not below {@link #size()}
   */
  @Override
  public Tangent get(int i) {
    if (more != null) {
      return more[i];
    }
    Tangent t = i == 0 ? first : i == 1 ? second : null;
    if (t == null) {
      throw new IndexOutOfBoundsException("Index " + i + " out of bounds for length " + size());
    }
    return t;
  }

  /** As a list. */
  public List<Tangent> asList() {
    return more != null ? List.of(more) : second != null ? List.of(first, second) : List.of(first);
  }

  /**
   * The cotangents' values, {@code null} for a zero, as an unmodifiable list over this result (no
   * copy), each checked to be a value of the pass {@code pass} emits; for generated dispatch, which
   * hands it to the transform.
   *
   * <pre>{@code
   * List<ValueRef> forTheTransform = Cotangents.of(ct, Tangent.zero()).valuesIn(b); // [ct, null]
   * }</pre>
   *
   * @throws IllegalArgumentException if one is of another pass ({@link Tangent#valueIn})
   */
  public List<ValueRef> valuesIn(PrimitiveBuilder<?> pass) {
    return TangentValues.checkedIn(this, pass);
  }

  @Override
  public String toString() {
    return "Cotangents" + asList();
  }
}
