package io.github.tidu4j.primitives.func;

import io.github.tidu4j.ad.func.FunctionCache;
import io.github.tidu4j.graph.ProgramRunner;
import io.github.tidu4j.primitives.TensorDomain;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.TensorType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.ArrayList;
import java.util.List;

/** Every way a tensor function runs, each a cache of its own: interpreted, and tiered per fusion. */
final class EveryTier {
  private EveryTier() {}

  /**
   * A cache running programs on the interpreter, then one per fusion setting ({@code false},
   * {@code exact}, {@code true}) whose programs are promoted from their first call: a function
   * called twice on one runs on its generated tier the second time.
   */
  static List<FunctionCache<TensorOp, TensorType, Tensor>> caches() {
    List<FunctionCache<TensorOp, TensorType, Tensor>> caches = new ArrayList<>();
    caches.add(
        new FunctionCache<>(TensorDomain.INSTANCE, ProgramRunner.<TensorOp, Tensor>interpreter(), 4));
    for (String fusion : List.of("false", "exact", "true")) {
      caches.add(
          new FunctionCache<>(
              TensorDomain.INSTANCE,
              TensorAutodiff.runners(fusion, b -> b.threshold(1).synchronous()),
              4));
    }
    return caches;
  }
}
