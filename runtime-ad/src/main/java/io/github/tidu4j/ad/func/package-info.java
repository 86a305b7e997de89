/**
 * The functional transforms, generic over a primitive set: {@link
 * io.github.tidu4j.ad.func.Transforms} takes {@code jvp}, {@code vjp}, {@code grad} and Taylor-mode
 * {@code taylor} / {@code derivatives} of {@link io.github.tidu4j.ad.func.Traceable} functions and
 * selects their outputs, composably to any order, each transform adding one {@code resolve →
 * linearize (→ linearTranspose)} step (or one {@code resolve → taylor} step) over the graphs
 * before it (never a physical merge), and {@link io.github.tidu4j.ad.func.FunctionCache}
 * compiles the last step once per input types. Use it to write a functional front end for a
 * primitive set, giving the set's {@link io.github.tidu4j.ad.func.Domain} (its values) and a
 * {@link io.github.tidu4j.graph.ProgramRunner.Factory} (how its programs run); {@link
 * io.github.tidu4j.ad.func.ScalarAutodiff} is the front end for every set over {@code double}, and
 * the tensor set's {@code TensorAutodiff} another.
 *
 * <pre>{@code
 * Traceable<Op, T, V> f = …;                                     // traced by a front end
 * Traceable<Op, T, V> d2f = Transforms.grad(Transforms.grad(f, domain, false, 0), domain, false, 0);
 * V second = cache.get(d2f, List.of(type)).call(List.of(x)).get(0);
 * }</pre>
 */
package io.github.tidu4j.ad.func;
