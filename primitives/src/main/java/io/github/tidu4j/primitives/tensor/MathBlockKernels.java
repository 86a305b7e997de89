package io.github.tidu4j.primitives.tensor;

/**
 * {@link BlockKernels} as one scalar {@link Math} call per element: the fallback of {@link
 * VectorMath}, bit-identical to the unfused {@link Elementwise} kernels.
 */
final class MathBlockKernels implements BlockKernels {

  static final MathBlockKernels INSTANCE = new MathBlockKernels();

  private MathBlockKernels() {}

  @Override
  public void exp(double[] x, int xOff, double[] y, int yOff, int n) {
    for (int i = 0; i < n; i++) {
      y[yOff + i] = Math.exp(x[xOff + i]);
    }
  }

  @Override
  public void log(double[] x, int xOff, double[] y, int yOff, int n) {
    for (int i = 0; i < n; i++) {
      y[yOff + i] = Math.log(x[xOff + i]);
    }
  }

  @Override
  public void sin(double[] x, int xOff, double[] y, int yOff, int n) {
    for (int i = 0; i < n; i++) {
      y[yOff + i] = Math.sin(x[xOff + i]);
    }
  }

  @Override
  public void cos(double[] x, int xOff, double[] y, int yOff, int n) {
    for (int i = 0; i < n; i++) {
      y[yOff + i] = Math.cos(x[xOff + i]);
    }
  }

  @Override
  public void tanh(double[] x, int xOff, double[] y, int yOff, int n) {
    for (int i = 0; i < n; i++) {
      y[yOff + i] = Math.tanh(x[xOff + i]);
    }
  }

  @Override
  public String description() {
    return "Math";
  }
}
