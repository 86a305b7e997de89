package io.github.tidu4j.ad.check;

import java.util.Random;

/**
 * Ready {@link VectorSpace}s for the operand types the runtime knows.
 *
 * <pre>{@code
 * GradientChecker.check(CheckedFunction.of(f), Map.of("x", 0.5), VectorSpaces.REAL, 2, Mode.BOTH,
 *     null, new Random(0));
 * }</pre>
 */
public final class VectorSpaces {
  private VectorSpaces() {}

  /** Real scalars ({@code Double}), with the f64 tolerance {@link Tolerance#F64}. */
  public static final VectorSpace<Double> REAL = new Real();

  private static final class Real implements VectorSpace<Double> {
    @Override
    public Double add(Double a, Double b) {
      return a + b;
    }

    @Override
    public Double scale(double factor, Double a) {
      return factor * a;
    }

    @Override
    public double inner(Double a, Double b) {
      return a * b;
    }

    @Override
    public Double randomLike(Double template, Random random) {
      return random.nextGaussian();
    }

    @Override
    public Double zeroLike(Double template) {
      return 0.0;
    }

    @Override
    public Tolerance defaultTolerance() {
      return Tolerance.F64;
    }

    @Override
    public double norm(Double a) {
      return Math.abs(a);
    }

    @Override
    public double distance(Double a, Double b) {
      return Math.abs(a - b);
    }

    @Override
    public String toString() {
      return "VectorSpaces.REAL";
    }
  }
}
