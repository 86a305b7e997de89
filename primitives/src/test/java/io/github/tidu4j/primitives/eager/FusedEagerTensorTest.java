package io.github.tidu4j.primitives.eager;

import static io.github.tidu4j.primitives.testing.RandomTensors.vector;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.tidu4j.ad.eager.EagerRuntime;
import io.github.tidu4j.graph.fusion.BlockedSum;
import io.github.tidu4j.graph.fusion.FusionParallelism;
import io.github.tidu4j.primitives.EagerTensor;
import io.github.tidu4j.primitives.TensorEvaluator;
import io.github.tidu4j.primitives.TensorFusion;
import io.github.tidu4j.primitives.tensor.Tensor;
import io.github.tidu4j.primitives.testing.VectorisedValues;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;

/**
 * An eager runtime given fused runners ({@link TensorFusion#runners}) runs its operation graphs
 * (composites such as {@code x.sub(y)} or {@code x.add(2.0)}, and the transposed linearizations of
 * backward) fused: with the exact set, the values and gradients of the default runtime, tensor for
 * tensor, on one thread and split across several; with the default (vectorised) set, those
 * values as {@link VectorisedValues} compares them, on one thread and split.
 */
class FusedEagerTensorTest {

  @Test
  void fusedEagerGraphsGiveTheDefaultRuntimesTensors() {
    EagerRuntime<Tensor, EagerTensor> reference = EagerTensor.newRuntime(TensorEvaluator::new);
    EagerRuntime<Tensor, EagerTensor> fused =
        EagerTensor.newRuntime(TensorFusion.runners(TensorFusion.exactSet(), TensorEvaluator::new));
    EagerRuntime<Tensor, EagerTensor> split =
        EagerTensor.newRuntime(
            TensorFusion.runners(
                TensorFusion.exactSet(FusionParallelism.of(ForkJoinPool.commonPool(), 3, 0)),
                TensorEvaluator::new));
    // the default (vectorised) set, on one thread and split: the same bits as each other
    EagerRuntime<Tensor, EagerTensor> vectorised =
        EagerTensor.newRuntime(TensorFusion.runners(TensorEvaluator::new));
    EagerRuntime<Tensor, EagerTensor> vectorisedSplit =
        EagerTensor.newRuntime(
            TensorFusion.runners(
                TensorFusion.set(FusionParallelism.of(ForkJoinPool.commonPool(), 3, 0)),
                TensorEvaluator::new));
    for (int n : new int[] {4, 2 * BlockedSum.BLOCK + 9}) {
      SplittableRandom r = new SplittableRandom(n);
      Tensor x0 = vector(r, n, -1, 1);
      Tensor c = vector(r, n, -1, 1);
      Tensor[] values = new Tensor[5];
      Tensor[] grads = new Tensor[5];
      int i = 0;
      for (EagerRuntime<Tensor, EagerTensor> rt :
          new EagerRuntime[] {reference, fused, split, vectorised, vectorisedSplit}) {
        EagerTensor x = rt.variable(x0);
        EagerTensor y = x.mul(x).add(2.0).sub(x.tanh().mul(c)).exp().mul(3.0).sum();
        y.backward();
        values[i] = y.value();
        grads[i] = x.grad();
        i++;
      }
      for (int k = 1; k < 3; k++) {
        assertEquals(values[0], values[k], "value, n " + n + ", runtime " + k);
        assertEquals(grads[0], grads[k], "gradient, n " + n + ", runtime " + k);
      }
      VectorisedValues.assertClose(
          List.of(values[0], grads[0]), List.of(values[3], grads[3]), "vectorised, n " + n);
      VectorisedValues.assertClose(
          List.of(values[3], grads[3]), List.of(values[4], grads[4]), "vectorised split, n " + n);
    }
  }
}
