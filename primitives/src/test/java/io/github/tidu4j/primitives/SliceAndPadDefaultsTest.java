package io.github.tidu4j.primitives;

import static io.github.tidu4j.primitives.TestEvaluators.key;
import static io.github.tidu4j.primitives.TestEvaluators.outputOperation;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * {@code slice} without strides and {@code pad} without interior counts, as JAX's {@code
 * lax.slice(x, start, limit)} and {@code lax.pad(x, 0, [(lo, hi, 0), …])}: unit strides and no
 * interior padding, normalized before the operation exists, so the short and the explicit spelling
 * make one node; a bound out of range is reported beside a list of the wrong length, not hidden by
 * it.
 */
class SliceAndPadDefaultsTest {
  private final TensorBuilder b = TensorBuilder.create();
  private final TensorValue x = b.input("x", DType.F64, 4, 3);
  private final Tensor xs = Tensor.of(new double[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, 4, 3);

  private static void assertMessage(String expected, Supplier<TensorValue> call) {
    assertEquals(
        expected, assertThrows(IllegalArgumentException.class, call::get).getMessage());
  }

  private Tensor eval(TensorValue v) {
    Graph<TensorOp> g = b.build(v);
    return TestEvaluators.eval1(g, g.outputKeys().get(0), Map.of(x.inputKey(), xs));
  }

  @Test
  void sliceWithoutStridesTakesEveryElementBetweenTheBounds() {
    TensorValue rows = x.slice(new int[] {1, 0}, new int[] {3, 2});
    assertEquals(TensorType.of(DType.F64, 2, 2), rows.type());
    assertEquals(Tensor.of(new double[] {3, 4, 6, 7}, 2, 2), eval(rows));
  }

  @Test
  void sliceWithoutStridesIsTheNodeUnitStridesMake() {
    TensorValue short_ = x.slice(new int[] {1, 0}, new int[] {3, 2});
    assertEquals(key(x.slice(new int[] {1, 0}, new int[] {3, 2}, 1, 1)), key(short_));
    Graph<TensorOp> g = b.build(short_);
    assertArrayEquals(
        new int[] {1, 1}, ((TensorPrimitives.Slice) outputOperation(g, 0)).strides());
    assertEquals(x.ref(), x.slice(new int[] {0, 0}, new int[] {4, 3}).ref());
  }

  @Test
  void padWithoutInteriorPadsOnlyAtTheEnds() {
    TensorValue padded = x.pad(new int[] {1, 0}, new int[] {0, 2});
    assertEquals(TensorType.of(DType.F64, 5, 5), padded.type());
    assertEquals(
        Tensor.of(
            new double[] {
              0, 0, 0, 0, 0, //
              0, 1, 2, 0, 0, //
              3, 4, 5, 0, 0, //
              6, 7, 8, 0, 0, //
              9, 10, 11, 0, 0
            },
            5,
            5),
        eval(padded));
  }

  @Test
  void padWithoutInteriorIsTheNodeZeroInteriorMakes() {
    TensorValue short_ = x.pad(new int[] {1, 0}, new int[] {0, 2});
    assertEquals(key(x.pad(new int[] {1, 0}, new int[] {0, 2}, 0, 0)), key(short_));
    Graph<TensorOp> g = b.build(short_);
    assertArrayEquals(new int[] {0, 0}, ((TensorPrimitives.Pad) outputOperation(g, 0)).interior());
    assertEquals(x.ref(), x.pad(new int[] {0, 0}, new int[] {0, 0}).ref());
  }

  @Test
  void aBoundOutOfRangeIsReportedWithoutStrides() {
    assertMessage(
        "Slice: axis 0 of length 4 is sliced from 0 to 5; a slice needs 0 ≤ start ≤ limit ≤"
            + " length (operand x: f64[4, 3])",
        () -> x.slice(new int[] {0, 0}, new int[] {5, 3}));
  }

  @Test
  void aBoundOutOfRangeIsReportedBesideAListOfTheWrongLength() {
    assertMessage(
        "Slice: axis 0 of length 4 is sliced from 0 to 5; a slice needs 0 ≤ start ≤ limit ≤"
            + " length; and strides [1] must have one entry per axis of the operand, 2 (shape [4,"
            + " 3]) (operand x: f64[4, 3])",
        () -> x.slice(new int[] {0, 0}, new int[] {5, 3}, 1));
    assertMessage(
        "Slice: start [0] and limit [4] must each have one entry per axis of the operand, 2"
            + " (shape [4, 3]) (operand x: f64[4, 3])",
        () -> x.slice(new int[] {0}, new int[] {4}));
    assertMessage(
        "Pad: axis 0 of length 4 padded with low -3, high -2 and interior 0 would have -1"
            + " elements; negative low and high padding crop at most every element (operand x:"
            + " f64[4, 3])",
        () -> x.pad(new int[] {-3, 0}, new int[] {-2, 0}));
    assertMessage(
        "Pad: axis 0 of length 4 padded with low -9, high 0 and interior 1 would have -2"
            + " elements; negative low and high padding crop at most every element; and interior"
            + " [1] must have one entry per axis of the operand, 2 (shape [4, 3]) (operand x:"
            + " f64[4, 3])",
        () -> x.pad(new int[] {-9, 0}, new int[] {0, 0}, 1));
    assertMessage(
        "Pad: axis 0 is padded with low 0, high 0 and interior -1; interior padding is at least 0;"
            + " and interior [-1] must have one entry per axis of the operand, 2 (shape [4, 3])"
            + " (operand x: f64[4, 3])",
        () -> x.pad(new int[] {0, 0}, new int[] {0, 0}, -1));
  }
}
