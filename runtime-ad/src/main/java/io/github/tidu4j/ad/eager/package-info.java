/**
 * The eager (tape, PyTorch-style) module: graphs are run as soon as they are invoked, the
 * invocations are recorded on a {@link io.github.tidu4j.ad.eager.Trace}, and {@link
 * io.github.tidu4j.ad.eager.Backward} walks the trace in reverse, linearizing and transposing each
 * invocation's graph with the graph transforms of {@link io.github.tidu4j.ad.AD}.
 *
 * <p>On top of these, {@link io.github.tidu4j.ad.eager.EagerRuntime} is the user-facing runtime of
 * one primitive set: variables and constants, values whose every operation is a small cached graph
 * run at once by the set's generated evaluator, a tape cut into {@link
 * io.github.tidu4j.ad.eager.Segment}s, backward from several roots with released-graph checks,
 * and Taylor coefficients along a line of some of its values ({@link
 * io.github.tidu4j.ad.eager.EagerRuntime#taylor}, each invocation expanded by {@link
 * io.github.tidu4j.ad.AD#taylorPath}).
 * Its values are {@link io.github.tidu4j.ad.eager.EagerValue}s: the processor generates one
 * subclass per set ({@code EagerTensor}, {@code EagerScalar}) with a method per operation, and the
 * factory of the set's runtime ({@code EagerTensor.newRuntime()}).
 *
 * <p>Generic over the primitive set {@code P} and the operand type {@code V}; evaluation goes
 * through a {@link io.github.tidu4j.ad.eager.BackwardExecutor} ({@link
 * io.github.tidu4j.ad.eager.InterpreterExecutor} by default).
 *
 * <pre>{@code
 * KeySource keys = new KeySource();
 * Trace<RealOp, Double> trace = new Trace<>();
 * InterpreterExecutor<RealOp, Double> exec = InterpreterExecutor.of(RealOp.ADD);
 * Recorder<RealOp, Double> rec = new Recorder<>(trace, keys, exec);
 *
 * EagerInput<Double> x = EagerInput.variable(keys.next(), 3.0);
 * EagerOutput<Double> y = rec.record(square, List.of(x)).get(0);      // y = x·x = 9
 *
 * GradientStore<Double> grads = new GradientStore<>();
 * grads.accumulate(Backward.backward(y.key(), trace, 1.0, exec, null), exec);
 * grads.get(x.key());                                                 // 6.0
 * }</pre>
 */
package io.github.tidu4j.ad.eager;
