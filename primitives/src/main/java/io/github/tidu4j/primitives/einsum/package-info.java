/**
 * Einstein summation as surface syntax over the tensor kernels: a specification such as {@code
 * "bij,bjk->bik"} is parsed ({@link io.github.tidu4j.primitives.einsum.EinsumSpec}), lowered for
 * the operand shapes to a plan of {@code reduceSum}, {@code reshape}, pairwise {@code dotGeneral}
 * and {@code transpose} steps ({@link io.github.tidu4j.primitives.einsum.EinsumPlan}), and run
 * through an {@link io.github.tidu4j.primitives.einsum.EinsumBackend}: eagerly on tensors ({@link
 * io.github.tidu4j.primitives.einsum.TensorEinsumBackend}, {@link
 * io.github.tidu4j.primitives.einsum.Einsum#einsum}), or by a backend that emits graph operations.
 * Einsum therefore needs no AD rules of its own: it differentiates through the operations it lowers
 * to.
 */
package io.github.tidu4j.primitives.einsum;
