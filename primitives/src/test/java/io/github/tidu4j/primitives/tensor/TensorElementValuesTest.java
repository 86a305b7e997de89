package io.github.tidu4j.primitives.tensor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The fusion backend's view of tensors makes none whose array does not fit its shape. */
class TensorElementValuesTest {
  private final TensorElementValues values = TensorElementValues.INSTANCE;

  @Test
  void aTensorIsMadeOnlyFromAnArrayOfItsShapesLength() {
    assertEquals(Tensor.vector(1, 2), values.realOfShape(new int[] {2}, new double[] {1, 2}));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> values.realOfShape(new int[] {2}, new double[] {1, 2, 3}));
    assertTrue(e.getMessage().contains("f64[2] tensor holds 2 doubles, but the array given has 3"),
        e.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> values.complexOfShape(new int[] {2}, new double[] {1, 2}));
    assertThrows(
        IllegalArgumentException.class,
        () -> values.realLike(Tensor.vector(1, 2, 3), new double[] {1, 2}));
    assertThrows(
        IllegalArgumentException.class,
        () -> values.complexLike(Tensor.vector(1), new double[] {1, 2, 3}));
    assertEquals(
        Tensor.complex(new double[] {1, 2}, 1),
        values.complexLike(Tensor.vector(5), new double[] {1, 2}));
  }
}
