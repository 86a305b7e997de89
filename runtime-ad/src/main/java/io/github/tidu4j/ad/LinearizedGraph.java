package io.github.tidu4j.ad;

import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphOperation;
import io.github.tidu4j.graph.ValueKey;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The result of {@link AD#linearize} or {@link AD#linearTranspose}: a new graph, linear in its
 * tangent inputs, whose outputs are aligned with what was requested.
 *
 * <ul>
 *   <li>From {@code linearize(view, outputs, wrt)}: one tangent input per {@code wrt} key, and
 *       one tangent output per requested output (the JVP).
 *   <li>From {@code linearTranspose(linear)}: one cotangent seed input per output of {@code
 *       linear}, and one cotangent output per tangent input of {@code linear}, so aligned with the
 *       original {@code wrt} (the VJP).
 * </ul>
 *
 * <p>A zero tangent or cotangent is symbolic: its entry is {@code null}, and it is not a graph
 * output. The graph refers to the values it reads from other graphs by key and records those
 * graphs as its parents, so {@code Graphs.resolve(linear.graph())} alone traces back through them.
 *
 * <pre>{@code
 * LinearizedGraph<RealOp> jvp =
 *     AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(ValueKey.input("x")));
 * LinearizedGraph<RealOp> vjp = AD.linearTranspose(jvp);
 * Object dx = jvp.tangentInput(0); // the key to bind the tangent of x to
 * ValueKey gradX = vjp.tangentOutput(0); // null if the outputs do not depend on x
 * }</pre>
 *
 * @param <P> the primitive set
 */
public final class LinearizedGraph<P extends GraphOperation> {
  private final Graph<P> graph;
  private final long pass;
  private final List<Object> tangentInputs;
  // the local value of each linear output, -1 for a zero; their keys are read when asked for, as
  // a pass's graph makes its keys only then
  private final int[] outputLocals;
  private volatile List<ValueKey> tangentOutputs;

  LinearizedGraph(Graph<P> graph, long pass, Object[] tangentInputs, int[] outputLocals) {
    this.graph = graph;
    this.pass = pass;
    // null entries are allowed: a zero linear output has no seed
    this.tangentInputs = Collections.unmodifiableList(new ArrayList<>(Arrays.asList(tangentInputs)));
    this.outputLocals = outputLocals.clone();
  }

  /** The linear graph. */
  public Graph<P> graph() {
    return graph;
  }

  /** The id of the pass that produced this graph; fresh for every transform call. */
  public long pass() {
    return pass;
  }

  /**
   * The input keys of the linear inputs: tangent inputs aligned with {@code wrt} after {@code
   * linearize}, cotangent seeds aligned with the linear outputs after {@code linearTranspose}
   * ({@code null} where that linear output was zero, so needs no seed).
   */
  public List<Object> tangentInputs() {
    return tangentInputs;
  }

  /** The key of linear input {@code i}, or {@code null}. */
  public Object tangentInput(int i) {
    return tangentInputs.get(i);
  }

  /** The keys of the linear outputs, aligned with the request; {@code null} entries are zeros. */
  public List<ValueKey> tangentOutputs() {
    List<ValueKey> outputs = tangentOutputs;
    if (outputs == null) {
      List<ValueKey> keys = new ArrayList<>(outputLocals.length);
      for (int local : outputLocals) {
        keys.add(local < 0 ? null : graph.valueKey(local));
      }
      outputs = Collections.unmodifiableList(keys);
      tangentOutputs = outputs; // racy but benign: every thread makes the same list
    }
    return outputs;
  }

  /** The key of linear output {@code i}, or {@code null} if it is zero. */
  public ValueKey tangentOutput(int i) {
    return tangentOutputs().get(i);
  }

  /** The number of linear outputs, zeros included. */
  int outputCount() {
    return outputLocals.length;
  }

  /** The local value of linear output {@code i}, or -1 for a zero; reads no key. */
  int outputLocal(int i) {
    return outputLocals[i];
  }

  @Override
  public String toString() {
    return "LinearizedGraph[pass "
        + pass
        + ", inputs "
        + tangentInputs
        + ", outputs "
        + tangentOutputs()
        + "]\n"
        + graph;
  }
}
