package io.github.tidu4j.graph.testing;

/**
 * A {@code double} primitive set declared the way the annotation processor reads one: attribute-free
 * primitives have static kernels, primitives with attributes declare them as abstract accessors and
 * have a default-method kernel that reads them. {@link AffineOp} is what the processor would
 * generate from it.
 */
public interface Affine {

  /** {@code a + b}. */
  interface Add {
    static double eval(double a, double b) {
      return a + b;
    }
  }

  /** {@code sin x}. */
  interface Sin {
    static double eval(double x) {
      return Math.sin(x);
    }
  }

  /** {@code factor * x}. */
  interface Scale {
    double factor();

    default double eval(double x) {
      return factor() * x;
    }
  }

  /** {@code x + offset}. */
  interface Shift {
    double offset();

    default double eval(double x) {
      return x + offset();
    }
  }

  /** Two results: the point at {@code angle} on the circle of {@code radius}, x then y. */
  interface Polar {
    double radius();

    default double[] eval(double angle) {
      return new double[] {radius() * Math.cos(angle), radius() * Math.sin(angle)};
    }
  }
}
