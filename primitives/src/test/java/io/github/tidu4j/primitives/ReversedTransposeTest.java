package io.github.tidu4j.primitives;

import static io.github.tidu4j.primitives.TestEvaluators.key;
import static io.github.tidu4j.primitives.TestEvaluators.outputOperation;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code x.transpose()} with no permutation reverses the axes, as NumPy's {@code x.transpose()}
 * and JAX's {@code x.T}; a value of rank 0 or 1 comes back as it is.
 */
class ReversedTransposeTest {
  private final TensorBuilder b = TensorBuilder.create();

  @Test
  void rankZeroAndOneAreReturnedAsTheyAre() {
    TensorValue s = b.input("s", DType.F64);
    TensorValue v = b.input("v", DType.F64, 3);
    assertEquals(s.ref(), s.transpose().ref());
    assertEquals(v.ref(), v.transpose().ref());
    assertEquals(0, b.build(s.transpose(), v.transpose()).nodeCount(), "no node added");
  }

  @Test
  void aMatrixIsTransposed() {
    TensorValue x = b.input("x", DType.F64, 2, 3);
    TensorValue t = x.transpose();
    assertEquals(TensorType.of(DType.F64, 3, 2), t.type());
    assertEquals(key(x.transposeAxes(1, 0)), key(t));
    Graph<TensorOp> g = b.build(t);
    assertArrayEquals(
        new int[] {1, 0}, ((TensorPrimitives.Transpose) outputOperation(g, 0)).perm());
    assertEquals(
        Tensor.matrix(new double[][] {{1, 4}, {2, 5}, {3, 6}}),
        TestEvaluators.eval1(
            g,
            g.outputKeys().get(0),
            Map.of(x.inputKey(), Tensor.matrix(new double[][] {{1, 2, 3}, {4, 5, 6}}))));
  }

  @Test
  void rankThreeAxesAreReversed() {
    TensorValue x = b.input("x", DType.F64, 2, 3, 4);
    TensorValue t = x.transpose();
    assertEquals(TensorType.of(DType.F64, 4, 3, 2), t.type());
    assertEquals(key(x.transposeAxes(2, 1, 0)), key(t));
    Graph<TensorOp> g = b.build(t);
    assertArrayEquals(
        new int[] {2, 1, 0}, ((TensorPrimitives.Transpose) outputOperation(g, 0)).perm());
    double[] data = new double[24];
    for (int i = 0; i < data.length; i++) {
      data[i] = i;
    }
    Tensor out =
        TestEvaluators.eval1(g, g.outputKeys().get(0), Map.of(x.inputKey(), Tensor.of(data, 2, 3, 4)));
    // x[i][j][k] = 12i + 4j + k lands at out[k][j][i]
    for (int i = 0; i < 2; i++) {
      for (int j = 0; j < 3; j++) {
        for (int k = 0; k < 4; k++) {
          assertEquals(12 * i + 4 * j + k, out.get(k, j, i), "out[" + k + "][" + j + "][" + i + "]");
        }
      }
    }
  }

  @Test
  void transposingTwiceGivesBackTheMatrixValue() {
    TensorValue x = b.input("x", DType.F64, 2, 3);
    TensorValue back = x.transpose().transpose();
    assertEquals(TensorType.of(DType.F64, 2, 3), back.type());
    Graph<TensorOp> g = b.build(back);
    Tensor xs = Tensor.matrix(new double[][] {{1, 2, 3}, {4, 5, 6}});
    assertEquals(xs, TestEvaluators.eval1(g, g.outputKeys().get(0), Map.of(x.inputKey(), xs)));
  }
}
