package io.github.tidu4j.ad.rules;

import java.util.Arrays;
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
 */
public final class Cotangents {
  private final Tangent[] perOperand;

  private Cotangents(Tangent[] perOperand) {
    this.perOperand = perOperand;
  }

  /**
   * The cotangent of a unary operation's operand: {@link #of(Tangent...)} with no array to copy,
   * the overload a rule of one operand calls (transpose rules run once per linear node).
   */
  public static Cotangents of(Tangent operand) {
    if (operand == null) {
      throw nullCotangent(0);
    }
    return new Cotangents(new Tangent[] {operand});
  }

  /** The cotangents of a binary operation's two operands; see {@link #of(Tangent)}. */
  public static Cotangents of(Tangent a, Tangent b) {
    if (a == null || b == null) {
      throw nullCotangent(a == null ? 0 : 1);
    }
    return new Cotangents(new Tangent[] {a, b});
  }

  /** One cotangent per operand, in operand order. */
  public static Cotangents of(Tangent... perOperand) {
    Tangent[] copy = perOperand.clone();
    for (int i = 0; i < copy.length; i++) {
      if (copy[i] == null) {
        throw nullCotangent(i);
      }
    }
    return new Cotangents(copy);
  }

  private static IllegalArgumentException nullCotangent(int operand) {
    return new IllegalArgumentException(
        "cotangent " + operand + " is null; use Tangent.zero() for an operand that gets nothing");
  }

  /** The number of operands covered. */
  public int size() {
    return perOperand.length;
  }

  /** The cotangent of operand {@code i}. */
  public Tangent get(int i) {
    return perOperand[i];
  }

  /** As a list. */
  public List<Tangent> asList() {
    return List.of(perOperand);
  }

  @Override
  public String toString() {
    return "Cotangents" + Arrays.toString(perOperand);
  }
}
