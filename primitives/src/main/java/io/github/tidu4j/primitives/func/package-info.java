/**
 * The functional API over tensors: {@link io.github.tidu4j.primitives.func.Autodiff} traces plain
 * Java functions ({@link io.github.tidu4j.primitives.func.Fn}, {@link
 * io.github.tidu4j.primitives.func.Fn2}, {@link io.github.tidu4j.primitives.func.FnN}) into
 * graphs of the tensor set and transforms them ({@code jvp}, {@code vjp}, {@code grad}, {@code
 * hvp}, {@code jacobian}), composably, with each result a {@link
 * io.github.tidu4j.primitives.func.TensorFunction} compiled once per input types.
 *
 * <pre>{@code
 * TensorFunction f = Autodiff.function(x -> x.tanh().sum());
 * Tensor g = Autodiff.grad(f).apply(Tensor.vector(0.1, 0.2));
 * Tensor h = Autodiff.jacobian(x -> x.sin(), Tensor.vector(1, 2, 3));   // diag(cos x)
 * }</pre>
 */
package io.github.tidu4j.primitives.func;
