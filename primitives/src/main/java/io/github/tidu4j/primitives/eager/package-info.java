/**
 * Eager (tape, PyTorch-style) automatic differentiation of tensor computations, on top of
 * runtime-ad's generic eager module ({@link io.github.tidu4j.ad.eager}).
 *
 * <ul>
 *   <li>{@link io.github.tidu4j.primitives.eager.EagerRuntime}: creates variables (leaves that
 *       require grad) and constants, runs fused graphs and einsum, back-propagates from several
 *       roots at once;
 *   <li>{@link io.github.tidu4j.primitives.eager.EagerTensor}: a computed tensor with the
 *       operations of {@link io.github.tidu4j.primitives.TensorValue}, run at once and recorded;
 *       {@code backward()}, {@code grad()}, {@code clearGrad()}, {@code detach()}.
 * </ul>
 *
 * <p>Every operation is a one-operation (or, for {@code sub} and {@code einsum}, a few-operation)
 * graph built and shape-checked by {@link io.github.tidu4j.primitives.TensorBuilder}, cached per
 * (operation, attributes, operand types), evaluated at once and, when an operand requires grad,
 * recorded on a runtime-ad {@link io.github.tidu4j.ad.eager.Trace}. Backward is runtime-ad's {@link
 * io.github.tidu4j.ad.eager.Backward}: each recorded graph is linearized and transposed by {@link
 * io.github.tidu4j.ad.AD}, so eager gradients are those of the graph transforms, complex convention
 * included.
 *
 * <pre>{@code
 * EagerRuntime rt = EagerRuntime.create();
 * EagerTensor x = rt.variable(Tensor.vector(1, 2, 3));
 * EagerTensor loss = x.mul(x).sum();
 * loss.backward();
 * x.grad();                         // [2, 4, 6]
 * x.mul(x).sum().backward();        // a new graph: gradients accumulate
 * x.grad();                         // [4, 8, 12]
 * x.clearGrad();                    // null again
 * }</pre>
 */
package io.github.tidu4j.primitives.eager;
