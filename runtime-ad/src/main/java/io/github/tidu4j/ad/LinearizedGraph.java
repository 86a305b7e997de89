package io.github.tidu4j.ad;

import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphException;
import io.github.tidu4j.graph.GraphOperation;
import io.github.tidu4j.graph.ResolvedView;
import io.github.tidu4j.graph.ValueDescription;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.ValueType;
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
 * <p>A tangent or cotangent that does not depend on the linear inputs is a zero. The transforms
 * keep it symbolic ({@link #isZero}: nothing is emitted or transposed for it), and hand it to the
 * user as a value: its key in {@link #linearOutputs()} is the set's {@link Primitive#zerosLike()
 * zero primitive} applied to the primal value of the same type (the primal output for a JVP, the
 * primal input for a VJP), so every output can be materialized, printed and evaluated, and
 * evaluates to zeros of the right type. A set that declares no zero primitive cannot give it as a
 * value: reading it throws, naming the output and the fix. A zero output still gets a cotangent seed
 * in the transposed graph's {@link #linearInputs()}, an input nothing reads, so a caller can bind
 * every seed without asking which outputs were zero.
 *
 * <p>The graph refers to the values it reads from other graphs by key and records those graphs as
 * its parents, so {@code Graphs.resolve(linear.graph())} alone traces back through them.
 *
 * <pre>{@code
 * LinearizedGraph<RealOp> jvp =
 *     AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(ValueKey.input("x")));
 * LinearizedGraph<RealOp> vjp = AD.linearTranspose(jvp);
 * Object dx = jvp.linearInput(0); // the key to bind the tangent of x to
 * ValueKey gradX = vjp.linearOutput(0); // zeros like x if the outputs do not depend on x
 * boolean independent = vjp.isZero(0);
 * }</pre>
 *
 * @param <P> the primitive set
 */
public final class LinearizedGraph<P extends GraphOperation> {
  private final Graph<P> graph;
  private final long pass;
  private final List<Object> linearInputs;
  // the local value of each linear output, -1 for a zero; their keys are read when asked for, as
  // a pass's graph makes its keys only then (relies on I4: the keys made then are the canonical
  // ones of the outputs' structures)
  private final int[] outputLocals;
  // the zero primitive's nodes giving the zero outputs as values, and why a zero has none
  private final ZeroOutputs zeros;
  // the primal values whose types the linear inputs and outputs have, aligned with them
  private final List<ValueKey> inputPrimals;
  private final List<ValueKey> outputPrimals;
  // each linear output's declared type (that of its primal), aligned with them; null if none is
  private final ValueType[] outputTypes;
  private volatile List<ValueKey> linearOutputs;
  private volatile List<ValueKey> symbolicLinearOutputs;

  LinearizedGraph(
      Graph<P> graph,
      long pass,
      Object[] linearInputs,
      int[] outputLocals,
      ZeroOutputs zeros,
      List<? extends ValueKey> inputPrimals,
      List<? extends ValueKey> outputPrimals,
      ValueType[] outputTypes) {
    this.graph = graph;
    this.pass = pass;
    // null entries are allowed: a zero linear output has no seed
    this.linearInputs = Collections.unmodifiableList(new ArrayList<>(Arrays.asList(linearInputs)));
    this.outputLocals = outputLocals.clone();
    this.zeros = zeros;
    this.inputPrimals = List.copyOf(inputPrimals);
    this.outputPrimals = List.copyOf(outputPrimals);
    this.outputTypes = outputTypes;
  }

  /**
   * The declared type of linear output {@code i}, that of the primal value it is the tangent (or
   * cotangent) of, or null if that value's type is not declared: what the seed for it takes when
   * the graph is transposed.
   */
  ValueType outputType(int i) {
    return outputTypes == null ? null : outputTypes[i];
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
   * (one per linear output, a zero one included: its seed is read by nothing).
   */
  public List<Object> linearInputs() {
    return linearInputs;
  }

  /** The key of linear input {@code i}. */
  public Object linearInput(int i) {
    return linearInputs.get(i);
  }

  /**
   * The keys of the linear outputs, aligned with the request; a zero output is the key of the
   * zero primitive's node over the primal value of its type (see {@link #isZero}). None is {@code
   * null}, so the list can be handed to {@code Graphs.materializeMerge} or to the next {@code
   * linearize} as it is.
   *
   * @throws GraphException if an output is zero and the primitive set declares no zero primitive
   *     to give it as a value (the message names the output and the fix)
   */
  public List<ValueKey> linearOutputs() {
    List<ValueKey> outputs = linearOutputs;
    if (outputs == null) {
      List<ValueKey> keys = new ArrayList<>(outputLocals.length);
      for (int i = 0; i < outputLocals.length; i++) {
        keys.add(linearOutput(i));
      }
      outputs = Collections.unmodifiableList(keys);
      linearOutputs = outputs; // racy but benign: every thread makes the same list
    }
    return outputs;
  }

  /**
   * The key of linear output {@code i}; for a zero output, the key of the zero primitive's node
   * over the primal value of its type.
   *
   * @throws GraphException if output {@code i} is zero and the primitive set declares no zero
   *     primitive
   */
  public ValueKey linearOutput(int i) {
    return graph.valueKey(outputValue(i));
  }

  /**
   * Where linear output {@code i} is defined: a local value of {@link #graph()} (for a zero
   * output, the zero primitive's node, as {@link #linearOutput}). Unlike its key, naming it so
   * makes none of the graph's keys, so {@code Graphs.materializeMergeAt} can flatten a transposed
   * graph without a key object per operation of it.
   *
   * <pre>{@code
   * LinearizedGraph<RealOp> vjp = AD.linearTranspose(AD.linearize(view, outputs, wrt));
   * ResolvedView.Site<RealOp> gradX = vjp.linearOutputSite(0);
   * }</pre>
   *
   * @throws GraphException if output {@code i} is zero and the primitive set declares no zero
   *     primitive
   */
  public ResolvedView.Site<P> linearOutputSite(int i) {
    return new ResolvedView.Site<>(graph, outputValue(i));
  }

  // the local value of linear output i, the zero primitive's node for a zero output
  private int outputValue(int i) {
    int value = zeros.valueOf(outputLocals, checkOutput(i));
    if (value < 0) {
      throw new GraphException(
          "linear output "
              + i
              + " is zero (it does not depend on the linear inputs), and is given as the zeros like "
              + ValueDescription.of(outputPrimals.get(i))
              + ", but "
              + zeros.missing()
              + (zeros.setKnown()
                  ? "; declare the set's zero primitive, @Primitive(zero = true) on a unary"
                      + " primitive whose eval returns the zero shaped like its operand, or"
                  : ";")
              + " test isZero("
              + i
              + ") and skip the output");
    }
    return value;
  }

  /**
   * Whether linear output {@code i} is a symbolic zero: it does not depend on the linear inputs,
   * and no rule computed it. Its {@link #linearOutput key} is a zero primitive's node.
   */
  public boolean isZero(int i) {
    return outputLocals[checkOutput(i)] < 0;
  }

  // i, if it numbers a linear output
  private int checkOutput(int i) {
    if (i < 0 || i >= outputLocals.length) {
      throw new IndexOutOfBoundsException(
          "linear output " + i + " of a graph with " + outputLocals.length + " linear output"
              + (outputLocals.length == 1 ? "" : "s") + " (0 to " + (outputLocals.length - 1)
              + ", aligned with the outputs it was linearized for)");
    }
    return i;
  }

  /**
   * The keys of the linear outputs with {@code null} for each zero: the symbolic form, for code
   * that fills zeros itself (the functional API, the eager module, the gradient checker) and for
   * sets without a zero primitive. Never throws.
   */
  public List<ValueKey> symbolicLinearOutputs() {
    List<ValueKey> outputs = symbolicLinearOutputs;
    if (outputs == null) {
      List<ValueKey> keys = new ArrayList<>(outputLocals.length);
      for (int local : outputLocals) {
        keys.add(local < 0 ? null : graph.valueKey(local));
      }
      outputs = Collections.unmodifiableList(keys);
      symbolicLinearOutputs = outputs; // racy but benign: every thread makes the same list
    }
    return outputs;
  }

  /** The number of linear outputs, zeros included. */
  int outputCount() {
    return outputLocals.length;
  }

  /** The local value of linear output {@code i}, or -1 for a zero; reads no key. */
  int outputLocal(int i) {
    return outputLocals[i];
  }

  /** The primal values whose types the linear inputs have, aligned with them. */
  List<ValueKey> inputPrimals() {
    return inputPrimals;
  }

  /** The primal values whose types the linear outputs have, aligned with them. */
  List<ValueKey> outputPrimals() {
    return outputPrimals;
  }

  @Override
  public String toString() {
    // counts, not the outputs' keys, which this would make (and which may be millions); the
    // graph's own toString is at most a few hundred lines
    return "LinearizedGraph[pass "
        + pass
        + ", "
        + (linearInputs.size() <= 8 ? "inputs " + linearInputs : linearInputs.size() + " inputs")
        + ", "
        + outputCount()
        + " outputs]\n"
        + graph;
  }
}
