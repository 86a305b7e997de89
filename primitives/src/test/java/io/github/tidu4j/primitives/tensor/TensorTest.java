package io.github.tidu4j.primitives.tensor;

import static io.github.tidu4j.primitives.tensor.TensorAssertions.assertRejects;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TensorTest {

  // --- factories ------------------------------------------------------------------------------

  @Test
  void scalarIsRankZeroF64() {
    Tensor s = Tensor.scalar(2.5);
    assertEquals(DType.F64, s.dtype());
    assertEquals(Shape.SCALAR, s.shape());
    assertEquals(0, s.rank());
    assertEquals(1, s.size());
    assertEquals(2.5, s.scalarValue());
    assertEquals(2.5, s.get());
    assertArrayEquals(new double[] {2.5}, s.toDoubleArray());
  }

  @Test
  void complexScalarIsRankZeroC128() {
    Tensor z = Tensor.complexScalar(1.5, -2);
    assertEquals(DType.C128, z.dtype());
    assertEquals(0, z.rank());
    assertEquals(1.5, z.getRe());
    assertEquals(-2.0, z.getIm());
    assertArrayEquals(new double[] {1.5, -2}, z.toDoubleArray());
  }

  @Test
  void ofIsRowMajor() {
    Tensor t = Tensor.of(new double[] {1, 2, 3, 4, 5, 6}, 2, 3);
    assertEquals(Shape.of(2, 3), t.shape());
    assertEquals(2.0, t.get(0, 1));
    assertEquals(4.0, t.get(1, 0));
    assertEquals(6.0, t.get(1, 2));
    assertEquals(3, t.dim(1));
  }

  @Test
  void dimTakesANegativeAxisCountedFromTheEnd() {
    Tensor t = Tensor.zeros(DType.F64, 2, 3);
    assertEquals(3, t.dim(-1));
    assertEquals(2, t.dim(-2));
    assertEquals(
        "Shape [2, 3]: axis -3 is out of range for rank 2 (axes are -2 … 1)",
        assertThrows(IllegalArgumentException.class, () -> t.dim(-3)).getMessage());
  }

  @Test
  void ofWithScalarShapeAndUnitAxes() {
    assertEquals(Tensor.scalar(7), Tensor.of(new double[] {7}));
    Tensor t = Tensor.of(new double[] {1, 2, 3}, 1, 3, 1);
    assertEquals(3.0, t.get(0, 2, 0));
  }

  @Test
  void ofCopiesItsInputAndToDoubleArrayCopiesItsOutput() {
    double[] data = {1, 2};
    Tensor t = Tensor.of(data, 2);
    data[0] = 99;
    assertEquals(1.0, t.get(0));
    t.toDoubleArray()[1] = 99;
    assertEquals(2.0, t.get(1));
  }

  @Test
  void ofRejectsWrongLengthNamingShape() {
    assertRejects(() -> Tensor.of(new double[5], 2, 3), "Tensor.of", "5", "[2, 3]");
  }

  @Test
  void vectorAndMatrix() {
    assertEquals(Tensor.of(new double[] {1, 2, 3}, 3), Tensor.vector(1, 2, 3));
    assertEquals(Tensor.of(new double[0], 0), Tensor.vector());
    Tensor m = Tensor.matrix(new double[][] {{1, 2, 3}, {4, 5, 6}});
    assertEquals(Tensor.of(new double[] {1, 2, 3, 4, 5, 6}, 2, 3), m);
    assertEquals(Shape.of(0, 0), Tensor.matrix(new double[0][]).shape());
    assertEquals(Shape.of(1, 1), Tensor.matrix(new double[][] {{4}}).shape());
  }

  @Test
  void matrixRejectsRaggedRows() {
    assertRejects(
        () -> Tensor.matrix(new double[][] {{1, 2}, {3}}), "Tensor.matrix", "row 1", "length 1");
  }

  @Test
  void complexIsInterleaved() {
    Tensor z = Tensor.complex(new double[] {1, 2, 3, 4, 5, 6}, 3);
    assertEquals(3, z.size());
    assertEquals(3.0, z.getRe(1));
    assertEquals(4.0, z.getIm(1));
    assertEquals(6.0, z.getIm(2));
    assertRejects(() -> Tensor.complex(new double[3], 3), "Tensor.complex", "3", "[3]");
  }

  @Test
  void zerosOnesFull() {
    assertArrayEquals(new double[] {0, 0, 0, 0}, Tensor.zeros(DType.F64, 2, 2).toDoubleArray());
    assertArrayEquals(new double[] {0, 0, 0, 0}, Tensor.zeros(DType.C128, 2).toDoubleArray());
    assertArrayEquals(new double[] {1, 1, 1}, Tensor.ones(DType.F64, 3).toDoubleArray());
    assertArrayEquals(new double[] {1, 0, 1, 0}, Tensor.ones(DType.C128, 2, 1).toDoubleArray());
    assertArrayEquals(new double[] {2.5}, Tensor.full(DType.F64, 2.5).toDoubleArray());
    assertArrayEquals(new double[] {-1, 0, -1, 0}, Tensor.full(DType.C128, -1, 2).toDoubleArray());
    assertEquals(Shape.of(0, 3), Tensor.ones(DType.F64, 0, 3).shape());
    assertEquals(Tensor.zeros(DType.F64, 2, 3), Tensor.zeros(DType.F64, Shape.of(2, 3)));
  }

  @Test
  void randomIsSeededAndInRange() {
    Tensor a = Tensor.random(DType.F64, new int[] {4, 5}, new Random(1));
    Tensor b = Tensor.random(DType.F64, new int[] {4, 5}, new Random(1));
    assertEquals(a, b);
    for (double v : a.toDoubleArray()) {
      assertTrue(v >= -1 && v < 1, "value " + v);
    }
    Tensor z = Tensor.random(DType.C128, new int[] {3}, new Random(2));
    assertEquals(6, z.toDoubleArray().length);
    assertNotEquals(0.0, z.getIm(0));
    assertEquals(Shape.SCALAR, Tensor.random(DType.F64, new int[0], new Random(3)).shape());
  }

  // --- access ---------------------------------------------------------------------------------

  @Test
  void getReAndGetImOnF64() {
    Tensor t = Tensor.vector(3, 4);
    assertEquals(4.0, t.getRe(1));
    assertEquals(0.0, t.getIm(1));
  }

  @Test
  void getRejectsComplexAndBadIndices() {
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> Tensor.complexScalar(1, 2).get());
    assertTrue(e.getMessage().contains("c128"), e.getMessage());
    Tensor t = Tensor.zeros(DType.F64, 2, 3);
    assertRejects(() -> t.get(2, 0), "get", "[2, 0]", "[2, 3]");
    assertRejects(() -> t.get(0, -1), "get", "[0, -1]", "[2, 3]");
    assertRejects(() -> t.get(1), "get", "[1]", "rank 2");
    assertRejects(() -> t.getIm(0, 3), "getIm", "[2, 3]");
  }

  @Test
  void scalarValueRequiresRankZeroF64() {
    assertThrows(IllegalStateException.class, () -> Tensor.vector(1).scalarValue());
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> Tensor.complexScalar(1, 0).scalarValue());
    assertTrue(e.getMessage().contains("c128"), e.getMessage());
  }

  // --- toString -------------------------------------------------------------------------------

  @Test
  void toStringShowsDtypeShapeAndNestedValues() {
    assertEquals(
        "Tensor[f64 [2, 3]] [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]",
        Tensor.matrix(new double[][] {{1, 2, 3}, {4, 5, 6}}).toString());
    assertEquals("Tensor[f64 []] 2.5", Tensor.scalar(2.5).toString());
    assertEquals("Tensor[f64 [0, 3]] []", Tensor.zeros(DType.F64, 0, 3).toString());
    assertEquals(
        "Tensor[f64 [1, 1, 2]] [[[0.0, 1.0]]]", Tensor.of(new double[] {0, 1}, 1, 1, 2).toString());
    assertEquals(
        "Tensor[c128 [2]] [1.0+2.0i, 3.0-4.0i]",
        Tensor.complex(new double[] {1, 2, 3, -4}, 2).toString());
    assertEquals("Tensor[c128 []] 0.0-0.0i", Tensor.complexScalar(0, -0.0).toString());
  }

  @Test
  void toStringElidesLargeTensors() {
    double[] data = new double[2000];
    for (int i = 0; i < data.length; i++) {
      data[i] = i;
    }
    assertEquals(
        "Tensor[f64 [2000]] [0.0, 1.0, 2.0, ..., 1997.0, 1998.0, 1999.0]",
        Tensor.of(data, 2000).toString());
    String s = Tensor.of(data, 2, 1000).toString();
    assertEquals(
        "Tensor[f64 [2, 1000]] [[0.0, 1.0, 2.0, ..., 997.0, 998.0, 999.0],"
            + " [1000.0, 1001.0, 1002.0, ..., 1997.0, 1998.0, 1999.0]]",
        s);
    String t = Tensor.of(data, 100, 20).toString();
    assertTrue(
        t.startsWith("Tensor[f64 [100, 20]] [[0.0, 1.0, 2.0, ..., 17.0, 18.0, 19.0], [20.0,"), t);
    assertTrue(t.contains("59.0], ..., [1940.0, 1941.0"), t);
    assertTrue(t.endsWith("1999.0]]"), t);
    assertTrue(t.length() < 600, t);
  }

  /**
   * Axes too short to elide (a 20-qubit state's [2, 2, …, 2]) printed every element, 7 MB of text
   * for 2^20 of them: a debugger or a log line calls toString.
   */
  @Test
  void toStringOfManyShortAxesPrintsAboutAThousandElements() {
    int[] qubits = new int[20];
    Arrays.fill(qubits, 2);
    String s = Tensor.zeros(DType.C128, qubits).toString();
    assertTrue(s.length() < 20_000, s.length() + " characters");
    // the first index of each of the eleven outer axes and "..." for the rest: 512 elements
    assertTrue(s.endsWith("0.0+0.0i]]]]]]]]]" + ", ...]".repeat(11)), s);
    int[] sevens = new int[8];
    Arrays.fill(sevens, 7);
    String t = Tensor.zeros(DType.F64, sevens).toString();
    assertTrue(t.length() < 20_000, t.length() + " characters");
    assertTrue(t.endsWith("0.0]]]]]]]]"), t);
  }

  // --- equality and comparison ----------------------------------------------------------------

  @Test
  void equalsIsExactOnDtypeShapeAndBits() {
    Tensor a = Tensor.vector(1, 2, 3, 4);
    assertEquals(a, Tensor.vector(1, 2, 3, 4));
    assertEquals(a.hashCode(), Tensor.vector(1, 2, 3, 4).hashCode());
    assertNotEquals(a, Tensor.of(new double[] {1, 2, 3, 4}, 2, 2));
    assertNotEquals(a, Tensor.complex(new double[] {1, 2, 3, 4}, 2));
    assertNotEquals(Tensor.scalar(0.0), Tensor.scalar(-0.0));
    assertEquals(Tensor.scalar(Double.NaN), Tensor.scalar(Double.NaN));
    assertNotEquals(Tensor.scalar(1.0), Tensor.scalar(Math.nextUp(1.0)));
  }

  @Test
  void allCloseUsesRelativeAndAbsoluteTolerance() {
    Tensor a = Tensor.vector(1.0, 100.0);
    assertTrue(a.allClose(Tensor.vector(1.0 + 1e-9, 100.0 + 1e-7), 1e-8, 1e-8));
    assertFalse(a.allClose(Tensor.vector(1.0 + 1e-6, 100.0), 1e-8, 1e-8));
    assertFalse(a.allClose(Tensor.vector(1.0, 100.0, 3.0), 1, 1));
    assertFalse(a.allClose(Tensor.complex(new double[] {1, 0, 100, 0}, 2), 1, 1));
    assertTrue(
        Tensor.scalar(Double.POSITIVE_INFINITY)
            .allClose(Tensor.scalar(Double.POSITIVE_INFINITY), 0, 0));
    assertFalse(Tensor.scalar(Double.NaN).allClose(Tensor.scalar(Double.NaN), 1, 1));
    Tensor z = Tensor.complexScalar(3, 4);
    assertTrue(z.allClose(Tensor.complexScalar(3, 4 + 1e-12), 0, 1e-11));
    assertFalse(z.allClose(Tensor.complexScalar(3, 4.1), 0, 1e-3));
  }

  @Test
  void maxAbsDiffIsLargestElementwiseDifference() {
    assertEquals(0.5, Tensor.vector(1, 2, 3).maxAbsDiff(Tensor.vector(1, 2.5, 2.75)));
    assertEquals(5.0, Tensor.complexScalar(0, 0).maxAbsDiff(Tensor.complexScalar(3, -4)));
    assertEquals(0.0, Tensor.zeros(DType.F64, 0).maxAbsDiff(Tensor.zeros(DType.F64, 0)));
    assertTrue(Double.isNaN(Tensor.scalar(Double.NaN).maxAbsDiff(Tensor.scalar(1))));
    assertRejects(
        () -> Tensor.vector(1).maxAbsDiff(Tensor.vector(1, 2)), "maxAbsDiff", "[1]", "[2]");
    assertRejects(
        () -> Tensor.scalar(1).maxAbsDiff(Tensor.complexScalar(1, 0)), "maxAbsDiff", "f64", "c128");
  }
}
