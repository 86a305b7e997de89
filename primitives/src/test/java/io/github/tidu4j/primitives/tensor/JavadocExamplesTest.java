package io.github.tidu4j.primitives.tensor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The Javadoc examples of the tensor package, as written there (codegen-tests'
 * JavadocExamplesCompiledTest holds them to it), with the results their comments state.
 */
class JavadocExamplesTest {

  @Test
  void contraction() {
    Tensor a = Tensor.matrix(new double[][] {{1, 2}, {3, 4}});
    Tensor b = Tensor.matrix(new double[][] {{5, 6}, {7, 8}});
    Contraction.matmul(a, b);   // [[19, 22], [43, 50]]
    // batched matrix product of [b, m, k] and [b, k, n]:
    // Contraction.dotGeneral(x, y, new int[] {2}, new int[] {1}, new int[] {0}, new int[] {0});
    assertEquals(Tensor.matrix(new double[][] {{19, 22}, {43, 50}}), Contraction.matmul(a, b));
    Tensor x = Tensor.ones(DType.F64, 2, 3, 4);
    Tensor y = Tensor.ones(DType.F64, 2, 4, 5);
    assertEquals(Shape.of(2, 3, 5), Contraction.dotGeneral(
        x, y, new int[] {2}, new int[] {1}, new int[] {0}, new int[] {0}).shape());
  }

  @Test
  void dType() {
    Tensor z = Tensor.complexScalar(2, 1);      // DType.C128
    z.dtype().isComplex();                      // true
    Tensor x = Tensor.zeros(DType.F64, 2, 3);
    assertEquals(DType.C128, z.dtype());
    assertTrue(z.dtype().isComplex());
    assertEquals(DType.F64, x.dtype());
  }

  @Test
  void elementwise() {
    Tensor x = Tensor.vector(1, 2, 3);
    Tensor y = Elementwise.add(Elementwise.mul(x, x), Tensor.ones(DType.F64, 3));  // [2, 5, 10]
    assertEquals(Tensor.vector(2, 5, 10), y);
  }

  @Test
  void vectorMath() {
    double[] x = {0.0, 1.0, 2.0};
    double[] y = new double[3];
    VectorMath.exp(x, 0, y, 0, 3);   // y ≈ [1, e, e²], each within 1 ulp
    VectorMath.tanh(y, 0, y, 0, 3);  // in place
    for (int i = 0; i < 3; i++) {
      double tanhExp = Math.tanh(Math.exp(x[i]));
      assertEquals(tanhExp, y[i], 4 * Math.ulp(tanhExp));
    }
  }

  @Test
  void negativePaddingCrops() {
    Layout.pad(Tensor.vector(1, 2, 3), new int[] {-1}, new int[] {1}, new int[] {0}); // [2, 3, 0]
    assertEquals(Tensor.vector(2, 3, 0),
        Layout.pad(Tensor.vector(1, 2, 3), new int[] {-1}, new int[] {1}, new int[] {0}));
  }

  @Test
  void layout() {
    Tensor a = Tensor.of(new double[] {1, 2, 3, 4, 5, 6}, 2, 3);
    Layout.transpose(a, 1, 0);                                  // [[1, 4], [2, 5], [3, 6]]
    Layout.reshape(a, 3, 2);                                    // [[1, 2], [3, 4], [5, 6]]
    Layout.broadcastInDim(Tensor.vector(1, 2), new int[] {2, 3}, new int[] {0});
    // [[1, 1, 1], [2, 2, 2]]
    Layout.slice(a, new int[] {0, 1}, new int[] {2, 3}, new int[] {1, 1}); // [[2, 3], [5, 6]]
    Layout.pad(Tensor.vector(1, 2), new int[] {1}, new int[] {0}, new int[] {1}); // [0, 1, 0, 2]
    Layout.concatenate(a, Tensor.of(new double[] {7, 8}, 2, 1), 1); // [[1, 2, 3, 7], [4, 5, 6, 8]]
    assertEquals(Tensor.matrix(new double[][] {{2, 3}, {5, 6}}),
        Layout.slice(a, new int[] {0, 1}, new int[] {2, 3}, new int[] {1, 1}));
    assertEquals(Tensor.vector(0, 1, 0, 2),
        Layout.pad(Tensor.vector(1, 2), new int[] {1}, new int[] {0}, new int[] {1}));
    assertEquals(Tensor.matrix(new double[][] {{1, 2, 3, 7}, {4, 5, 6, 8}}),
        Layout.concatenate(a, Tensor.of(new double[] {7, 8}, 2, 1), 1));
    assertEquals(Tensor.matrix(new double[][] {{1, 4}, {2, 5}, {3, 6}}), Layout.transpose(a, 1, 0));
    assertEquals(Tensor.matrix(new double[][] {{1, 2}, {3, 4}, {5, 6}}), Layout.reshape(a, 3, 2));
    assertEquals(Tensor.matrix(new double[][] {{1, 1, 1}, {2, 2, 2}}),
        Layout.broadcastInDim(Tensor.vector(1, 2), new int[] {2, 3}, new int[] {0}));
  }

  @Test
  void layoutBroadcastInDim() {
    // a row vector added to every row of a [4, 3] matrix:
    Tensor rows = Layout.broadcastInDim(Tensor.vector(1, 2, 3), new int[] {4, 3}, new int[] {1});
    assertEquals(Shape.of(4, 3), rows.shape());
    assertEquals(3.0, rows.get(3, 2));
  }

  @Test
  void reductions() {
    Tensor a = Tensor.of(new double[] {1, 2, 3, 4, 5, 6}, 2, 3);
    Reductions.reduceSum(a, 0);     // [5, 7, 9]
    Reductions.reduceSum(a, 1);     // [6, 15]
    Reductions.reduceSum(a, 0, 1);  // 21 (rank 0)
    assertEquals(Tensor.vector(5, 7, 9), Reductions.reduceSum(a, 0));
    assertEquals(Tensor.vector(6, 15), Reductions.reduceSum(a, 1));
    assertEquals(Tensor.scalar(21), Reductions.reduceSum(a, 0, 1));
  }

  @Test
  void shape() {
    Shape s = Shape.of(2, 3);
    s.rank();      // 2
    s.size();      // 6
    s.strides();   // [3, 1]
    s.toString();  // "[2, 3]"
    assertEquals(2, s.rank());
    assertEquals(6, s.size());
    assertArrayEquals(new int[] {3, 1}, s.strides());
    assertEquals("[2, 3]", s.toString());
  }

  @Test
  void tensor() {
    Tensor a = Tensor.matrix(new double[][] {{1, 2, 3}, {4, 5, 6}});
    a.get(1, 2);     // 6.0
    a.toString();    // "Tensor[f64 [2, 3]] [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]"
    Tensor z = Tensor.complex(new double[] {1, 2, 3, -4}, 2);   // [1+2i, 3-4i]
    z.getIm(1);      // -4.0
    assertEquals(6.0, a.get(1, 2));
    assertEquals("Tensor[f64 [2, 3]] [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]", a.toString());
    assertEquals(-4.0, z.getIm(1));
  }
}
