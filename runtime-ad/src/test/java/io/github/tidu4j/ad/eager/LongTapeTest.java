package io.github.tidu4j.ad.eager;

import static io.github.tidu4j.ad.eager.Tape.unary;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.testing.RealOp;
import io.github.tidu4j.graph.Graph;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** A tape of 10^5 invocations: nothing recurses on its length. */
class LongTapeTest {
  private static final int LENGTH = 100_000;
  /** Far too small for anything recursing once per invocation. */
  private static final long SMALL_STACK = 256 * 1024;

  @Test
  void aChainOfAHundredThousandSinesDifferentiatesExactlyOnASmallStack() throws Throwable {
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread thread =
        new Thread(
            null,
            () -> {
              try {
                chainOfSines();
              } catch (Throwable t) {
                failure.set(t);
              }
            },
            "small-stack",
            SMALL_STACK);
    thread.start();
    thread.join();
    if (failure.get() != null) {
      throw failure.get();
    }
  }

  private static void chainOfSines() {
    Tape<RealOp, Double> t = Tape.of(RealOp.ADD);
    Graph<RealOp> sin = unary(RealOp.SIN);
    double[] xs = new double[LENGTH];
    EagerInput<Double> x0 = t.variable(1.0);
    EagerInput<Double> x = x0;
    for (int i = 0; i < LENGTH; i++) {
      xs[i] = x.value();
      x = t.call(sin, x).asInput();
    }
    assertEquals(LENGTH, t.trace.size());

    Map<Object, Double> grads =
        Backward.backward(
            Map.of(x.key(), 1.0), t.trace, t.exec, null, Backward.Options.DEFAULT.leavesOnly());

    // the transposed sin multiplies cos(x_i) into the incoming cotangent, last invocation first
    double expected = 1.0;
    for (int i = LENGTH - 1; i >= 0; i--) {
      expected = Math.cos(xs[i]) * expected;
    }
    assertTrue(expected > 0 && expected < 1, "a non-trivial product: " + expected);
    assertEquals(Map.of(x0.key(), expected), grads);
  }
}
