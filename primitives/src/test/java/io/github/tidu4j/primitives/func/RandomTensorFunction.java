package io.github.tidu4j.primitives.func;

import io.github.tidu4j.primitives.TensorValue;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random smooth tensor functions f64[n] → f64[] for property tests: a pool of values grown by
 * bounded elementwise ops, products and sums, a reduction broadcast back, and a matrix product
 * with a closed-over constant, summed at the end. The same seed builds the same function in any
 * builder, so the functional API and the hand-driven transforms see one function.
 */
final class RandomTensorFunction {
  private RandomTensorFunction() {}

  static TensorValue build(TensorValue x, long seed) {
    Random r = new Random(seed);
    int n = x.shape().dim(0);
    List<TensorValue> pool = new ArrayList<>(List.of(x));
    int steps = 4 + r.nextInt(6);
    for (int s = 0; s < steps; s++) {
      TensorValue a = pool.get(r.nextInt(pool.size()));
      TensorValue b = pool.get(r.nextInt(pool.size()));
      TensorValue next =
          switch (r.nextInt(9)) {
            case 0 -> a.add(b);
            case 1 -> a.mul(b);
            case 2 -> a.sub(b).tanh();
            case 3 -> a.sin();
            case 4 -> a.cos();
            case 5 -> a.tanh().exp();
            case 6 -> a.mul(0.5 + r.nextDouble());
            case 7 -> a.sum().broadcastInDim(new int[] {n}).mul(a.tanh());
            default -> a.builder()
                .constant(matrix(n, r))
                .dotGeneral(a.tanh(), new int[] {1}, new int[] {0});
          };
      pool.add(next);
    }
    TensorValue out = pool.get(pool.size() - 1);
    for (int i = 1; i < pool.size() - 1; i += 2) {
      out = out.add(pool.get(i));
    }
    return out.sum();
  }

  private static Tensor matrix(int n, Random r) {
    return Tensor.random(DType.F64, new int[] {n, n}, r);
  }
}
