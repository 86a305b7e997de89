package io.github.tidu4j.bench.eval;

/**
 * A stand-in kernel for {@code Sin} and {@code Cos} that costs one multiply-add, for ablation
 * only: a program whose sine and cosine kernels are replaced by it ({@link
 * CostPrograms#affineTrigKernels}) runs everything else exactly as before, so the difference in
 * time is what the sines and cosines cost. Its results are meaningless (RandDAG overflows to
 * infinities and NaNs with it, which cost x86 no more than finite values; subnormals, which would,
 * do not arise).
 */
public final class AffineTrig {
  private AffineTrig() {}

  /** {@code 0.5 + 0.25·x}. */
  public static double affine(double x) {
    return 0.5 + 0.25 * x;
  }
}
