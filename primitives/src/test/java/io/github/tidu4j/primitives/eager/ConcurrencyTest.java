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

  /**
   * Two backward passes that release the graph, through one loss at once: one runs and the other
   * fails as it would after it; no gradient gets both (the check of release and the release were
   * two steps, so both could pass the check and add their cotangents).
   */
  @Test
  void ofTwoReleasingBackwardsThroughOneLossAtOnceOneRunsAndTheOtherFails() throws Exception {
    EagerRuntime<Tensor, EagerTensor> rt = EagerTensor.newRuntime();
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      for (int round = 0; round < 40; round++) {
        EagerTensor w = rt.variable(Tensor.vector(0.5, -0.25));
        EagerTensor v = w;
        for (int step = 0; step < 200; step++) {
          v = v.sin().add(w); // a long chain, so the passes overlap
        }
        EagerTensor loss = v.sum();
        java.util.concurrent.CyclicBarrier start = new java.util.concurrent.CyclicBarrier(2);
        List<Future<String>> passes = new ArrayList<>();
        for (int t = 0; t < 2; t++) {
          passes.add(
              pool.submit(
                  () -> {
                    start.await();
                    try {
                      loss.backward();
                      return "ran";
                    } catch (IllegalStateException e) {
                      assertTrue(e.getMessage().startsWith("graph already released"),
                          e.getMessage());
                      return "failed";
                    }
                  }));
        }
        List<String> outcomes = new ArrayList<>();
        for (Future<String> pass : passes) {
          outcomes.add(pass.get());
        }
        assertTrue(outcomes.contains("ran") && outcomes.contains("failed"), outcomes.toString());
        // the gradient of one pass: the same pass again, retained, on a fresh copy of the chain
        EagerTensor u = rt.variable(Tensor.vector(0.5, -0.25));
        EagerTensor c = u;
        for (int step = 0; step < 200; step++) {
          c = c.sin().add(u);
        }
        c.sum().backward();
        assertTrue(u.grad().allClose(w.grad(), 0, 0), w.grad() + " against " + u.grad());
      }
    } finally {
      pool.shutdown();
    }
  }

  /**
   * A releasing backward releases only what its cotangents went through: an operation behind a
   * zero derivative (stopGradient) stays usable by a later backward through another loss.
   */
  @Test
  void aReleasingBackwardLeavesWhatNoCotangentReachedUsable() {
    EagerRuntime<Tensor, EagerTensor> rt = EagerTensor.newRuntime();
    EagerTensor w = rt.variable(Tensor.vector(0.5, -0.25));
    EagerTensor a = w.sin();
    a.stopGradient().sum().backward();
    assertTrue(w.grad() == null || w.grad().allClose(Tensor.vector(0, 0), 0, 0),
        String.valueOf(w.grad()));
    a.mul(a).sum().backward(); // through sin, which the first pass claimed but did not release
    Tensor expected = Tensor.vector(2 * Math.sin(0.5) * Math.cos(0.5),
        2 * Math.sin(-0.25) * Math.cos(-0.25));
    assertTrue(expected.allClose(w.grad(), 1e-15, 0), String.valueOf(w.grad()));
  }
}
