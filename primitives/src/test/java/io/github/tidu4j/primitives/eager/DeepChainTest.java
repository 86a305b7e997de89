package io.github.tidu4j.primitives.eager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.eager.EagerRuntime;
import io.github.tidu4j.primitives.EagerTensor;
import io.github.tidu4j.primitives.tensor.Tensor;
import org.junit.jupiter.api.Test;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A chain of 10^5 eager operations: nothing recurses on the length of the tape, backward or Taylor
 * mode.
 */
class DeepChainTest {
  private static final int LENGTH = 100_000;

  @Test
  void aChainOfAHundredThousandSinesBackPropagatesOnADefaultStack() throws Throwable {
    AtomicReference<Throwable> failure = new AtomicReference<>();
    // stack size 0: the JVM's default thread stack, whatever the test runner's thread has
    Thread thread = new Thread(null, () -> run(failure), "default-stack", 0);
    thread.start();
    thread.join();
    if (failure.get() != null) {
      throw failure.get();
    }
  }

  private static void run(AtomicReference<Throwable> failure) {
    try {
      chainOfSines();
    } catch (Throwable t) {
      failure.set(t);
    }
  }

  private static void chainOfSines() {
    EagerRuntime<Tensor, EagerTensor> rt = EagerTensor.newRuntime();
    EagerTensor x = rt.variable(Tensor.scalar(1.0));
    double[] xs = new double[LENGTH];
    EagerTensor y = x;
    long firstSegment = rt.currentSegment().id();
    for (int i = 0; i < LENGTH; i++) {
      xs[i] = y.value().scalarValue();
      y = y.sin();
    }
    long segments = rt.currentSegment().id() - firstSegment + 1;
    assertEquals(
        (LENGTH + EagerRuntime.SEGMENT_LIMIT - 1) / EagerRuntime.SEGMENT_LIMIT,
        segments,
        "the tape was cut into segments of " + EagerRuntime.SEGMENT_LIMIT);

    // Taylor mode walks the tape forward: y_1 along 1 is dy/dx, the product in recording order
    Tensor first =
        rt.taylor(List.of(y), List.of(x), List.of(Tensor.scalar(1.0)), 1).get(0).get(1);
    double forward = 1.0;
    for (int i = 0; i < LENGTH; i++) {
      forward = forward * Math.cos(xs[i]);
    }
    assertEquals(forward, first.scalarValue(), 1e-15 * LENGTH * forward);

    y.backward();

    // d/dx sin(sin(...)) = Π cos(xᵢ), last operation first, as the tape multiplies
    double expected = 1.0;
    for (int i = LENGTH - 1; i >= 0; i--) {
      expected = Math.cos(xs[i]) * expected;
    }
    assertTrue(expected > 0 && expected < 1, "a non-trivial product: " + expected);
    assertEquals(expected, x.grad().scalarValue(), 1e-15 * LENGTH * expected);
  }
}
