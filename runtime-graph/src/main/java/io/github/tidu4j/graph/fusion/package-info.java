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
 * <p>A unary member may have a {@link io.github.tidu4j.graph.fusion.BlockKernel} (a vectorised
 * {@code exp}), which the loop calls once per block of elements instead of the per-element kernel
 * ({@link io.github.tidu4j.graph.fusion.FusionSet#withBlockKernels}). Large regions run on several
 * threads ({@link io.github.tidu4j.graph.fusion.FusionParallelism}): a region's loop, with or
 * without block kernels, takes any element range ({@code from}, {@code to}), and runs in blocks of
 * {@link io.github.tidu4j.graph.fusion.BlockedSum#BLOCK} elements whose sums combine in the order
 * of {@link io.github.tidu4j.graph.fusion.BlockedSum}, the order the set's own sum kernel uses, so
 * the values do not depend on the split.
 */
package io.github.tidu4j.graph.fusion;
