/**
 * Gradient checking in the style of JAX's {@code check_grads}: {@link
 * io.github.tidu4j.ad.check.GradientChecker} checks the JVP of a {@link
 * io.github.tidu4j.ad.check.CheckedFunction} against central finite differences along a random
 * direction, its VJP by the dot-product test {@code ⟨ȳ, J·t⟩ = ⟨Jᵀ·ȳ, t⟩}, and recursively the
 * JVP and VJP functions themselves, up to a requested order. Operand types plug in through a
 * {@link io.github.tidu4j.ad.check.VectorSpace} (the vector-space part of a set's {@link
 * io.github.tidu4j.ad.func.Domain}), evaluation through an {@link
 * io.github.tidu4j.ad.check.Evaluator} (built on a {@link io.github.tidu4j.graph.ProgramRunner});
 * a failure is a {@link
 * io.github.tidu4j.ad.check.GradientCheckFailure}.
 *
 * <p>Between transforms the checker only resolves: the derivative functions are new graphs that
 * refer to the earlier ones by key, and graphs are materialized and compiled only to evaluate.
 */
package io.github.tidu4j.ad.check;
