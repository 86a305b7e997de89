package io.github.tidu4j.bench.tensor;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * cheap8's forward and gradient written by hand over eight-lane {@code DoubleVector}s, as the
 * fused program's vector loop runs them (one loop reading x, a and b, the forward sum in a vector
 * accumulator, dy/dx = −(−(ct·a)·a)·a stored eight elements at a time): the limit a
 * vector-loop gradient reaches, with dy/dx in a fresh array or in one allocated once, for
 * {@link HandLimitsSideBySide}'s gradient-floor table. Timing only: the sum's lanes are not the fused
 * program's lane order, and the tail of fewer than eight elements is left out (n is a multiple of
 * eight where it is used).
 */
final class Cheap8VectorLoops {
  private static final VectorSpecies<Double> SPECIES = DoubleVector.SPECIES_512;

  private Cheap8VectorLoops() {}

  /** The forward sum over the first {@code n − n % 8} elements. */
  static double forward(double[] x, double[] a, double[] b) {
    return AlignmentSideBySide.forward(x, 0, a, 0, b, 0, SPECIES.loopBound(x.length));
  }

  /** The forward sum and dy/dx into {@code dx}, in one loop. */
  static double gradientInto(double[] x, double[] a, double[] b, double ct, double[] dx) {
    DoubleVector sum = DoubleVector.zero(SPECIES);
    DoubleVector seed = DoubleVector.broadcast(SPECIES, ct);
    int end = SPECIES.loopBound(x.length);
    for (int i = 0; i < end; i += SPECIES.length()) {
      DoubleVector av = DoubleVector.fromArray(SPECIES, a, i);
      sum = sum.add(AlignmentSideBySide.cheap8(DoubleVector.fromArray(SPECIES, x, i), av,
          DoubleVector.fromArray(SPECIES, b, i)));
      seed.mul(av).neg().mul(av).neg().mul(av).intoArray(dx, i);
    }
    return sum.reduceLanes(VectorOperators.ADD);
  }

  /** {@link #gradientInto} a fresh array, returned (the sum goes to {@code sink[0]}). */
  static double[] gradient(double[] x, double[] a, double[] b, double ct, double[] sink) {
    double[] dx = new double[x.length];
    sink[0] = gradientInto(x, a, b, ct, dx);
    return dx;
  }
}
