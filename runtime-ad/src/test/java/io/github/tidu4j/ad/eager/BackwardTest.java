package io.github.tidu4j.ad.eager;

import static io.github.tidu4j.ad.eager.Tape.binary;
import static io.github.tidu4j.ad.eager.Tape.square;
import static io.github.tidu4j.ad.eager.Tape.unary;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.testing.RealOp;
import io.github.tidu4j.ad.testing.VecOp;
import io.github.tidu4j.graph.Graph;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Backward over small tapes whose gradients are known exactly. */
class BackwardTest {
  private static final Graph<RealOp> SQUARE = square(RealOp.MUL);
  private static final Graph<RealOp> MUL = binary(RealOp.MUL);
  private static final Graph<RealOp> ADD = binary(RealOp.ADD);
  private static final Graph<RealOp> SIN = unary(RealOp.SIN);
  private static final Graph<RealOp> EXP = unary(RealOp.EXP);

  @Test
  void squareAtThreeHasGradientSix() {
    Tape<RealOp, Double> t = Tape.of(RealOp.ADD);
    EagerInput<Double> x = t.variable(3.0);
    EagerOutput<Double> y = t.call(SQUARE, x);
    assertEquals(9.0, y.value());
    assertTrue(y.requiresGrad());

    Map<Object, Double> grads = t.backward(y, 1.0);
    assertEquals(6.0, grads.get(x.key()));
    assertEquals(1.0, grads.get(y.key()), "the seed is the cotangent of the output itself");
  }

  @Test
  void oneEagerValueBoundToTwoGraphInputsSumsBothUses() {
    Tape<RealOp, Double> t = Tape.of(RealOp.ADD);
    EagerInput<Double> x = t.variable(3.0);
    EagerOutput<Double> y = t.call(MUL, x, x); // mul(a, b) with a = b = x
    assertEquals(6.0, t.backward(y, 1.0).get(x.key()));
  }

  @Test
  void seedScalesTheGradient() {
    Tape<RealOp, Double> t = Tape.of(RealOp.ADD);
    EagerInput<Double> x = t.variable(3.0);
    assertEquals(15.0, t.backward(t.call(SQUARE, x), 2.5).get(x.key()));
  }

  @Test
  void fanOutAcrossInvocationsSumsTheContributions() {
    // z = sin(x) + x·x: x feeds two later invocations
    Tape<RealOp, Double> t = Tape.of(RealOp.ADD);
    double xv = 0.5;
    EagerInput<Double> x = t.variable(xv);
    EagerOutput<Double> s = t.call(SIN, x);
    EagerOutput<Double> q = t.call(SQUARE, x);
    EagerOutput<Double> z = t.call(ADD, s.asInput(), q.asInput());

    Map<Object, Double> grads = t.backward(z, 1.0);
    assertEquals(Math.cos(xv) + 2 * xv, grads.get(x.key()), 0.0);
    assertEquals(1.0, grads.get(s.key()));
    assertEquals(1.0, grads.get(q.key()));
  }

  @Test
  void diamondSumsBothPathsIntoTheSource() {
    // a -> b = sin a, a -> c = exp a, (b, c) -> d = b·c
    Tape<RealOp, Double> t = Tape.of(RealOp.ADD);
    double av = 0.7;
    EagerInput<Double> a = t.variable(av);
    EagerOutput<Double> b = t.call(SIN, a);
    EagerOutput<Double> c = t.call(EXP, a);
    EagerOutput<Double> d = t.call(MUL, b.asInput(), c.asInput());

    Map<Object, Double> grads = t.backward(d, 1.0);
    assertEquals(Math.exp(av), grads.get(b.key()), 0.0);
    assertEquals(Math.sin(av), grads.get(c.key()), 0.0);
    assertEquals(
        Math.exp(av) * Math.sin(av) + Math.cos(av) * Math.exp(av), grads.get(a.key()), 0.0);
  }

  @Test
  void inputsThatDoNotRequireGradGetNoEntry() {
    Tape<RealOp, Double> t = Tape.of(RealOp.ADD);
    EagerInput<Double> x = t.variable(3.0);
    EagerInput<Double> c = t.constant(5.0);
    EagerOutput<Double> y = t.call(MUL, x, c);
    EagerOutput<Double> z = t.call(SIN, y.asInput());

    Map<Object, Double> grads = t.backward(z, 1.0);
    assertEquals(Math.cos(15.0) * 5.0, grads.get(x.key()), 0.0);
    assertFalse(grads.containsKey(c.key()), grads.toString());
  }

  @Test
  void detachedUseStopsTheGradient() {
    // z = y · detach(y), y = x·x: only the attached use flows back, dz/dx = y · 2x
    Tape<RealOp, Double> t = Tape.of(RealOp.ADD);
    EagerInput<Double> x = t.variable(3.0);
    EagerOutput<Double> y = t.call(SQUARE, x);
    EagerOutput<Double> z = t.call(MUL, y.asInput(), y.detached());
    assertEquals(9.0 * 6.0, t.backward(z, 1.0).get(x.key()));
  }

  @Test
  void valuesTheSeedDoesNotDependOnAreNotReached() {
    Tape<RealOp, Double> t = Tape.of(RealOp.ADD);
    EagerInput<Double> x = t.variable(3.0);
    EagerInput<Double> w = t.variable(4.0);
    EagerOutput<Double> y = t.call(SQUARE, x);
    EagerOutput<Double> unrelated = t.call(SQUARE, w);

    Map<Object, Double> grads = t.backward(y, 1.0);
    assertEquals(Map.of(x.key(), 6.0, y.key(), 1.0), grads);
    assertFalse(grads.containsKey(unrelated.key()));
  }

  @Test
  void leavesOnlyDropsIntermediateCotangents() {
    Tape<RealOp, Double> t = Tape.of(RealOp.ADD);
    EagerInput<Double> x = t.variable(0.5);
    EagerOutput<Double> y = t.call(SQUARE, x);
    EagerOutput<Double> z = t.call(SIN, y.asInput());

    Map<Object, Double> seeds = Map.of(z.key(), 1.0);
    Map<Object, Double> grads =
        Backward.backward(seeds, t.trace, t.exec, null, Backward.Options.DEFAULT.leavesOnly());
    assertEquals(Map.of(x.key(), Math.cos(0.25) * 0.5 + Math.cos(0.25) * 0.5), grads);
  }

  @Test
  void severalSeedsAddUp() {
    // seeds on y = x·x (2) and z = sin x (3): 2·2x + 3·cos x
    Tape<RealOp, Double> t = Tape.of(RealOp.ADD);
    double xv = 1.25;
    EagerInput<Double> x = t.variable(xv);
    EagerOutput<Double> y = t.call(SQUARE, x);
    EagerOutput<Double> z = t.call(SIN, x);
    Map<Object, Double> seeds = new HashMap<>(Map.of(y.key(), 2.0, z.key(), 3.0));

    Map<Object, Double> grads =
        Backward.backward(seeds, t.trace, t.exec, null, Backward.Options.DEFAULT);
    // z is processed first (later in the trace), then y
    assertEquals(Math.cos(xv) * 3.0 + (xv * 2.0 + xv * 2.0), grads.get(x.key()), 0.0);
  }

  @Test
  void seedOnALeafIsJustTheSeed() {
    Tape<RealOp, Double> t = Tape.of(RealOp.ADD);
    EagerInput<Double> x = t.variable(3.0);
    t.call(SQUARE, x);
    Map<Object, Double> grads = Backward.backward(x.key(), t.trace, 1.0, t.exec, null);
    assertEquals(Map.of(x.key(), 1.0), grads);
  }

  @Test
  void vectorSumOfSquaresHasGradientTwoX() {
    Tape<VecOp, double[]> t = Tape.of(VecOp.ADD);
    Graph<VecOp> mul = binary(VecOp.MUL);
    Graph<VecOp> sum = unary(new VecOp.ReduceSum(3));
    EagerInput<double[]> x = t.variable(new double[] {1, 2, 3});
    EagerOutput<double[]> sq = t.call(mul, x, x);
    EagerOutput<double[]> loss = t.call(sum, sq.asInput());
    assertArrayEquals(new double[] {14}, loss.value());

    Map<Object, double[]> grads = t.backward(loss, new double[] {1});
    assertArrayEquals(new double[] {2, 4, 6}, grads.get(x.key()), 0.0);
  }

  @Test
  void repeatedBackwardOverTheSameShapeCompilesOnce() {
    InterpreterExecutor<RealOp, Double> exec = InterpreterExecutor.of(RealOp.ADD);
    Tape<RealOp, Double> t = new Tape<>(exec);
    EagerInput<Double> x = t.variable(0.5);
    EagerOutput<Double> y = t.call(SIN, t.call(SQUARE, x).asInput());

    double first = t.backward(y, 1.0).get(x.key());
    long misses = exec.cache().misses();
    long hits = exec.cache().hits();
    for (int i = 0; i < 3; i++) {
      assertEquals(first, t.backward(y, 1.0).get(x.key()));
    }
    assertEquals(misses, exec.cache().misses(), "no program is compiled again");
    assertTrue(exec.cache().hits() >= hits + 6, "two transposed programs per pass come from the cache");
  }

  @Test
  void aGraphInvokedManyTimesIsLinearizedOncePerPass() {
    InterpreterExecutor<RealOp, Double> exec = InterpreterExecutor.of(RealOp.ADD);
    Tape<RealOp, Double> t = new Tape<>(exec);
    EagerInput<Double> x = t.variable(0.5);
    EagerOutput<Double> y = t.call(SIN, x);
    for (int i = 0; i < 20; i++) {
      y = t.call(SIN, y.asInput());
    }
    t.backward(y, 1.0);
    // one forward program and one transposed program, each compiled once
    assertEquals(2, exec.cache().misses());
  }
}
