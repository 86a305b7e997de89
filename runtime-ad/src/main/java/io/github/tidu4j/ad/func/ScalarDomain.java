package io.github.tidu4j.ad.func;

import io.github.tidu4j.ad.check.Tolerance;
import java.util.List;
import java.util.Random;

/**
 * The values of every primitive set over {@code double} — the shipped scalar set and any declared
 * with {@code @PrimitiveSet(operand = double.class)}: real scalars with one type ({@link
 * ScalarType#F64}), zero 0, unit 1, any output may seed {@code grad}; as a vector space the
 * ordinary product is the inner product, with the f64 tolerance {@link Tolerance#F64}.
 *
 * <pre>{@code
 * GradientChecker.check(CheckedFunction.of(f), Map.of("x", 0.5), ScalarDomain.INSTANCE, 2,
 *     Mode.BOTH, null, new Random(0));
 * double one = ScalarDomain.INSTANCE.one(ScalarType.F64);    // 1.0
 * }</pre>
 */
public enum ScalarDomain implements Domain<ScalarType, Double> {
  /** The one instance. */
  INSTANCE;

  @Override
  public ScalarType typeOf(Double value) {
    return ScalarType.F64;
  }

  @Override
  public Double zero(ScalarType type) {
    return 0.0;
  }

  @Override
  public Double one(ScalarType type) {
    return 1.0;
  }

  @Override
  public String gradOutputProblem(ScalarType type) {
    return null;
  }

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
    return "ScalarDomain";
  }

  /** {@code values} boxed, in order. */
  static List<Double> box(double[] values) {
    Double[] boxed = new Double[values.length];
    for (int i = 0; i < values.length; i++) {
      boxed[i] = values[i];
    }
    return List.of(boxed);
  }
}
