package com.example.export;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * Runs the gradient the build exported, with no tidu4j library on the class path (Surefire leaves
 * them out: see the pom), against a derivative written by hand.
 */
class ExportedGradientTest {

  @Test
  void theTidu4jRuntimeIsNotOnTheClassPath() {
    assertThrows(ClassNotFoundException.class, () -> Class.forName("io.github.tidu4j.graph.Graph"));
    assertThrows(ClassNotFoundException.class,
        () -> Class.forName("io.github.tidu4j.ad.func.ScalarAutodiff"));
  }

  @Test
  void theExportedGradientIsTheHandWrittenDerivative() {
    double[][] points = {{0.5, 2.0}, {-1.5, 0.25}, {3.0, -4.0}, {0.0, 1.0}, {30.0, 2.0}};
    for (double[] p : points) {
      double x = p[0];
      double y = p[1];
      double u = x * y;
      double softplus = Math.max(u, 0) + Math.log1p(Math.exp(-Math.abs(u)));
      double sigmoid = 1 / (1 + Math.exp(-u));
      // d/dx x·softplus(xy) = softplus(xy) + x·y·σ(xy); d/dy = x²·σ(xy)
      double[] expected = {softplus + x * y * sigmoid, x * x * sigmoid};
      double[] gradient = SoftplusProduct.gradient(x, y);
      assertArrayEquals(expected, gradient, 1e-12 * (1 + Math.abs(expected[0])), "at " + x + ", " + y);
      assertEquals(x * softplus, SoftplusProduct.value(x, y)[0], 1e-15 * (1 + Math.abs(x * softplus)));
    }
  }

  @Test
  void theExportedGradientAgreesWithCentralDifferences() {
    double x = 0.7;
    double y = -1.1;
    double h = 1e-6;
    double[] g = SoftplusProduct.gradient(x, y);
    double dx = (SoftplusProduct.value(x + h, y)[0] - SoftplusProduct.value(x - h, y)[0]) / (2 * h);
    double dy = (SoftplusProduct.value(x, y + h)[0] - SoftplusProduct.value(x, y - h)[0]) / (2 * h);
    assertEquals(dx, g[0], 1e-8);
    assertEquals(dy, g[1], 1e-8);
  }

  @Test
  void aWrongNumberOfInputsIsRejectedByName() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> SoftplusProduct.gradient(1.0));
    assertEquals("x has 1 value(s), but 2 are expected", e.getMessage());
  }
}
