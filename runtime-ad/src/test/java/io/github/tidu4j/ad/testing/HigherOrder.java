package io.github.tidu4j.ad.testing;

import io.github.tidu4j.ad.AD;
import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.ad.Primitive;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphOperation;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.ValueKey;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Higher-order derivatives of a single-output function in one input, composed the way the design
 * prescribes: {@code (resolve → linearize) × k}, with a {@code linearTranspose} after a level
 * marked reverse, and nothing materialized between levels. Shared by the golden tests of every
 * module and the demo.
 */
public final class HigherOrder {
  private HigherOrder() {}

  /**
   * The last graph of the chain, its output (the derivative), and the seeds its levels introduced
   * (tangent inputs for forward levels, cotangent seeds for reverse ones), each to be bound to one.
   */
  public record Derivative<P extends GraphOperation>(
      Graph<P> graph, ValueKey output, List<Object> seeds) {

    /** {@code primal} plus every seed bound to {@code one}. */
    public <V> Map<Object, V> bindings(Map<?, ? extends V> primal, V one) {
      Map<Object, V> in = new HashMap<>(primal);
      for (Object seed : seeds) {
        in.put(seed, one);
      }
      return in;
    }
  }

  /**
   * The derivative of {@code f}'s single output with respect to the input {@code x}, of order
   * {@code modes.length()}: each level forward ({@code 'F'}) or reverse ({@code 'R'}), innermost
   * first.
   *
   * @throws IllegalStateException if a level's derivative is symbolically zero
   */
  public static <P extends Primitive<P, C>, C> Derivative<P> derivative(
      Graph<P> f, ValueKey x, String modes) {
    Graph<P> current = f;
    ValueKey y = f.outputKey(0);
    List<Object> seeds = new ArrayList<>();
    for (char mode : modes.toCharArray()) {
      if (mode != 'F' && mode != 'R') {
        throw new IllegalArgumentException("modes are F or R, not " + mode + " in " + modes);
      }
      LinearizedGraph<P> lin = AD.linearize(Graphs.resolve(current), List.of(y), List.of(x));
      LinearizedGraph<P> level = mode == 'F' ? lin : AD.linearTranspose(lin);
      seeds.add(level.linearInput(0));
      current = level.graph();
      if (level.isZero(0)) {
        throw new IllegalStateException("the derivative became zero after " + mode + " in " + modes);
      }
      y = level.linearOutput(0);
    }
    return new Derivative<>(current, y, Collections.unmodifiableList(seeds));
  }
}
