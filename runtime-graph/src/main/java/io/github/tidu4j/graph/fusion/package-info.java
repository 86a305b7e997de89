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
 * ({@code FusionPlan}) is a single scan over the program, followed by one over its regions that
 * merges independent regions of one shape ({@code SiblingFusion}: a gradient's forward sum and
 * its {@code dy/dx} reading the same input become one loop); the code generator ({@code
 * LoopGenerator}) writes one hidden class per region structure with ASM, defined with the set's
 * lookup, like the bytecode backend's program classes.
 *
 * <p>A unary member may have a {@link io.github.tidu4j.graph.fusion.BlockKernel} (a vectorised
 * {@code exp}), which the loop calls once per block of elements instead of the per-element kernel
 * ({@link io.github.tidu4j.graph.fusion.FusionSet#withBlockKernels}). Large regions run on several
 * threads ({@link io.github.tidu4j.graph.fusion.FusionParallelism}): a region's loop, with or
 * without block kernels, takes any element range ({@code from}, {@code to}), and runs in blocks of
 * {@link io.github.tidu4j.graph.fusion.BlockedSum#BLOCK} elements whose sums combine in block
 * order, so the values do not depend on the split. Within a block a sum adds in the set's {@link
 * io.github.tidu4j.graph.fusion.SumOrder}: index order ({@link
 * io.github.tidu4j.graph.fusion.BlockedSum}, the order the set's own sum kernel uses), or eight
 * interleaved partial sums ({@link io.github.tidu4j.graph.fusion.LaneSum}, faster, within a
 * stated bound).
 *
 * <p>A region may read values of other shapes through index maps ({@link
 * io.github.tidu4j.graph.fusion.Broadcast}: a bias vector over the rows of a matrix, read in
 * place) and end with sums over some of its axes ({@link io.github.tidu4j.graph.fusion.AxisSum}:
 * row or column sums, added into their result elements in the operand's row-major order); the
 * loop keeps one counter per axis of the region's shape, stepped per element, so no element
 * divides. A region with such sums splits across threads only into blocks of whole rows, where
 * every sum keeps the outermost axis (row sums) and the region has no full sum; otherwise it runs
 * on one thread.
 *
 * <p>A region of cheap members (kernels that are plain arithmetic, such as {@code a + b} or {@code
 * a · b}) with a full sum runs over vectors of eight elements where {@code jdk.incubator.vector}
 * is resolved, with the same bits as its element loop ({@link
 * io.github.tidu4j.graph.fusion.FusionSet#withVectorLoops}).
 *
 * <p>Values may be real (one {@code double} per element) or complex (two): a region whose
 * externals include complex values runs a loop made for that combination of kinds, calling the
 * members' complex kernel pairs ({@link io.github.tidu4j.graph.fusion.FusedProgram}).
 */
package io.github.tidu4j.graph.fusion;
