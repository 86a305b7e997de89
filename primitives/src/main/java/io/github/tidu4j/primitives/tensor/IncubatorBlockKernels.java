package io.github.tidu4j.primitives.tensor;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link BlockKernels} on {@code jdk.incubator.vector}: whole vectors of the preferred species go
 * through the lanewise transcendental operation, which HotSpot compiles to a call of its vector
 * math library (SVML on x86_64); the remaining {@code n mod lanes} elements go through {@link
 * Math}. Each operator is a constant at its call site: C2 intrinsifies a lanewise operation only
 * when the operator is a compile-time constant, so every function has its own loop.
 *
 * <p>This class is the only one that uses {@code jdk.incubator.vector}, which module-info does not
 * require: {@link VectorMath} loads it, reflectively, only after finding the module in the boot
 * layer and adding the read edge to it; nothing else refers to it, so the rest of the library loads
 * and runs without the module.
 */
final class IncubatorBlockKernels implements BlockKernels {

  private static final VectorSpecies<Double> SPECIES = DoubleVector.SPECIES_PREFERRED;

  IncubatorBlockKernels() {}

  @Override
  public void exp(double[] x, int xOff, double[] y, int yOff, int n) {
    int bound = SPECIES.loopBound(n);
    int i = 0;
    for (; i < bound; i += SPECIES.length()) {
      DoubleVector.fromArray(SPECIES, x, xOff + i)
          .lanewise(VectorOperators.EXP)
          .intoArray(y, yOff + i);
    }
    MathBlockKernels.INSTANCE.exp(x, xOff + i, y, yOff + i, n - i);
  }

  @Override
  public void log(double[] x, int xOff, double[] y, int yOff, int n) {
    int bound = SPECIES.loopBound(n);
    int i = 0;
    for (; i < bound; i += SPECIES.length()) {
      DoubleVector.fromArray(SPECIES, x, xOff + i)
          .lanewise(VectorOperators.LOG)
          .intoArray(y, yOff + i);
    }
    MathBlockKernels.INSTANCE.log(x, xOff + i, y, yOff + i, n - i);
  }

  @Override
  public void sin(double[] x, int xOff, double[] y, int yOff, int n) {
    int bound = SPECIES.loopBound(n);
    int i = 0;
    for (; i < bound; i += SPECIES.length()) {
      DoubleVector.fromArray(SPECIES, x, xOff + i)
          .lanewise(VectorOperators.SIN)
          .intoArray(y, yOff + i);
    }
    MathBlockKernels.INSTANCE.sin(x, xOff + i, y, yOff + i, n - i);
  }

  @Override
  public void cos(double[] x, int xOff, double[] y, int yOff, int n) {
    int bound = SPECIES.loopBound(n);
    int i = 0;
    for (; i < bound; i += SPECIES.length()) {
      DoubleVector.fromArray(SPECIES, x, xOff + i)
          .lanewise(VectorOperators.COS)
          .intoArray(y, yOff + i);
    }
    MathBlockKernels.INSTANCE.cos(x, xOff + i, y, yOff + i, n - i);
  }

  @Override
  public void tanh(double[] x, int xOff, double[] y, int yOff, int n) {
    int bound = SPECIES.loopBound(n);
    int i = 0;
    for (; i < bound; i += SPECIES.length()) {
      DoubleVector.fromArray(SPECIES, x, xOff + i)
          .lanewise(VectorOperators.TANH)
          .intoArray(y, yOff + i);
    }
    MathBlockKernels.INSTANCE.tanh(x, xOff + i, y, yOff + i, n - i);
  }

  @Override
  public String description() {
    return "jdk.incubator.vector " + SPECIES.vectorBitSize() + "-bit";
  }
}
