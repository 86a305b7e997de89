/**
 * Dense f64 and complex128 tensors and their plain-Java kernels: the operand type of the tensor
 * primitive set and the code its evaluation kernels call. No AD and no graph code here.
 *
 * <ul>
 *   <li>{@link io.github.tidu4j.primitives.tensor.Tensor}, {@link
 *       io.github.tidu4j.primitives.tensor.Shape}, {@link
 *       io.github.tidu4j.primitives.tensor.DType}: immutable row-major values; c128 data is
 *       interleaved {@code re, im};
 *   <li>{@link io.github.tidu4j.primitives.tensor.Elementwise}: arithmetic and elementary functions
 *       (principal branches for c128);
 *   <li>{@link io.github.tidu4j.primitives.tensor.Reductions}: {@code reduceSum};
 *   <li>{@link io.github.tidu4j.primitives.tensor.Layout}: {@code reshape}, {@code transpose},
 *       {@code broadcastInDim} (XLA semantics);
 *   <li>{@link io.github.tidu4j.primitives.tensor.Contraction}: {@code dotGeneral} (XLA semantics).
 * </ul>
 *
 * <p>Kernels never promote dtypes or broadcast implicitly; invalid arguments throw {@link
 * java.lang.IllegalArgumentException} with a message naming the operation and each operand's dtype
 * and shape ({@code f64[2, 3]}).
 */
package io.github.tidu4j.primitives.tensor;
