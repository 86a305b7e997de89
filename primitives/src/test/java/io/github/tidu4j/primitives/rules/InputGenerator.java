package io.github.tidu4j.primitives.rules;

import io.github.tidu4j.primitives.TensorType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.Random;

/**
 * How a rule check draws an operand (JAX's {@code rand_default}, {@code rand_positive}, …): each
 * element's real part, and for c128 its imaginary part, uniform in a range chosen to keep the
 * primitive smooth around the point and finite differences meaningful.
 */
enum InputGenerator {
  /** Both parts uniform in {@code [−1.5, 1.5]}. */
  DEFAULT(-1.5, 1.5, false, -1.5, 1.5),

  /**
   * Real part in {@code [0.5, 2]}, imaginary part in {@code [−1, 1]}: positive for f64 ({@code
   * Log}, {@code Sqrt}), and away from the branch cut along the negative real axis for c128.
   */
  POSITIVE(0.5, 2, false, -1, 1),

  /** Real part {@code ±[0.5, 2]}, imaginary part in {@code [−1, 1]}: {@code |x| ≥ 0.5} (divisors). */
  NONZERO(0.5, 2, true, -1, 1),

  /**
   * Real part in {@code [−1.5, 1.5]}, imaginary part in {@code [−0.5, 0.5]}: away from the poles
   * of c128 {@code tanh} and {@code sech} at {@code ±iπ/2}.
   */
  TANH(-1.5, 1.5, false, -0.5, 0.5);

  private final double reLo;
  private final double reHi;
  private final boolean randomSign;
  private final double imLo;
  private final double imHi;

  InputGenerator(double reLo, double reHi, boolean randomSign, double imLo, double imHi) {
    this.reLo = reLo;
    this.reHi = reHi;
    this.randomSign = randomSign;
    this.imLo = imLo;
    this.imHi = imHi;
  }

  /** A tensor of {@code type} drawn from {@code random}. */
  Tensor draw(TensorType type, Random random) {
    boolean complex = type.dtype().isComplex();
    double[] data = new double[type.shape().size() * type.dtype().width()];
    for (int i = 0; i < data.length; ) {
      double re = reLo + (reHi - reLo) * random.nextDouble();
      data[i++] = randomSign && random.nextBoolean() ? -re : re;
      if (complex) {
        data[i++] = imLo + (imHi - imLo) * random.nextDouble();
      }
    }
    return complex ? Tensor.complex(data, type.shape()) : Tensor.of(data, type.shape());
  }
}
