package io.github.tidu4j.primitives.func;

import static io.github.tidu4j.primitives.func.TensorAutodiff.function;
import static io.github.tidu4j.primitives.func.TensorAutodiff.grad;
import static io.github.tidu4j.primitives.func.TensorAutodiff.jvp;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.AD;
import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.primitives.InputKey;
import io.github.tidu4j.primitives.TensorBuilder;
import io.github.tidu4j.primitives.TensorEvaluator;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.TensorValue;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The functional API gives what the hand-driven transforms give — resolve, linearize three times,
 * transpose, materialize once, compile, evaluate — on random tensor functions, to third order.
 */
class FunctionalMatchesTransformsTest {
  private static final int N = 3;

  /** The function of {@code seed} built by hand, with its constants. */
  private record Primal(Graph<TensorOp> graph, ValueKey.Input x, Map<Object, Tensor> constants) {}

  private static Primal primal(long seed) {
    TensorBuilder b = TensorBuilder.create();
    TensorValue x = b.input("x", DType.F64, N);
    Graph<TensorOp> g = b.build(RandomTensorFunction.build(x, seed));
    return new Primal(g, ValueKey.input(x.inputKey()), new HashMap<>(b.constants()));
  }

  /** D³f(x)[t, t, t] by three linearizations, and ∇f(x) by linearize + transpose. */
  private static Tensor[] byHand(long seed, Tensor x, Tensor t) {
    Primal p = primal(seed);
    List<ValueKey> outs = p.graph().outputKeys();
    LinearizedGraph<TensorOp> d1 = AD.linearize(Graphs.resolve(p.graph()), outs, List.of(p.x()));
    LinearizedGraph<TensorOp> d2 =
        AD.linearize(Graphs.resolve(d1.graph()), d1.linearOutputs(), List.of(p.x()));
    LinearizedGraph<TensorOp> d3 =
        AD.linearize(Graphs.resolve(d2.graph()), d2.linearOutputs(), List.of(p.x()));
    Map<Object, Tensor> bind = new HashMap<>(p.constants());
    bind.put(((ValueKey.Input) p.x()).key(), x);
    bind.put(d1.linearInput(0), t);
    bind.put(d2.linearInput(0), t);
    bind.put(d3.linearInput(0), t);
    Tensor third = evaluate(d3, bind);

    LinearizedGraph<TensorOp> vjp = AD.linearTranspose(d1);
    Map<Object, Tensor> bindGrad = new HashMap<>(p.constants());
    bindGrad.put(((ValueKey.Input) p.x()).key(), x);
    bindGrad.put(vjp.linearInput(0), Tensor.scalar(1));
    Tensor gradient = evaluate(vjp, bindGrad);
    return new Tensor[] {third, gradient};
  }

  /** Materializes once, compiles and runs; {@code bind} binds every input and seed of the chain. */
  private static Tensor evaluate(LinearizedGraph<TensorOp> last, Map<Object, Tensor> bind) {
    CompiledProgram<TensorOp> program =
        Graphs.compile(Graphs.resolve(last.graph()), last.linearOutputs());
    return new TensorEvaluator(program).evaluate(bind)[0];
  }

  private static void assertClose(Tensor expected, Tensor actual, String what) {
    assertTrue(actual.allClose(expected, 1e-12, 1e-12),
        () -> what + ": expected " + expected + " but was " + actual);
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20})
  void thirdOrderAndGradientMatch(long seed) {
    Random r = new Random(seed * 31);
    Tensor x = Tensor.random(DType.F64, new int[] {N}, r);
    Tensor t = Tensor.random(DType.F64, new int[] {N}, r);
    Tensor[] expected = byHand(seed, x, t);

    TensorFunction f = function(v -> RandomTensorFunction.build(v, seed));
    List<Tensor> fff = jvp(jvp(jvp(f), 0), 0).applyAll(x, t, t, t);
    assertClose(expected[0], fff.get(fff.size() - 1), "D³f[t,t,t] (seed " + seed + ")");
    assertClose(expected[1], grad(f).apply(x), "∇f (seed " + seed + ")");

    // forward over forward over reverse gives the same third derivative: ⟨D²(∇f)[t, t], t⟩
    List<Tensor> frr = jvp(jvp(grad(f)), 0).applyAll(x, t, t);
    double third = 0;
    double[] h3 = frr.get(frr.size() - 1).toDoubleArray();
    double[] td = t.toDoubleArray();
    for (int i = 0; i < N; i++) {
      third += h3[i] * td[i];
    }
    assertClose(expected[0], Tensor.scalar(third), "⟨D²∇f[t,t], t⟩ (seed " + seed + ")");
  }

  /** Keys the hand-built graph binds: the user's input and the constants, nothing else. */
  @ParameterizedTest
  @ValueSource(longs = {3, 9})
  void theTracedGraphHasOneUserInput(long seed) {
    Primal p = primal(seed);
    List<Object> users = new ArrayList<>();
    for (int i = 0; i < p.graph().inputCount(); i++) {
      Object key = ((ValueKey.Input) p.graph().valueKey(p.graph().inputValue(i))).key();
      if (key instanceof InputKey.User) {
        users.add(key);
      }
    }
    assertTrue(users.equals(List.of(InputKey.user("x"))), users::toString);
  }
}
