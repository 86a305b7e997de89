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
 * <p>Large regions run on several threads ({@link io.github.tidu4j.graph.fusion.FusionParallelism}):
 * a region's loop takes an element range ({@code from}, {@code to}), and runs in blocks whose sums
 * combine in the order of {@link io.github.tidu4j.graph.fusion.BlockedSum}, the order the set's
 * own sum kernel uses, so the values do not depend on the split. The loops call the kernels one
 * element at a time, where vectorised block kernels could take over.
 */
package io.github.tidu4j.graph.fusion;
