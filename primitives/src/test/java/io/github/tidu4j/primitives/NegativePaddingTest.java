package io.github.tidu4j.primitives;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.primitives.func.TensorAutodiff;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Negative low and high padding crop, as in JAX's {@code lax.pad} (XLA pads by the counts, interior
 * zeros included, then crops the negative ones off): the values, the type, that a shift with the
 * operand's shape is still an operation, and the gradient, which is the cotangent at the kept
 * positions and zero at the cropped ones. The rule table checks the rules to second order.
 */
class NegativePaddingTest {
  private final TensorBuilder b = TensorBuilder.create();
  private final TensorValue v = b.input("v", DType.F64, 4);

  private Tensor eval(TensorValue y, Tensor vs) {
    Graph<TensorOp> g = b.build(y);
    return TestEvaluators.eval1(g, g.outputKeys().get(0), Map.of(v.inputKey(), vs));
  }

  @Test
  void negativeLowCropsTheFirstElementsAndPositiveHighPadsTheEnd() {
    TensorValue shifted = v.pad(new int[] {-1}, new int[] {1});
    assertEquals(TensorType.of(DType.F64, 4), shifted.type());
    assertNotEquals(v.ref(), shifted.ref());
    assertEquals(Tensor.vector(2, 3, 4, 0), eval(shifted, Tensor.vector(1, 2, 3, 4)));
  }

  @Test
  void negativeCountsCropTheInteriorPaddedOperand() {
    // [1, 0, 2, 0, 3, 0, 4] cropped by 2 at the start and 1 at the end
    TensorValue cropped = v.pad(new int[] {-2}, new int[] {-1}, 1);
    assertEquals(TensorType.of(DType.F64, 4), cropped.type());
    assertEquals(Tensor.vector(2, 0, 3, 0), eval(cropped, Tensor.vector(1, 2, 3, 4)));
  }

  @Test
  void aCropPastTheOperandReachesIntoTheOtherEndsPadding() {
    TensorValue zeros = v.pad(new int[] {-5}, new int[] {2});
    assertEquals(Tensor.vector(0), eval(zeros, Tensor.vector(1, 2, 3, 4)));
  }

  @Test
  void matricesCropEachAxisByItsOwnCounts() {
    TensorBuilder mb = TensorBuilder.create();
    TensorValue m = mb.input("m", DType.F64, 2, 3);
    TensorValue y = m.pad(new int[] {1, -1}, new int[] {-1, 1});
    assertEquals(TensorType.of(DType.F64, 2, 3), y.type());
    Graph<TensorOp> g = mb.build(y);
    assertEquals(
        Tensor.of(new double[] {0, 0, 0, 2, 3, 0}, 2, 3),
        TestEvaluators.eval1(
            g, g.outputKeys().get(0), Map.of(m.inputKey(), Tensor.of(new double[] {1, 2, 3, 4, 5, 6}, 2, 3))));
  }

  @Test
  void complexValuesCropAlike() {
    Tensor z = Tensor.complex(new double[] {1, -1, 2, -2, 3, -3}, 3);
    Tensor cropped =
        TensorAutodiff.function(x -> x.pad(new int[] {-1}, new int[] {0})).apply(z);
    assertEquals(Tensor.complex(new double[] {2, -2, 3, -3}, 2), cropped);
  }

  @Test
  void theGradientIsTheWeightAtEachKeptPositionAndZeroAtTheCroppedOnes() {
    // Σ w·pad(x, low -1, high -1, interior 1) over [x0, 0, x1, 0, x2] cropped to [0, x1, 0]
    Tensor w = Tensor.vector(10, 20, 30);
    Tensor gradient =
        TensorAutodiff.grad(
                TensorAutodiff.function(
                    x ->
                        x.pad(new int[] {-1}, new int[] {-1}, 1)
                            .mul(x.builder().constant(w))
                            .sum()),
                0)
            .applyAll(Tensor.vector(1, 2, 3))
            .get(0);
    assertEquals(Tensor.vector(0, 20, 0), gradient);
  }
}
