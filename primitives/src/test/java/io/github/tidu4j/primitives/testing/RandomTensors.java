package io.github.tidu4j.primitives.testing;

import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.SplittableRandom;

/**
 * Random f64 tensors for tests that compare one program run two ways (fused and unfused, tier
 * against tier): the values only need to be varied and reproducible from a seed.
 *
 * <pre>{@code
 * Tensor x = RandomTensors.vector(new SplittableRandom(1), 1000, -2, 2);
 * }</pre>
 */
public final class RandomTensors {
  private RandomTensors() {}

  /** A vector of {@code n} elements drawn uniformly from {@code [lo, hi)}, one draw each. */
  public static Tensor vector(SplittableRandom r, int n, double lo, double hi) {
    return Tensor.of(draws(r, n, lo, hi), n);
  }

  /** A tensor of shape {@code dims}, its elements drawn as {@link #vector} draws them. */
  public static Tensor of(SplittableRandom r, double lo, double hi, int... dims) {
    int n = 1;
    for (int d : dims) {
      n *= d;
    }
    return Tensor.of(draws(r, n, lo, hi), dims);
  }

  /** A c128 tensor of shape {@code dims}: real and imaginary parts drawn in turn. */
  public static Tensor complex(SplittableRandom r, double lo, double hi, int... dims) {
    int n = 1;
    for (int d : dims) {
      n *= d;
    }
    return Tensor.complex(draws(r, 2 * n, lo, hi), dims);
  }

  private static double[] draws(SplittableRandom r, int n, double lo, double hi) {
    double[] v = new double[n];
    for (int i = 0; i < n; i++) {
      v[i] = lo + (hi - lo) * r.nextDouble();
    }
    return v;
  }
}
