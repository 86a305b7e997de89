package io.github.tidu4j.primitives.taylor;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.AD;
import io.github.tidu4j.ad.TaylorGraph;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.primitives.InputKey;
import io.github.tidu4j.primitives.TensorBuilder;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.TensorValue;
import io.github.tidu4j.primitives.TestEvaluators;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The elementwise tensor primitives' hand-written Taylor rules (Div, Recip, Exp, Log, Sqrt), f64
 * and c128, against the expansion of their JVP rules ({@link AD#taylorDerived}) to order 8 along a
 * curve with every coefficient a random tensor, each evaluated by every tier.
 */
class TensorTaylorRulesTest {
  private static final int ORDER = 8;
  private static final Object X = InputKey.user("x");
  private static final ValueKey X_KEY = ValueKey.input(X);

  private static Tensor random(DType dtype, Random random, double offset) {
    if (dtype == DType.F64) {
      return Tensor.vector(
          offset + random.nextDouble() - 0.5,
          offset + random.nextDouble() - 0.5,
          offset + random.nextDouble() - 0.5);
    }
    double[] parts = new double[6];
    for (int i = 0; i < 6; i++) {
      parts[i] = (i % 2 == 0 ? offset : 0) + random.nextDouble() - 0.5;
    }
    return Tensor.complex(parts, 3);
  }

  private static Graph<TensorOp> unary(DType dtype, UnaryOperator<TensorValue> op) {
    TensorBuilder b = TensorBuilder.create();
    return b.build(op.apply(b.input("x", dtype, 3)));
  }

  private static List<Tensor> coefficients(
      Graph<TensorOp> f, Map<Object, Tensor> in, boolean rules) {
    TaylorGraph<TensorOp> t =
        rules
            ? AD.taylorPath(Graphs.resolve(f), f.outputKeys(), List.of(X_KEY), ORDER, null)
            : AD.taylorDerived(Graphs.resolve(f), f.outputKeys(), List.of(X_KEY), ORDER, null, true);
    Map<Object, Tensor> bound = new HashMap<>();
    bound.put(X, in.get(X));
    for (int m = 1; m <= ORDER; m++) {
      bound.put(t.inputKey(0, m), in.get(m));
    }
    return TestEvaluators.eval(List.of(t.graph()), t.outputKeys(), bound);
  }

  @Test
  void elementwiseRulesAgreeWithTheDerivedExpansionToOrder8() {
    Random random = new Random(5);
    for (DType dtype : List.of(DType.F64, DType.C128)) {
      Map<String, UnaryOperator<TensorValue>> cases = new LinkedHashMap<>();
      cases.put("Div", x -> x.sin().div(x.exp()));
      cases.put("Recip", x -> x.recip());
      cases.put("Exp", x -> x.sin().exp());
      cases.put("Log", x -> x.log());
      cases.put("Sqrt", x -> x.sqrt());
      cases.put("Log(Sqrt(Recip))", x -> x.recip().sqrt().log());
      for (Map.Entry<String, UnaryOperator<TensorValue>> c : cases.entrySet()) {
        Map<Object, Tensor> in = new HashMap<>();
        in.put(X, random(dtype, random, 1.0));
        for (int m = 1; m <= ORDER; m++) {
          in.put(m, random(dtype, random, 0));
        }
        Graph<TensorOp> f = unary(dtype, c.getValue());
        List<Tensor> rules = coefficients(f, in, true);
        List<Tensor> derived = coefficients(f, in, false);
        for (int k = 1; k <= ORDER; k++) {
          assertTrue(
              rules.get(k - 1).allClose(derived.get(k - 1), 1e-11, 1e-11),
              c.getKey() + " " + dtype + " y_" + k + ": rules " + rules.get(k - 1) + ", derived "
                  + derived.get(k - 1));
        }
      }
    }
  }
}
