/**
 * The typed vocabulary of declared differentiation rules: {@link
 * io.github.tidu4j.ad.rules.Primal} (a fixed value), {@link io.github.tidu4j.ad.rules.Output} (a
 * primal output, which a JVP rule reads), {@link io.github.tidu4j.ad.rules.Tangent} (a linear
 * value, or the symbolic zero), {@link io.github.tidu4j.ad.rules.Arg} (an operand as a
 * transpose rule sees it), {@link io.github.tidu4j.ad.rules.Series} (a value's Taylor
 * coefficients, which an optional Taylor rule reads), the results {@link
 * io.github.tidu4j.ad.rules.Tangents} and {@link io.github.tidu4j.ad.rules.Cotangents}, and {@link
 * io.github.tidu4j.ad.rules.Emitter}, the base
 * of the typed emitters the processor generates. Rules never see {@code null}: generated dispatch
 * turns absent tangents into {@link io.github.tidu4j.ad.rules.Tangent#zero()}, and the emitter
 * folds zeros.
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
 *
 * <p>The repository's {@code docs/writing-rules.md} is the guide to writing rules.
 */
package io.github.tidu4j.ad.rules;
