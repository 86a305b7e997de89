package com.example;

import io.github.tidu4j.ad.PrimitiveBuilder;
import io.github.tidu4j.ad.rules.Emitter;
import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Tangent;
import java.util.List;
import javax.annotation.processing.Generated;

/**
 * Emits the primitives of {@link Real} from differentiation rules, so rules read like the math:
 * one method per primitive and linearity pattern. A method takes {@link Primal} operands for
 * fixed values and {@link Tangent} operands for linear ones, and exists with a {@code Tangent}
 * operand only where the primitive is linear in it. Zeros fold: a sum with a zero operand is
 * the other operand, a linear operation of a zero is zero.
 *
 * <pre>{@code
 * static Tangent jvp(RealEmit e, Primal a, Primal b, Tangent da, Tangent db) {
 *   return e.add(da, db);
 * }
 * }</pre>
 */
@Generated("io.github.tidu4j.processor.PrimitiveSetProcessor")
public final class RealEmit extends Emitter<RealOp> {
  /**
   * An emitter writing through {@code builder}; generated rule dispatch makes one per rule call.
   *
   * @param builder the builder of the graph the rule emits into
   */
  public RealEmit(PrimitiveBuilder<RealOp> builder) {
    super(builder);
  }

  /**
   * Emits {@link Real.Add} on fixed operands.
   *
   * @param a a fixed operand
   * @param b a fixed operand
   * @return its output
   */
  public Primal add(Primal a, Primal b) {
    return fixed(RealOp.ADD, a, b);
  }

  /**
   * Emits {@link Real.Add} summing two linear values; a zero operand is the identity.
   *
   * @param a a linear operand
   * @param b a linear operand
   * @return the sum
   */
  public Tangent add(Tangent a, Tangent b) {
    return sum(RealOp.ADD, a, b);
  }

  /**
   * Emits {@link Real.Mul} on fixed operands.
   *
   * @param a a fixed operand
   * @param b a fixed operand
   * @return its output
   */
  public Primal mul(Primal a, Primal b) {
    return fixed(RealOp.MUL, a, b);
  }

  /**
   * Emits {@link Real.Mul} linear in {@code a}; zero if {@code a} is.
   *
   * @param a a linear operand
   * @param b a fixed operand
   * @return its output
   */
  public Tangent mul(Tangent a, Primal b) {
    return multilinear(RealOp.MUL, a, b);
  }

  /**
   * Emits {@link Real.Mul} linear in {@code b}; zero if {@code b} is.
   *
   * @param a a fixed operand
   * @param b a linear operand
   * @return its output
   */
  public Tangent mul(Primal a, Tangent b) {
    return multilinear(RealOp.MUL, a, b);
  }

  /**
   * Emits {@link Real.Exp} on fixed operands.
   *
   * @param x a fixed operand
   * @return its output
   */
  public Primal exp(Primal x) {
    return fixed(RealOp.EXP, x);
  }

  /**
   * Emits {@link Real.Scale} on fixed operands.
   *
   * @param factor the attribute {@code factor}
   * @param x a fixed operand
   * @return its output
   */
  public Primal scale(double factor, Primal x) {
    return fixed(RealOp.scale(factor), x);
  }

  /**
   * Emits {@link Real.Scale} linear in {@code x}; zero if {@code x} is.
   *
   * @param factor the attribute {@code factor}
   * @param x a linear operand
   * @return its output
   */
  public Tangent scale(double factor, Tangent x) {
    return multilinear(RealOp.scale(factor), x);
  }

  /**
   * Emits {@link Real.SinCos} on fixed operands; its outputs in slot order.
   *
   * @param x a fixed operand
   * @return its outputs, in slot order
   */
  public List<Primal> sinCos(Primal x) {
    return fixedMulti(RealOp.SIN_COS, x);
  }

  /**
   * Emits {@link Real.ZerosLike} on fixed operands.
   *
   * @param x a fixed operand
   * @return its output
   */
  public Primal zerosLike(Primal x) {
    return fixed(RealOp.ZEROS_LIKE, x);
  }
}
