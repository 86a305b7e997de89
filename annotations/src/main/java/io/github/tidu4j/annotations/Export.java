package io.github.tidu4j.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a function for export at build time: the {@code tidu4j-maven-plugin}'s {@code export} goal
 * (bound to {@code process-classes}) traces it, takes the {@linkplain #transforms() transforms}
 * asked for, and writes them as plain Java source into {@code
 * target/generated-sources/tidu4j}, compiled into the project's classes. The exported code calls
 * only the set's own kernels, so it can run with no tidu4j library on the class path (the goal
 * checks that the set's classes link without one).
 *
 * <p>The marked method is {@code static}, takes one or more values of a {@code double} primitive
 * set's generated fluent value type ({@code RealValue} for a set {@code Real}, all of the same set)
 * and returns one such value, or an array or {@code List} of them for several outputs. It is
 * called once, on traced values, when the plugin runs. For {@code @Export(name = "SinXy")} in
 * package {@code com.example}, the plugin writes {@code com.example.SinXy}, with one static method
 * per transform (here {@code value}, {@code gradient}, {@code jacobian}, {@code hvp} and {@code
 * taylor}, for example {@code double[] gradient(double... x)}), each calling a class {@code
 * SinXy<Transform>Program} that holds the straight-line program.
 *
 * <pre>{@code
 * @Export(name = "SinXy", transforms = {VALUE, GRADIENT, JACOBIAN, HVP, TAYLOR}, taylorOrder = 3)
 * public static ScalarValue sinXy(ScalarValue x, ScalarValue y) {
 *   return x.mul(y).sin().add(x);
 * }
 * }</pre>
 *
 * <p>Kept in the class files (for the plugin, which reads them) but not at run time.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Export {

  /**
   * The simple name of the generated class, in the annotated method's package; empty for the
   * method's name with its first letter in upper case.
   */
  String name() default "";

  /** The transforms to export: one static method of the generated class each. */
  Transform[] transforms() default {Transform.VALUE, Transform.GRADIENT};

  /** The highest order of the {@link Transform#TAYLOR} coefficients. */
  int taylorOrder() default 2;

  /**
   * A transform of the marked function {@code f} of {@code n} inputs and {@code m} outputs, and
   * the generated method that computes it.
   */
  enum Transform {
    /** {@code double[] value(double... x)}: the {@code m} outputs of {@code f}. */
    VALUE,
    /**
     * {@code double[] gradient(double... x)}: the {@code n} partial derivatives of {@code f}'s
     * single output (reverse mode, one program).
     */
    GRADIENT,
    /**
     * {@code double[] jacobian(double... x)}: the {@code m × n} Jacobian, row by row ({@code
     * J[i * n + j] = ∂yᵢ/∂xⱼ}), by one exported program run once per row (reverse mode) if
     * {@code m ≤ n}, once per column (forward mode) otherwise.
     */
    JACOBIAN,
    /**
     * {@code double[] hvp(double[] x, double[] v)}: the Hessian-vector product {@code H(x)·v} of
     * {@code f}'s single output (forward over reverse, one program).
     */
    HVP,
    /**
     * {@code double[] taylor(double[] x, double[] v)}: the Taylor coefficients {@code y_k =
     * y^(k)(0) / k!} of {@code y(t) = f(x + t·v)} for {@code k = 0 … taylorOrder}, output by
     * output ({@code taylorOrder + 1} values per output of {@code f}).
     */
    TAYLOR
  }
}
