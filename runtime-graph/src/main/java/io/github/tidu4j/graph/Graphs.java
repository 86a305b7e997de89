package io.github.tidu4j.graph;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The graph engine's pipeline, as functions: {@link #resolve} graphs into a logical view, {@link
 * #materializeMerge} the part some outputs need into one flat graph, {@link #compile} it into a
 * program, and evaluate that (with the {@link Interpreter} or a generated evaluator).
 *
 * <pre>{@code
 * GraphBuilder<Ops> b = Graph.builder();
 * ValueRef.Local x = b.input("x");
 * Graph<Ops> g = b.output(b.apply(Ops.SIN, x)).build();
 *
 * ResolvedView<Ops> view = Graphs.resolve(g);
 * MaterializedGraph<Ops> m = Graphs.materializeMerge(view, g.outputKeys());
 * CompiledProgram<Ops> p = Graphs.compile(m);
 * List<Double> y = Interpreter.eval(p, Map.of("x", 0.5));
 * }</pre>
 *
 * <p>{@link #compile(ResolvedView, List)} does the last two steps in one call, the usual way to
 * compile a view; {@code materializeMerge} stays public for code that looks at the flat graph.
 */
public final class Graphs {
  private Graphs() {}

  /**
   * A logical view over {@code roots} and, transitively, their parents. No graph is copied.
   *
   * @throws GraphException naming the key if some external reference of these graphs is defined
   *     by none of them
   */
  @SafeVarargs
  public static <Op extends GraphOperation> ResolvedView<Op> resolve(Graph<Op>... roots) {
    return ResolvedView.of(Arrays.asList(roots));
  }

  /** As {@link #resolve(Graph[])}, from a list. */
  public static <Op extends GraphOperation> ResolvedView<Op> resolve(List<Graph<Op>> roots) {
    // not List.copyOf, which throws a bare NullPointerException: a null root is a GraphException
    return ResolvedView.of(new ArrayList<>(roots));
  }

  /**
   * Flattens the part of {@code view} that {@code outputs} depend on into one graph: reachable
   * definitions only, structurally equal operations merged across graphs, one topological order.
   * Iterative; depth is unbounded.
   *
   * <p>The graph takes the inputs the outputs reach, in the order the view's graphs declare them:
   * each graph after its parents (a primal graph's inputs before the tangent or cotangent inputs
   * of a pass over it), graphs given to {@code resolve} in the order given, and each graph's inputs
   * in the order its builder declared them. So {@code b.input("a")} then {@code b.input("x")}
   * gives a program whose first input is {@code a} whether the outputs use {@code a} or {@code x}
   * first, and an input the outputs do not reach leaves no gap. The view's other inputs are kept
   * as {@linkplain MaterializedGraph#unusedInputKeys() unused inputs}: a program compiled from it
   * accepts bindings for every input of the view's graphs, and ignores those it does not read. To
   * fix the inputs, used or not, use {@link #materializeMerge(ResolvedView, List, List)}.
   *
   * @throws GraphException naming the key if an output is defined by no graph of the view
   */
  public static <Op extends GraphOperation> MaterializedGraph<Op> materializeMerge(
      ResolvedView<Op> view, List<? extends ValueKey> outputs) {
    return MaterializedGraph.of(view, LogicalOrder.of(view, outputs));
  }

  /**
   * As {@link #materializeMerge(ResolvedView, List)}, with a fixed signature: the graph's inputs
   * are exactly {@code inputs}, in that order, including any that the outputs do not use, so a
   * compiled program takes its inputs as declared (positionally and by key). Inputs of the view's
   * graphs that are not listed are {@linkplain MaterializedGraph#unusedInputKeys() unused}: bound
   * by key, they are ignored.
   *
   * @throws GraphException naming the input if the outputs depend on an input not listed, or if
   *     an input is listed twice
   */
  public static <Op extends GraphOperation> MaterializedGraph<Op> materializeMerge(
      ResolvedView<Op> view,
      List<? extends ValueKey.Input> inputs,
      List<? extends ValueKey> outputs) {
    return MaterializedGraph.of(view, LogicalOrder.of(view, inputs, outputs));
  }

  /**
   * As {@link #materializeMerge(ResolvedView, List, List)}, each output named by where it is
   * defined (a graph of the view and a local value of it) rather than by its key. The same graph
   * results, but naming an output by key makes the key of every value it depends on, and the graph
   * of a transform's pass makes its keys only when one is first asked for (see {@link Graph}):
   * naming the outputs of a gradient's transposed graph by site leaves them unmade, which saves a
   * key object per operation of that graph. {@code LinearizedGraph.linearOutputSite} gives a
   * pass's outputs so.
   *
   * <pre>{@code
   * MaterializedGraph<RealOp> m = Graphs.materializeMergeAt(
   *     Graphs.resolve(List.of(f, vjp.graph())), inputs, List.of(vjp.linearOutputSite(0)));
   * }</pre>
   *
   * @throws GraphException naming the output if its graph is not one of the view's or has no such
   *     value, or naming the input if the outputs depend on an input not listed, or if an input is
   *     listed twice
   */
  public static <Op extends GraphOperation> MaterializedGraph<Op> materializeMergeAt(
      ResolvedView<Op> view,
      List<? extends ValueKey.Input> inputs,
      List<ResolvedView.Site<Op>> outputs) {
    return MaterializedGraph.of(view, LogicalOrder.ofSites(view, inputs, outputs));
  }

  /**
   * Materializes a single graph with its own signature: its declared inputs, in order, and its
   * outputs. Shorthand for {@code materializeMerge(resolve(g), inputKeys of g, g.outputKeys())}.
   */
  public static <Op extends GraphOperation> MaterializedGraph<Op> materialize(Graph<Op> g) {
    List<ValueKey.Input> inputs = new ArrayList<>(g.inputCount());
    for (int i = 0; i < g.inputCount(); i++) {
      inputs.add((ValueKey.Input) g.valueKey(g.inputValue(i)));
    }
    return materializeMerge(resolve(g), inputs, g.outputKeys());
  }

  /** Compiles {@code m} into an SSA program with liveness-based slot reuse. */
  public static <Op extends GraphOperation> CompiledProgram<Op> compile(MaterializedGraph<Op> m) {
    return ProgramCompiler.compile(m);
  }

  /**
   * Compiles the part of {@code view} that {@code outputs} depend on: {@link
   * #materializeMerge(ResolvedView, List)} then {@link #compile(MaterializedGraph)}. The program
   * takes the inputs the outputs reach, and ignores bindings for the view's other inputs.
   *
   * <pre>{@code
   * CompiledProgram<RealOp> p = Graphs.compile(Graphs.resolve(jvp.graph()), jvp.linearOutputs());
   * }</pre>
   *
   * @throws GraphException naming the key if an output is defined by no graph of the view
   */
  public static <Op extends GraphOperation> CompiledProgram<Op> compile(
      ResolvedView<Op> view, List<? extends ValueKey> outputs) {
    return compile(materializeMerge(view, outputs));
  }

  /**
   * As {@link #compile(ResolvedView, List)}, with a fixed signature: the program takes exactly
   * {@code inputs}, in that order (see {@link #materializeMerge(ResolvedView, List, List)}).
   *
   * @throws GraphException naming the input if the outputs depend on an input not listed, or if
   *     an input is listed twice
   */
  public static <Op extends GraphOperation> CompiledProgram<Op> compile(
      ResolvedView<Op> view,
      List<? extends ValueKey.Input> inputs,
      List<? extends ValueKey> outputs) {
    return compile(materializeMerge(view, inputs, outputs));
  }
}
