/**
 * The functional API over tensors: {@link io.github.tidu4j.primitives.func.TensorAutodiff} traces
 * plain Java functions ({@link io.github.tidu4j.primitives.func.Fn}, {@link
 * io.github.tidu4j.primitives.func.Fn2}, {@link io.github.tidu4j.primitives.func.FnN}) into
 * graphs of the tensor set and transforms them ({@code jvp}, {@code vjp}, {@code grad}, {@code
 * hvp}, {@code jacobian}), composably, with each result a {@link
 * io.github.tidu4j.primitives.func.TensorFunction} compiled once per input types. It is the
 * tensor set's thin front end over the generic {@link io.github.tidu4j.ad.func.Transforms}; use
 * it to differentiate tensor functions, and {@link io.github.tidu4j.primitives.EagerTensor} to
 * record a tape as code runs instead.
 *
 * <pre>{@code
 * TensorFunction f = TensorAutodiff.function(x -> x.tanh().sum());
 * Tensor g = TensorAutodiff.grad(f).apply(Tensor.vector(0.1, 0.2));
 * Tensor h = TensorAutodiff.jacobian(x -> x.sin(), Tensor.vector(1, 2, 3));   // diag(cos x)
 * }</pre>
 */
package io.github.tidu4j.primitives.func;
