package io.github.tidu4j.bench.eval;

import io.github.tidu4j.ad.AD;
import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.MaterializedGraph;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.ResolvedView;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.graph.testing.RandDag;
import io.github.tidu4j.primitives.scalar.ScalarOp;
import io.github.tidu4j.primitives.scalar.Trig;
import java.util.ArrayList;
import java.util.List;

/**
 * RandDAG(n, seed) of bench/README.md over the shipped {@link io.github.tidu4j.primitives.scalar.Scalar}
 * set: the operation sequence comes from {@link RandDag#generate} ({@code kind(i)}, {@code
 * other(i)}), the graph is built here with {@link ScalarOp} Add/Mul/Sin/Cos on input keys 0..3
 * (Integers), as {@link RandDag#build} does for the test op set.
 *
 * <p>Also the hand-written limit: the primal (a forward sweep, as {@link RandDag#evaluate}) and
 * the gradient (the same forward sweep, then a reverse sweep over the same arrays), written so that
 * every product is the one the AD rules of the Scalar set emit: Mul's cotangents {@code ct·b} and
 * {@code a·ct}, Sin's {@code cos(x)·ct}, Cos's {@code (−sin x)·ct}. The hand-written sweeps
 * call {@link Math#sin}/{@link Math#cos}, what a Java programmer would write; {@link #withTrig()}
 * gives the same DAG whose sweeps call the set's own {@link Trig}, the functions the compiled
 * program calls: the bit-for-bit reference for the pipeline's results, and the fair hand-written
 * baseline for its speed.
 */
public final class ScalarRandDag {
  /** The four inputs, x0..x3, as bench/README.md fixes them. */
  public static final double[] INPUTS = RandDag.INPUT_VALUES.clone();

  /** Differentiation is with respect to all four inputs. */
  public static final List<ValueKey.Input> WRT =
      List.of(ValueKey.input(0), ValueKey.input(1), ValueKey.input(2), ValueKey.input(3));

  private final int n;
  private final int[] kinds;
  private final int[] others;
  /** Whether the hand-written sweeps call {@link Trig} rather than {@link Math}. */
  private final boolean trig;

  public ScalarRandDag(int n, long seed) {
    RandDag dag = RandDag.generate(n, seed);
    this.n = n;
    this.kinds = new int[n];
    this.others = new int[n];
    this.trig = false;
    for (int i = 0; i < n; i++) {
      kinds[i] = dag.kind(i);
      others[i] = dag.other(i);
    }
  }

  private ScalarRandDag(ScalarRandDag dag, boolean trig) {
    this.n = dag.n;
    this.kinds = dag.kinds;
    this.others = dag.others;
    this.trig = trig;
  }

  /**
   * {@code count} different DAGs of {@code n} steps: RandDAG(n, s) for the seeds s = {@code seed},
   * {@code seed + 1}, …, leaving out each one that reads some input x0..x3 nowhere (its gradient
   * would have a symbolically zero entry, which {@link #materializeGradient} refuses).
   */
  public static ScalarRandDag[] distinct(int n, long seed, int count) {
    ScalarRandDag[] dags = new ScalarRandDag[count];
    for (int made = 0; made < count; seed++) {
      ScalarRandDag dag = new ScalarRandDag(n, seed);
      if (dag.readsEveryInput()) {
        dags[made++] = dag;
      }
    }
    return dags;
  }

  /**
   * Whether every input x0..x3 is an operand of some step: x3 is the first step's, the others
   * only of a binary step (Add, Mul) that picks one as its second operand.
   */
  public boolean readsEveryInput() {
    boolean[] read = new boolean[4];
    read[3] = n > 0;
    for (int i = 0; i < n; i++) {
      if (kinds[i] <= 1 && others[i] < 4) {
        read[others[i]] = true;
      }
    }
    return read[0] && read[1] && read[2] && read[3];
  }

  /** This DAG, whose hand-written {@link #primal} and {@link #gradient} call {@link Trig}. */
  public ScalarRandDag withTrig() {
    return new ScalarRandDag(this, true);
  }

  public int size() {
    return n;
  }

  /** The DAG as a {@code Graph<ScalarOp>}; one output, the last value; inputs named 0..3. */
  public Graph<ScalarOp> build() {
    return build(0);
  }

  /**
   * The DAG with its inputs x0..x3 named {@code first} .. {@code first + 3}: the same graph with
   * other input keys, so that no key of it is one an earlier build made.
   */
  public Graph<ScalarOp> build(int first) {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local[] values = new ValueRef.Local[4 + n];
    for (int i = 0; i < 4; i++) {
      values[i] = b.input(first + i);
    }
    for (int i = 0; i < n; i++) {
      ValueRef.Local last = values[3 + i];
      ValueRef.Local other = values[others[i]];
      switch (kinds[i]) {
        case 0 -> values[4 + i] = b.apply(ScalarOp.ADD, last, other);
        case 1 -> values[4 + i] = b.apply(ScalarOp.MUL, last, other);
        case 2 -> values[4 + i] = b.apply(ScalarOp.SIN, last);
        default -> values[4 + i] = b.apply(ScalarOp.COS, last);
      }
    }
    return b.output(values[values.length - 1]).build();
  }

  /** The primal program: inputs x0..x3 in order, output y. */
  public static CompiledProgram<ScalarOp> primalProgram(Graph<ScalarOp> primal) {
    return Graphs.compile(Graphs.resolve(primal), WRT, primal.outputKeys());
  }

  /**
   * The gradient program: {@link #linearize} → {@link #transpose} → {@link #materializeGradient}
   * → compile. Inputs x0..x3 and then the cotangent seed of y (bind 1.0); outputs y, dy/dx0 ..
   * dy/dx3.
   */
  public static CompiledProgram<ScalarOp> gradientProgram(Graph<ScalarOp> primal) {
    return Graphs.compile(materializeGradient(primal, transpose(linearize(primal))));
  }

  /** Linearizes the resolved primal graph at its output y with respect to x0..x3. */
  public static LinearizedGraph<ScalarOp> linearize(Graph<ScalarOp> primal) {
    return AD.linearize(Graphs.resolve(primal), primal.outputKeys(), inputsOf(primal));
  }

  /** The keys of {@code primal}'s inputs x0..x3: {@link #WRT} unless built with other names. */
  private static List<ValueKey.Input> inputsOf(Graph<ScalarOp> primal) {
    List<Object> names = primal.inputKeys();
    if (names.equals(List.of(0, 1, 2, 3))) {
      return WRT;
    }
    List<ValueKey.Input> inputs = new ArrayList<>(names.size());
    for (Object name : names) {
      inputs.add(ValueKey.input(name));
    }
    return inputs;
  }

  /** The linear transpose of {@code linear}: one cotangent seed (of y) in, four cotangents out. */
  public static LinearizedGraph<ScalarOp> transpose(LinearizedGraph<ScalarOp> linear) {
    return AD.linearTranspose(linear);
  }

  /**
   * materializeMerge of the primal and transposed graphs (resolved together) with outputs y,
   * dy/dx0 .. dy/dx3 and inputs x0..x3 then the cotangent seed of y, in that order.
   *
   * @throws IllegalStateException naming the input if a gradient entry is symbolically zero
   */
  public static MaterializedGraph<ScalarOp> materializeGradient(
      Graph<ScalarOp> primal, LinearizedGraph<ScalarOp> transposed) {
    // outputs by site: naming dy/dx by key would make a key per operation of the transposed graph
    List<ResolvedView.Site<ScalarOp>> outputs = new ArrayList<>();
    outputs.add(new ResolvedView.Site<>(primal, primal.outputLocal(0)));
    for (int i = 0; i < 4; i++) {
      if (transposed.isZero(i)) {
        throw new IllegalStateException("dy/dx" + i + " is symbolically zero");
      }
      outputs.add(transposed.linearOutputSite(i));
    }
    List<ValueKey.Input> inputs = new ArrayList<>(inputsOf(primal));
    inputs.add(ValueKey.input(transposed.linearInput(0)));
    return Graphs.materializeMergeAt(
        Graphs.resolve(List.of(primal, transposed.graph())), inputs, outputs);
  }

  /** The hand-written primal: a forward sweep over arrays ({@link RandDag#evaluate}). */
  public double primal(double[] inputs) {
    int[] kinds = this.kinds;
    int[] others = this.others;
    double[] v = new double[4 + n];
    System.arraycopy(inputs, 0, v, 0, 4);
    for (int i = 0; i < n; i++) {
      double last = v[3 + i];
      switch (kinds[i]) {
        case 0: v[4 + i] = last + v[others[i]]; break;
        case 1: v[4 + i] = last * v[others[i]]; break;
        case 2: v[4 + i] = sin(last); break;
        default: v[4 + i] = cos(last); break;
      }
    }
    return v[v.length - 1];
  }

  /**
   * The hand-written gradient: the forward sweep, then a reverse sweep accumulating adjoints.
   * Returns {y, dy/dx0, .., dy/dx3}; {@code seed} is the cotangent of y.
   */
  public double[] gradient(double[] inputs, double seed) {
    int[] kinds = this.kinds;
    int[] others = this.others;
    double[] v = new double[4 + n];
    System.arraycopy(inputs, 0, v, 0, 4);
    for (int i = 0; i < n; i++) {
      double last = v[3 + i];
      switch (kinds[i]) {
        case 0: v[4 + i] = last + v[others[i]]; break;
        case 1: v[4 + i] = last * v[others[i]]; break;
        case 2: v[4 + i] = sin(last); break;
        default: v[4 + i] = cos(last); break;
      }
    }
    double[] adj = new double[4 + n];
    adj[3 + n] = seed;
    for (int i = n - 1; i >= 0; i--) {
      double ct = adj[4 + i];
      int l = 3 + i;
      int o = others[i];
      switch (kinds[i]) {
        case 0:
          adj[l] += ct;
          adj[o] += ct;
          break;
        case 1:
          adj[l] += ct * v[o];
          adj[o] += v[l] * ct;
          break;
        case 2:
          adj[l] += cos(v[l]) * ct;
          break;
        default:
          adj[l] += -sin(v[l]) * ct;
          break;
      }
    }
    return new double[] {v[3 + n], adj[0], adj[1], adj[2], adj[3]};
  }

  private double sin(double x) {
    return trig ? Trig.sin(x) : Math.sin(x);
  }

  private double cos(double x) {
    return trig ? Trig.cos(x) : Math.cos(x);
  }
}
