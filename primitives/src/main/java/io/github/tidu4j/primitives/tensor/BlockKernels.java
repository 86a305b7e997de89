package io.github.tidu4j.primitives.tensor;

/**
 * One implementation of {@link VectorMath}'s block functions: each maps {@code n} consecutive
 * elements of {@code x} from {@code xOff} to {@code n} consecutive elements of {@code y} from
 * {@code yOff}. {@link VectorMath} checks the bounds before it calls; implementations assume them.
 * Implementations are {@link MathBlockKernels} (scalar {@link Math} calls) and, where the
 * {@code jdk.incubator.vector} module is resolved, {@link IncubatorBlockKernels}.
 */
interface BlockKernels {

  void exp(double[] x, int xOff, double[] y, int yOff, int n);

  void log(double[] x, int xOff, double[] y, int yOff, int n);

  void sin(double[] x, int xOff, double[] y, int yOff, int n);

  void cos(double[] x, int xOff, double[] y, int yOff, int n);

  void tanh(double[] x, int xOff, double[] y, int yOff, int n);

  /**
   * A short name for reports and tests, e.g. {@code "Math"} or {@code "jdk.incubator.vector
   * 512-bit"}.
   */
  String description();
}
