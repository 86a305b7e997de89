package io.github.tidu4j.primitives;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.fusion.FusedProgram;
import io.github.tidu4j.graph.fusion.FusionSet;
import io.github.tidu4j.primitives.tensor.Tensor;
import io.github.tidu4j.primitives.tensor.TensorElementValues;

/**
 * Fused evaluation of tensor programs: each region of elementwise operations ({@code Add}, {@code
 * Mul}, {@code Exp}, … — the primitives marked {@code elementwise}), with the broadcasts of
 * scalars feeding it and the full {@code ReduceSum}s ending it, runs as one generated loop over
 * its elements instead of one kernel, and one tensor, per operation. Values equal the unfused
 * evaluator's bit for bit (see {@link FusedProgram}); fused programs are cached per compiled
 * program. A region holds at most one transcendental operation ({@code Exp}, {@code Log}, {@code
 * Sin}, {@code Cos}, {@code Tanh}): a loop body calling several of them runs slower than one loop
 * per operation.
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

  /** The tensor set's fusion set, made on first use. */
  public static FusionSet<TensorOp, Tensor> set() {
    return Holder.SET;
  }

  /** The fused form of {@code program}, cached. */
  public static FusedProgram<TensorOp, Tensor> fuse(CompiledProgram<TensorOp> program) {
    return Holder.SET.fuse(program);
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
