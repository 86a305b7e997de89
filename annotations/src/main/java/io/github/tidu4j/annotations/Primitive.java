package io.github.tidu4j.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a primitive of the enclosing {@link PrimitiveSet}: an interface nested directly in the
 * set's interface, holding the primitive's attributes and its rules.
 *
 * <p>Attributes are abstract accessors without parameters whose types have value semantics:
 * primitives, boxed primitives, {@code String}, enums, records of such values, and {@code int[]},
 * {@code long[]}, {@code double[]} or {@code boolean[]} (copied defensively). Two operations of the
 * primitive are equal when their attributes are.
 *
 * <p>Rules are static methods or, where they read attributes, default methods:
 *
 * <ul>
 *   <li>{@code eval}: the kernel; one operand-typed parameter per input, returning the operand
 *       type, or an array of it when {@link #outputs()} is more than one. Its parameter count is
 *       the arity.
 *   <li>{@code jvp}: the forward rule, required on every primitive with inputs but the {@link
 *       #zero()} primitive: optionally the
 *       set's emitter first, then optionally one {@code Primal} per input, then optionally one
 *       {@code Output} per output (the primal outputs, in slot order), then one {@code Tangent}
 *       per input, then optionally the context; returns a {@code Tangent} ({@code Tangents} for
 *       several outputs).
 *   <li>{@code transpose}: required for {@link #multilinear()} primitives and the {@link
 *       #accumulator()}, the only ones rules can emit linearly: optionally the emitter first, then
 *       optionally one {@code Arg} per input, then one {@code Tangent} cotangent per output, then
 *       optionally the context; returns {@code Cotangents}, one per input.
 *   <li>{@code taylor}: optional, where a closed recurrence is cheaper than Taylor mode's
 *       expansion of the JVP rule: optionally the emitter first, then one {@code Series} per input
 *       (its coefficients {@code 0 … k}, named as {@code eval}'s inputs), then optionally one per
 *       output (its coefficients {@code 0 … k−1}), then the {@code int} order {@code k}, then
 *       optionally the context; returns coefficient {@code k} as a {@code Tangent} ({@code
 *       Tangents} for several outputs), the zero where it vanishes. Taylor mode calls it once per
 *       order instead of expanding {@code jvp}; the JVP rule is still required.
 * </ul>
 *
 * <p>{@code Primal}s and {@code Arg}s bind to {@code eval}'s inputs by position, and each carries
 * the name of the {@code eval} parameter it binds to: {@code jvp(RealEmit e, Primal y, Tangent dx)}
 * where {@code eval} declares {@code x} is an error ({@code [tidu4j:PrimalBinding]}), since it
 * would read the input {@code x} under the name of the output. A rule that reads the output says
 * so by its type: {@code jvp(RealEmit e, Output y, Tangent dx)}. Likewise a {@code Tangent} named
 * {@code d} + an input's name must be that input's tangent ({@code [tidu4j:TangentBinding]}).
 *
 * <p>Rules and kernels throw unchecked exceptions only (a rule that refuses throws {@code
 * ADRuleError}, which is one); checked exceptions are not allowed. The repository's {@code
 * docs/writing-rules.md} is the guide to writing rules.
 *
 * <p>The Taylor rule of {@code eˣ}, from {@code y' = y·x'}, so {@code k·y_k = Σ_{j<k}
 * y_j·x'_{k−1−j}} ({@code x.derivative(m)} is {@code (m+1)·x_{m+1}}):
 *
 * <pre>{@code
 * static Tangent taylor(RealEmit e, Series x, Series y, int k) {
 *   Tangent sum = e.mul(y.primal(), x.derivative(k - 1));
 *   for (int j = 1; j < k; j++) {
 *     if (!y.isZero(j)) {
 *       sum = e.add(sum, e.mul(y.factor(j), x.derivative(k - 1 - j)));
 *     }
 *   }
 *   return e.scale(1.0 / k, sum);
 * }
 * }</pre>
 *
 * <p>A multilinear primitive with its two rules:
 *
 * <pre>{@code
 * @Primitive(multilinear = true)
 * interface Mul {
 *   static double eval(double a, double b) {
 *     return a * b;
 *   }
 *
 *   static Tangent jvp(RealEmit e, Primal a, Primal b, Tangent da, Tangent db) {
 *     return e.add(e.mul(da, b), e.mul(a, db)); // a term folds away where da or db is inactive
 *   }
 *
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
   * Marks the set's zero primitive: a unary, single-output primitive without attributes whose
   * kernel returns the zero shaped like its operand ({@code 0.0} for {@code double}s, zeros of the
   * operand's shape and dtype for tensors). At most one primitive per set has it. The transforms
   * keep zero tangents symbolic; they emit this primitive only where they hand a zero to the
   * user, so that every output of a {@code LinearizedGraph} is a value that can be materialized
   * and evaluated. It declares no {@code jvp} and no {@code transpose}: its derivative is a
   * symbolic zero, which the generated code supplies, and rules never emit it on tangents.
   *
   * <pre>{@code
   * @Primitive(zero = true)
   * interface ZerosLike {
   *   static double eval(double x) {
   *     return 0.0;
   *   }
   * }
   * }</pre>
   */
  boolean zero() default false;

  /**
   * Marks the set's scale primitive: multiplication of its one operand by a real constant, the
   * primitive's one attribute, of type {@code double} (the factor). At most one primitive per set
   * has it. Taylor mode ({@code AD.taylor}) needs it to turn derivative series into Taylor
   * coefficients. It declares {@code eval} only: it is linear, and the generated code gives it its
   * rules ({@code jvp = scale(dx)}, {@code transpose = scale(ct)}, by the same factor); its emitter
   * method accepts tangents, as a multilinear primitive's does.
   *
   * <pre>{@code
   * @Primitive(scale = true)
   * interface Scale {
   *   double factor();
   *
   *   default double eval(double x) {
   *     return factor() * x;
   *   }
   * }
   * }</pre>
   */
  boolean scale() default false;

  /**
   * Declares the primitive elementwise: each element of the result depends only on the elements at
   * the same position of its operands, which all have the result's shape (no implicit
   * broadcasting). The primitive then declares per-element kernels, static methods or, where they
   * read attributes, default methods, which a fusion backend calls inside one loop over a whole
   * region of elementwise operations ({@code graph.fusion}), keeping every intermediate value in a
   * local instead of a tensor:
   *
   * <ul>
   *   <li>{@code double element(double... )}: one {@code double} per input, the kernel for real
   *       (f64) operands and a real result;
   *   <li>{@code double elementRe(double... )} and {@code double elementIm(double... )}, declared
   *       together: two {@code double}s per input, its real then its imaginary part (a real
   *       operand passes {@code 0.0} as its imaginary part), giving the real and the imaginary part
   *       of a complex (c128) result; where the result is real, the backend reads {@code
   *       elementRe} alone. Two kernels rather than one returning a pair, so that no element
   *       allocates.
   * </ul>
   *
   * <p>At least one of the two forms is declared; {@code element} must compute exactly what {@code
   * eval} computes for each element (the fused and the unfused program give the same bits). The
   * processor generates the descriptors of these kernels as {@code XKernels.ELEMENTWISE}.
   *
   * <pre>{@code
   * @Primitive(elementwise = true)
   * interface Mul {
   *   static Tensor eval(Tensor a, Tensor b) {
   *     return Elementwise.mul(a, b);
   *   }
   *
   *   static double element(double a, double b) {
   *     return a * b;
   *   }
   *
   *   static double elementRe(double aRe, double aIm, double bRe, double bIm) {
   *     return aRe * bRe - aIm * bIm;
   *   }
   *
   *   static double elementIm(double aRe, double aIm, double bRe, double bIm) {
   *     return aRe * bIm + aIm * bRe;
   *   }
   *   // jvp, transpose …
   * }
   * }</pre>
   */
  boolean elementwise() default false;

  /**
   * Declares the primitive linear in each operand separately (Mul, Neg, ReduceSum, DotGeneral):
   * a zero operand gives a zero result, so the emitter folds it, and the emitter accepts linear
   * ({@code Tangent}) operands. Without it, the emitter accepts only fixed ({@code Primal})
   * operands.
   */
  boolean multilinear() default false;

  /**
   * The number of outputs; with more than one, {@code eval} returns an array of the operand type
   * holding them in slot order, the JVP rule returns {@code Tangents}, and the emitter method
   * returns a {@code List<Primal>}.
   */
  int outputs() default 1;

  /**
   * The primitive's name, for {@code name()}, dumps and error messages, and the base of the
   * generated names (the {@code SIN_COS} constant, the {@code sinCos} emitter method); empty for
   * the interface's simple name. Set it when the simple name would make a Java keyword or clash
   * with an emitter method, e.g. {@code @Primitive(name = "Constant") interface Const}.
   */
  String name() default "";
}
