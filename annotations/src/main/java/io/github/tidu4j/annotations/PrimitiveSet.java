package io.github.tidu4j.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a primitive set: an interface whose nested {@link Primitive}-annotated interfaces are
 * its primitives. The tidu4j annotation processor generates, next to it, the runtime code for the
 * set: for an interface {@code Real}, a {@code RealOp} class (the primitives as graph operations,
 * with structural identity and rule dispatch), a {@code RealEmit} typed emitter for rules, a
 * {@code RealEvaluator} switch-dispatched evaluator, a {@code RealKernels} kernel table, and the
 * fluent pair {@code RealBuilder}/{@code RealValue} that builds graphs as {@code x.exp().mul(y)}. The
 * repository's {@code docs/writing-rules.md} is the guide to writing the primitives' rules.
 *
 * <pre>{@code
 * @PrimitiveSet(operand = double.class)
 * public interface Real {
 *   @Primitive(accumulator = true)
 *   interface Add {
 *     static double eval(double a, double b) {
 *       return a + b;
 *     }
 *
 *     static Tangent jvp(RealEmit e, Tangent da, Tangent db) {
 *       return e.add(da, db);
 *     }
 *
 *     static Cotangents transpose(RealEmit e, Tangent ct) {
 *       return Cotangents.of(ct, ct);
 *     }
 *   }
 *
 * }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.SOURCE)
@Target(ElementType.TYPE)
public @interface PrimitiveSet {

  /**
   * The operand type: the type of every input and output value of every primitive; a reference
   * type, or a primitive type such as {@code double}, which generated evaluators keep unboxed.
   */
  Class<?> operand();

  /**
   * The context type threaded through every rule call (a rule receives it by declaring a parameter
   * of this type); {@code Void} if the set needs none.
   */
  Class<?> context() default Void.class;

  /**
   * The prefix of the generated type names; empty for the annotated interface's simple name (so
   * {@code Real} gives {@code RealOp}, {@code RealEmit}, ...).
   */
  String prefix() default "";

  /**
   * Whether to generate the fluent builder and value classes ({@code RealBuilder} and {@code
   * RealValue} for {@code Real}); {@code false} leaves them out, e.g. where the set's package
   * already declares types of those names.
   */
  boolean fluent() default true;
}
