package io.github.tidu4j.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a joint kernel of the enclosing {@link PrimitiveSet}: a static method of the set's
 * interface that computes several unary, single-output primitives of the set for one argument at
 * once, sharing the work they have in common (the argument reduction of a sine and a cosine).
 * When a compiled program applies two or more of them to the same value, the bytecode backend
 * calls this method once instead of their kernels one by one.
 *
 * <p>The method is {@code static void name(T x, T[] out, int at)}, {@code T} the set's operand
 * type; it writes the result of the {@code i}-th primitive listed to {@code out[at + i]} and
 * nothing else. Each result must be bit for bit what that primitive's {@code eval} returns for
 * {@code x}, so that every evaluator gives the same results: the processor checks the shape, the
 * set promises the values (compute them with the same code as the kernels, and test it). The
 * listed primitives must have static {@code eval} kernels (no attributes); a primitive belongs to
 * at most one joint kernel.
 *
 * <pre>{@code
 * @PrimitiveSet(operand = double.class)
 * public interface Real {
 *   // … Sin and Cos, whose eval call Trig.sin and Trig.cos
 *   @JointKernel({Sin.class, Cos.class})
 *   static void sinCos(double x, double[] out, int at) {
 *     Trig.sinCos(x, out, at); // out[at] = Trig.sin(x), out[at + 1] = Trig.cos(x)
 *   }
 * }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.SOURCE)
@Target(ElementType.METHOD)
public @interface JointKernel {
  /** The primitives it computes, nested interfaces of the set, in the order of its results. */
  Class<?>[] value();
}
