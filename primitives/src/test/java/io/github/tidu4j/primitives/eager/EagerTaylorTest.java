package io.github.tidu4j.primitives.eager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.eager.EagerRuntime;
import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.primitives.EagerTensor;
import io.github.tidu4j.primitives.TensorBuilder;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.TensorValue;
import io.github.tidu4j.primitives.func.FnN;
import io.github.tidu4j.primitives.func.TensorAutodiff;
import io.github.tidu4j.primitives.scalar.EagerScalar;
import io.github.tidu4j.primitives.scalar.ScalarEvaluator;
import io.github.tidu4j.primitives.scalar.ScalarOp;
import io.github.tidu4j.primitives.scalar.ScalarValue;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Taylor mode on the tape ({@link EagerRuntime#taylor}) gives the coefficients the functional API
 * ({@code ScalarAutodiff.taylor}, {@code TensorAutodiff.taylor}) gives for the same function,
 * written once on eager values and once on traced ones: scalars, f64 and c128 tensors, across
 * tape segments, through a recorded multi-output graph, and along an intermediate value.
 */
class EagerTaylorTest {
  private static final int ORDER = 4;
  private final ScalarAutodiff<ScalarOp> ad =
      ScalarAutodiff.of(ScalarOp.class, ScalarEvaluator::new);

  @Test
  void theJavadocExample() {
    EagerRuntime<Double, EagerScalar> rt = EagerScalar.newRuntime();
    EagerScalar x = rt.variable(0.5);
    EagerScalar y = x.mul(x).sin();
    List<Double> c = rt.taylor(List.of(y), List.of(x), List.of(1.0), 3).get(0);
    // sin(x²), 2x·cos(x²), (d²/dx² sin(x²)) / 2, (d³/dx³ sin(x²)) / 6 at x = 0.5

    double u = 0.25;
    double[] d = {
      Math.sin(u),
      2 * 0.5 * Math.cos(u),
      2 * Math.cos(u) - 4 * u * Math.sin(u),
      -12 * 0.5 * Math.sin(u) - 8 * 0.125 * Math.cos(u)
    };
    double[] factorial = {1, 1, 2, 6};
    assertEquals(4, c.size());
    for (int k = 0; k <= 3; k++) {
      assertEquals(d[k] / factorial[k], c.get(k), 1e-15, "order " + k);
    }
  }

  /** One unary function written twice: on eager values and on traced fluent values. */
  private record Unary(
      String name, UnaryOperator<EagerScalar> eager, UnaryOperator<ScalarValue> traced) {}

  @Test
  void scalarCoefficientsAreThoseOfTheFunctionalApi() {
    List<Unary> cases = List.of(
        new Unary("x·sin x", x -> x.sin().mul(x), x -> x.sin().mul(x)),
        new Unary("tanh(x)/x", x -> x.tanh().div(x), x -> x.tanh().div(x)),
        new Unary("√(eˣ)·log x", x -> x.exp().sqrt().mul(x.log()),
            x -> x.exp().sqrt().mul(x.log())),
        new Unary("cos x + 1/x − x", x -> x.cos().add(x.recip()).add(x.neg()),
            x -> x.cos().add(x.recip()).add(x.neg())));
    EagerRuntime<Double, EagerScalar> rt = EagerScalar.newRuntime(3); // several segments
    for (Unary c : cases) {
      ScalarFunction<ScalarOp> f = ad.function(ScalarValue.unary(c.traced()));
      for (double x0 : new double[] {0.4, 1.3}) {
        double[] expected = ad.taylor(f, ORDER).applyAll(x0, -0.7);
        EagerScalar x = rt.variable(x0);
        List<Double> actual =
            rt.taylor(List.of(c.eager().apply(x)), List.of(x), List.of(-0.7), ORDER).get(0);
        assertScalars(expected, 0, actual, c.name() + " at " + x0);
      }
    }
  }

  @Test
  void severalInputsMoveTogetherAndOthersStayFixed() {
    // g(x0, x1) = sin(x0·x1)·exp(x0) + x1³, and a second output x0·w with w held fixed
    ScalarFunction<ScalarOp> g = ad.function(2, (b, x) -> {
      var s = b.apply(ScalarOp.MUL, b.apply(ScalarOp.SIN, b.apply(ScalarOp.MUL, x.get(0), x.get(1))),
          b.apply(ScalarOp.EXP, x.get(0)));
      var cube = b.apply(ScalarOp.MUL, b.apply(ScalarOp.MUL, x.get(1), x.get(1)), x.get(1));
      return List.of(b.apply(ScalarOp.ADD, s, cube));
    });
    EagerRuntime<Double, EagerScalar> rt = EagerScalar.newRuntime();
    EagerScalar x0 = rt.variable(0.4);
    EagerScalar x1 = rt.variable(-0.9);
    EagerScalar w = rt.variable(3.0);
    EagerScalar y = x0.mul(x1).sin().mul(x0.exp()).add(x1.mul(x1).mul(x1));
    EagerScalar z = x0.mul(w);
    List<List<Double>> c = rt.taylor(List.of(y, z, w), List.of(x0, x1), List.of(0.6, 1.3), ORDER);
    assertScalars(ad.taylor(g, ORDER).applyAll(0.4, -0.9, 0.6, 1.3), 0, c.get(0), "g");
    assertEquals(List.of(0.4 * 3.0, 0.6 * 3.0, 0.0, 0.0, 0.0), c.get(1), "x0·w along (0.6, 1.3), w fixed");
    assertEquals(List.of(3.0, 0.0, 0.0, 0.0, 0.0), c.get(2), "w does not move");
    List<List<Double>> identity = rt.taylor(List.of(x1), List.of(x0, x1), List.of(0.6, 1.3), 2);
    assertEquals(List.of(List.of(-0.9, 1.3, 0.0)), identity, "an input is its own line");
  }

  @Test
  void anIntermediateValueCanBeTheInput() {
    // y = sin(u)·u with u = exp(x): along u, y is g(u) = sin(u)·u, whatever u came from
    ScalarFunction<ScalarOp> g = ad.function(ScalarValue.unary(u -> u.sin().mul(u)));
    EagerRuntime<Double, EagerScalar> rt = EagerScalar.newRuntime();
    EagerScalar x = rt.variable(0.3);
    EagerScalar u = x.exp();
    EagerScalar y = u.sin().mul(u);
    List<Double> c = rt.taylor(List.of(y), List.of(u), List.of(1.0), ORDER).get(0);
    assertScalars(ad.taylor(g, ORDER).applyAll(Math.exp(0.3), 1.0), 0, c, "along u");
  }

  private static void assertScalars(double[] expected, int from, List<Double> actual, String what) {
    assertEquals(ORDER + 1, actual.size(), what);
    for (int k = 0; k <= ORDER; k++) {
      double e = expected[from + k];
      assertEquals(e, actual.get(k), 1e-13 * Math.max(1, Math.abs(e)), what + ", order " + k);
    }
  }

  /**
   * The same tensor function eagerly (on a runtime with a new segment every two operations) and
   * traced: its coefficients along the directions, output by output, agree.
   */
  private static void assertSameTensorCoefficients(
      List<Tensor> point,
      List<Tensor> directions,
      Function<List<EagerTensor>, List<EagerTensor>> eager,
      FnN traced) {
    EagerRuntime<Tensor, EagerTensor> rt = EagerTensor.newRuntime(2);
    List<EagerTensor> vars = new ArrayList<>();
    for (Tensor t : point) {
      vars.add(rt.variable(t));
    }
    List<EagerTensor> outputs = eager.apply(vars);
    List<List<Tensor>> actual = rt.taylor(outputs, vars, directions, ORDER);
    List<Tensor> args = new ArrayList<>(point);
    args.addAll(directions);
    List<Tensor> expected =
        TensorAutodiff.taylor(TensorAutodiff.function(point.size(), traced), ORDER).applyAll(args);
    assertEquals(outputs.size() * (ORDER + 1), expected.size());
    for (int i = 0; i < outputs.size(); i++) {
      for (int k = 0; k <= ORDER; k++) {
        Tensor e = expected.get(i * (ORDER + 1) + k);
        Tensor a = actual.get(i).get(k);
        assertTrue(a.allClose(e, 1e-12, 1e-13),
            "output " + i + ", order " + k + ": traced " + e + ", eager " + a);
      }
    }
  }

  @Test
  void f64TensorCoefficientsAreThoseOfTheFunctionalApi() {
    Random r = new Random(5);
    List<Tensor> point = List.of(
        Tensor.random(DType.F64, new int[] {3, 2}, r),
        Tensor.random(DType.F64, new int[] {4, 2}, r),
        Tensor.random(DType.F64, new int[] {3}, r));
    List<Tensor> directions = List.of(
        Tensor.random(DType.F64, new int[] {3, 2}, r),
        Tensor.random(DType.F64, new int[] {4, 2}, r),
        Tensor.random(DType.F64, new int[] {3}, r));
    assertSameTensorCoefficients(point, directions,
        v -> {
          EagerTensor pre = v.get(1).dotGeneral(v.get(0), new int[] {1}, new int[] {1})
              .add(v.get(2).broadcastInDim(new int[] {4, 3}, 1));
          EagerTensor h = pre.tanh();
          return List.of(h.mul(h).sum(), h.exp().div(pre.cos().add(3.0)));
        },
        v -> {
          TensorValue pre = v.get(1).dotGeneral(v.get(0), new int[] {1}, new int[] {1})
              .add(v.get(2).broadcastInDim(new int[] {4, 3}, 1));
          TensorValue h = pre.tanh();
          return List.of(h.mul(h).sum(), h.exp().div(pre.cos().add(3.0)));
        });
  }

  @Test
  void c128TensorCoefficientsAreThoseOfTheFunctionalApi() {
    List<Tensor> point = List.of(
        Tensor.complex(new double[] {0.3, 0.2, 0.7, -0.4, 1.2, 0.1}, 3),
        Tensor.complex(new double[] {0.5, -0.1, -0.3, 0.6, 0.8, 0.2}, 3));
    List<Tensor> directions = List.of(
        Tensor.complex(new double[] {1.0, 0.5, -0.5, 0.25, 0.25, -1.0}, 3),
        Tensor.complex(new double[] {0.2, 0.1, 0.4, -0.3, -0.6, 0.5}, 3));
    assertSameTensorCoefficients(point, directions,
        v -> List.of(v.get(0).exp().mul(v.get(1).sin()).add(v.get(0).recip()).sum(),
            v.get(1).conj().mul(v.get(0).log()).sqrt()),
        v -> List.of(v.get(0).exp().mul(v.get(1).sin()).add(v.get(0).recip()).sum(),
            v.get(1).conj().mul(v.get(0).log()).sqrt()));
  }

  @Test
  void aRecordedMultiOutputGraphExpandsEachOutput() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue v = b.input("v", DType.F64, 3);
    Graph<TensorOp> f = b.build(v.sin(), v.exp().sum());
    EagerRuntime<Tensor, EagerTensor> rt = EagerTensor.newRuntime();
    Tensor x0 = Tensor.vector(0.1, -0.7, 1.1);
    Tensor dir = Tensor.vector(1.0, 0.5, -2.0);
    EagerTensor x = rt.variable(x0);
    List<EagerTensor> out = rt.call(f, List.of(x));
    EagerTensor y = out.get(0).mul(out.get(1).broadcastInDim(new int[] {3}));
    List<List<Tensor>> actual = rt.taylor(List.of(y, out.get(1)), List.of(x), List.of(dir), ORDER);
    List<Tensor> expected = TensorAutodiff.taylor(TensorAutodiff.function(1, a -> {
      TensorValue s = a.get(0).exp().sum();
      return List.of(a.get(0).sin().mul(s.broadcastInDim(new int[] {3})), s);
    }), ORDER).applyAll(x0, dir);
    for (int i = 0; i < 2; i++) {
      for (int k = 0; k <= ORDER; k++) {
        Tensor e = expected.get(i * (ORDER + 1) + k);
        assertTrue(actual.get(i).get(k).allClose(e, 1e-12, 1e-13),
            "output " + i + ", order " + k + ": " + e + " vs " + actual.get(i).get(k));
      }
    }
  }

  @Test
  void theTapeStaysReadyForBackward() {
    EagerRuntime<Double, EagerScalar> rt = EagerScalar.newRuntime();
    EagerScalar x = rt.variable(0.8);
    EagerScalar y = x.sin().mul(x);
    List<Double> c = rt.taylor(List.of(y), List.of(x), List.of(1.0), 1).get(0);
    y.backward();
    assertEquals(c.get(1), x.grad(), 1e-15, "y_1 along 1 is dy/dx");
  }

  @Test
  void aReleasedTapeIsReportedBeforeAnythingRuns() {
    EagerRuntime<Double, EagerScalar> rt = EagerScalar.newRuntime();
    EagerScalar x = rt.variable(0.8);
    EagerScalar y = x.sin().mul(x);
    y.backward();
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> rt.taylor(List.of(y), List.of(x), List.of(1.0), 2));
    assertTrue(e.getMessage().startsWith("graph already released: the Taylor expansion of"),
        e.getMessage());
    assertTrue(e.getMessage().contains("backward(retainGraph=true)"), e.getMessage());
  }

  @Test
  void wrongArgumentsAreNamed() {
    EagerRuntime<Tensor, EagerTensor> rt = EagerTensor.newRuntime();
    EagerTensor x = rt.variable(Tensor.vector(1, 2));
    EagerTensor c = rt.constant(Tensor.vector(3, 4));
    EagerTensor y = x.mul(c).sum();
    IllegalArgumentException shape = assertThrows(IllegalArgumentException.class,
        () -> rt.taylor(List.of(y), List.of(x), List.of(Tensor.vector(1, 2, 3)), 2));
    assertTrue(shape.getMessage().contains("the direction of " + x.key() + " must have its type"),
        shape.getMessage());
    IllegalStateException constant = assertThrows(IllegalStateException.class,
        () -> rt.taylor(List.of(y), List.of(c), List.of(Tensor.vector(1, 1)), 2));
    assertTrue(constant.getMessage().contains("does not require grad"), constant.getMessage());
    IllegalArgumentException repeated = assertThrows(IllegalArgumentException.class,
        () -> rt.taylor(List.of(y), List.of(x, x),
            List.of(Tensor.vector(1, 1), Tensor.vector(1, 1)), 2));
    assertTrue(repeated.getMessage().contains("repeats an earlier input"), repeated.getMessage());
    IllegalArgumentException order = assertThrows(IllegalArgumentException.class,
        () -> rt.taylor(List.of(y), List.of(x), List.of(Tensor.vector(1, 1)), -1));
    assertTrue(order.getMessage().contains("the order is -1"), order.getMessage());
    // an order whose series no graph could hold is refused before any series is allocated
    IllegalArgumentException huge = assertThrows(IllegalArgumentException.class,
        () -> rt.taylor(List.of(y), List.of(x), List.of(Tensor.vector(1, 1)), Integer.MAX_VALUE));
    assertTrue(huge.getMessage().startsWith("taylor: the Taylor order is 2147483647, which asks"),
        huge.getMessage());
    EagerRuntime<Tensor, EagerTensor> other = EagerTensor.newRuntime();
    assertThrows(IllegalArgumentException.class,
        () -> other.taylor(List.of(y), List.of(x), List.of(Tensor.vector(1, 1)), 2));
  }
}
