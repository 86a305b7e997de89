package io.github.tidu4j.primitives.func;

import static io.github.tidu4j.primitives.func.TensorAutodiff.function;
import static io.github.tidu4j.primitives.func.TensorAutodiff.grad;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.func.FunctionCache;
import io.github.tidu4j.primitives.TensorDomain;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.TensorType;
import io.github.tidu4j.primitives.TensorValue;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * What a user meets when a traced function is written like plain Java code: fields read at trace
 * time, values kept from an earlier trace, inputs past the declared arity, and the memory a cache
 * of functions closing over large tensors keeps (lambdas made per call: {@code
 * FunctionCacheWarningTest} in runtime-ad).
 */
class TracingPitfallsTest {
  private Tensor batch = Tensor.vector(1, 1, 1);
  private static TensorValue kept;

  @Test
  void aFieldIsReadWhenTheFunctionIsTracedAndAnArgumentOnEveryCall() {
    TensorFunction readsField = grad(function(w -> w.mul(batch).sum()));
    Tensor w = Tensor.vector(0.5, 0.5, 0.5);
    assertEquals(Tensor.vector(1, 1, 1), readsField.apply(w));
    batch = Tensor.vector(2, 2, 2);
    assertEquals(Tensor.vector(1, 1, 1), readsField.apply(w), "the field's value at the trace");
    TensorFunction takesIt = grad(function((Fn2) (v, b) -> v.mul(b).sum()));
    assertEquals(Tensor.vector(2, 2, 2), takesIt.applyAll(w, batch).get(0));
    assertEquals(Tensor.vector(3, 3, 3), takesIt.applyAll(w, Tensor.vector(3, 3, 3)).get(0));
  }

  @Test
  void aValueKeptFromAnEarlierTraceIsNamedAsSuch() {
    Tensor x = Tensor.vector(1, 2, 3);
    grad(w -> {
          kept = w.tanh();
          return kept.sum();
        })
        .apply(x);
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> grad(w -> kept.sum()).apply(x));
    assertTrue(e.getMessage().contains("kept from an earlier trace"), e.getMessage());
  }

  @Test
  void aBodyReadingMoreInputsThanDeclaredIsToldHowMany() {
    TensorFunction f = function(2, xs -> List.of(xs.get(0).add(xs.get(2)).sum()));
    IndexOutOfBoundsException e =
        assertThrows(
            IndexOutOfBoundsException.class,
            () -> f.applyAll(Tensor.vector(1), Tensor.vector(2)));
    assertTrue(
        e.getMessage().contains("reads input 2, but is declared with 2 inputs (0 to 1)"),
        e.getMessage());
  }

  /**
   * Work handed to another thread inside a traced function (as a parallel stream hands its
   * elements to the common pool's workers, on a busy machine not always) adds to the graph from
   * that thread: refused at once, naming the threads, where it made wrong gradients as well as
   * crashes deep inside; the same sum in a plain loop is traced and differentiated. A thread of
   * its own, so that the other thread is certain.
   */
  @Test
  void anotherThreadInsideATracedFunctionIsRefused() throws InterruptedException {
    Tensor x = Tensor.vector(0.25, 0.5);
    ExecutorService helper = Executors.newSingleThreadExecutor(r -> new Thread(r, "helper"));
    try {
      RuntimeException e =
          assertThrows(
              RuntimeException.class,
              () ->
                  grad(
                          v -> {
                            try {
                              return helper.submit(() -> v.scale(2).sin()).get().add(v).sum();
                            } catch (InterruptedException | ExecutionException failed) {
                              throw new IllegalStateException(failed);
                            }
                          })
                      .apply(x));
      Throwable cause = e;
      while (cause != null && !String.valueOf(cause.getMessage()).contains("is using it")) {
        cause = cause.getCause();
      }
      assertTrue(cause != null, "the builder's refusal, at any depth: " + e);
      assertTrue(cause.getMessage().contains("and thread 'helper' is using it"), cause.getMessage());
      assertTrue(cause.getMessage().contains("a parallel stream or another thread inside the"
          + " function cannot add to it"), cause.getMessage());
    } finally {
      helper.shutdownNow();
      helper.awaitTermination(10, TimeUnit.SECONDS);
    }
    Tensor g =
        grad(
                v -> {
                  TensorValue sum = v.scale(1).sin();
                  for (int i = 2; i <= 64; i++) {
                    sum = sum.add(v.scale(i).sin());
                  }
                  return sum.sum();
                })
            .apply(x);
    for (int j = 0; j < 2; j++) {
      double expected = 0;
      for (int i = 1; i <= 64; i++) {
        expected += i * Math.cos(i * x.get(j));
      }
      assertEquals(expected, g.get(j), 1e-12 * 64 * 64);
    }
  }

  @Test
  void aCacheDropsFunctionsWhileTheTensorsTheyCloseOverWeighMoreThanItsBound() {
    long bound = 4 << 20;
    FunctionCache<TensorOp, TensorType, Tensor> cache =
        new FunctionCache<>(
            TensorDomain.INSTANCE, TensorAutodiff.runners("false"), 512, bound);
    Tensor w = Tensor.vector(new double[100_000]);
    for (int i = 0; i < 20; i++) {
      Tensor data = Tensor.vector(new double[100_000]); // 800 kB each
      cache.call(function(x -> x.mul(data).sum()).traceable(), List.of(w));
      assertTrue(cache.constantBytes() <= bound, cache.constantBytes() + " bytes");
    }
    assertEquals(5, cache.stats().size(), "five of 800 kB within 4 MiB");
    assertEquals(5 * 800_000, cache.constantBytes());
    Tensor huge = Tensor.vector(new double[1 << 20]); // 8 MiB: above the bound alone, kept
    cache.call(function(x -> x.mul(huge).sum()).traceable(), List.of(Tensor.vector(new double[1 << 20])));
    assertEquals(1, cache.stats().size());
    assertEquals(8L << 20, cache.constantBytes());
  }

  /**
   * A training loop logging {@code f(w)} and stepping with {@code grad(f)(w)}, both closing over
   * one data set larger than half the bound: the data counts once, so the two stay compiled
   * (counted per function, each call evicted the other and every call traced and compiled again).
   */
  @Test
  void aFunctionAndItsGradientClosingOverTheSameDataCountItOnce() {
    long bound = 4 << 20;
    FunctionCache<TensorOp, TensorType, Tensor> cache =
        new FunctionCache<>(TensorDomain.INSTANCE, TensorAutodiff.runners("false"), 512, bound);
    Tensor data = Tensor.vector(new double[300_000]); // 2.4 MB: more than half the bound
    TensorFunction f = function(x -> x.mul(data).sum());
    TensorFunction df = grad(f);
    Tensor w = Tensor.vector(new double[300_000]);
    for (int step = 0; step < 5; step++) {
      cache.call(f.traceable(), List.of(w));
      cache.call(df.traceable(), List.of(w));
    }
    assertEquals(2, cache.stats().compilations());
    assertEquals(2, cache.stats().size());
    assertEquals(2_400_000, cache.constantBytes());
  }

  /**
   * A number in a traced function ({@code x.add(1.0)}, {@code x.max(0.5)}, {@code x.mul(2.0)}) is
   * one number in the compiled function, not a tensor the size of {@code x}: a function and its
   * gradient over f64[2^20] hold 8 bytes per literal, and a loop calling both stays compiled
   * within a bound of a megabyte (a constant as large as the operand held 8 MiB a literal, and the
   * two evicted each other on every call).
   */
  @Test
  void aNumberInATracedFunctionIsOneNumberNotATensorOfTheOperandsSize() {
    long bound = 1 << 20;
    FunctionCache<TensorOp, TensorType, Tensor> cache =
        new FunctionCache<>(TensorDomain.INSTANCE, TensorAutodiff.runners("false"), 512, bound);
    TensorFunction f =
        function(x -> x.mul(2.0).add(1.0).max(0.5).min(3.0).clamp(0.75, 2.5).mul(x).sum());
    TensorFunction df = grad(f);
    int n = 1 << 20;
    double[] values = new double[n];
    for (int i = 0; i < n; i++) {
      values[i] = (i % 11) * 0.25 - 0.9; // 2x + 1 is on none of the bounds: no ties
    }
    Tensor w = Tensor.vector(values);
    for (int step = 0; step < 3; step++) {
      cache.call(f.traceable(), List.of(w));
      cache.call(df.traceable(), List.of(w));
    }
    assertEquals(2, cache.stats().compilations());
    assertTrue(cache.constantBytes() <= 2 * 6 * 8, cache.constantBytes() + " bytes");
    double sum = 0;
    double[] gradient = cache.call(df.traceable(), List.of(w)).get(0).toDoubleArray();
    for (int i = 0; i < n; i++) {
      double x = values[i];
      double y = Math.min(Math.max(Math.min(Math.max(x * 2.0 + 1.0, 0.5), 3.0), 0.75), 2.5);
      sum += y * x;
      // d/dx (y·x) = y + x·y′, y′ = 2 strictly inside every bound (no point here sits on one)
      double slope = x * 2.0 + 1.0 > 0.75 && x * 2.0 + 1.0 < 2.5 ? 2.0 : 0.0;
      assertEquals(y + x * slope, gradient[i], 0.0, "element " + i + " (x = " + x + ")");
    }
    assertEquals(sum, cache.call(f.traceable(), List.of(w)).get(0).toDoubleArray()[0], 1e-9 * n);
  }

  @Test
  void theByteBoundIsAnEighthOfTheHeapUnlessThePropertySaysOtherwise() {
    assertEquals(1L << 27, TensorAutodiff.cacheBytes(null, 1L << 30));
    assertEquals(5_000, TensorAutodiff.cacheBytes(" 5000", 1L << 30));
    assertEquals(0, TensorAutodiff.cacheBytes("0", 1L << 30));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> TensorAutodiff.cacheBytes("-1", 8));
    assertTrue(e.getMessage().contains(TensorAutodiff.CACHE_BYTES_PROPERTY), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> TensorAutodiff.cacheBytes("lots", 8));
  }
}
