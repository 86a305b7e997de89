package io.github.tidu4j.primitives.taylor;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.AD;
import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.ad.TaylorGraph;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.primitives.InputKey;
import io.github.tidu4j.primitives.TensorBuilder;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.TensorValue;
import io.github.tidu4j.primitives.TestEvaluators;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Elementwise;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Taylor mode over the elementwise tensor primitives, f64 and c128: the derived expansion along
 * {@code x0 + t·d} (t real, d a tensor direction) against nested linearize with tangent d at every
 * level, to order 4, each evaluated by every tier.
 */
class TensorTaylorTest {
  private static final int ORDER = 4;
  private static final Object X = InputKey.user("x");
  private static final ValueKey X_KEY = ValueKey.input(X);

  private static Tensor point(DType dtype) {
    return dtype == DType.F64
        ? Tensor.vector(0.3, 0.7, 1.2)
        : Tensor.complex(new double[] {0.3, 0.2, 0.7, -0.4, 1.2, 0.1}, 3);
  }

  private static Tensor direction(DType dtype) {
    return dtype == DType.F64
        ? Tensor.vector(1.0, -0.5, 0.25)
        : Tensor.complex(new double[] {1.0, 0.5, -0.5, 0.25, 0.25, -1.0}, 3);
  }

  private static Graph<TensorOp> unary(DType dtype, UnaryOperator<TensorValue> op) {
    TensorBuilder b = TensorBuilder.create();
    return b.build(op.apply(b.input("x", dtype, 3)));
  }

  private static void agrees(String what, DType dtype, Graph<TensorOp> f) {
    Tensor x0 = point(dtype);
    Tensor d = direction(dtype);
    TaylorGraph<TensorOp> t = AD.taylor(Graphs.resolve(f), f.outputKeys(), List.of(X_KEY), ORDER);
    List<Tensor> c =
        TestEvaluators.eval(List.of(t.graph()), t.outputKeys(), Map.of(X, x0, t.inputKey(0, 1), d));

    Graph<TensorOp> current = f;
    ValueKey out = f.outputKey(0);
    Map<Object, Tensor> in = new HashMap<>(Map.of(X, x0));
    double factorial = 1;
    for (int k = 1; k <= ORDER; k++) {
      factorial *= k;
      LinearizedGraph<TensorOp> lin = AD.linearize(Graphs.resolve(current), List.of(out), List.of(X_KEY));
      in.put(lin.linearInput(0), d);
      if (lin.isZero(0)) {
        for (int j = k; j <= ORDER; j++) {
          assertTrue(t.isZero(0, j) || c.get(j - 1).allClose(Elementwise.scale(c.get(j - 1), 0), 0, 0),
              what + " " + dtype + " order " + j + " should be zero");
        }
        return;
      }
      current = lin.graph();
      out = lin.linearOutput(0);
      Tensor nested = TestEvaluators.eval1(current, out, in);
      Tensor derived = Elementwise.scale(c.get(k - 1), factorial);
      assertTrue(derived.allClose(nested, 1e-10, 1e-10),
          what + " " + dtype + " order " + k + ": Taylor " + derived + ", nested " + nested);
    }
  }

  @Test
  void elementwisePrimitivesAgreeWithNestedLinearizeToOrder4() {
    for (DType dtype : List.of(DType.F64, DType.C128)) {
      Map<String, UnaryOperator<TensorValue>> cases = new LinkedHashMap<>();
      cases.put("Add", x -> x.add(x.sin()));
      cases.put("Mul", x -> x.mul(x.exp()));
      cases.put("Div", x -> x.sin().div(x.exp()));
      cases.put("Neg", x -> x.neg());
      cases.put("Scale", x -> x.scale(-1.5));
      cases.put("Recip", x -> x.recip());
      cases.put("Exp", x -> x.exp());
      cases.put("Log", x -> x.log());
      cases.put("Sin", x -> x.sin());
      cases.put("Cos", x -> x.cos());
      cases.put("Tanh", x -> x.tanh());
      cases.put("Sech", x -> x.sech());
      cases.put("Sqrt", x -> x.sqrt());
      cases.put("StopGradient", x -> x.stopGradient().mul(x.sin()).add(x));
      if (dtype == DType.C128) {
        cases.put("Conj", x -> x.mul(x).conj());
        cases.put("Real", x -> x.exp().real());
      } else {
        cases.put("ToComplex", x -> x.sin().toComplex());
        cases.put("Abs", x -> x.neg().abs().mul(x));
        cases.put("Sign", x -> x.sign().mul(x.sin()));
        cases.put("Max", x -> x.max(x.sin()));
        cases.put("Min", x -> x.min(x.sin()));
        cases.put("Step", x -> x.step(x.sin()).mul(x));
        cases.put("Greater", x -> x.greater(x.sin()).mul(x));
        cases.put("Select", x -> x.sin().select(x.exp(), x.mul(x)));
        cases.put("Mask", x -> x.mask(true).mul(x.sin()).add(x.mask(false).mul(x)));
        cases.put("Log1p", x -> x.mul(x).log1p());
        cases.put("Recip1p", x -> x.mul(x).recip1p());
        cases.put("Expm1", x -> x.sin().expm1());
        cases.put("Pow", x -> x.pow(2.5).add(x.sin().pow(-1)).add(x.mul(x).pow(3)));
      }
      for (Map.Entry<String, UnaryOperator<TensorValue>> c : cases.entrySet()) {
        agrees(c.getKey(), dtype, unary(dtype, c.getValue()));
      }
    }
  }
}
