package io.github.tidu4j.ad.testing;

import io.github.tidu4j.ad.check.Tolerance;
import io.github.tidu4j.ad.check.VectorSpace;
import java.util.Random;

/**
 * {@link Complex} scalars as a real vector space for the gradient checker: the inner product is
 * {@code Re(conj(a)·b)}, under which {@link ComplexOp}'s transposes (which conjugate the fixed
 * factor) are adjoints. Tolerance: JAX's complex128 default, the same as f64.
 */
public final class ComplexSpace implements VectorSpace<Complex> {
  public static final ComplexSpace INSTANCE = new ComplexSpace();

  private ComplexSpace() {}

  @Override
  public Complex add(Complex a, Complex b) {
    return a.plus(b);
  }

  @Override
  public Complex scale(double factor, Complex a) {
    return Complex.of(factor * a.re(), factor * a.im());
  }

  @Override
  public double inner(Complex a, Complex b) {
    return a.re() * b.re() + a.im() * b.im();
  }

  @Override
  public Complex randomLike(Complex template, Random random) {
    return Complex.of(random.nextGaussian(), random.nextGaussian());
  }

  @Override
  public Complex zeroLike(Complex template) {
    return Complex.of(0, 0);
  }

  @Override
  public Tolerance defaultTolerance() {
    return Tolerance.F64;
  }
}
