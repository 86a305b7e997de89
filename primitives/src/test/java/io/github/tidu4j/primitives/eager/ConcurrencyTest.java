package io.github.tidu4j.primitives.eager;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.eager.EagerRuntime;
import io.github.tidu4j.primitives.EagerTensor;
import io.github.tidu4j.primitives.tensor.Tensor;
import org.junit.jupiter.api.Test;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Several threads recording and back-propagating on one runtime, into one shared variable. */
class ConcurrencyTest {
  private static final int THREADS = 4;
  private static final int STEPS = 300;

  @Test
  void gradientsFromManyThreadsAllArrive() throws Exception {
    // a small segment limit, so that threads also race on starting new segments
    EagerRuntime<Tensor, EagerTensor> rt = EagerTensor.newRuntime(5);
    EagerTensor w = rt.variable(Tensor.vector(1, 2));
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        double k = t + 1;
        done.add(
            pool.submit(
                () -> {
                  EagerTensor x = rt.constant(Tensor.vector(k, -k));
                  for (int step = 0; step < STEPS; step++) {
                    // d/dw Σ (w·x + w) = x + 1
                    w.mul(x).add(w).exp().log().sum().backward();
                  }
                }));
      }
      for (Future<?> f : done) {
        f.get();
      }
    } finally {
      pool.shutdown();
    }
    // Σ over threads of STEPS·(x + 1): x0 = 1+2+3+4, x1 = −(1+2+3+4)
    Tensor expected = Tensor.vector(STEPS * (10 + THREADS), STEPS * (-10 + THREADS));
    assertTrue(expected.allClose(w.grad(), 1e-12, 0), w.grad().toString());
  }
}
