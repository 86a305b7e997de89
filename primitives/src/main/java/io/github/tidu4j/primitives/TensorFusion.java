package io.github.tidu4j.primitives;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.ProgramRunner;
import io.github.tidu4j.graph.fusion.FusedProgram;
import io.github.tidu4j.graph.fusion.FusionParallelism;
import io.github.tidu4j.graph.fusion.FusionSet;
import io.github.tidu4j.primitives.tensor.Tensor;
import io.github.tidu4j.primitives.tensor.TensorElementValues;
import java.util.Objects;

/**
 * Fused evaluation of tensor programs: each region of elementwise operations ({@code Add}, {@code
 * Mul}, {@code Exp}, … — the primitives marked {@code elementwise}), with the broadcasts of
 * scalars feeding it and the full {@code ReduceSum}s ending it, runs as one generated loop over
 * its elements instead of one kernel, and one tensor, per operation. Values equal the unfused
 * evaluator's bit for bit (see {@link FusedProgram}); fused programs are cached per compiled
 * program. A region holds at most one transcendental operation ({@code Exp}, {@code Log}, {@code
 * Sin}, {@code Cos}, {@code Tanh}): a loop body calling several of them runs slower than one loop
 * per operation. Large regions run on several threads ({@link FusionParallelism}: by default the
 * common pool, from a measured amount of work; {@link #set(FusionParallelism)} chooses), with the
 * same values.
 *
 * <pre>{@code
 * CompiledProgram<TensorOp> p = Graphs.compile(Graphs.materialize(g));
 * List<Tensor> y = TensorFusion.fuse(p).evalPositional(List.of(x, a, b));
 * }</pre>
 */
public final class TensorFusion {
  private TensorFusion() {}

  private static final class Holder {
    static final FusionSet<TensorOp, Tensor> SET =
        FusionSet.of(
            TensorKernels.kernelSet(),
            TensorKernels.ELEMENTWISE,
            TensorElementValues.INSTANCE,
            TensorFusion::isFullSum,
            TensorFusion::isScalarBroadcast,
            TensorFusion::isTranscendental);
  }

  /**
   * The tensor set's fusion set, made on first use, splitting large loops as {@link
   * FusionParallelism#defaults()} says then (its system properties are read once, here).
   */
  public static FusionSet<TensorOp, Tensor> set() {
    return Holder.SET;
  }

  /** The fused form of {@code program}, cached. */
  public static FusedProgram<TensorOp, Tensor> fuse(CompiledProgram<TensorOp> program) {
    return Holder.SET.fuse(program);
  }

  /**
   * The tensor set's fusion set splitting large loops as {@code parallelism} says ({@link
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
   * Runners that run a program fused when it has an elementwise region, and with {@code
   * unfused} otherwise (a program with nothing to fuse gains nothing from it): what {@code
   * TensorAutodiff} uses, and what an eager runtime runs its operation and backward graphs with
   * when given them ({@code EagerTensor.newRuntime(TensorFusion.runners(TensorEvaluator::new))}).
   * The values are the unfused ones, bit for bit.
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
   * {@link #runners(ProgramRunner.Factory)} with the fused programs of {@code set} (a set from
   * {@link #set(FusionParallelism)}, for another split).
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

  /** Whether {@code op} broadcasts a rank-0 operand: a {@code BroadcastInDim} of a scalar. */
  static boolean isScalarBroadcast(TensorOp op) {
    return op instanceof TensorPrimitives.BroadcastInDim broadcast
        && broadcast.operandShape().length == 0;
  }

  /**
   * Whether {@code op}'s per-element kernel calls a transcendental function ({@code Math.exp},
   * {@code log}, {@code sin}, {@code cos}, {@code tanh}), which costs tens of cheap operations and
   * keeps a loop from vectorizing; {@code Sqrt} is an intrinsic instruction, and cheap.
   */
  static boolean isTranscendental(TensorOp op) {
    return op instanceof TensorPrimitives.Exp
        || op instanceof TensorPrimitives.Log
        || op instanceof TensorPrimitives.Sin
        || op instanceof TensorPrimitives.Cos
        || op instanceof TensorPrimitives.Tanh;
  }
}
