package io.github.tidu4j.ad.testing;

import io.github.tidu4j.ad.check.Tolerance;
import io.github.tidu4j.ad.check.VectorSpace;
import java.util.Arrays;
import java.util.Random;

/**
 * {@link VecOp}'s f64 vectors ({@code double[]}) as a vector space for the gradient checker, with
 * the Euclidean inner product and a componentwise closeness test (NumPy's {@code allclose}).
 */
public final class VecSpace implements VectorSpace<double[]> {
  public static final VecSpace INSTANCE = new VecSpace();

  private VecSpace() {}

  @Override
  public double[] add(double[] a, double[] b) {
    checkSameLength(a, b);
    double[] r = new double[a.length];
    for (int i = 0; i < r.length; i++) {
      r[i] = a[i] + b[i];
    }
    return r;
  }

  @Override
  public double[] scale(double factor, double[] a) {
    double[] r = new double[a.length];
    for (int i = 0; i < r.length; i++) {
      r[i] = factor * a[i];
    }
    return r;
  }

  @Override
  public double inner(double[] a, double[] b) {
    checkSameLength(a, b);
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      s += a[i] * b[i];
    }
    return s;
  }

  @Override
  public double[] randomLike(double[] template, Random random) {
    double[] r = new double[template.length];
    for (int i = 0; i < r.length; i++) {
      r[i] = random.nextGaussian();
    }
    return r;
  }

  @Override
  public double[] zeroLike(double[] template) {
    return new double[template.length];
  }

  @Override
  public Tolerance defaultTolerance() {
    return Tolerance.F64;
  }

  /** Componentwise: lengths equal and every component within the tolerance. */
  @Override
  public boolean isClose(double[] expected, double[] actual, Tolerance tolerance) {
    if (expected.length != actual.length) {
      return false;
    }
    for (int i = 0; i < expected.length; i++) {
      if (!tolerance.accepts(expected[i], actual[i])) {
        return false;
      }
    }
    return true;
  }

  @Override
  public String describe(double[] value) {
    return Arrays.toString(value);
  }

  private static void checkSameLength(double[] a, double[] b) {
    if (a.length != b.length) {
      throw new IllegalArgumentException("vectors of lengths " + a.length + " and " + b.length);
    }
  }
}
