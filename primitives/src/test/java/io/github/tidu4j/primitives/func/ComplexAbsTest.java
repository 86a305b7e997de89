package io.github.tidu4j.primitives.func;

import static io.github.tidu4j.primitives.func.TensorAutodiff.checkGrads;
import static io.github.tidu4j.primitives.func.TensorAutodiff.function;
import static io.github.tidu4j.primitives.func.TensorAutodiff.grad;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code abs()} of a c128 tensor: its modulus as f64, as JAX's {@code abs}, with the gradient of
 * a real loss in the README's convention ({@code ∂f/∂x + i·∂f/∂y}), 0 at 0.
 */
class ComplexAbsTest {
  @Test
  void theModulusNeitherOverflowsNorUnderflows() {
    Tensor z = Tensor.complex(new double[] {3, 4, 0, 0, -1e300, 1e300, 3e-300, -4e-300}, 4);
    Tensor m = function(x -> x.abs()).apply(z);
    assertEquals(DType.F64, m.dtype());
    // hypot's own result where the squares would overflow or underflow
    assertEquals(Tensor.vector(5, 0, Math.hypot(1e300, 1e300), Math.hypot(3e-300, 4e-300)), m);
    assertEquals(1.4142135623730951e300, m.get(2), 1e285);
    assertEquals(5e-300, m.get(3), 1e-315);
  }

  @Test
  void theGradientOfTheModulusIsTheUnitAndZeroAtZero() {
    Tensor z = Tensor.complex(new double[] {3, 4, 0, 0, 0, -2}, 3);
    Tensor g = grad(x -> x.abs().sum()).apply(z);
    // ∂|z|/∂x + i·∂|z|/∂y = z/|z|: 0.6 + 0.8i, 0 at 0 (JAX's choice), −i
    double[] want = {0.6, 0.8, 0, 0, 0, -1};
    double[] got = g.toDoubleArray();
    for (int i = 0; i < want.length; i++) {
      assertEquals(want[i], got[i], Math.ulp(1.0), "component " + i);
    }
    // Σ |z|² = Σ x² + y²: the gradient is 2z
    Tensor g2 = grad(x -> x.abs().square().sum()).apply(z);
    double[] twice = {6, 8, 0, 0, 0, -4};
    for (int i = 0; i < twice.length; i++) {
      assertEquals(twice[i], g2.toDoubleArray()[i], 1e-15, "component " + i);
    }
  }

  @Test
  void derivativesAgreeWithFiniteDifferences() {
    Random r = new Random(11);
    checkGrads(function(x -> x.abs().sum()), 2, Tensor.random(DType.C128, new int[] {4}, r));
    checkGrads(
        function(x -> x.abs().sin().mul(x.real()).sum()),
        3,
        Tensor.random(DType.C128, new int[] {3}, r));
    // the f64 absolute value keeps its rule: sign(x)·dx
    assertEquals(Tensor.vector(-1, 1, 0), grad(x -> x.abs().sum()).apply(Tensor.vector(-2, 3, 0)));
  }

  @Test
  void theGradientIsTheUnitWhereTheModulusIsSubnormal() {
    // 1/|z| overflows there; the unit is a division
    Tensor z = Tensor.complex(new double[] {1e-320, 0, 1e-310, 1e-310, 0, 4.9e-324, 3, 4}, 4);
    double[] g = grad(x -> x.abs().sum()).apply(z).toDoubleArray();
    double half = Math.sqrt(0.5);
    double[] want = {1, 0, half, half, 0, 1, 0.6, 0.8};
    for (int i = 0; i < want.length; i++) {
      assertEquals(want[i], g[i], 1e-12, "component " + i);
    }
    assertEquals(0.6, g[6], 0.0, "3/5, one rounding");
  }

  @Test
  void theHessianVectorProductHoldsFarFromOneAndIsTheDirectionAtZero() {
    // |z| at s·(3 + 4i): H = (I − u·uᵀ)/|z|, u = (0.6, 0.8), so H·(0.5, −1.25) = (0.92, −0.69)/(5s)
    TensorFunction hvp = TensorAutodiff.hvp(function(x -> x.abs().sum()));
    Tensor v = Tensor.complexScalar(0.5, -1.25);
    for (double s : new double[] {1e-200, 1e-160, 1e-3, 1, 1e160, 1e200}) {
      Tensor hv = hvp.apply(Tensor.complexScalar(3 * s, 4 * s), v);
      double[] got = hv.toDoubleArray();
      assertEquals(0.92 / (5 * s), got[0], 1e-14 * Math.abs(0.92 / (5 * s)), "re at " + s);
      assertEquals(-0.69 / (5 * s), got[1], 1e-14 * Math.abs(0.69 / (5 * s)), "im at " + s);
    }
    // at 0, as in JAX: the unit there is z itself (divided by 1), whose derivative is the direction
    assertEquals(v, hvp.apply(Tensor.complexScalar(0, 0), v));
  }
}
