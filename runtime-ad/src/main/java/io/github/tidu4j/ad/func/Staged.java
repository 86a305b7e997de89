package io.github.tidu4j.ad.func;

import io.github.tidu4j.ad.Primitive;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.ResolvedView;
import io.github.tidu4j.graph.ValueKey;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A function staged as graphs, for given input types: the graphs to resolve (later graphs reach
 * earlier ones through their parents, so nothing is copied or merged), the positional inputs and
 * outputs, and the hidden inputs the function binds itself — constants it closed over and
 * {@link Seed}s (the cotangent seed of a {@code grad}, the direction of {@code derivatives}). An
 * output is {@code null} where it is a symbolic zero.
 *
 * <p>Staging a transform of {@link Transforms} stages its argument and adds one {@code resolve →
 * linearize (→ linearTranspose)} step; {@link CompiledFunction} flattens and compiles the last
 * one.
 *
 * <pre>{@code
 * TensorType vector = TensorType.of(DType.F64, 2);
 * Staged<TensorOp, TensorType, Tensor> df =
 *     Transforms.jvp(traced, 0).stage(List.of(vector, vector));   // inputs x, dx
 * System.out.println(GraphPrinter.print(df.graphs().get(0)));
 * }</pre>
 *
 * @param <P> the primitive set
 * @param <T> the abstract type of a value (shape and dtype for tensors)
 * @param <V> the concrete value type
 * @param graphs the graphs to resolve; never empty
 * @param inputs the positional inputs, in order
 * @param inputTypes one type per input
 * @param outputs the positional outputs, in order; {@code null} for a symbolic zero
 * @param outputTypes one type per output
 * @param constants hidden inputs bound to fixed values (closed-over constants)
 * @param seeds hidden inputs bound to a multiple of the unit of their type ({@link Seed})
 */
public record Staged<P extends Primitive<P, ?>, T, V>(
    List<Graph<P>> graphs,
    List<ValueKey.Input> inputs,
    List<T> inputTypes,
    List<ValueKey> outputs,
    List<T> outputTypes,
    Map<ValueKey.Input, V> constants,
    Map<ValueKey.Input, Seed<T>> seeds) {

  /**
   * A hidden input bound to {@code factor} times the unit of {@code type}: the cotangent seed of a
   * {@code grad} (factor 1), or the direction of {@code derivatives} (a power of two, which keeps
   * high-order Taylor coefficients in a double's range; see {@link Transforms#derivatives}).
   *
   * @param type the input's type
   * @param factor the multiple of the type's unit
   */
  public record Seed<T>(T type, double factor) {
    public Seed {
      Objects.requireNonNull(type, "type");
    }

    /** The unit of {@code type}. */
    public static <T> Seed<T> unit(T type) {
      return new Seed<>(type, 1);
    }

    /** This seed's value in {@code domain}. */
    public <V> V value(Domain<T, V> domain) {
      V one = domain.one(type);
      return factor == 1 ? one : domain.scale(factor, one);
    }
  }

  public Staged {
    graphs = List.copyOf(graphs);
    inputs = List.copyOf(inputs);
    inputTypes = List.copyOf(inputTypes);
    outputs = Collections.unmodifiableList(new ArrayList<>(outputs));
    outputTypes = List.copyOf(outputTypes);
    constants = Collections.unmodifiableMap(new LinkedHashMap<>(constants));
    seeds = Collections.unmodifiableMap(new LinkedHashMap<>(seeds));
    if (graphs.isEmpty()) {
      throw new IllegalArgumentException("a staged function needs at least one graph");
    }
    if (inputs.size() != inputTypes.size()) {
      throw new IllegalArgumentException(
          inputs.size() + " inputs but " + inputTypes.size() + " input types");
    }
    if (outputs.size() != outputTypes.size()) {
      throw new IllegalArgumentException(
          outputs.size() + " outputs but " + outputTypes.size() + " output types");
    }
  }

  /** A staged function with no hidden inputs. */
  public static <P extends Primitive<P, ?>, T, V> Staged<P, T, V> of(
      Graph<P> graph,
      List<ValueKey.Input> inputs,
      List<T> inputTypes,
      List<ValueKey> outputs,
      List<T> outputTypes) {
    return new Staged<>(
        List.of(graph), inputs, inputTypes, outputs, outputTypes, Map.of(), Map.of());
  }

  /** The logical view over {@link #graphs()}: what the next transform walks. */
  public ResolvedView<P> view() {
    return Graphs.resolve(graphs);
  }

  /** The number of positional inputs. */
  public int arity() {
    return inputs.size();
  }

  /** The outputs that are not symbolic zeros, in order. */
  public List<ValueKey> liveOutputs() {
    List<ValueKey> live = new ArrayList<>();
    for (ValueKey out : outputs) {
      if (out != null) {
        live.add(out);
      }
    }
    return live;
  }

  /**
   * The values the hidden inputs after the positional ones are bound to, in {@link #allInputs()}
   * order: the constants, then the seeds' values in {@code domain}.
   */
  public List<V> hiddenValues(Domain<T, V> domain) {
    List<V> values = new ArrayList<>(constants.values());
    for (Seed<T> seed : seeds.values()) {
      values.add(seed.value(domain));
    }
    return values;
  }

  /** Every input a program of this function binds: positional, then constants, then seeds. */
  public List<ValueKey.Input> allInputs() {
    List<ValueKey.Input> all = new ArrayList<>(inputs);
    all.addAll(constants.keySet());
    all.addAll(seeds.keySet());
    return all;
  }

  /**
   * The graphs' sizes and the inputs and outputs counted: a staged gradient of 10^6 operations
   * would otherwise print every graph and key.
   */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("Staged[");
    for (int g = 0; g < graphs.size(); g++) {
      sb.append(g == 0 ? "graphs of " : ", ").append(graphs.get(g).nodeCount());
    }
    return sb.append(" nodes, ").append(inputs.size()).append(" inputs, ")
        .append(outputs.size()).append(" outputs, ").append(constants.size())
        .append(" constants, ").append(seeds.size()).append(" seeds]").toString();
  }

  /** This function with only the outputs at {@code indices}, in that order. */
  public Staged<P, T, V> selectOutputs(int... indices) {
    List<ValueKey> outs = new ArrayList<>(indices.length);
    List<T> types = new ArrayList<>(indices.length);
    for (int i : indices) {
      Objects.checkIndex(i, outputs.size());
      outs.add(outputs.get(i));
      types.add(outputTypes.get(i));
    }
    return new Staged<>(graphs, inputs, inputTypes, outs, types, constants, seeds);
  }
}
