package io.github.tidu4j.ad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.testing.RealOp;
import io.github.tidu4j.ad.testing.RealRandDag;
import io.github.tidu4j.graph.CompilationCache;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.MaterializedGraph;
import io.github.tidu4j.graph.ResolvedView;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.testing.Concurrently;
import io.github.tidu4j.graph.testing.RandDag;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The whole gradient pipeline (build → resolve → linearize → linearTranspose → materializeMerge,
 * by key and by site → compile → interpret) run on several threads at once over graphs that share
 * keys, each result bit-identical to a reference computed on one thread beforehand. The identity
 * core's shared state is under contention: the global weak key table ({@code WeakInterner}) and
 * its key batches, the use slots and last-use memos ({@code lastUse}, {@code nextUse}) of shared
 * keys, filled by whichever thread makes a key on them first, the
 * per-key hint ({@code externalHint}) that graph builders claim first definitions with and that
 * {@code ViewSites} finds sites with, the lazily made keys of a pass's graph (and its
 * {@code KeyScope}) when several threads read one, and a shared {@link CompilationCache}.
 * Programs run on the interpreter only: runtime-ad's test sets declare no bytecode {@code
 * KernelSet}.
 */
class ConcurrentPipelineTest {
  private static final int THREADS = 4;
  private static final int ROUNDS = 8;
  private static final List<ValueKey.Input> WRT =
      List.of(ValueKey.input(0), ValueKey.input(1), ValueKey.input(2), ValueKey.input(3));
  /** The tangent direction v of the Hessian-vector products H·v. */
  private static final double[] DIRECTION = {0.5, -1.0, 0.25, 2.0};
  private static final String[] GRADIENT_OUTPUTS = {"y", "dy/dx0", "dy/dx1", "dy/dx2", "dy/dx3"};
  private static final String[] HVP_OUTPUTS = {"(Hv)0", "(Hv)1", "(Hv)2", "(Hv)3"};
  private static final String[] VARIANTS = {"by key", "by site", "by key, cached program"};

  @Test
  void threadsDifferentiatingOneDagTogetherAllGetItsGradient() throws Exception {
    RandDag dag = RandDag.generate(2_000, 42);
    double[] reference = reference(dag);
    CompilationCache<RealOp> cache = new CompilationCache<>(64);
    inRounds(
        (thread, round, found) -> {
          double[] actual = gradientPipeline(RealRandDag.build(dag), cache);
          compare(reference, actual, GRADIENT_OUTPUTS, thread, round, "", found);
        });
    assertTrue(cache.hits() > 0, "the threads never shared a compiled program");
  }

  @Test
  void threadsDifferentiatingOverlappingDagsEachGetTheirOwnGradient() throws Exception {
    // RandDAG(n, seed) is a prefix of RandDAG(m, seed) for n < m: the DAGs of one seed share keys
    int[] sizes = {500, 1_000, 1_500, 2_000};
    long[] seeds = {42, 41}; // seeds whose gradients depend on every input, finite
    Map<String, double[]> references = new HashMap<>();
    for (long seed : seeds) {
      for (int n : sizes) {
        references.put(n + "/" + seed, reference(RandDag.generate(n, seed)));
      }
    }
    // the reference graphs are garbage now: let their keys go, so that the threads may make them
    // again, at once (the test does not rely on it)
    System.gc();
    CompilationCache<RealOp> cache = new CompilationCache<>(64);
    inRounds(
        (thread, round, found) -> {
          int n = sizes[thread];
          long seed = seeds[round % seeds.length]; // seed 42 and seed 41 by turns
          RandDag dag = RandDag.generate(n, seed);
          double[] actual = gradientPipeline(RealRandDag.build(dag), cache);
          String which = "RandDAG(" + n + ", " + seed + ") ";
          compare(references.get(n + "/" + seed), actual, GRADIENT_OUTPUTS, thread, round, which,
              found);
        });
  }

  @Test
  void threadsDifferentiatingOneSharedGraphAllGetItsGradient() throws Exception {
    Graph<RealOp> f = RealRandDag.build(RandDag.generate(2_000, 42));
    double[] reference = reference(RandDag.generate(2_000, 42), f);
    // one gradient graph shared too, its keys not made yet: the threads' first reads make them
    LinearizedGraph<RealOp> sharedVjp =
        AD.linearTranspose(AD.linearize(Graphs.resolve(f), f.outputKeys(), WRT));
    CompilationCache<RealOp> cache = new CompilationCache<>(64);
    inRounds(
        (thread, round, found) -> {
          // half the threads read the shared gradient graph first, half their own
          if ((thread + round) % 2 == 0) {
            double[] shared = evaluateGradient(f, sharedVjp, cache);
            compare(reference, shared, GRADIENT_OUTPUTS, thread, round, "shared vjp ", found);
          }
          double[] own = gradientPipeline(f, cache);
          compare(reference, own, GRADIENT_OUTPUTS, thread, round, "own vjp ", found);
        });
  }

  @Test
  void threadsTakingHessianVectorProductsOfOneSharedGraphAllGetItsValue() throws Exception {
    RandDag dag = RandDag.generate(200, 31); // a seed whose Hessian is moderate and nowhere zero
    Graph<RealOp> f = RealRandDag.build(dag);
    LinearizedGraph<RealOp> referenceVjp = gradientGraph(f);
    double[] reference =
        agreed(evaluateHessianVectorProduct(referenceVjp, null), HVP_OUTPUTS);
    assertReferenceHessianVectorProduct(dag, reference);
    // the first-order gradient graph shared too, its keys not made yet: the first thread to
    // linearize it again makes them
    LinearizedGraph<RealOp> sharedVjp = gradientGraph(f);
    CompilationCache<RealOp> cache = new CompilationCache<>(64);
    inRounds(
        (thread, round, found) -> {
          double[] shared = evaluateHessianVectorProduct(sharedVjp, cache);
          compare(reference, shared, HVP_OUTPUTS, thread, round, "shared vjp ", found);
          double[] own = evaluateHessianVectorProduct(gradientGraph(f), cache);
          compare(reference, own, HVP_OUTPUTS, thread, round, "own vjp ", found);
        });
  }

  /** One round of one thread: it adds a line to {@code found} for each output that differs. */
  private interface Round {
    void run(int thread, int round, List<String> found) throws Exception;
  }

  /**
   * Runs {@link #ROUNDS} rounds on each of {@link #THREADS} threads started together, and fails
   * listing every mismatch they found.
   */
  private static void inRounds(Round round) throws Exception {
    List<List<String>> mismatches =
        Concurrently.run(
            THREADS,
            thread -> {
              List<String> found = new ArrayList<>();
              for (int r = 0; r < ROUNDS; r++) {
                round.run(thread, r, found);
              }
              return found;
            });
    assertNoMismatch(mismatches);
  }

  // ---- the pipeline

  /** The VJP graph of f's output with respect to x0..x3: linearize, then transpose. */
  private static LinearizedGraph<RealOp> gradientGraph(Graph<RealOp> f) {
    return AD.linearTranspose(AD.linearize(Graphs.resolve(f), f.outputKeys(), WRT));
  }

  /** {@link #evaluateGradient} of f's own fresh gradient graph. */
  private static double[] gradientPipeline(Graph<RealOp> f, CompilationCache<RealOp> cache) {
    return evaluateGradient(f, gradientGraph(f), cache);
  }

  /**
   * y and its gradient, materialized and compiled three ways ({@link #VARIANTS}): outputs named by
   * key, by site, and by key compiled through {@code cache} (skipped if null); five values each.
   */
  private static double[] evaluateGradient(
      Graph<RealOp> f, LinearizedGraph<RealOp> vjp, CompilationCache<RealOp> cache) {
    for (int i = 0; i < WRT.size(); i++) {
      assertFalse(vjp.isZero(i), "the output does not depend on x" + i);
    }
    List<ValueKey.Input> inputs = new ArrayList<>(WRT);
    inputs.add(ValueKey.input(vjp.linearInput(0)));
    List<ValueKey> byKey = new ArrayList<>(f.outputKeys());
    byKey.addAll(vjp.linearOutputs());
    List<ResolvedView.Site<RealOp>> bySite = new ArrayList<>();
    bySite.add(new ResolvedView.Site<>(f, f.outputLocal(0)));
    for (int i = 0; i < WRT.size(); i++) {
      bySite.add(vjp.linearOutputSite(i));
    }
    List<Graph<RealOp>> roots = List.of(f, vjp.graph());
    Map<Object, Double> bindings = primalBindings();
    bindings.put(vjp.linearInput(0), 1.0);
    return run(roots, inputs, byKey, bySite, bindings, cache);
  }

  /**
   * H·v, the Hessian of f's output at x0..x3 along {@link #DIRECTION}, f's gradient graph {@code
   * vjp} resolved and linearized again (forward over reverse), materialized and compiled as {@link
   * #evaluateGradient} does; four values per variant.
   */
  private static double[] evaluateHessianVectorProduct(
      LinearizedGraph<RealOp> vjp, CompilationCache<RealOp> cache) {
    // the view is made before linearOutputs() asks for the keys of vjp's graph, which may be made
    // only then (by this thread or, for a shared vjp, by another)
    LinearizedGraph<RealOp> hvp =
        AD.linearize(Graphs.resolve(vjp.graph()), vjp.linearOutputs(), WRT);
    List<ValueKey.Input> inputs = new ArrayList<>(WRT);
    inputs.add(ValueKey.input(vjp.linearInput(0)));
    Map<Object, Double> bindings = primalBindings();
    bindings.put(vjp.linearInput(0), 1.0);
    List<ResolvedView.Site<RealOp>> bySite = new ArrayList<>();
    for (int i = 0; i < WRT.size(); i++) {
      assertFalse(hvp.isZero(i), "the gradient entry " + i + " is constant");
      inputs.add(ValueKey.input(hvp.linearInput(i)));
      bindings.put(hvp.linearInput(i), DIRECTION[i]);
      bySite.add(hvp.linearOutputSite(i));
    }
    return run(List.of(hvp.graph()), inputs, hvp.linearOutputs(), bySite, bindings, cache);
  }

  /** Materializes, compiles and interprets the outputs each way of {@link #VARIANTS}. */
  private static double[] run(
      List<Graph<RealOp>> roots,
      List<ValueKey.Input> inputs,
      List<ValueKey> byKey,
      List<ResolvedView.Site<RealOp>> bySite,
      Map<Object, Double> bindings,
      CompilationCache<RealOp> cache) {
    // each variant resolves its own view, so the views' sites are found concurrently too
    MaterializedGraph<RealOp> keyed =
        Graphs.materializeMerge(Graphs.resolve(roots), inputs, byKey);
    MaterializedGraph<RealOp> sited =
        Graphs.materializeMergeAt(Graphs.resolve(roots), inputs, bySite);
    List<List<Double>> results = new ArrayList<>();
    results.add(Interpreter.eval(Graphs.compile(keyed), bindings));
    results.add(Interpreter.eval(Graphs.compile(sited), bindings));
    if (cache != null) {
      results.add(Interpreter.eval(cache.compile(keyed), bindings));
    }
    int outputs = byKey.size();
    double[] values = new double[results.size() * outputs];
    for (int v = 0; v < results.size(); v++) {
      List<Double> result = results.get(v);
      assertEquals(outputs, result.size());
      for (int i = 0; i < outputs; i++) {
        values[v * outputs + i] = result.get(i);
      }
    }
    return values;
  }

  private static Map<Object, Double> primalBindings() {
    Map<Object, Double> bindings = new HashMap<>();
    for (int i = 0; i < WRT.size(); i++) {
      bindings.put(i, RandDag.INPUT_VALUES[i]);
    }
    return bindings;
  }

  // ---- references, on this thread before any other starts

  private static double[] reference(RandDag dag) {
    return reference(dag, RealRandDag.build(dag));
  }

  /**
   * y and its gradient by the pipeline on this thread alone (by key, compiled directly), checked
   * against the hand-written sweeps, and the by-site variant bit-identical to it.
   */
  private static double[] reference(RandDag dag, Graph<RealOp> f) {
    double[] reference = agreed(evaluateGradient(f, gradientGraph(f), null), GRADIENT_OUTPUTS);
    int outputs = GRADIENT_OUTPUTS.length;
    double[] expected = new double[outputs];
    expected[0] = dag.evaluate(RandDag.INPUT_VALUES);
    System.arraycopy(RealRandDag.gradient(dag, RandDag.INPUT_VALUES), 0, expected, 1, 4);
    for (int i = 0; i < outputs; i++) {
      assertTrue(Double.isFinite(reference[i]), GRADIENT_OUTPUTS[i] + " is " + reference[i]);
      assertEquals(expected[i], reference[i], 1e-12 * (1 + Math.abs(expected[i])),
          GRADIENT_OUTPUTS[i]);
    }
    return reference;
  }

  /** H·v against central differences of the hand-written gradient. */
  private static void assertReferenceHessianVectorProduct(RandDag dag, double[] hvp) {
    double h = 1e-5;
    double[] plus = RandDag.INPUT_VALUES.clone();
    double[] minus = RandDag.INPUT_VALUES.clone();
    for (int i = 0; i < plus.length; i++) {
      plus[i] += h * DIRECTION[i];
      minus[i] -= h * DIRECTION[i];
    }
    double[] gPlus = RealRandDag.gradient(dag, plus);
    double[] gMinus = RealRandDag.gradient(dag, minus);
    for (int i = 0; i < HVP_OUTPUTS.length; i++) {
      double expected = (gPlus[i] - gMinus[i]) / (2 * h);
      assertTrue(Double.isFinite(hvp[i]), HVP_OUTPUTS[i] + " is " + hvp[i]);
      assertEquals(expected, hvp[i], 1e-6 * (1 + Math.abs(expected)), HVP_OUTPUTS[i]);
    }
  }

  // ---- comparison

  /**
   * Compares every output of every variant in {@code actual} (variant after variant, {@code
   * reference.length} outputs each) with the reference, bit for bit, adding a line to {@code
   * found} for each that differs.
   */
  private static void compare(
      double[] reference,
      double[] actual,
      String[] names,
      int thread,
      int round,
      String which,
      List<String> found) {
    int outputs = reference.length;
    if (actual.length % outputs != 0 || actual.length == 0) {
      found.add("thread " + thread + ", round " + round + ": " + actual.length + " values");
      return;
    }
    for (int at = 0; at < actual.length; at++) {
      int i = at % outputs;
      if (Double.doubleToRawLongBits(actual[at]) != Double.doubleToRawLongBits(reference[i])) {
        found.add(
            String.format(
                "thread %d, round %d, %s%s, output %d (%s): expected %s (%016x), got %s (%016x)",
                thread, round, which, VARIANTS[at / outputs], i, names[i], reference[i],
                Double.doubleToRawLongBits(reference[i]), actual[at],
                Double.doubleToRawLongBits(actual[at])));
      }
    }
  }

  /** The first variant's values of {@code all}, after checking every variant gives them. */
  private static double[] agreed(double[] all, String[] names) {
    double[] first = Arrays.copyOf(all, names.length);
    List<String> found = new ArrayList<>();
    compare(first, all, names, -1, -1, "single thread ", found);
    assertTrue(found.isEmpty(), String.join("\n", found));
    return first;
  }

  private static void assertNoMismatch(List<List<String>> perThread) {
    List<String> all = new ArrayList<>();
    perThread.forEach(all::addAll);
    assertTrue(all.isEmpty(), all.size() + " mismatches:\n" + String.join("\n", all));
  }
}
