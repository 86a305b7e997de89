package io.github.tidu4j.ad.func;

import io.github.tidu4j.ad.AD;
import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.Interruption;
import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.ad.Primitive;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.ResolvedView;
import io.github.tidu4j.graph.ValueDescription;
import io.github.tidu4j.graph.ValueKey;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The differentiation steps behind {@link Transforms}, on a {@link Staged} function: each is
 * {@code resolve → linearize} ({@code → linearTranspose} for the reverse modes) over the
 * function's graphs, which are referred to, never copied or merged. Higher orders apply these
 * steps to their own results. An implementation detail of {@link Transforms}, which checks the
 * types and stages the arguments; users transform {@link Traceable}s there.
 *
 * <pre>{@code
 * Staged<Op, T, V> f = …;
 * Staged<Op, T, V> df = TransformSteps.jvp(f, null, 0);    // inputs (x, dx), outputs (f(x), f'(x)·dx)
 * Staged<Op, T, V> vf = TransformSteps.vjp(f, null, 0);    // inputs (x, ȳ), outputs (f(x), ȳ·f'(x))
 * Staged<Op, T, V> gf = TransformSteps.grad(f, null, false, 0);   // inputs (x), outputs (∇f(x))
 * }</pre>
 *
 * <p>Each step takes the rule context it passes to every rule it calls ({@code null} for none),
 * as the transform asking for it holds it; its type is the set's, which {@link Transforms} checks.
 */
final class TransformSteps {
  private TransformSteps() {}

  /**
   * The JVP of {@code f} with respect to the inputs {@code argnums}: inputs are {@code f}'s inputs
   * followed by one tangent per {@code argnums} entry (same type as its primal); outputs are
   * {@code f}'s outputs followed by one tangent per output (a symbolic zero where it does not
   * depend on the differentiated inputs).
   *
   * @throws IllegalArgumentException if {@code argnums} is out of range or repeats an index
   * @throws ADRuleError if a JVP rule is missing or broken
   */
  static <P extends Primitive<P, ?>, T, V> Staged<P, T, V> jvp(
      Staged<P, T, V> f, Object context, int... argnums) {
    checkArgnums("jvp", f.arity(), argnums);
    LinearizedGraph<P> lin = linearize(f, context, argnums);
    List<ValueKey.Input> inputs = new ArrayList<>(f.inputs());
    List<T> inputTypes = new ArrayList<>(f.inputTypes());
    for (int i = 0; i < argnums.length; i++) {
      inputs.add(ValueKey.input(lin.linearInput(i)));
      inputTypes.add(f.inputTypes().get(argnums[i]));
    }
    List<ValueKey> outputs = new ArrayList<>(f.outputs());
    List<T> outputTypes = new ArrayList<>(f.outputTypes());
    int live = 0;
    for (int i = 0; i < f.outputs().size(); i++) {
      outputs.add(f.outputs().get(i) == null ? null : lin.symbolicLinearOutputs().get(live++));
      outputTypes.add(f.outputTypes().get(i));
    }
    return new Staged<>(
        List.of(lin.graph()), inputs, inputTypes, outputs, outputTypes, f.constants(),
        f.seeds());
  }

  /**
   * The VJP of {@code f} with respect to the inputs {@code argnums}: inputs are {@code f}'s inputs
   * followed by one cotangent per output of {@code f} (same type as the output); outputs are
   * {@code f}'s outputs followed by one cotangent per {@code argnums} entry (a symbolic zero where
   * no output depends on that input).
   *
   * @throws IllegalArgumentException if {@code argnums} is out of range or repeats an index
   * @throws ADRuleError if a JVP or transpose rule is missing or broken
   */
  static <P extends Primitive<P, ?>, T, V> Staged<P, T, V> vjp(
      Staged<P, T, V> f, Object context, int... argnums) {
    checkArgnums("vjp", f.arity(), argnums);
    Reverse<P> r = reverse(f, context, argnums);
    List<ValueKey.Input> inputs = new ArrayList<>(f.inputs());
    inputs.addAll(Arrays.asList(r.seeds()));
    List<T> inputTypes = new ArrayList<>(f.inputTypes());
    inputTypes.addAll(f.outputTypes());
    List<ValueKey> outputs = new ArrayList<>(f.outputs());
    outputs.addAll(r.transposed().symbolicLinearOutputs());
    List<T> outputTypes = new ArrayList<>(f.outputTypes());
    for (int a : argnums) {
      outputTypes.add(f.inputTypes().get(a));
    }
    return new Staged<>(
        r.graphs(f), inputs, inputTypes, outputs, outputTypes, f.constants(), f.seeds());
  }

  /**
   * The gradient of {@code f}'s single output with respect to the inputs {@code argnums}: inputs
   * are {@code f}'s inputs; outputs are {@code f}'s output (if {@code withValue}) followed by one
   * gradient per {@code argnums} entry. The cotangent seed is a hidden input bound to the unit of
   * the output's type; the caller checks that the output is one {@code grad} may seed.
   *
   * @throws IllegalArgumentException if {@code f} does not have exactly one output, or {@code
   *     argnums} is out of range or repeats an index
   * @throws ADRuleError if a JVP or transpose rule is missing or broken
   */
  static <P extends Primitive<P, ?>, T, V> Staged<P, T, V> grad(
      Staged<P, T, V> f, Object context, boolean withValue, int... argnums) {
    if (f.outputs().size() != 1) {
      throw new IllegalArgumentException(
          "grad needs a function with exactly one output, but it has " + f.outputs().size()
              + "; use vjp");
    }
    checkArgnums("grad", f.arity(), argnums);
    Reverse<P> r = reverse(f, context, argnums);
    Map<ValueKey.Input, Staged.Seed<T>> seeds = new LinkedHashMap<>(f.seeds());
    seeds.put(r.seeds()[0], Staged.Seed.unit(f.outputTypes().get(0)));
    List<ValueKey> outputs = new ArrayList<>();
    List<T> outputTypes = new ArrayList<>();
    if (withValue) {
      outputs.add(f.outputs().get(0));
      outputTypes.add(f.outputTypes().get(0));
    }
    outputs.addAll(r.transposed().symbolicLinearOutputs());
    for (int a : argnums) {
      outputTypes.add(f.inputTypes().get(a));
    }
    return new Staged<>(
        r.graphs(f), f.inputs(), f.inputTypes(), outputs, outputTypes, f.constants(), seeds);
  }

  // ------------------------------------------------------------------------------------------

  /** A reverse step: the transposed graph and one seed input per output of the function. */
  private record Reverse<P extends Primitive<P, ?>>(
      LinearizedGraph<P> transposed, ValueKey.Input[] seeds) {

    /** The transposed graph first, then the function's own graphs (for its primal outputs). */
    <T, V> List<Graph<P>> graphs(Staged<P, T, V> f) {
      List<Graph<P>> graphs = new ArrayList<>();
      graphs.add(transposed.graph());
      graphs.addAll(f.graphs());
      return graphs;
    }
  }

  /**
   * Linearizes and transposes. An output of {@code f} with no tangent (a zero, or one that does
   * not depend on the differentiated inputs) has no seed in the transposed graph; it gets a fresh
   * input key that no graph reads, so the positional signature stays one cotangent per output.
   */
  private static <P extends Primitive<P, ?>, T, V> Reverse<P> reverse(
      Staged<P, T, V> f, Object context, int[] argnums) {
    LinearizedGraph<P> lin = linearize(f, context, argnums);
    LinearizedGraph<P> transposed = transpose(lin, context);
    ValueKey.Input[] seeds = new ValueKey.Input[f.outputs().size()];
    int live = 0; // the transposed graph's seeds are aligned with the live outputs
    for (int i = 0; i < seeds.length; i++) {
      Object seed = f.outputs().get(i) == null ? null : transposed.linearInput(live++);
      seeds[i] = ValueKey.input(seed != null ? seed : new UnusedCotangent(transposed.pass(), i));
    }
    return new Reverse<>(transposed, seeds);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static <P extends Primitive<P, ?>, T, V> LinearizedGraph<P> linearize(
      Staged<P, T, V> f, Object context, int[] argnums) {
    List<ValueKey> wrt = new ArrayList<>(argnums.length);
    for (int a : argnums) {
      wrt.add(f.inputs().get(a));
    }
    Interruption.check("the compilation stopped before linearizing");
    ResolvedView<P> view = f.view();
    // P's context type is not known here: Transforms checked the context against it, and the
    // raw call only erases it
    return AD.linearize((ResolvedView) view, f.liveOutputs(), wrt, context);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static <P extends Primitive<P, ?>> LinearizedGraph<P> transpose(
      LinearizedGraph<P> lin, Object context) {
    Interruption.check("the compilation stopped before transposing");
    return AD.linearTranspose((LinearizedGraph) lin, context);
  }

  static void checkArgnums(String transform, int arity, int[] argnums) {
    String problem = argnumsProblem(arity, argnums);
    if (problem != null) {
      throw new IllegalArgumentException(transform + ": " + problem);
    }
  }

  /**
   * As {@link #checkArgnums(String, int, int[])} for {@code transform} applied to {@code f}; the
   * message names both ({@code "grad of f: …"}), and {@code f} is described only if the check
   * fails.
   */
  static void checkArgnums(String transform, Traceable<?, ?, ?> f, int[] argnums) {
    String problem = argnumsProblem(f.arity(), argnums);
    if (problem != null) {
      throw new IllegalArgumentException(transform + " of " + f.describe() + ": " + problem);
    }
  }

  /** What is wrong with {@code argnums} for a function of {@code arity} inputs, or null. */
  private static String argnumsProblem(int arity, int[] argnums) {
    boolean[] seen = new boolean[arity];
    for (int a : argnums) {
      if (a < 0 || a >= arity) {
        return "argnum " + a + " is out of range for a function of " + arity + " input"
            + (arity == 1 ? "" : "s");
      }
      if (seen[a]) {
        return "argnums " + ValueDescription.listed(Arrays.stream(argnums).boxed().toList())
            + " lists " + a + " twice";
      }
      seen[a] = true;
    }
    return null;
  }

  /**
   * The key of a cotangent input that no graph reads: the seed of an output that does not depend
   * on the differentiated inputs. Prints as {@code ct0@5}.
   */
  private record UnusedCotangent(long pass, int output) {
    @Override
    public String toString() {
      return "ct" + output + "@" + pass;
    }
  }
}
