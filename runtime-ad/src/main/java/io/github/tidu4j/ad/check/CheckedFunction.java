package io.github.tidu4j.ad.check;

import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphOperation;
import io.github.tidu4j.graph.ValueKey;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A function given by graphs, as the {@link GradientChecker} sees it: the graphs that define it
 * ({@code roots}, with the graphs they refer to as parents), its arguments ({@code inputs}), and its
 * results ({@code outputs}).
 *
 * <p>An output may be {@code null}, a symbolic zero: a derivative that AD knows to vanish, as
 * {@link io.github.tidu4j.ad.LinearizedGraph} reports them. Its value is the zero shaped like the
 * value of its {@code template}, a key defined by the roots (the primal output for a JVP output,
 * the argument for a VJP output). For a present output the template is the output itself.
 *
 * <pre>{@code
 * GraphBuilder<RealOp> b = Graph.builder();
 * ValueRef.Local x = b.input("x");
 * Graph<RealOp> g = b.output(b.apply(RealOp.SIN, x)).build();
 * CheckedFunction<RealOp> sin = CheckedFunction.of(g); // inputs [Input(x)], outputs [sin(x)]
 * }</pre>
 *
 * @param roots the graphs defining the outputs and templates; at least one
 * @param inputs the arguments, distinct
 * @param outputs the results, {@code null} for a symbolic zero
 * @param templates aligned with {@code outputs}: the output itself where it is present, a key
 *     whose value has the output's shape where it is a zero
 * @param <P> the operation type
 */
public record CheckedFunction<P extends GraphOperation>(
    List<Graph<P>> roots,
    List<ValueKey.Input> inputs,
    List<ValueKey> outputs,
    List<ValueKey> templates) {

  /**
   * Checks the parts and copies them; a {@code null} template where the output is present is
   * replaced by the output.
   *
   * @throws IllegalArgumentException if there is no root, a root or input is {@code null}, an
   *     input is listed twice, the sizes of {@code outputs} and {@code templates} differ, or a zero
   *     output has no template
   */
  public CheckedFunction {
    if (roots.isEmpty()) {
      throw new IllegalArgumentException("a checked function needs at least one root graph");
    }
    for (Graph<P> root : roots) {
      if (root == null) {
        throw new IllegalArgumentException("a root graph is null");
      }
    }
    Set<ValueKey> seen = new HashSet<>();
    for (ValueKey.Input input : inputs) {
      if (input == null) {
        throw new IllegalArgumentException("an input key is null");
      }
      if (!seen.add(input)) {
        throw new IllegalArgumentException("input " + input.key() + " is listed twice");
      }
    }
    if (outputs.size() != templates.size()) {
      throw new IllegalArgumentException(
          outputs.size() + " outputs but " + templates.size() + " templates; they must be aligned");
    }
    List<ValueKey> normalized = new ArrayList<>(templates.size());
    for (int i = 0; i < outputs.size(); i++) {
      ValueKey template = outputs.get(i) != null ? outputs.get(i) : templates.get(i);
      if (template == null) {
        throw new IllegalArgumentException(
            "output " + i + " is a symbolic zero with no template to give its shape");
      }
      normalized.add(template);
    }
    roots = List.copyOf(roots);
    inputs = List.copyOf(inputs);
    outputs = Collections.unmodifiableList(new ArrayList<>(outputs));
    templates = Collections.unmodifiableList(normalized);
  }

  /** The function a single graph computes: its inputs in declaration order, its outputs. */
  public static <P extends GraphOperation> CheckedFunction<P> of(Graph<P> graph) {
    List<ValueKey.Input> inputs = new ArrayList<>();
    for (Object key : graph.inputKeys()) {
      inputs.add(ValueKey.input(key));
    }
    return of(List.of(graph), inputs, graph.outputKeys());
  }

  /**
   * The function mapping {@code inputs} to {@code outputs} (none of them zero) over {@code roots}.
   */
  public static <P extends GraphOperation> CheckedFunction<P> of(
      List<Graph<P>> roots, List<? extends ValueKey.Input> inputs, List<? extends ValueKey> outputs) {
    for (int i = 0; i < outputs.size(); i++) {
      if (outputs.get(i) == null) {
        throw new IllegalArgumentException(
            "output " + i + " is null; give a zero output a template with the canonical constructor");
      }
    }
    return new CheckedFunction<>(
        roots, List.copyOf(inputs), List.copyOf(outputs), List.copyOf(outputs));
  }

  /** The number of outputs, zeros included. */
  public int outputCount() {
    return outputs.size();
  }

  /** Output {@code i}, or {@code null} if it is a symbolic zero. */
  public ValueKey output(int i) {
    return outputs.get(i);
  }

  /** The key whose value gives output {@code i}'s shape: the output itself unless it is zero. */
  public ValueKey template(int i) {
    return templates.get(i);
  }

  /** The outputs that are not symbolic zeros, in order: what a transform is asked for. */
  List<ValueKey> presentOutputs() {
    List<ValueKey> present = new ArrayList<>();
    for (ValueKey output : outputs) {
      if (output != null) {
        present.add(output);
      }
    }
    return present;
  }

  /** Per output, its position among {@link #presentOutputs()}, or -1 for a symbolic zero. */
  int[] presentIndex() {
    int[] index = new int[outputs.size()];
    int next = 0;
    for (int i = 0; i < index.length; i++) {
      index[i] = outputs.get(i) == null ? -1 : next++;
    }
    return index;
  }
}
