package io.github.tidu4j.ad;

import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphException;
import io.github.tidu4j.graph.GraphOperation;
import io.github.tidu4j.graph.ValueDescription;
import io.github.tidu4j.graph.ValueKey;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The result of {@link AD#taylor} or {@link AD#taylorPath}: a new graph whose outputs are the
 * Taylor coefficients {@code y_1 … y_K} of each requested output along a path {@code x(t) = x_0 +
 * x_1 t + … + x_K t^K} of the {@code wrt} inputs, and whose inputs are the path's coefficients
 * {@code x_1 …} (only {@code x_1}, the direction, for {@code taylor}: a line). The coefficient
 * {@code y_k} is {@code y^(k)(0) / k!}, so the k-th derivative along the path is {@code k!·y_k}.
 *
 * <p>The graph's outputs are the coefficients output by output, orders 1 to K: {@link
 * #outputKeys()}. A coefficient that is symbolically zero (the output does not depend on {@code
 * wrt}, or a polynomial of lower degree along a line) is given as the set's zero primitive applied
 * to the primal output, as {@link LinearizedGraph} gives zero tangents ({@link #isZero}). Like a
 * linear graph, the graph refers to the primal values by key and records the view's graphs as its
 * parents, so {@code Graphs.resolve(taylor.graph())} alone traces back through them.
 *
 * <pre>{@code
 * TaylorGraph<RealOp> t = AD.taylor(Graphs.resolve(f), f.outputKeys(), List.of(x), 3);
 * CompiledProgram<RealOp> p = Graphs.compile(Graphs.resolve(t.graph()), t.outputKeys());
 * List<Double> c = Interpreter.eval(p, Map.of("x", 0.5, t.inputKey(0, 1), 1.0)); // y_1, y_2, y_3
 * double third = 6 * c.get(2); // f'''(0.5)
 * }</pre>
 *
 * @param <P> the primitive set
 */
public final class TaylorGraph<P extends GraphOperation> {
  private final Graph<P> graph;
  private final long pass;
  private final int order;
  // per wrt input, its coefficient inputs' keys by order (index m - 1); null where not an input
  private final Object[][] inputKeys;
  // per output and order (output * order + k - 1), the local value of the coefficient, -1: zero
  private final int[] outputLocals;
  private final ZeroOutputs zeros;
  private final List<ValueKey> outputs;
  private volatile List<ValueKey> outputKeys;

  TaylorGraph(
      Graph<P> graph,
      long pass,
      int order,
      Object[][] inputKeys,
      int[] outputLocals,
      ZeroOutputs zeros,
      List<? extends ValueKey> outputs) {
    this.graph = graph;
    this.pass = pass;
    this.order = order;
    this.inputKeys = inputKeys;
    this.outputLocals = outputLocals;
    this.zeros = zeros;
    this.outputs = List.copyOf(outputs);
  }

  /** The graph computing the coefficients. */
  public Graph<P> graph() {
    return graph;
  }

  /** The id of the pass that produced this graph; fresh for every transform call. */
  public long pass() {
    return pass;
  }

  /** The number of outputs expanded: the {@code outputs} the transform was given. */
  public int outputCount() {
    return outputs.size();
  }

  /** The highest order K computed. */
  public int order() {
    return order;
  }

  /**
   * The input key of coefficient {@code m} (1 to K) of the path of {@code wrt} input {@code i}: a
   * {@link TaylorKey}.
   *
   * @throws IllegalArgumentException if the graph has no such input: {@code m} is out of range,
   *     above 1 for a line ({@link AD#taylor}), whose higher coefficients are zero, or a coefficient
   *     the graph was made with as zero ({@link AD#taylorPath(io.github.tidu4j.graph.ResolvedView,
   *     List, List, List, int, Object)})
   */
  public Object inputKey(int i, int m) {
    Object[] keys = inputKeys[i];
    if (m < 1 || m > keys.length || keys[m - 1] == null) {
      throw new IllegalArgumentException(
          "the Taylor graph has no input for coefficient "
              + m
              + " of wrt input "
              + i
              + (m < 1 || m > keys.length
                  ? ": orders run from 1 to " + order
                  : keys[0] != null && Arrays.stream(keys, 1, keys.length).allMatch(k -> k == null)
                      ? ": it expands along a line, whose coefficients above 1 are zero; use"
                          + " AD.taylorPath for a curve"
                      : ": the graph was made with that coefficient zero"));
    }
    return keys[m - 1];
  }

  /** The keys of the coefficient inputs, wrt input by wrt input, orders ascending. */
  public List<Object> inputKeys() {
    List<Object> keys = new ArrayList<>();
    for (Object[] perInput : inputKeys) {
      for (Object key : perInput) {
        if (key != null) {
          keys.add(key);
        }
      }
    }
    return Collections.unmodifiableList(keys);
  }

  /**
   * The key of coefficient {@code k} (0 to K) of output {@code i}: the primal output for {@code k
   * = 0}; for a zero coefficient, the key of the zero primitive's node over the primal output.
   *
   * @throws GraphException if the coefficient is zero and the primitive set declares no zero
   *     primitive to give it as a value
   */
  public ValueKey coefficient(int i, int k) {
    if (k == 0) {
      return outputs.get(i);
    }
    int slot = slot(i, k);
    int local = zeros.valueOf(outputLocals, slot);
    if (local < 0) {
      throw new GraphException(
          "coefficient "
              + k
              + " of output "
              + i
              + " is zero, and is given as the zeros like "
              + ValueDescription.of(outputs.get(i))
              + ", but "
              + zeros.missing()
              + (zeros.setKnown()
                  ? "; declare the set's zero primitive, @Primitive(zero = true), or"
                  : ";")
              + " test isZero("
              + i
              + ", "
              + k
              + ") and skip it");
    }
    return graph.valueKey(local);
  }

  /** Whether coefficient {@code k} (1 to K) of output {@code i} is symbolically zero. */
  public boolean isZero(int i, int k) {
    return outputLocals[slot(i, k)] < 0;
  }

  /**
   * The graph's outputs: coefficients 1 to K of output 0, then of output 1, and so on, as {@link
   * #coefficient} gives them.
   */
  public List<ValueKey> outputKeys() {
    List<ValueKey> keys = outputKeys;
    if (keys == null) {
      List<ValueKey> list = new ArrayList<>(outputLocals.length);
      for (int i = 0; i < outputs.size(); i++) {
        for (int k = 1; k <= order; k++) {
          list.add(coefficient(i, k));
        }
      }
      keys = Collections.unmodifiableList(list);
      outputKeys = keys; // racy but benign: every thread makes the same list
    }
    return keys;
  }

  private int slot(int i, int k) {
    if (k < 1 || k > order) {
      throw new IllegalArgumentException("order " + k + " is outside 1.." + order);
    }
    return i * order + k - 1;
  }

  @Override
  public String toString() {
    return "TaylorGraph[pass " + pass + ", order " + order + ", inputs " + inputKeys() + "]\n"
        + graph;
  }
}
