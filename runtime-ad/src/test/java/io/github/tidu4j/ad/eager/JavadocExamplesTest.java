package io.github.tidu4j.ad.eager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.AD;
import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.TaylorGraph;
import io.github.tidu4j.ad.testing.RealOp;
import io.github.tidu4j.ad.testing.SeriesOp;
import io.github.tidu4j.graph.CompilationCache;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.ValueKey;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The Javadoc examples of the eager package, as written there (codegen-tests'
 * JavadocExamplesCompiledTest holds them to it), over the test set {@link RealOp}, with the
 * results their comments state. {@code square} is {@code a·a} and {@code sin} is {@code sin(a)},
 * each a graph of one input {@code "a"}.
 */
class JavadocExamplesTest {
  private final Graph<RealOp> square = Tape.square(RealOp.MUL);
  private final Graph<RealOp> sin = Tape.unary(RealOp.SIN);
  private final Graph<RealOp> graph = square;

  @Test
  void thePackageExample() {
    KeySource keys = new KeySource();
    Trace<RealOp, Double> trace = new Trace<>();
    InterpreterExecutor<RealOp, Double> exec = InterpreterExecutor.of(RealOp.ADD);
    Recorder<RealOp, Double> rec = new Recorder<>(trace, keys, exec);
    EagerInput<Double> x = EagerInput.variable(keys.next(), 3.0);
    EagerOutput<Double> y = rec.record(square, List.of(x)).get(0);      // y = x·x = 9
    GradientStore<Double> grads = new GradientStore<>();
    grads.accumulate(Backward.backward(y.key(), trace, 1.0, exec, null), exec);
    grads.get(x.key());                                                 // 6.0

    assertEquals(9.0, y.value());
    assertEquals(6.0, grads.get(x.key()));
  }

  @Test
  void backward() {
    KeySource keys = new KeySource();
    Trace<RealOp, Double> trace = new Trace<>();
    InterpreterExecutor<RealOp, Double> exec = InterpreterExecutor.of(RealOp.ADD);
    Recorder<RealOp, Double> recorder = new Recorder<>(trace, keys, exec);
    EagerInput<Double> x = EagerInput.variable(keys.next(), 3.0);
    EagerOutput<Double> y = recorder.record(square, List.of(x)).get(0);   // y = x·x
    Map<Object, Double> grads = Backward.backward(y.key(), trace, 1.0, exec, null);
    double dx = grads.get(x.key());                                       // 6.0

    assertEquals(6.0, dx);
  }

  @Test
  void runTaylor() {
    Graph<SeriesOp> g = Tape.square(SeriesOp.MUL);
    ValueKey a = ValueKey.input("a");
    InterpreterExecutor<SeriesOp, Double> exec = InterpreterExecutor.of(SeriesOp.ADD);
    TaylorGraph<SeriesOp> t = AD.taylorPath(Graphs.resolve(g), g.outputKeys(), List.of(a), 2, null);
    List<Double> c = exec.runTaylor(t, key -> key.equals("a") ? 0.5 : 1.0); // (0.5 + t + t²)²: 1, 2

    assertEquals(List.of(1.0, 2.0), c);
    assertEquals(List.of(1.0, 2.0), exec.runTaylor(t, key -> key.equals("a") ? 0.5 : 1.0));
  }

  @Test
  void backwardExecutor() {
    BackwardExecutor<RealOp, Double> exec = InterpreterExecutor.of(RealOp.ADD);
    List<Double> y = exec.executeForward(graph, List.of(3.0));
    assertEquals(List.of(9.0), y);
  }

  @Test
  void backwardPlans() {
    Tape<RealOp, Double> tape = Tape.of(RealOp.ADD);
    Trace<RealOp, Double> trace = tape.trace;
    BackwardExecutor<RealOp, Double> exec = tape.exec;
    EagerOutput<Double> y = tape.call(square, tape.variable(3.0));
    Map<Object, Double> seeds = Map.of(y.key(), 1.0);
    BackwardPlans plans = new BackwardPlans(1024);
    Backward.backward(seeds, trace, exec, null, Backward.Options.DEFAULT, plans);
    plans.size();    // the distinct plans made so far (at most 1024)
    assertEquals(1, plans.size());
  }

  @Test
  void eagerInputAndKeys() {
    KeySource keys = new KeySource();
    EagerInput<Double> x = new EagerInput<>(keys.next(), 3.0, true);   // a variable
    EagerInput<Double> c = EagerInput.constant(keys.next(), 2.0);      // no gradient wanted
    assertTrue(x.requiresGrad());
    assertTrue(!c.requiresGrad());
  }

  @Test
  void eagerKey() {
    KeySource keys = new KeySource();
    EagerKey k = keys.next();     // e1
    assertEquals("e1", k.toString());
  }

  @Test
  void eagerOutput() {
    Tape<RealOp, Double> tape = Tape.of(RealOp.ADD);
    Recorder<RealOp, Double> recorder = tape.rec;
    EagerInput<Double> x = tape.variable(0.5);
    EagerOutput<Double> y = recorder.record(square, List.of(x)).get(0);
    EagerOutput<Double> z = recorder.record(sin, List.of(y.asInput())).get(0);
    assertEquals(Math.sin(0.25), z.value());
  }

  @Test
  void gradientStore() {
    Tape<RealOp, Double> tape = Tape.of(RealOp.ADD);
    Trace<RealOp, Double> trace = tape.trace;
    BackwardExecutor<RealOp, Double> exec = tape.exec;
    EagerInput<Double> x = tape.variable(3.0);
    EagerOutput<Double> loss = tape.call(square, x);
    GradientStore<Double> grads = new GradientStore<>();
    grads.accumulate(Backward.backward(loss.key(), trace, 1.0, exec, null), exec);
    grads.accumulate(Backward.backward(loss.key(), trace, 1.0, exec, null), exec);
    grads.get(x.key());   // twice the gradient
    grads.clear(x.key()); // zero_grad
    assertNull(grads.get(x.key()));
    grads.accumulate(Backward.backward(loss.key(), trace, 1.0, exec, null), exec);
    grads.accumulate(Backward.backward(loss.key(), trace, 1.0, exec, null), exec);
    assertEquals(12.0, grads.get(x.key()));
  }

  @Test
  void interpreterExecutor() {
    InterpreterExecutor<RealOp, Double> exec = InterpreterExecutor.of(RealOp.ADD); // sums with ADD's kernel
    InterpreterExecutor<RealOp, Double> exec2 = new InterpreterExecutor<>(Double::sum, new CompilationCache<>(64));
    assertEquals(5.0, exec.addOperands(2.0, 3.0));
    assertEquals(5.0, exec2.addOperands(2.0, 3.0));
  }

  @Test
  void keySource() {
    KeySource keys = new KeySource();      // prefix "e"
    EagerKey x = keys.next();              // e1
    EagerKey y = keys.next();              // e2
    assertEquals("e", keys.prefix());
    assertEquals("e1", x.toString());
    assertEquals("e2", y.toString());
  }

  @Test
  void recorder() {
    KeySource keys = new KeySource();
    Trace<RealOp, Double> trace = new Trace<>();
    BackwardExecutor<RealOp, Double> exec = InterpreterExecutor.of(RealOp.ADD);
    Recorder<RealOp, Double> rec = new Recorder<>(trace, keys, exec);
    EagerInput<Double> x = EagerInput.variable(keys.next(), 3.0);
    EagerOutput<Double> y = rec.record(square, Map.of("a", x)).get(0);   // by graph input key
    EagerOutput<Double> z = rec.record(sin, List.of(y.asInput())).get(0); // or positionally
    assertEquals(9.0, y.value());
    assertEquals(Math.sin(9.0), z.value());
    assertEquals(2, trace.size());
  }
}
