package io.github.tidu4j.primitives;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.ProgramRunner;
import io.github.tidu4j.graph.fusion.AxisSum;
import io.github.tidu4j.graph.fusion.BlockKernel;
import io.github.tidu4j.graph.fusion.Broadcast;
import io.github.tidu4j.graph.fusion.FusedProgram;
import io.github.tidu4j.graph.fusion.FusionParallelism;
import io.github.tidu4j.graph.fusion.FusionSet;
import io.github.tidu4j.graph.fusion.LaneSum;
import io.github.tidu4j.graph.fusion.SumOrder;
import io.github.tidu4j.primitives.tensor.Tensor;
import io.github.tidu4j.primitives.tensor.TensorElementValues;
import io.github.tidu4j.primitives.tensor.VectorMath;
import java.util.Map;
import java.util.Objects;

/**
 * Fused evaluation of tensor programs: each region of elementwise operations ({@code Add}, {@code
 * Mul}, {@code Exp}, … — the primitives marked {@code elementwise}), with the {@code
 * BroadcastInDim}s feeding it (of a scalar, or of a tensor such as a bias vector over the rows of
 * a matrix, read in place through an index map) and the {@code ReduceSum}s ending it (over every
 * axis, or over some: the row or column sums of a matrix), runs as one generated loop over its
 * elements instead of one kernel, and one tensor, per operation; fused programs are cached per
 * compiled program.
 *
 * <p><b>Sums over some axes</b> add each element into its result element in the operand's
 * row-major order from {@code +0.0}, the order of {@code Reductions.reduceSum}, in both sets: their
 * values are the unfused ones bit for bit (the {@link SumOrder} below applies to full sums only).
 * A region with such sums splits across threads only where each keeps the first axis (the row
 * sums of a matrix, not its column sums) and the region has no full sum, into blocks of whole
 * rows; otherwise it runs on one thread (its result elements gather elements from every part of
 * the region). A {@code ReduceSum} that sums only axes of length 1, or every axis of
 * length above 1, runs unfused ({@code reduceSum} passes the elements through, or adds them in
 * the blocked order of a full sum).
 *
 * <p><b>Two sets.</b> {@link #fuse} (the default, {@link #set()}) computes the transcendental
 * operations {@code Exp}, {@code Log}, {@code Sin}, {@code Cos}, {@code Tanh} and {@code Sech} over
 * blocks of elements with {@link VectorMath} (vectorised where {@code jdk.incubator.vector} is resolved,
 * {@link Math} loops otherwise), each block of each in its own phase of the region's loop, so a
 * region holds several; {@link #fuseExact} ({@link #exactSet()}) calls their per-element {@link
 * Math} kernels in the loop, and holds at most one per region (a scalar loop body calling several
 * runs slower than one loop per operation). {@link #fuseExact} sums in the order of the unfused
 * {@code ReduceSum} ({@link SumOrder#SEQUENTIAL}: index order within blocks of {@value
 * io.github.tidu4j.graph.fusion.BlockedSum#BLOCK} elements, block sums in block order); {@link
 * #fuse} in {@link SumOrder#LANES}, eight partial sums per block, combined pairwise, so that a
 * loop summing a vectorised {@code exp} is not bound by one chain of dependent additions.
 *
 * <p><b>Values.</b> {@link #fuseExact} gives the unfused evaluator's values bit for bit (see
 * {@link FusedProgram}). {@link #fuse}'s full sums are {@link SumOrder#LANES}'s, within {@link
 * LaneSum}'s bound of the exact sum, which is no wider than the unfused order's; a sum's value,
 * and whatever the program computes from it, then differs from the unfused one in its last bits.
 * Vectorised, each transcendental operation's elements are within {@link VectorMath}'s bounds of
 * the exact function (1 ulp; 2.5 for {@code tanh}, 3 for {@code sech}), as the unfused kernels are
 * (within 1 ulp, 2.5 for {@code tanh}), so the two differ by at most 2 ulp (5 for {@code tanh})
 * in a transcendental result; what that becomes in a program's outputs depends on what the
 * program does with it (how the rest of the program propagates it, as for any change in a
 * function's last bits). Vectorised values are not reproducible bit for bit from call to call
 * either: until C2 compiles the kernels, the Vector API may round a result's last bit otherwise
 * (the tests saw two runs of one program differ there); {@link #exactSet()} is the set to use for
 * reproducible bits.
 *
 * <p><b>Threads.</b> Large regions of either set run on several threads ({@link
 * FusionParallelism}: by default the common pool, from a measured amount of work; {@link
 * #set(FusionParallelism)} and {@link #exactSet(FusionParallelism)} choose). The split computes
 * each element as one thread does (its blocks of 2¹⁴ elements keep the block kernels' blocks where
 * they are) and adds the sums in the same order: {@link #exactSet()}'s values are the same bits on
 * any number of threads.
 *
 * <pre>{@code
 * CompiledProgram<TensorOp> p = Graphs.compile(Graphs.materialize(g));
 * List<Tensor> y = TensorFusion.fuse(p).evalPositional(List.of(x, a, b));
 * List<Tensor> same = TensorFusion.fuseExact(p).evalPositional(List.of(x, a, b));
 * }</pre>
 */
public final class TensorFusion {
  private TensorFusion() {}

  /**
   * The primitives declaring a block kernel ({@code block}, listed by the processor as {@link
   * TensorKernels#BLOCK_KERNELS}), by primitive name: the transcendental ones, over {@link
   * VectorMath}.
   */
  private static final Map<String, BlockKernel> BLOCK_KERNELS =
      BlockKernel.byPrimitive(TensorKernels.BLOCK_KERNELS, TensorFusion.class.getClassLoader());

  private static final class Holder {
    static final FusionSet<TensorOp, Tensor> EXACT =
        FusionSet.of(
            TensorKernels.kernelSet(),
            TensorKernels.ELEMENTWISE,
            TensorElementValues.INSTANCE,
            TensorFusion::isFullSum,
            TensorFusion::isScalarBroadcast,
            TensorFusion::isTranscendental,
            TensorFusion::broadcast,
            TensorFusion::axisSum);
    static final FusionSet<TensorOp, Tensor> SET =
        EXACT.withBlockKernels(BLOCK_KERNELS).withSumOrder(SumOrder.LANES);
  }

  /**
   * The tensor set's fusion set, made on first use: transcendental operations over blocks through
   * {@link VectorMath}, full sums in {@link SumOrder#LANES}, large loops split as {@link
   * FusionParallelism#defaults()} says then (its system properties are read once, here).
   */
  public static FusionSet<TensorOp, Tensor> set() {
    return Holder.SET;
  }

  /**
   * The tensor set's fusion set whose loops call every per-element kernel once per element: fused
   * values are the unfused evaluator's bit for bit. Large loops are split as {@link
   * FusionParallelism#defaults()} says.
   */
  public static FusionSet<TensorOp, Tensor> exactSet() {
    return Holder.EXACT;
  }

  /**
   * The block kernels {@link #set()} uses, by primitive name: the {@code block} methods {@code Exp},
   * {@code Log}, {@code Sin}, {@code Cos}, {@code Tanh} and {@code Sech} declare ({@link
   * TensorKernels#BLOCK_KERNELS}), each {@link VectorMath}'s function. With them, a set of another
   * block size:
   *
   * <pre>{@code
   * FusionSet<TensorOp, Tensor> blocks256 =
   *     TensorFusion.exactSet().withBlockKernels(TensorFusion.blockKernels(), 256);
   * }</pre>
   */
  public static Map<String, BlockKernel> blockKernels() {
    return BLOCK_KERNELS;
  }

  /** The fused form of {@code program} in {@link #set()}, cached. */
  public static FusedProgram<TensorOp, Tensor> fuse(CompiledProgram<TensorOp> program) {
    return Holder.SET.fuse(program);
  }

  /** The fused form of {@code program} in {@link #exactSet()}, cached. */
  public static FusedProgram<TensorOp, Tensor> fuseExact(CompiledProgram<TensorOp> program) {
    return Holder.EXACT.fuse(program);
  }

  /**
   * {@link #set()} splitting large loops as {@code parallelism} says ({@link
   * FusionParallelism#serial()}: on the calling thread only); it shares the generated loops with
   * {@link #set()}.
   *
   * <pre>{@code
   * FusedProgram<TensorOp, Tensor> serial =
   *     TensorFusion.set(FusionParallelism.serial()).fuse(program);
   * }</pre>
   */
  public static FusionSet<TensorOp, Tensor> set(FusionParallelism parallelism) {
    return Holder.SET.withParallelism(parallelism);
  }

  /**
   * {@link #exactSet()} splitting large loops as {@code parallelism} says; it shares the generated
   * loops with {@link #exactSet()}, and its values are the unfused evaluator's bit for bit.
   *
   * <pre>{@code
   * FusedProgram<TensorOp, Tensor> exactSerial =
   *     TensorFusion.exactSet(FusionParallelism.serial()).fuse(program);
   * }</pre>
   */
  public static FusionSet<TensorOp, Tensor> exactSet(FusionParallelism parallelism) {
    return Holder.EXACT.withParallelism(parallelism);
  }

  /**
   * Runners that run a program fused in {@link #set()} when it has an elementwise region, and with
   * {@code unfused} otherwise (a program with nothing to fuse gains nothing from it): what {@code
   * TensorAutodiff} uses, and what an eager runtime runs its operation and backward graphs with
   * when given them ({@code EagerTensor.newRuntime(TensorFusion.runners(TensorEvaluator::new))}).
   * The values are {@link #fuse}'s: the unfused ones except for the last bits of the
   * transcendental operations and of the full sums (see the class comment); {@code
   * runners(TensorFusion.exactSet(), unfused)} gives the unfused ones bit for bit.
   *
   * <pre>{@code
   * ProgramRunner.Factory<TensorOp, Tensor> runners = TensorFusion.runners(TensorEvaluator::new);
   * List<Tensor> y = runners.prepare(program).run(List.of(x));
   * }</pre>
   *
   * @param unfused the runners of programs with no elementwise region
   */
  public static ProgramRunner.Factory<TensorOp, Tensor> runners(
      ProgramRunner.Factory<TensorOp, Tensor> unfused) {
    return runners(Holder.SET, unfused);
  }

  /**
   * {@link #runners(ProgramRunner.Factory)} with the fused programs of {@code set} ({@link
   * #exactSet()} for the unfused values bit for bit, a set from {@link #set(FusionParallelism)}
   * for another split).
   */
  public static ProgramRunner.Factory<TensorOp, Tensor> runners(
      FusionSet<TensorOp, Tensor> set, ProgramRunner.Factory<TensorOp, Tensor> unfused) {
    Objects.requireNonNull(set, "set");
    Objects.requireNonNull(unfused, "unfused");
    return program -> {
      FusedProgram<TensorOp, Tensor> fused = set.fuse(program);
      return fused.regionCount() == 0 ? unfused.prepare(program) : fused::evalPositional;
    };
  }

  /** Whether {@code op} sums every element of its operand: a {@code ReduceSum} over every axis. */
  static boolean isFullSum(TensorOp op) {
    return op instanceof TensorPrimitives.ReduceSum sum
        && sum.axes().length == sum.operandShape().length;
  }

  /** {@code op}'s broadcast if it is a {@code BroadcastInDim}, else {@code null}. */
  static Broadcast broadcast(TensorOp op) {
    if (!(op instanceof TensorPrimitives.BroadcastInDim b)) {
      return null;
    }
    try {
      return new Broadcast(b.operandShape(), b.shape(), b.broadcastDimensions());
    } catch (IllegalArgumentException e) {
      return null; // not a broadcast the kernel accepts: it runs unfused and reports it
    }
  }

  /** {@code op}'s sum over axes if it is a {@code ReduceSum}, else {@code null}. */
  static AxisSum axisSum(TensorOp op) {
    if (!(op instanceof TensorPrimitives.ReduceSum sum)) {
      return null;
    }
    try {
      return new AxisSum(sum.operandShape(), sum.axes());
    } catch (IllegalArgumentException e) {
      return null; // not a sum the kernel accepts: it runs unfused and reports it
    }
  }

  /** Whether {@code op} broadcasts a rank-0 operand: a {@code BroadcastInDim} of a scalar. */
  static boolean isScalarBroadcast(TensorOp op) {
    return op instanceof TensorPrimitives.BroadcastInDim broadcast
        && broadcast.operandShape().length == 0;
  }

  /**
   * Whether {@code op}'s per-element kernel calls a transcendental function ({@code Math.exp},
   * {@code log}, {@code sin}, {@code cos}, {@code tanh}, and {@code exp} for {@code sech}): the
   * primitives that declare a block
   * kernel. Such a call costs tens of cheap operations and keeps a loop from vectorizing;
   * {@code Sqrt} is an intrinsic instruction, and cheap.
   */
  static boolean isTranscendental(TensorOp op) {
    return BLOCK_KERNELS.containsKey(op.name());
  }
}
