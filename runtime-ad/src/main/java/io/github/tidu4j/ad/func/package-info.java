/**
 * The functional transforms, generic over a primitive set: a function is {@link
 * io.github.tidu4j.ad.func.Traceable} (a traced user function or a transform of one), is {@link
 * io.github.tidu4j.ad.func.Staged staged} as graphs for given input types, and each transform
 * ({@link io.github.tidu4j.ad.func.Transforms jvp, vjp, grad}) adds one {@code resolve →
 * linearize (→ linearTranspose)} step over the graphs before it — never a physical merge. The
 * last step is flattened and compiled once per input types and cached ({@link
 * io.github.tidu4j.ad.func.FunctionCache}).
 *
 * <p>Front ends supply a {@link io.github.tidu4j.ad.func.Domain} (value types, zeros, units, an
 * evaluator) and a way to trace user code; the tensor API of the {@code primitives} module is
 * one.
 *
 * <pre>{@code
 * Traceable<Op, T, V> f = …;                                     // traced by a front end
 * Traceable<Op, T, V> d2f = Transformed.grad(Transformed.grad(f, domain, false, 0), domain, false, 0);
 * V second = cache.get(d2f, List.of(type)).call(List.of(x)).get(0);
 * }</pre>
 */
package io.github.tidu4j.ad.func;
