package io.github.tidu4j.graph.bytecode;

import io.github.tidu4j.graph.GraphOperation;
import io.github.tidu4j.graph.ProgramRunner;

/**
 * How a primitive set's programs run by default when they have a promoted tier other than
 * bytecode: given the set's first tier (its generated switch evaluator) and its tiered runners
 * towards bytecode ({@link TieredRunners#of}), the runners to use. A set declares one as a
 * constant of its interface, beside its domain, and the generated eager class's {@code
 * newRuntime()} runs its programs with it; a set without one runs them tiered towards bytecode.
 * The tensor set's ({@code FusionTier.POLICY}) promotes a program with elementwise instructions to
 * its fused loops once its calls have processed enough elements ({@link TieredRunners#promoting}),
 * and leaves the others to {@code tiered}.
 *
 * <pre>{@code
 * @PrimitiveSet(operand = Tensor.class, prefix = "Tensor", type = TensorType.class)
 * public interface TensorPrimitives {
 *   Domain<TensorType, Tensor> DOMAIN = TensorDomain.INSTANCE;
 *   TierPolicy<TensorOp, Tensor> TIERS = FusionTier.POLICY;
 *   // primitives …
 * }
 * }</pre>
 *
 * @param <Op> the operation type
 * @param <V> the value type
 */
@FunctionalInterface
public interface TierPolicy<Op extends GraphOperation, V> {
  /**
   * The runners of the set's programs.
   *
   * @param firstTier the set's first tier, which costs nothing to prepare
   * @param tiered the set's runners towards bytecode, for programs this policy does not promote
   *     otherwise
   */
  ProgramRunner.Factory<Op, V> runners(
      ProgramRunner.Factory<Op, V> firstTier, ProgramRunner.Factory<Op, V> tiered);
}
