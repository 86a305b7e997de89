package io.github.tidu4j.primitives.eager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.eager.EagerRuntime;
import io.github.tidu4j.primitives.EagerTensor;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.List;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.Test;

/**
 * An interrupted thread's backward or Taylor pass stops (before each segment of the tape, or each
 * recorded operation), accumulates nothing and keeps the interrupt status; the tape is left as it
 * was, so the pass runs again once the thread is no longer interrupted.
 */
class EagerInterruptTest {
  private final EagerRuntime<Tensor, EagerTensor> rt = EagerTensor.newRuntime();

  @Test
  void anInterruptedBackwardStopsAccumulatesNothingAndRunsAgainAfter() {
    EagerTensor x = rt.variable(Tensor.vector(0.5, -1.0));
    EagerTensor loss = x.sin().mul(x).sum();
    Thread.currentThread().interrupt();
    try {
      CancellationException e = assertThrows(CancellationException.class, loss::backward);
      assertTrue(e.getMessage().contains("so the backward stopped part way"), e.getMessage());
      assertTrue(Thread.currentThread().isInterrupted(), "the interrupt status is kept");
      assertNull(x.grad(), "nothing is accumulated");
    } finally {
      Thread.interrupted();
    }
    loss.backward();
    assertEquals(
        Tensor.vector(Math.sin(0.5) + 0.5 * Math.cos(0.5), Math.sin(-1.0) - Math.cos(-1.0)),
        x.grad());
  }

  @Test
  void anInterruptedTaylorPassStops() {
    EagerTensor x = rt.variable(Tensor.scalar(0.3));
    EagerTensor y = x.exp();
    Thread.currentThread().interrupt();
    try {
      assertThrows(
          CancellationException.class,
          () -> rt.taylor(List.of(y), List.of(x), List.of(Tensor.scalar(1)), 2));
      assertTrue(Thread.currentThread().isInterrupted());
    } finally {
      Thread.interrupted();
    }
    double e = Math.exp(0.3);
    assertEquals(
        List.of(Tensor.scalar(e), Tensor.scalar(e), Tensor.scalar(e / 2)),
        rt.taylor(List.of(y), List.of(x), List.of(Tensor.scalar(1)), 2).get(0));
  }
}
