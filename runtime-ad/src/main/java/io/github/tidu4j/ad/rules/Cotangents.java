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

  /** One cotangent per operand, in operand order. */
  public static Cotangents of(Tangent... perOperand) {
    Tangent[] copy = perOperand.clone();
    for (int i = 0; i < copy.length; i++) {
      if (copy[i] == null) {
        throw new IllegalArgumentException(
            "cotangent " + i + " is null; use Tangent.zero() for an operand that gets nothing");
      }
    }
    return new Cotangents(copy);
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
