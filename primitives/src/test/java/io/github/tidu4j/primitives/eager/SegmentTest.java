package io.github.tidu4j.primitives.eager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.eager.EagerRuntime;
import io.github.tidu4j.primitives.EagerTensor;
import io.github.tidu4j.ad.eager.Segment;
import io.github.tidu4j.primitives.tensor.Elementwise;
import io.github.tidu4j.primitives.tensor.Tensor;
import org.junit.jupiter.api.Test;
import java.lang.ref.WeakReference;

/** The tape is cut into segments; gradients flow across them and finished ones are collectable. */
class SegmentTest {

  /** A computation with fan-out across many operations: x feeds every step. */
  private static Tensor gradientOf(EagerRuntime<Tensor, EagerTensor> rt) {
    EagerTensor x = rt.variable(Tensor.vector(0.3, -0.2, 0.1));
    EagerTensor w = rt.variable(Tensor.vector(1.1, 0.9, -0.5));
    EagerTensor y = x;
    for (int i = 0; i < 12; i++) {
      y = y.mul(w).sin().add(x);
    }
    y.sum().backward();
    assertTrue(w.grad() != null);
    return x.grad();
  }

  @Test
  void gradientsAreTheSameHoweverTheTapeIsCut() {
    Tensor whole = gradientOf(EagerTensor.newRuntime());
    for (int limit : new int[] {1, 2, 3, 7}) {
      Tensor cut = gradientOf(EagerTensor.newRuntime(limit));
      assertTrue(whole.allClose(cut, 1e-14, 1e-14), "limit " + limit + ": " + cut + " vs " + whole);
    }
  }

  @Test
  void aSegmentIsCutEveryLimitInvocations() {
    EagerRuntime<Tensor, EagerTensor> rt = EagerTensor.newRuntime(3);
    EagerTensor x = rt.variable(Tensor.scalar(1));
    Segment first = rt.currentSegment();
    EagerTensor y = x.exp().exp();
    assertSame(first, rt.currentSegment());
    y = y.exp();
    assertNotSame(first, rt.currentSegment(), "the third invocation filled the segment");
    assertEquals(3, first.size());
    y.exp();
    assertEquals(1, rt.currentSegment().size());
  }

  @Test
  void operationsOnConstantsAreNotRecorded() {
    EagerRuntime<Tensor, EagerTensor> rt = EagerTensor.newRuntime();
    EagerTensor c = rt.constant(Tensor.vector(1, 2));
    c.exp().mul(c).sum();
    assertEquals(0, rt.currentSegment().size());
  }

  @Test
  void aBackwardStartsANewSegment() {
    EagerRuntime<Tensor, EagerTensor> rt = EagerTensor.newRuntime();
    EagerTensor x = rt.variable(Tensor.vector(1, 2));
    Segment step1 = rt.currentSegment();
    x.mul(x).sum().backward();
    assertNotSame(step1, rt.currentSegment());
    assertEquals(0, rt.currentSegment().size());
  }

  @Test
  void aRetainedValueCanBeUsedAgainAfterBackward() {
    EagerRuntime<Tensor, EagerTensor> rt = EagerTensor.newRuntime();
    EagerTensor x = rt.variable(Tensor.vector(1, 2));
    EagerTensor y = x.mul(x); // segment 1
    y.sum().backward(true);
    assertEquals(Tensor.vector(2, 4), x.grad());

    EagerTensor z = y.mul(y); // segment 2, through y of segment 1: x⁴
    assertNotSame(y.segment(), z.segment());
    z.sum().backward();
    assertEquals(Tensor.vector(2 + 4, 4 + 32), x.grad());
  }

  @Test
  void aFinishedTrainingStepCanBeCollected() throws InterruptedException {
    EagerRuntime<Tensor, EagerTensor> rt = EagerTensor.newRuntime();
    EagerTensor w = rt.variable(Tensor.vector(1, 2, 3));
    WeakReference<Segment<?, Tensor, EagerTensor>> step = oneStep(rt, w);
    assertEquals(Tensor.vector(2, 4, 6), w.grad());
    for (int i = 0; i < 50 && step.get() != null; i++) {
      System.gc();
      Thread.sleep(10);
    }
    assertNull(step.get(), "nothing but the step's own values refers to its segment");
  }

  private static WeakReference<Segment<?, Tensor, EagerTensor>> oneStep(EagerRuntime<Tensor, EagerTensor> rt, EagerTensor w) {
    EagerTensor loss = w.mul(w).sum();
    WeakReference<Segment<?, Tensor, EagerTensor>> segment = new WeakReference<>(loss.segment());
    loss.backward();
    return segment;
  }

  @Test
  void aTrainingLoopBuildsEachOperationGraphOnce() {
    EagerRuntime<Tensor, EagerTensor> rt = EagerTensor.newRuntime();
    EagerTensor xs = rt.constant(Tensor.matrix(new double[][] {{1, 2}, {3, 4}, {5, 6}}));
    EagerTensor ys = rt.constant(Tensor.vector(5, 11, 17));
    Tensor w = Tensor.vector(0, 0);
    long missesAfterFirstStep = -1;
    for (int step = 0; step < 2000; step++) {
      EagerTensor wv = rt.variable(w);
      EagerTensor err = xs.dotGeneral(wv, new int[] {1}, new int[] {0}).sub(ys);
      err.mul(err).sum().backward();
      w = Elementwise.sub(w, Elementwise.scale(wv.grad(), 0.01));
      if (step == 0) {
        missesAfterFirstStep = rt.operationGraphsBuilt();
      }
    }
    assertEquals(4, missesAfterFirstStep, "dotGeneral, sub, mul, sum");
    assertEquals(missesAfterFirstStep, rt.operationGraphsBuilt(), "later steps reuse the graphs");
    assertTrue(Tensor.vector(1, 2).allClose(w, 0, 1e-3), "converged to [1, 2]: " + w);
  }
}
