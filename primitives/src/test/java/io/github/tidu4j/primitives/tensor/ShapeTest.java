package io.github.tidu4j.primitives.tensor;

import static io.github.tidu4j.primitives.tensor.TensorAssertions.assertRejects;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class ShapeTest {

  @Test
  void matrixShapeHasRankSizeDimsAndRowMajorStrides() {
    Shape s = Shape.of(2, 3, 4);
    assertEquals(3, s.rank());
    assertEquals(24, s.size());
    assertEquals(3, s.dim(1));
    assertArrayEquals(new int[] {2, 3, 4}, s.dims());
    assertArrayEquals(new int[] {12, 4, 1}, s.strides());
    assertEquals(12, s.stride(0));
    assertEquals(1, s.stride(2));
    assertEquals("[2, 3, 4]", s.toString());
  }

  @Test
  void scalarShapeIsRankZeroSizeOne() {
    assertSame(Shape.SCALAR, Shape.of());
    assertSame(Shape.SCALAR, Shape.scalar());
    assertEquals(0, Shape.SCALAR.rank());
    assertEquals(1, Shape.SCALAR.size());
    assertArrayEquals(new int[0], Shape.SCALAR.strides());
    assertEquals("[]", Shape.SCALAR.toString());
  }

  @Test
  void zeroLengthAxisGivesSizeZero() {
    Shape s = Shape.of(3, 0, 2);
    assertEquals(0, s.size());
    assertArrayEquals(new int[] {0, 2, 1}, s.strides());
  }

  @Test
  void anEmptyShapeIsEmptyWhereverItsZeroStands() {
    // the dimensions before the 0 multiply past Integer.MAX_VALUE, the size is still 0
    assertEquals(0, Shape.of(1 << 16, 1 << 16, 0).size());
    assertEquals(0, Shape.of(0, 1 << 16, 1 << 16).size());
    Tensor empty = Tensor.zeros(DType.F64, 0, 1 << 16, 1 << 16);
    assertEquals(Shape.of(1 << 16, 1 << 16, 0), Layout.transpose(empty, 1, 2, 0).shape());
  }

  @Test
  void dimsAreDefensivelyCopied() {
    int[] dims = {2, 3};
    Shape s = Shape.of(dims);
    dims[0] = 7;
    assertEquals(2, s.dim(0));
    s.dims()[1] = 9;
    assertEquals(3, s.dim(1));
  }

  @Test
  void equalityIsStructural() {
    assertEquals(Shape.of(2, 3), Shape.of(2, 3));
    assertEquals(Shape.of(2, 3).hashCode(), Shape.of(2, 3).hashCode());
    assertNotEquals(Shape.of(2, 3), Shape.of(3, 2));
    assertNotEquals(Shape.of(1), Shape.SCALAR);
  }

  @Test
  void rejectsNegativeDimensionNamingTheShape() {
    assertRejects(() -> Shape.of(2, -1), "[2, -1]", "non-negative");
  }

  @Test
  void rejectsSizeOverflowNamingTheShape() {
    assertRejects(() -> Shape.of(1 << 16, 1 << 16), "[65536, 65536]", "Integer.MAX_VALUE");
  }

  @Test
  void rejectsAxisOutOfRange() {
    assertRejects(() -> Shape.of(2, 3).dim(2), "[2, 3]", "axis 2");
    assertRejects(() -> Shape.SCALAR.stride(0), "[]", "axis 0");
  }

  @Test
  void aNegativeAxisCountsFromTheEnd() {
    Shape s = Shape.of(2, 3, 4);
    assertEquals(4, s.dim(-1));
    assertEquals(2, s.dim(-3));
    assertEquals(4, s.stride(-2));
    assertEquals(12, s.stride(-3));
  }

  @Test
  void anAxisOutOfRangeIsReportedAsWrittenWithTheValidRange() {
    assertEquals(
        "Shape [2, 3]: axis -3 is out of range for rank 2 (axes are -2 … 1)",
        assertRejects(() -> Shape.of(2, 3).dim(-3)).getMessage());
    assertEquals(
        "Shape [2, 3]: axis 2 is out of range for rank 2 (axes are -2 … 1)",
        assertRejects(() -> Shape.of(2, 3).stride(2)).getMessage());
    assertEquals(
        "Shape []: axis -1 is out of range for rank 0 (a rank-0 value has no axes)",
        assertRejects(() -> Shape.SCALAR.dim(-1)).getMessage());
  }
}
