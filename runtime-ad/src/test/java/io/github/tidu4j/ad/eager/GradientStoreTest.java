package io.github.tidu4j.ad.eager;

import static io.github.tidu4j.ad.eager.Tape.binary;
import static io.github.tidu4j.ad.eager.Tape.square;
import static io.github.tidu4j.ad.eager.Tape.unary;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.tidu4j.ad.testing.RealOp;
import io.github.tidu4j.ad.testing.VecOp;
import io.github.tidu4j.graph.Graph;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Gradients accumulate across backward calls, like PyTorch's {@code .grad}. */
class GradientStoreTest {

  @Test
  void twoBackwardCallsAddTheirGradients() {
    Tape<RealOp, Double> t = Tape.of(RealOp.ADD);
    EagerInput<Double> x = t.variable(3.0);
    EagerOutput<Double> y = t.call(square(RealOp.MUL), x);
    GradientStore<Double> grads = new GradientStore<>();
    Backward.Options leaves = Backward.Options.DEFAULT.leavesOnly();

    grads.accumulate(Backward.backward(Map.of(y.key(), 1.0), t.trace, t.exec, null, leaves), t.exec);
    assertEquals(6.0, grads.get(x.key()));
    grads.accumulate(Backward.backward(Map.of(y.key(), 1.0), t.trace, t.exec, null, leaves), t.exec);
    assertEquals(12.0, grads.get(x.key()));
    assertEquals(Set.of(x.key()), grads.keys(), "leaves only");

    assertEquals(12.0, grads.clear(x.key()));
    assertNull(grads.get(x.key()));
    assertFalse(grads.contains(x.key()));
  }

  @Test
  void gradientsOfSeveralLossesOverSharedParametersAccumulate() {
    // two separate tapes (two steps) over the same leaf key: w·2 then w·w
    Tape<RealOp, Double> t = Tape.of(RealOp.ADD);
    EagerInput<Double> w = t.variable(1.5);
    GradientStore<Double> grads = new GradientStore<>();
    EagerOutput<Double> a = t.call(binary(RealOp.MUL), w, t.constant(2.0));
    grads.accumulate(t.backward(a, 1.0), Double::sum);
    EagerOutput<Double> b = t.call(square(RealOp.MUL), w);
    grads.accumulate(t.backward(b, 1.0), Double::sum);
    assertEquals(2.0 + 3.0, grads.get(w.key()));
  }

  @Test
  void vectorGradientsAccumulateElementwise() {
    Tape<VecOp, double[]> t = Tape.of(VecOp.ADD);
    EagerInput<double[]> x = t.variable(new double[] {1, 2, 3});
    EagerOutput<double[]> loss =
        t.call(unary(new VecOp.ReduceSum(3)), t.call(binary(VecOp.MUL), x, x).asInput());
    GradientStore<double[]> grads = new GradientStore<>();
    for (int i = 0; i < 2; i++) {
      grads.accumulate(t.backward(loss, new double[] {1}), t.exec);
    }
    assertArrayEquals(new double[] {4, 8, 12}, grads.get(x.key()), 0.0);
  }
}
