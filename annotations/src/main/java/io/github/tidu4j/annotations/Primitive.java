package io.github.tidu4j.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a primitive of the enclosing {@link PrimitiveSet}: an interface holding the primitive's
 * attributes (abstract accessors with value semantics: primitives, strings, enums, records, int or
 * double arrays) and its rules, as static methods or, where they read attributes, default methods:
 *
 * <ul>
 *   <li>{@code eval}: the kernel; one operand-typed parameter per input, returning the operand
 *       type (or an array of it for several outputs). Its parameter count is the arity.
 *   <li>{@code jvp}: the forward rule: the set's emitter, then optionally the primal inputs (and
 *       after them the primal outputs) as {@code Primal}s, then one {@code Tangent} per input, then
 *       optionally the context; returns a {@code Tangent} ({@code Tangents} for several outputs).
 *   <li>{@code transpose}: for primitives that can act linearly: the emitter, then optionally one
 *       {@code Arg} per input, then one {@code Tangent} cotangent per output, then optionally the
 *       context; returns {@code Cotangents}.
 * </ul>
 *
 * <pre>{@code
 * @Primitive(multilinear = true)
 * interface Mul {
 *   static double eval(double a, double b) { return a * b; }
 *   static Tangent jvp(RealEmit e, Primal a, Primal b, Tangent da, Tangent db) {
 *     return e.add(e.mul(b, da), e.mul(a, db));
 *   }
 *   static Cotangents transpose(RealEmit e, Arg a, Arg b, Tangent ct) {
 *     return a.isLinear()
 *         ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
 *         : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
 *   }
 * }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.SOURCE)
@Target(ElementType.TYPE)
public @interface Primitive {

  /**
   * Marks the set's accumulator: the binary add that sums fan-out cotangents. Exactly one
   * primitive per set has it. Its emitter method folds zeros as a sum ({@code add(x, 0) = x}).
   */
  boolean accumulator() default false;

  /**
   * Declares the primitive linear in each operand separately (Mul, Neg, ReduceSum, DotGeneral):
   * a zero operand gives a zero result, so the emitter folds it, and the emitter accepts linear
   * ({@code Tangent}) operands. Without it, the emitter accepts only fixed ({@code Primal})
   * operands.
   */
  boolean multilinear() default false;
}
