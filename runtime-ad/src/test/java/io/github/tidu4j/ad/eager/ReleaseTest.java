package io.github.tidu4j.ad.eager;

import static io.github.tidu4j.ad.eager.Tape.binary;
import static io.github.tidu4j.ad.eager.Tape.square;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.testing.RealOp;
import io.github.tidu4j.graph.Graph;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Releasing a trace's retained values, and what backward says when it needs one. */
class ReleaseTest {
  private static final Graph<RealOp> SQUARE = square(RealOp.MUL);
  private static final Graph<RealOp> ADD = binary(RealOp.ADD);

  @Test
  void backwardOnAReleasedTraceNamesTheValueItNeeds() {
    Tape<RealOp, Double> t = Tape.of(RealOp.ADD);
    EagerInput<Double> x = t.variable(3.0);
    EagerOutput<Double> y = t.call(SQUARE, x);
    t.trace.release();
    assertTrue(t.trace.invocation(0).isReleased());

    IllegalStateException e = assertThrows(IllegalStateException.class, () -> t.backward(y, 1.0));
    assertTrue(e.getMessage().contains("eager value " + x.key() + " "), e.getMessage());
    assertTrue(e.getMessage().contains("input a of invocation #0 [MUL]"), e.getMessage());
    assertTrue(e.getMessage().contains("released"), e.getMessage());
  }

  @Test
  void backwardThatNeedsNoRetainedValueWorksAfterRelease() {
    // the transpose of an addition reads no primal value
    Tape<RealOp, Double> t = Tape.of(RealOp.ADD);
    EagerInput<Double> x = t.variable(3.0);
    EagerInput<Double> w = t.variable(4.0);
    EagerOutput<Double> y = t.call(ADD, x, w);
    t.trace.release();
    Map<Object, Double> grads = t.backward(y, 1.0);
    assertEquals(1.0, grads.get(x.key()));
    assertEquals(1.0, grads.get(w.key()));
  }

  @Test
  void aReleasingBackwardLeavesNothingForTheNextOne() {
    Tape<RealOp, Double> t = Tape.of(RealOp.ADD);
    EagerInput<Double> x = t.variable(3.0);
    EagerOutput<Double> y = t.call(SQUARE, x);
    Map<Object, Double> seed = Map.of(y.key(), 1.0);
    Backward.Options releasing = Backward.Options.DEFAULT.releasing();

    assertEquals(6.0, Backward.backward(seed, t.trace, t.exec, null, releasing).get(x.key()));
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> Backward.backward(seed, t.trace, t.exec, null, releasing));
    assertTrue(e.getMessage().contains(x.key().toString()), e.getMessage());
  }

  @Test
  void releaseOnlyDropsWhatWasRecordedAlready() {
    Tape<RealOp, Double> t = Tape.of(RealOp.ADD);
    EagerInput<Double> x = t.variable(3.0);
    t.call(SQUARE, x);
    t.trace.release();
    EagerInput<Double> w = t.variable(5.0);
    EagerOutput<Double> y = t.call(SQUARE, w);
    assertEquals(10.0, t.backward(y, 1.0).get(w.key()));
  }
}
