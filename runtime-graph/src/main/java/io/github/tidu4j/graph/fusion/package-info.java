/**
 * The fusion backend: compiles the elementwise regions of a {@link
 * io.github.tidu4j.graph.CompiledProgram} into one generated loop each, so a tensor program reads
 * and writes each element once per region instead of once per operation.
 *
 * <p>A primitive set takes part by declaring its elementwise primitives' per-element kernels
 * ({@code @Primitive(elementwise = true)}; the processor lists them as {@code
 * XKernels.ELEMENTWISE}, {@link io.github.tidu4j.graph.ElementKernelDescriptor}s) and by
 * implementing {@link io.github.tidu4j.graph.fusion.ElementValues} for its values. {@link
 * io.github.tidu4j.graph.fusion.FusionSet} holds both and caches what is generated; {@link
 * io.github.tidu4j.graph.fusion.FusedProgram} runs a fused program. The pass
 * ({@code FusionPlan}) is a single scan over the program; the code generator ({@code
 * LoopGenerator}) writes one hidden class per region structure with ASM, defined with the set's
 * lookup, like the bytecode backend's program classes.
 *
 * <p>Where later work plugs in: a region's loop takes an element range ({@code from}, {@code to}),
 * so a large region can be split across threads (its sums then combine per chunk, which changes
 * their order); a unary member may have a {@link io.github.tidu4j.graph.fusion.BlockKernel} (a
 * vectorised {@code exp}), which the loop calls once per block of elements, and a block loop
 * works for any range too.
 */
package io.github.tidu4j.graph.fusion;
