package io.github.tidu4j.primitives.func;

import static io.github.tidu4j.primitives.func.TensorAutodiff.checkGrads;
import static io.github.tidu4j.primitives.func.TensorAutodiff.function;
import static io.github.tidu4j.primitives.func.TensorAutodiff.grad;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code imag()} and its adjoint {@code toImaginary()}: values, the gradient of a real loss of
 * the imaginary part in the README's convention ({@code ∂f/∂x + i·∂f/∂y}), and derivatives by
 * {@code checkGrads}.
 */
class ImaginaryPartTest {
  private static final Tensor Z = Tensor.complex(new double[] {1, 2, -3, 0.5}, 2);

  @Test
  void theImaginaryPartAndBackAgain() {
    assertEquals(Tensor.vector(2, 0.5), function(z -> z.imag()).apply(Z));
    assertEquals(
        Tensor.complex(new double[] {0, 1, 0, -2}, 2),
        function(x -> x.toImaginary()).apply(Tensor.vector(1, -2)));
    // re + i·im is the value itself
    assertEquals(Z, function(z -> z.real().toComplex().add(z.imag().toImaginary())).apply(Z));
  }

  @Test
  void theGradientOfARealLossOfTheImaginaryPartIsImaginary() {
    // L = Σ (Im z)²: ∂L/∂x = 0, ∂L/∂y = 2y, so the gradient is 0 + 2y·i
    assertEquals(
        Tensor.complex(new double[] {0, 4, 0, 1}, 2),
        grad(z -> z.imag().mul(z.imag()).sum()).apply(Z));
    Random r = new Random(4);
    checkGrads(
        function(z -> z.imag().sin().mul(z.real()).sum()),
        2,
        Tensor.random(DType.C128, new int[] {3}, r));
    checkGrads(
        function(x -> x.toImaginary().exp().real().sum()), 2, Tensor.vector(0.3, -1.1));
  }

  @Test
  void anF64ValueHasNoImaginaryPartToTake() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> function(x -> x.imag()).apply(Tensor.vector(1)));
    assertTrue(e.getMessage().startsWith("Imag: takes a c128 operand"), e.getMessage());
  }
}
