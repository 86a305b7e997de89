package io.github.tidu4j.primitives.eager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.eager.EagerRuntime;
import io.github.tidu4j.primitives.EagerTensor;
import io.github.tidu4j.primitives.scalar.EagerScalar;
import io.github.tidu4j.ad.eager.Segment;
import io.github.tidu4j.primitives.tensor.Elementwise;
import io.github.tidu4j.primitives.tensor.Tensor;
import org.junit.jupiter.api.Test;
import java.lang.ref.WeakReference;
import java.util.List;

/** The tape is cut into segments; gradients flow across them and finished ones are collectable. */
class SegmentTest {

  /**
   * The gradients in x and w of a computation with fan-out across many operations (x and w feed
   * every step), after {@code offset} unrelated invocations that move where the tape is cut.
   */
  private static List<Tensor> gradientsOf(EagerRuntime<Tensor, EagerTensor> rt, int offset) {
    EagerTensor other = rt.variable(Tensor.vector(0.5, 0.5, 0.5));
    for (int i = 0; i < offset; i++) {
      other = other.exp();
    }
    EagerTensor x = rt.variable(Tensor.vector(0.3, -0.2, 0.1));
    EagerTensor w = rt.variable(Tensor.vector(1.1, 0.9, -0.5));
    EagerTensor y = x;
    for (int i = 0; i < 12; i++) {
      y = y.mul(w).sin().add(x);
    }
    y.sum().backward();
    return List.of(x.grad(), w.grad());
  }

  @Test
  void gradientsAreBitIdenticalHoweverTheTapeIsCut() {
    // each variable's cotangents are summed in one running sum in reverse recording order, across
    // segments as within one, so where the cuts fall (the limit, or invocations of other threads
    // filling a shared runtime's segments) changes no bit
    List<Tensor> whole = gradientsOf(EagerTensor.newRuntime(), 0);
    for (int limit : new int[] {1, 2, 3, 7}) {
      for (int offset = 0; offset < limit; offset++) {
        List<Tensor> cut = gradientsOf(EagerTensor.newRuntime(limit), offset);
        assertEquals(whole, cut, "limit " + limit + ", offset " + offset);
      }
    }
  }

  @Test
  void scalarGradientsAreBitIdenticalHoweverTheTapeIsCut() {
    double whole = scalarGradientOf(EagerScalar.newRuntime(), 0);
    for (int limit = 1; limit <= 9; limit++) {
      for (int offset = 0; offset < limit; offset++) {
        double cut = scalarGradientOf(EagerScalar.newRuntime(limit), offset);
        assertEquals(
            Double.doubleToRawLongBits(whole),
            Double.doubleToRawLongBits(cut),
            "limit " + limit + ", offset " + offset + ": " + cut + " against " + whole);
      }
    }
  }

  /** d/dx of x·sin(x·sin(x·sin(x))) at 0.7, after {@code offset} unrelated invocations. */
  private static double scalarGradientOf(EagerRuntime<Double, EagerScalar> rt, int offset) {
    EagerScalar other = rt.variable(0.5);
    for (int i = 0; i < offset; i++) {
      other = other.sin();
    }
    EagerScalar x = rt.variable(0.7);
    x.sin().mul(x).sin().mul(x).sin().mul(x).backward();
    return x.grad();
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
    // at most dotGeneral, sub, mul and sum: fewer where another runtime of the set built them
    assertTrue(missesAfterFirstStep <= 4, "built " + missesAfterFirstStep);
    assertEquals(missesAfterFirstStep, rt.operationGraphsBuilt(), "later steps reuse the graphs");
    assertTrue(Tensor.vector(1, 2).allClose(w, 0, 1e-3), "converged to [1, 2]: " + w);
  }
}
