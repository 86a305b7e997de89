/**
 * The shipped tensor primitive set and its user-facing API.
 *
 * <ul>
 *   <li>{@link io.github.tidu4j.primitives.TensorPrimitives}: the primitives over f64 and c128
 *       {@link io.github.tidu4j.primitives.tensor.Tensor}s, declared for the tidu4j processor,
 *       which generates {@code TensorOp}, {@code TensorEmit}, {@code TensorEvaluator} and {@code
 *       TensorKernels} here;
 *   <li>{@link io.github.tidu4j.primitives.TensorBuilder} and {@link
 *       io.github.tidu4j.primitives.TensorValue}, generated from the set's declarations: graph
 *       construction with static {@link io.github.tidu4j.primitives.TensorType}s, checked at
 *       every call by the primitives' type rules, and the set's composites ({@code sub}, {@code
 *       sum}, {@code einsum} lowered to graph nodes, constants);
 *   <li>{@link io.github.tidu4j.primitives.EagerTensor}, generated too: eager (PyTorch-style)
 *       tensors with the same operations, run at once and recorded for {@code backward()} by the
 *       runtime {@code EagerTensor.newRuntime()} gives; {@code EagerTensor.einsum} and the
 *       runtime's {@code call(graph, inputs)} run einsum and whole graphs as one operation;
 *   <li>{@link io.github.tidu4j.primitives.InputKey}: input keys readable in dumps, tangents
 *       included;
 *   <li>{@link io.github.tidu4j.primitives.TensorDomain}: the set's values, described once: their
 *       types, zeros and units for the functional API, and a real inner-product space for
 *       runtime-ad's gradient checker.
 * </ul>
 *
 * <p>Subpackages: {@code tensor} (the operand type and its plain-Java kernels), {@code einsum}
 * (parsing and planning einsum), {@code scalar} (the unboxed real scalar set, with its generated
 * {@code EagerScalar}).
 *
 * <pre>{@code
 * TensorBuilder b = TensorBuilder.create();
 * TensorValue a = b.input("a", DType.F64, 2);
 * TensorValue x = b.input("x", DType.F64, 2);
 * Graph<TensorOp> f = b.build(a.mul(x).exp().sum());
 * LinearizedGraph<TensorOp> jvp = AD.linearize(Graphs.resolve(f), f.outputKeys(),
 *     List.of(ValueKey.input(x.inputKey())));
 * LinearizedGraph<TensorOp> vjp = AD.linearTranspose(jvp);   // the gradient with respect to x
 * }</pre>
 */
package io.github.tidu4j.primitives;
