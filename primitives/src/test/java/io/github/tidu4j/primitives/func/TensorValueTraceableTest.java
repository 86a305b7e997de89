package io.github.tidu4j.primitives.func;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.github.tidu4j.ad.func.FunctionCache;
import io.github.tidu4j.ad.func.Traceable;
import io.github.tidu4j.ad.func.Transforms;
import io.github.tidu4j.primitives.InputKey;
import io.github.tidu4j.primitives.TensorEvaluator;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.TensorPrimitives;
import io.github.tidu4j.primitives.TensorType;
import io.github.tidu4j.primitives.TensorValue;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The generic path for the tensor set: {@code TensorValue.traceable(body)} with {@code Transforms}
 * and a {@code FunctionCache} computes what {@code TensorAutodiff}, the tensor set's front end,
 * computes for the same body, bit for bit (both trace the body into the same graph).
 */
class TensorValueTraceableTest {
  @Test
  void aGradientThroughTransformsIsTensorAutodiffsBitForBit() {
    UnaryOperator<TensorValue> body = x -> x.mul(x).sin().reduceSum(0);
    Traceable<TensorOp, TensorType, Tensor> f = TensorValue.traceable(body);
    FunctionCache<TensorOp, TensorType, Tensor> cache =
        new FunctionCache<>(TensorPrimitives.DOMAIN, TensorEvaluator::new, 16);
    Tensor x = Tensor.vector(0.5, -1, 2);
    Tensor g = cache.call(Transforms.grad(f, TensorPrimitives.DOMAIN, false, 0), List.of(x)).get(0);
    assertEquals(TensorAutodiff.grad(body::apply).apply(x), g);
    // 2x·cos(x²), entry by entry
    for (int i = 0; i < 3; i++) {
      double xi = x.get(i);
      assertEquals(2 * xi * Math.cos(xi * xi), g.get(i), 1e-15);
    }
  }

  @Test
  void numbersAndClosedOverTensorsAreConstantsOfTheFunction() {
    Tensor a = Tensor.vector(2, 3, -1);
    UnaryOperator<TensorValue> body = x -> x.add(2.0).mul(x).mul(a).reduceSum(0);
    FunctionCache<TensorOp, TensorType, Tensor> cache =
        new FunctionCache<>(TensorPrimitives.DOMAIN, TensorEvaluator::new, 16);
    Tensor x = Tensor.vector(0.5, -1, 2);
    Traceable<TensorOp, TensorType, Tensor> f = TensorValue.traceable(body);
    assertEquals(TensorAutodiff.function(body::apply).apply(x), cache.call(f, List.of(x)).get(0));
    Tensor g = cache.call(Transforms.grad(f, TensorPrimitives.DOMAIN, false, 0), List.of(x)).get(0);
    assertEquals(TensorAutodiff.grad(body::apply).apply(x), g);
    // d/dx Σ (x + 2)·x·a = (2x + 2)·a, exactly in these numbers
    assertEquals(Tensor.vector(3 * 2, 0 * 3, 6 * -1), g);
  }

  @Test
  void tensorAutodiffKeysTracedInputsByTheirNamesAsInputKeys() {
    List<InputKey> seen = new ArrayList<>();
    TensorFunction f =
        TensorAutodiff.function(
            (Fn2)
                (x, y) -> {
                  seen.add(x.inputKey());
                  seen.add(y.inputKey());
                  return x.mul(y).sum();
                });
    assertEquals(Tensor.scalar(11), f.apply(Tensor.vector(1, 2), Tensor.vector(3, 4)));
    assertEquals(List.of(InputKey.user("x0"), InputKey.user("x1")), seen);
    // the same body through the generic path is another function: its inputs are keyed "x0", "x1"
    Fn2 body = (x, y) -> x.mul(y).sum();
    assertNotEquals(TensorAutodiff.function(body).traceable(), TensorValue.traceable(body));
    assertEquals(TensorAutodiff.function(body), TensorAutodiff.function(body));
  }
}
