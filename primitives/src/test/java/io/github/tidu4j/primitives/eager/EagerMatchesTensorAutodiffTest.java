package io.github.tidu4j.primitives.eager;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.eager.EagerRuntime;
import io.github.tidu4j.primitives.EagerTensor;
import io.github.tidu4j.primitives.TensorValue;
import io.github.tidu4j.primitives.func.FnN;
import io.github.tidu4j.primitives.func.TensorAutodiff;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import org.junit.jupiter.api.Test;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;

/**
 * The tape and the traced functional API give the same gradients: each function is written once
 * for {@link EagerTensor}s and once for traced {@link TensorValue}s, with the same operations.
 */
class EagerMatchesTensorAutodiffTest {

  private static void assertSameGradients(
      List<Tensor> point,
      Function<List<EagerTensor>, EagerTensor> eager,
      FnN traced) {
    EagerRuntime<Tensor, EagerTensor> rt = EagerTensor.newRuntime();
    List<EagerTensor> vars = new ArrayList<>();
    for (Tensor t : point) {
      vars.add(rt.variable(t));
    }
    eager.apply(vars).backward();
    int[] all = new int[point.size()];
    for (int i = 0; i < all.length; i++) {
      all[i] = i;
    }
    List<Tensor> expected =
        TensorAutodiff.grad(TensorAutodiff.function(point.size(), traced), all).applyAll(point);
    for (int i = 0; i < point.size(); i++) {
      Tensor e = expected.get(i);
      Tensor a = vars.get(i).grad();
      assertTrue(a != null && a.allClose(e, 1e-13, 1e-14),
          "input " + i + ": traced " + e + ", eager " + a);
    }
  }

  @Test
  void perceptronLoss() {
    Random r = new Random(3);
    List<Tensor> point = List.of(
        Tensor.random(DType.F64, new int[] {3, 2}, r),
        Tensor.random(DType.F64, new int[] {4, 2}, r),
        Tensor.random(DType.F64, new int[] {3}, r));
    assertSameGradients(point,
        v -> {
          EagerTensor pre = v.get(1).dotGeneral(v.get(0), new int[] {1}, new int[] {1})
              .add(v.get(2).broadcastInDim(new int[] {4, 3}, 1));
          EagerTensor h = pre.tanh();
          return h.mul(h).sum();
        },
        v -> {
          TensorValue pre = v.get(1).dotGeneral(v.get(0), new int[] {1}, new int[] {1})
              .add(v.get(2).broadcastInDim(new int[] {4, 3}, 1));
          TensorValue h = pre.tanh();
          return List.of(h.mul(h).sum());
        });
  }

  @Test
  void logSumExpWithFanOutAndDivision() {
    List<Tensor> point = List.of(
        Tensor.of(new double[] {0.1, -0.4, 0.9, 1.2, 0.3, -0.8}, 2, 3), Tensor.vector(2, 5));
    assertSameGradients(point,
        v -> {
          EagerTensor x = v.get(0);
          EagerTensor lse = x.exp().reduceSum(1).log();
          return lse.div(v.get(1)).add(x.sin().reduceSum(1).mul(lse)).sum();
        },
        v -> {
          TensorValue x = v.get(0);
          TensorValue lse = x.exp().reduceSum(1).log();
          return List.of(lse.div(v.get(1)).add(x.sin().reduceSum(1).mul(lse)).sum());
        });
  }

  @Test
  void complexInputsThroughARealLoss() {
    List<Tensor> point = List.of(
        Tensor.complex(new double[] {0.3, -0.2, 1.1, 0.4}, 2),
        Tensor.complex(new double[] {0.5, 0.5, -0.7, 0.1}, 2));
    assertSameGradients(point,
        v -> v.get(0).mul(v.get(1)).exp().mul(v.get(0).conj()).real().sum(),
        v -> List.of(v.get(0).mul(v.get(1)).exp().mul(v.get(0).conj()).real().sum()));
  }
}
