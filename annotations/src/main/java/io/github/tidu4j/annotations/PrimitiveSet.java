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
   * of this type); {@code Void} if the set needs none. A non-generic class, record or interface: a
   * class literal names a generic type raw, so a generic context is an error ({@code
   * [tidu4j:ContextType]}); a record of your own can hold a generic value.
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

  /**
   * The abstract type of the set's values (JAX's abstract values), such as a tensor's dtype and
   * shape; {@code Void} for none. With a type, every value of the fluent builder carries one
   * ({@code RealValue.type()}), inputs are declared with theirs, and every primitive declares a
   * static <em>type rule</em>, {@code type}, that computes its output's type from its operands'
   * types (then attributes, by name), rejecting operands it cannot take with an {@link
   * IllegalArgumentException}; the fluent methods call it as they build each node:
   *
   * <pre>{@code
   * @PrimitiveSet(operand = Tensor.class, type = TensorType.class)
   * interface Tensors {
   *   @Primitive
   *   interface Mul {
   *     DType dtype();                                           // derived: the builder fills it
   *     static DType dtype(TensorType a, TensorType b) { return a.dtype(); }
   *     static TensorType type(TensorType a, TensorType b) { return TypeRules.same(a, b); }
   *     …
   *   }
   * }
   * }</pre>
   *
   * <p>The type must compare by value: a record, an enum, or a class overriding {@code
   * equals(Object)} and {@code hashCode()} (an interface declares both, or is sealed over such
   * types), since the runtime compares and hashes types (a compiled function is cached by its
   * inputs' types); the processor refuses one that does not.
   *
   * <p>An attribute may be <em>derived</em>: a static method named like the attribute, taking the
   * operands' types, computes it, so the fluent method does not take it as a parameter. A
   * primitive with one operand may declare {@code static boolean isIdentity(T x, <attributes>)},
   * true where the operation would return its operand unchanged, so the fluent method returns the
   * operand and adds no node.
   *
   * <p>With or without a type, a static method of the set whose first parameter is the fluent
   * value (or builder) is a <em>composite</em>, which the generated class exposes as a method:
   * {@code static RealValue square(RealValue x) { return x.mul(x); }} gives {@code x.square()}.
   */
  Class<?> type() default Void.class;
}
