package io.github.tidu4j.graph;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Objects;

/**
 * The operations some outputs depend on, across the graphs of a {@link ResolvedView}, in one
 * topological order, each structurally distinct operation once (common subexpressions merged by
 * key), together with the inputs reached. The order is deterministic: a depth-first post-order from
 * the outputs, operands visited left to right, so equal structures give equal orders. The inputs
 * are those declared, if the walk was given them, or else those reached, in the order the view's
 * graphs declare them (each graph after its parents, each graph's inputs as its builder declared
 * them), not in the order the walk meets them.
 *
 * <p>The order numbers its values like a {@link MaterializedGraph}: inputs first ({@code 0 ..
 * inputs().size()-1}), then each operation's outputs, contiguous from {@link #firstValue(int)};
 * {@link #operandValue(int, int)} and {@link #outputValue(int)} give operands and outputs in that
 * numbering, so consumers never look a key up again.
 *
 * <p>Computed with an explicit stack: a chain of 10^6 operations needs no deep thread stack. Local
 * operands are followed through flat arrays. A walk over several graphs keeps one code per site,
 * the first value of the view with its key, which the view has found for every value and every
 * external reference ({@code ViewSites}): equal values are merged, and external references
 * followed, with no key lookup during the walk. A view of one graph that refers to no other (a
 * first-order {@code linearize}, a single-graph {@code materializeMerge}) has no sites: equal
 * values within the graph are found by {@link Graph#firstDefinition}, which is free for every node
 * whose key was new when it was added. A key index is as large as the graph and probed at random,
 * so at 10^6 operations nearly every probe misses the cache ({@code
 * GradientPipelineBenchmark.materializeMerge} and {@code RandDagPipelineBenchmark.materializeMerge}
 * in bench/RESULTS.md guard this walk).
 *
 * <pre>{@code
 * LogicalOrder<Ops> order = view.topologicalOrder(List.of(y));
 * for (int k = 0; k < order.size(); k++) {
 *   Ops op = order.operation(k);   // its operands, order.operandValue(k, j), come earlier
 * }
 * }</pre>
 *
 * @param <Op> the operation type
 */
public final class LogicalOrder<Op extends GraphOperation> {
  /** A local value not reached yet. */
  private static final int UNSEEN = Integer.MIN_VALUE;
  /**
   * The most values a view walked over several graphs may have: codes from {@link #UNSEEN} on name
   * sites, so node outputs and inputs (fewer than 2^30 each) keep codes of their own.
   */
  private static final int MAX_VIEW_VALUES = 1 << 30;

  // The node arrays may be longer than the order (a walk of one graph hands over its presized
  // arrays when they are nearly full rather than copying them; see Slack): size bounds them.
  private final int size;
  /** The view's graphs; null for an order of one graph ({@link #single}). */
  private final List<Graph<Op>> graphs;
  /**
   * Where each graph's nodes start in the view-wide node numbering of {@link #nodes} (graph by
   * graph in view order, then the end); null for an order of one graph.
   */
  private final int[] graphNodeBase;
  /**
   * Each operation's node over several graphs, numbered view-wide (see {@link #graphNodeBase}), so
   * an int holds both the graph and the node; in an order of one graph ({@link #single}), its
   * node's first value there, the value whose key is the node's operation key, so the key is read
   * with no per-node array, and the node (for its kind) is that value's producer (relies on I9
   * for the node: the producer of its first value). Kept as the walk's blocks: a materialized
   * graph reads it once, to take each node's operation and role, and a copy as one array would
   * be made only to be let go.
   */
  private final IntBlocks nodes;
  private final List<ValueKey.Input> inputs;
  /** The outputs as requested: each a {@link ValueKey} or a {@link ResolvedView.Site}. */
  private final List<?> requested;
  /** The outputs' keys, made from {@link #requested} on first use; or null. */
  private volatile List<ValueKey> outputs;
  /**
   * Each operation's operand and output counts, from which its first value and where its operands
   * start are made on first use ({@link OperationShapes#columns}), shared with a materialized graph
   * made from the order.
   */
  private final OperationShapes shapes;
  /**
   * The operands' values, kept as the walk's blocks: a materialized graph makes them one array
   * only when compile first reads them, once the graphs of the walk may be gone (see {@link
   * MaterializedGraph#operandArray}).
   */
  private final IntBlocks operandValues;
  private final int[] outputValues;
  private final int valueCount;
  /** key -> stored code (see {@link #store(int)}) of every input declared or reached. */
  private final KeyIndex codes;
  /** key -> stored code of every operation output, made on the first lookup by key; or null. */
  private volatile KeyIndex nodeCodes;
  /** The one graph of an order walked without a key index, or null. */
  private final Graph<Op> single;
  /** For {@link #single}: each local value's code, or {@link #UNSEEN}. */
  private final int[] singleCodes;

  private LogicalOrder(
      int size,
      List<Graph<Op>> graphs,
      int[] graphNodeBase,
      IntBlocks nodes,
      List<ValueKey.Input> inputs,
      List<?> requested,
      OperationShapes shapes,
      IntBlocks operandCodes,
      int[] outputCodes,
      int nodeValueCount,
      KeyIndex codes,
      int[] inputPosition,
      Graph<Op> single,
      int[] singleCodes) {
    this.size = size;
    this.graphs = graphs;
    this.graphNodeBase = graphNodeBase;
    this.single = single;
    this.singleCodes = singleCodes;
    this.nodes = nodes;
    this.inputs = inputs;
    this.requested = requested;
    this.codes = codes;
    int inputCount = inputs.size();
    // codes: >= 0 a node output (inputs are numbered after all of them are known), < 0 an input
    this.shapes = shapes;
    this.operandValues = operandCodes;
    for (int p = 0, operandCount = shapes.operandCount(); p < operandCount; p++) {
      operandCodes.set(p, value(operandCodes.get(p), inputCount, inputPosition));
    }
    this.outputValues = outputCodes;
    for (int i = 0; i < outputCodes.length; i++) {
      outputCodes[i] = value(outputCodes[i], inputCount, inputPosition);
    }
    this.valueCount = inputCount + nodeValueCount;
  }

  private static int value(int code, int inputCount) {
    return code >= 0 ? inputCount + code : -(code + 1);
  }

  /**
   * As {@link #value(int, int)} for a code of the walk, whose input codes number the inputs as
   * they were reached: input {@code i} of the walk is input {@code inputPosition[i]} of the order
   * (null: the same).
   */
  private static int value(int code, int inputCount, int[] inputPosition) {
    return code >= 0 || inputPosition == null
        ? value(code, inputCount)
        : inputPosition[-(code + 1)];
  }

  /** A code as a non-negative table entry: node outputs even, inputs odd. */
  private static int store(int code) {
    return code >= 0 ? code << 1 : ((-(code + 1)) << 1) | 1;
  }

  private static int load(int stored) {
    return (stored & 1) == 0 ? stored >>> 1 : -(stored >>> 1) - 1;
  }

  static <Op extends GraphOperation> LogicalOrder<Op> of(
      ResolvedView<Op> view, List<? extends ValueKey> outputs) {
    return of(view, null, outputs);
  }

  /**
   * The order for {@code outputs}; with {@code declaredInputs} non-null, the inputs are exactly
   * those, in that order (unused ones included), and reaching any other input is an error.
   */
  static <Op extends GraphOperation> LogicalOrder<Op> of(
      ResolvedView<Op> view,
      List<? extends ValueKey.Input> declaredInputs,
      List<? extends ValueKey> outputs) {
    return new Walk<>(view, declaredInputs).run(outputs, "key");
  }

  /**
   * As {@link #of(ResolvedView, List, List)}, each output named by where it is defined rather
   * than by its key, so a graph whose builder deferred its keys need not make them to name its
   * outputs (see {@link ViewSites}).
   */
  static <Op extends GraphOperation> LogicalOrder<Op> ofSites(
      ResolvedView<Op> view,
      List<? extends ValueKey.Input> declaredInputs,
      List<ResolvedView.Site<Op>> outputs) {
    return new Walk<>(view, declaredInputs).run(outputs, "site");
  }

  /** The iterative depth-first walk that builds an order. */
  private static final class Walk<Op extends GraphOperation> {
    private final ResolvedView<Op> view;
    /** The view's one graph, if it refers to no other: walked by {@link #runSingle}. */
    private final Graph<Op> single;
    private final boolean closed;
    /** key -> stored code of the inputs declared or reached (see {@link LogicalOrder#store}). */
    private final KeyIndex codes;
    private final List<ValueKey.Input> inputs = new ArrayList<>();
    /**
     * For {@link #localOutput}: each output key of the graph walked alone to its first output
     * that is local, made when a requested output is not the graph's output at its own position.
     */
    private IdentityHashMap<ValueKey, Integer> localOutputs;

    // The general walk keeps a value's code at its site (see ViewSites): values with equal keys
    // share one code, with no key lookup during the walk.
    private ViewSites sites;
    private List<Graph<Op>> graphs;
    // By view value number: a site's code, or UNSEEN. A value that is not a site holds its site
    // (as pointer(site)) until the walk has met it, then a copy of its site's code, so a local
    // operand met before costs one read at its own number rather than a read of its site and then
    // of the site's code, and one not met yet finds its site without reading ViewSites: over
    // millions of values each of those reads is a cache miss. Each graph's externals follow the
    // values, from externalBase (an external is never a site: it holds its site until met). In
    // chunks (IntChunks), so that the table, garbage once the walk ends, leaves no hole in the heap
    // that the order's arrays, made next, would not fit in.
    private IntChunks codeOf;
    /** Where each graph's externals are numbered in {@link #codeOf}. */
    private int[] externalBase;
    // codes in [UNSEEN + 1, pointerEnd) are pointers to sites; every other code is UNSEEN, a node
    // output's (>= 0) or an input's (-(i + 1), above pointerEnd: see reachedInput)
    private int pointerEnd = UNSEEN + 1;

    // The order being built. A walk of one graph sizes it from the graph; a walk over several
    // cannot know how many nodes it emits (the linear graph of a gradient view is reached only
    // for the values its transpose refers to), so the columns grow by blocks, never by copying.
    // Operand starts and first values are made from each operation's counts when the walk ends.
    /** For a walk over several graphs, where each graph's nodes start (see {@link #nodes}). */
    private int[] graphNodeBase;
    /** Each operation's node, view-wide over several graphs (see {@link LogicalOrder#nodes}). */
    private IntBlocks orderNodes;
    private OperationShapes shapes;
    private int nodeValueCount;
    private IntBlocks operandCodes;

    // the stack; over several graphs a frame's node is view-wide (see LogicalOrder#nodes), so it
    // names its graph too: a walk as deep as a chain-like graph is long keeps three ints a frame
    private int[] stackNodes;
    /**
     * Each frame's node's first value, found next to the value that reached the node ({@link
     * Graph#firstValueFrom}), so emitting the node reads no per-node array at random.
     */
    private int[] stackFirst;
    private int[] stackCursor;
    private int depth;

    Walk(ResolvedView<Op> view, List<? extends ValueKey.Input> declaredInputs) {
      if (view == null) {
        throw new GraphException("the view is null; resolve the graphs first (Graphs.resolve)");
      }
      this.view = view;
      List<Graph<Op>> viewGraphs = view.graphs();
      this.single =
          viewGraphs.size() == 1 && viewGraphs.get(0).externalCount() == 0
              ? viewGraphs.get(0)
              : null;
      // a walk indexes the inputs only
      int inputCount = 16 + (declaredInputs != null ? declaredInputs.size() : 0);
      for (Graph<Op> g : viewGraphs) {
        inputCount += g.inputCount();
      }
      codes = new KeyIndex(inputCount);
      stackNodes = new int[64];
      stackFirst = new int[64];
      stackCursor = new int[64];
      closed = declaredInputs != null;
      if (closed) {
        for (ValueKey.Input input : declaredInputs) {
          if (input == null) {
            throw new GraphException("a declared input key is null");
          }
          int code = -(inputs.size() + 1);
          if (codes.putIfAbsent(input, store(code)) != store(code)) {
            throw new GraphException("input " + input.key() + " is declared twice");
          }
          inputs.add(input);
        }
      }
      if (single == null) {
        sites = view.sites();
        graphs = viewGraphs;
        graphNodeBase = new int[viewGraphs.size() + 1];
        for (int gi = 0; gi < viewGraphs.size(); gi++) {
          graphNodeBase[gi + 1] =
              Math.addExact(graphNodeBase[gi], viewGraphs.get(gi).nodeCount());
        }
        int valueCount = sites.valueCount();
        if (valueCount > MAX_VIEW_VALUES) {
          throw new GraphException(
              "a view of " + valueCount + " values is more than one walk numbers (at most "
                  + MAX_VIEW_VALUES + ")");
        }
        pointerEnd = pointer(valueCount);
        externalBase = new int[viewGraphs.size() + 1];
        externalBase[0] = valueCount;
        for (int gi = 0; gi < viewGraphs.size(); gi++) {
          long end = (long) externalBase[gi] + viewGraphs.get(gi).externalCount();
          if (end > Integer.MAX_VALUE) {
            throw new GraphException(
                "a view of " + valueCount + " values and " + (end - valueCount)
                    + " or more external references is more than one walk numbers (at most "
                    + Integer.MAX_VALUE + " in all)");
          }
          externalBase[gi + 1] = (int) end;
        }
        codeOf = new IntChunks(externalBase[viewGraphs.size()], UNSEEN); // each value its site
        for (int at = sites.nextRepeat(0); at >= 0; at = sites.nextRepeat(at + 1)) {
          codeOf.set(at, pointer(sites.site(at)));
        }
        for (int gi = 0; gi < viewGraphs.size(); gi++) {
          for (int e = 0, n = viewGraphs.get(gi).externalCount(); e < n; e++) {
            // every external is defined (ResolvedView.of)
            codeOf.set(externalBase[gi] + e, pointer(sites.external(gi, e)));
          }
        }
        if (closed) {
          for (int i = 0; i < inputs.size(); i++) {
            int site = sites.siteOf(inputs.get(i));
            if (site >= 0) {
              codeOf.set(site, -(i + 1));
            }
          }
        }
      }
    }

    /** The code that says "not met yet; its site is {@code site}" (see the field codeOf). */
    private static int pointer(int site) {
      return UNSEEN + 1 + site;
    }

    /** Whether {@code code} is a {@link #pointer} to a site, not a code of its own. */
    private boolean isPointer(int code) {
      return code != UNSEEN && code < pointerEnd;
    }

    /** Starts the order's columns with room for {@code nodes} operations of {@code operands}. */
    private void allocate(int nodes, int operands) {
      orderNodes = new IntBlocks(nodes);
      shapes = new OperationShapes(nodes);
      operandCodes = new IntBlocks(operands);
    }

    /**
     * The order for {@code outputs}, each a {@link ValueKey} or a {@link ResolvedView.Site}, as
     * {@code kind} (for the message that a null one gets) says.
     */
    LogicalOrder<Op> run(List<?> outputs, String kind) {
      if (outputs == null) {
        throw new GraphException(
            "the outputs are null; name the values to compute, such as the graph's outputKeys()");
      }
      if (single != null) {
        return runSingle(single, outputs, kind);
      }
      // the order holds at most every node of the view: its columns start with room for that, up
      // to a block of IntBlocks each, so a small view's walk never grows them by copying and a
      // large one's starts with whole blocks
      long nodes = 0;
      long operands = 0;
      for (Graph<Op> g : graphs) {
        nodes += g.nodeCount();
        operands += g.operandSlotCount();
      }
      allocate((int) Math.min(nodes, IntBlocks.BLOCK), (int) Math.min(operands, IntBlocks.BLOCK));
      int[] outputCodes = new int[outputs.size()];
      for (int i = 0; i < outputCodes.length; i++) {
        Object output = outputs.get(i);
        if (output == null) {
          throw new GraphException(
              "output " + i + " of " + outputs.size() + " is a null " + kind);
        }
        int site;
        if (output instanceof ResolvedView.Site<?> at) {
          int gi = graphIndex(at, i);
          site = sites.site(sites.base(gi) + at.value());
        } else {
          ValueKey key = (ValueKey) output;
          int stored = codes.get(key);
          if (stored != KeyIndex.ABSENT) {
            outputCodes[i] = load(stored);
            continue;
          }
          site = sites.siteOf(key);
          if (site < 0) {
            throw view.undefined(key, "output " + i + ", ");
          }
        }
        if (codeOf.get(site) == UNSEEN) {
          int gi = sites.graphOf(site);
          Graph<Op> g = graphs.get(gi);
          int value = site - sites.base(gi);
          int node = g.producer(value);
          if (node < 0) {
            codeOf.set(site, reachedInput((ValueKey.Input) g.valueKey(value)));
          } else {
            push(graphNodeBase[gi] + node, g.firstValueFrom(node, value));
            walk();
          }
        }
        outputCodes[i] = codeOf.get(site);
      }
      return finish(outputs, outputCodes, null, null);
    }

    /**
     * The position in the view of the graph of output {@code o}, named by {@code site}.
     *
     * @throws GraphException if the graph is not one of the view's or has no such value
     */
    private int graphIndex(ResolvedView.Site<?> site, int o) {
      List<Graph<Op>> viewGraphs = view.graphs();
      for (int gi = 0; gi < viewGraphs.size(); gi++) {
        if (viewGraphs.get(gi) == site.graph()) {
          if (site.value() < 0 || site.value() >= site.graph().valueCount()) {
            throw new GraphException(
                "output " + o + " names value %" + site.value() + " of a graph of "
                    + site.graph().valueCount() + " values");
          }
          return gi;
        }
      }
      throw new GraphException(
          "output " + o + " names value %" + site.value() + " of a graph that is not in the view ("
              + viewGraphs.size() + " graph(s) resolved)");
    }

    /** The order built; {@code byLocals} and its local codes if the walk went by them, or null. */
    private LogicalOrder<Op> finish(
        List<?> outputs, int[] outputCodes, Graph<Op> byLocals, int[] locals) {
      // what only the walk needs goes now, when the heap holds the most; the order keeps the
      // walk's columns as they are (see the fields nodes, shapes and operandValues)
      codeOf = null;
      stackNodes = null;
      stackFirst = null;
      stackCursor = null;
      int count = orderNodes.size();
      shapes.freeze(inputs.size()); // the inputs come first (I7)
      int[] position = closed ? null : declarationPositions(byLocals);
      List<ValueKey.Input> orderInputs = inputs;
      KeyIndex orderCodes = codes;
      if (position != null) {
        // the operands' and outputs' codes are renumbered as the order is made; the input index
        // and a single graph's locals are renumbered here
        ValueKey.Input[] placed = new ValueKey.Input[inputs.size()];
        orderCodes = new KeyIndex(inputs.size());
        for (int i = 0; i < placed.length; i++) {
          placed[position[i]] = inputs.get(i);
          orderCodes.putIfAbsent(inputs.get(i), store(-(position[i] + 1)));
        }
        orderInputs = Arrays.asList(placed);
        if (byLocals != null) {
          for (int i = 0, n = byLocals.inputCount(); i < n; i++) {
            int value = byLocals.inputValue(i);
            int code = locals[value];
            if (code != UNSEEN && code < 0) {
              locals[value] = -(position[-(code + 1)] + 1);
            }
          }
        }
      }
      LogicalOrder<Op> order = new LogicalOrder<>(
          count,
          byLocals == null ? graphs : null,
          byLocals == null ? graphNodeBase : null,
          orderNodes,
          Collections.unmodifiableList(orderInputs),
          List.copyOf(outputs),
          shapes,
          operandCodes,
          outputCodes,
          nodeValueCount,
          orderCodes,
          position,
          byLocals,
          locals);
      if (Checks.ENABLED) {
        GraphChecks.checkOrder(order);
      }
      return order;
    }

    /**
     * Where each input the walk reached goes so that the order's inputs are in the order they are
     * declared: the view's graphs each after its parents (a primal graph before the pass that
     * linearized it), graphs given to {@code resolve} in the order given, each graph's inputs in
     * the order its builder declared them; an input declared by several graphs takes its first
     * place. Null if the walk reached them in that order. Positional evaluation binds a program's
     * inputs in this order, so it must not depend on which operand a walk happens to meet first.
     */
    private int[] declarationPositions(Graph<Op> byLocals) {
      int count = inputs.size();
      if (count < 2) {
        return null;
      }
      int[] position = new int[count];
      Arrays.fill(position, -1);
      int next = 0;
      boolean moved = false;
      for (Graph<Op> g : byLocals != null ? List.of(byLocals) : parentsFirst(graphs)) {
        for (int i = 0, n = g.inputCount(); i < n && next < count; i++) {
          int stored = codes.get(g.valueKey(g.inputValue(i)));
          if (stored != KeyIndex.ABSENT && position[stored >>> 1] < 0) {
            moved |= (stored >>> 1) != next;
            position[stored >>> 1] = next++;
          }
        }
      }
      if (next != count) {
        // ResolvedView.of checked that every external is defined, and an input is defined only
        // by a graph declaring it
        throw new IllegalStateException(
            "the walk reached " + count + " inputs, the view's graphs declare " + next + " of them");
      }
      return moved ? position : null;
    }

    /** The view's graphs, each after its parents; iterative, as a chain of passes may be long. */
    private static <Op extends GraphOperation> List<Graph<Op>> parentsFirst(
        List<Graph<Op>> viewGraphs) {
      List<Graph<Op>> order = new ArrayList<>(viewGraphs.size());
      IdentityHashMap<Graph<Op>, Boolean> placed = new IdentityHashMap<>();
      List<Graph<Op>> stack = new ArrayList<>();
      int[] cursor = new int[viewGraphs.size()]; // a path holds each graph of the view at most once
      for (Graph<Op> root : viewGraphs) {
        if (placed.containsKey(root)) {
          continue;
        }
        stack.add(root);
        cursor[0] = 0;
        while (!stack.isEmpty()) {
          int top = stack.size() - 1;
          List<Graph<Op>> parents = stack.get(top).parents();
          if (cursor[top] < parents.size()) {
            Graph<Op> parent = parents.get(cursor[top]++);
            if (!placed.containsKey(parent)) {
              stack.add(parent);
              cursor[top + 1] = 0;
            }
          } else {
            Graph<Op> g = stack.remove(top);
            placed.put(g, Boolean.TRUE);
            order.add(g);
          }
        }
      }
      return order;
    }

    /**
     * The order of a view of one graph that refers to no other: values are merged through the
     * graph's own {@link Graph#firstDefinition}, which needs no lookup for a node whose key was
     * new when it was added, so the walk keeps no key index of its own (only the inputs are
     * indexed). It lists the same operations in the same order as the general walk, with the
     * same value numbering (where a key repeats, it may name another node of that key).
     */
    // relies on I5: firstDefinition merges the values of one key as the key index would
    private LogicalOrder<Op> runSingle(Graph<Op> g, List<?> outputs, String kind) {
      allocate(g.nodeCount(), g.operandSlotCount());
      int[] locals = localsOf(g);
      int[] outputCodes = new int[outputs.size()];
      for (int i = 0; i < outputCodes.length; i++) {
        Object output = outputs.get(i);
        if (output == null) {
          throw new GraphException(
              "output " + i + " of " + outputs.size() + " is a null " + kind);
        }
        int value = g.firstDefinition(localOutput(g, outputs, i));
        if (locals[value] == UNSEEN) {
          if (g.producer(value) < 0) {
            locals[value] = input(g, value);
          } else {
            int node = g.producer(value);
            push(node, g.firstValueFrom(node, value));
            walkSingle(g, locals);
          }
        }
        outputCodes[i] = locals[value];
      }
      return finish(outputs, outputCodes, g, locals);
    }

    /**
     * The local value of {@code g} that output {@code o} names: its site's value, or the value
     * with its key (one of the graph's outputs, or looked up).
     */
    private int localOutput(Graph<Op> g, List<?> outputs, int o) {
      if (outputs.get(o) instanceof ResolvedView.Site<?> site) {
        graphIndex(site, o);
        return site.value();
      }
      ValueKey output = (ValueKey) outputs.get(o);
      // the graph's own outputs, asked for in its order: each at its position (a key listed twice
      // may name another local value with it, which firstDefinition then merges)
      if (o < g.outputCount()
          && g.outputKey(o) == output
          && g.output(o) instanceof ValueRef.Local local) {
        return local.id();
      }
      if (localOutputs == null) {
        // one table for the walk, not a scan of the outputs per output (quadratic in their count)
        localOutputs = new IdentityHashMap<>();
        for (int i = 0; i < g.outputCount(); i++) {
          if (g.output(i) instanceof ValueRef.Local local) {
            localOutputs.putIfAbsent(g.outputKey(i), local.id());
          }
        }
      }
      Integer local = localOutputs.get(output);
      return local != null ? local : site(outputs, o).value();
    }

    /** Where output {@code o} is defined; an error names it and its origin if nowhere. */
    private ResolvedView.Site<Op> site(List<?> outputs, int o) {
      ValueKey output = (ValueKey) outputs.get(o);
      ResolvedView.Site<Op> site = view.find(output);
      if (site == null) {
        throw view.undefined(output, "output " + o + ", ");
      }
      return site;
    }

    /** The code of input value {@code value} of {@code g}: declared, met before, or reached now. */
    private int input(Graph<Op> g, int value) {
      ValueKey.Input key = (ValueKey.Input) g.valueKey(value);
      int stored = codes.get(key);
      return stored != KeyIndex.ABSENT ? load(stored) : reachedInput(key);
    }

    /**
     * {@link #walk} for {@link #runSingle}: an operand is resolved to its first definition, and
     * the cursor moves past it only once that has a code, so {@link #emit} reads every operand's
     * code from {@code locals}.
     */
    private void walkSingle(Graph<Op> g, int[] locals) {
      while (depth > 0) {
        int top = depth - 1;
        int node = stackNodes[top];
        int cursor = stackCursor[top];
        if (cursor < g.operandCount(node)) {
          int encoded = g.encodedOperand(node, cursor);
          if (locals[encoded] == UNSEEN) {
            int first = g.firstDefinition(encoded);
            if (locals[first] != UNSEEN) {
              locals[encoded] = locals[first];
            } else if (g.producer(first) < 0) {
              locals[first] = input(g, first);
              locals[encoded] = locals[first];
            } else {
              int producer = g.producer(first);
              push(producer, g.firstValueFrom(producer, first));
              continue; // back to this operand once its first definition is emitted
            }
          }
          stackCursor[top] = cursor + 1;
        } else {
          depth--;
          emitSingle(g, locals, node, stackFirst[top]);
        }
      }
    }

    private void walk() {
      // the graph of the frame on top, found again only when the top's node is not in its range
      int gi = 0;
      Graph<Op> g = null;
      int lo = 0;
      int hi = 0;
      while (depth > 0) {
        int top = depth - 1;
        int wide = stackNodes[top];
        if (wide < lo || wide >= hi) {
          gi = graphIndexOf(graphNodeBase, wide);
          g = graphs.get(gi);
          lo = graphNodeBase[gi];
          hi = graphNodeBase[gi + 1];
        }
        int node = wide - lo;
        int cursor = stackCursor[top];
        if (cursor < g.operandCount(node)) {
          stackCursor[top] = cursor + 1;
          int encoded = g.encodedOperand(node, cursor);
          int at = encoded >= 0 ? sites.base(gi) + encoded : externalBase[gi] - encoded - 1;
          int code = codeOf.get(at);
          int site;
          if (code == UNSEEN) {
            site = at; // a local value that is its own site (an external never is one)
          } else if (isPointer(code)) {
            site = code - pointer(0); // relies on I6: the first value with its key
            code = codeOf.get(site);
            if (code != UNSEEN) {
              codeOf.set(at, code); // met before, at its site: kept under its own number too
              continue;
            }
          } else {
            continue; // met before, through this or another graph or node
          }
          // a local value is pushed as its own node, an external as its site's (ResolvedView#site)
          int from = encoded >= 0 ? gi : sites.graphOf(site);
          Graph<Op> fromGraph = graphs.get(from);
          int value = encoded >= 0 ? encoded : site - sites.base(from);
          int producer = fromGraph.producer(value);
          if (producer < 0) {
            codeOf.set(site, reachedInput((ValueKey.Input) fromGraph.valueKey(value)));
          } else {
            push(graphNodeBase[from] + producer, fromGraph.firstValueFrom(producer, value));
          }
        } else {
          depth--;
          emit(gi, node, stackFirst[top]);
        }
      }
    }

    /**
     * Pushes a frame for {@code node} (view-wide in {@link #walk}, local in {@link #walkSingle}),
     * whose first value is {@code first}.
     */
    private void push(int node, int first) {
      if (depth == stackNodes.length) {
        int grown = depth * 2;
        stackNodes = Arrays.copyOf(stackNodes, grown);
        stackFirst = Arrays.copyOf(stackFirst, grown);
        stackCursor = Arrays.copyOf(stackCursor, grown);
      }
      stackNodes[depth] = node;
      stackFirst[depth] = first;
      stackCursor[depth] = 0;
      depth++;
    }

    private static int[] localsOf(Graph<?> g) {
      int[] locals = new int[g.valueCount()];
      Arrays.fill(locals, UNSEEN);
      return locals;
    }

    private void emit(int gi, int node, int firstValue) {
      Graph<Op> g = graphs.get(gi);
      int base = nodeValueCount;
      int first = sites.base(gi) + firstValue;
      int outputCount = g.nodeOutputCountFrom(node, firstValue);
      for (int slot = 0; slot < outputCount; slot++) {
        int at = first + slot;
        int held = codeOf.get(at);
        int site = held == UNSEEN ? at : isPointer(held) ? held - pointer(0) : sites.site(at);
        codeOf.set(site, base + slot);
        codeOf.set(at, base + slot);
      }
      nodeValueCount += outputCount;
      int operandCount = g.operandCount(node);
      for (int j = 0; j < operandCount; j++) {
        operandCodes.add(knownCode(gi, g.encodedOperand(node, j)));
      }
      shapes.add(operandCount, outputCount);
      orderNodes.add(graphNodeBase[gi] + node);
    }

    /**
     * The code of operand {@code encoded} of graph {@code gi}, met before: read under the
     * operand's own number, else at its site, and then copied under its own number (see the
     * field codeOf).
     */
    private int knownCode(int gi, int encoded) {
      int at = encoded >= 0 ? sites.base(gi) + encoded : externalBase[gi] - encoded - 1;
      int code = codeOf.get(at);
      if (isPointer(code)) {
        code = codeOf.get(code - pointer(0)); // relies on I6: the first value with its key
        codeOf.set(at, code);
      }
      return code;
    }

    /** {@link #emit} for {@link #runSingle}: no key index; every operand has its code already. */
    private void emitSingle(Graph<Op> g, int[] locals, int node, int first) {
      int base = nodeValueCount;
      int outputCount = g.nodeOutputCountFrom(node, first);
      for (int slot = 0; slot < outputCount; slot++) {
        locals[first + slot] = base + slot;
      }
      nodeValueCount += outputCount;
      int operandCount = g.operandCount(node);
      for (int j = 0; j < operandCount; j++) {
        operandCodes.add(locals[g.encodedOperand(node, j)]);
      }
      shapes.add(operandCount, outputCount);
      orderNodes.add(first); // see the field nodes
    }

    private int reachedInput(ValueKey.Input input) {
      if (closed) {
        List<Object> declared = new ArrayList<>(inputs.size());
        for (ValueKey.Input in : inputs) {
          declared.add(in.key());
        }
        throw new GraphException(
            "the outputs depend on input "
                + input.key()
                + ", which is not among the declared inputs "
                + declared);
      }
      int code = -(inputs.size() + 1);
      if (code < pointerEnd + 1) {
        throw new GraphException(
            "the outputs reach more inputs than one walk numbers (" + inputs.size() + ")");
      }
      codes.putIfAbsent(input, store(code));
      inputs.add(input);
      return code;
    }
  }

  /** The number of operations, each structurally distinct one counted once. */
  public int size() {
    return size;
  }

  /** The graph that holds operation {@code k} of the order (any one, if several define it). */
  public Graph<Op> graph(int k) {
    int node = nodes.get(k);
    return graphs == null ? single : graphs.get(graphIndexOf(node));
  }

  /** The node id of operation {@code k} within {@link #graph(int) graph(k)}. */
  public int node(int k) {
    int node = nodes.get(k);
    return graphs == null ? single.producer(node) : node - graphNodeBase[graphIndexOf(node)];
  }

  /** The first value of operation {@code k}'s node within {@link #graph(int) graph(k)}. */
  int graphFirstValue(int k) {
    int node = nodes.get(k);
    return graphs == null ? node : graph(k).firstValue(node(k));
  }

  /** The position in the view of the graph holding view-wide node {@code node}. */
  private int graphIndexOf(int node) {
    return graphIndexOf(graphNodeBase, node);
  }

  /**
   * The position in the view of the graph holding view-wide node {@code node}, where each graph's
   * nodes start at {@code graphNodeBase} (then the end).
   */
  private static int graphIndexOf(int[] graphNodeBase, int node) {
    int lo = 0;
    int hi = graphNodeBase.length - 2;
    while (lo < hi) { // the last graph whose nodes start at or before node
      int mid = (lo + hi + 1) >>> 1;
      if (graphNodeBase[mid] <= node) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }

  /** The operation {@code k} applies. */
  public Op operation(int k) {
    int node = nodes.get(k);
    if (graphs == null) {
      return single.kindOperation(single.kindAt(node));
    }
    int gi = graphIndexOf(node);
    return graphs.get(gi).operation(node - graphNodeBase[gi]);
  }

  /**
   * Writes each operation's operation to {@code operations} and its role to {@code roles}: what a
   * materialized graph keeps of its nodes. One pass, reading each node's kind (a byte) and no key,
   * which finds an operation's graph only where it differs from the previous operation's; a
   * graph's kinds are given role numbers once (see {@link NodeRoles#codesOf}), not a role per
   * node.
   */
  void operationsAndRoles(OperationTable<Op> operations, NodeRoles roles) {
    if (graphs == null) {
      int[] codes = roles.codesOf(single);
      for (int k = 0; k < size; k++) {
        int kind = single.kindAt(nodes.get(k));
        operations.set(k, single.kindOperation(kind));
        setRole(roles, k, single, kind, codes);
      }
      return;
    }
    int[][] codesByGraph = new int[graphs.size()][];
    Graph<Op> g = null;
    int[] codes = null;
    int lo = 0; // where g's nodes start in the numbering of nodes
    int hi = -1; // and end; none yet
    for (int k = 0; k < size; k++) {
      int node = nodes.get(k);
      if (node < lo || node >= hi) {
        int gi = graphIndexOf(node);
        g = graphs.get(gi);
        lo = graphNodeBase[gi];
        hi = graphNodeBase[gi + 1];
        codes = codesByGraph[gi];
        if (codes == null) {
          codes = codesByGraph[gi] = roles.codesOf(g);
        }
      }
      int kind = g.kind(node - lo);
      operations.set(k, g.kindOperation(kind));
      setRole(roles, k, g, kind, codes);
    }
  }

  // records the role of kind in g as node k's, by its number in codes if the roles have numbers
  // (codes has one for every kind of g), else by role
  private static void setRole(NodeRoles roles, int k, Graph<?> g, int kind, int[] codes) {
    if (codes != null && roles.numbered()) {
      roles.setCode(k, codes[kind]);
    } else {
      roles.set(k, g.kindRole(kind));
    }
  }

  /** The key of operation {@code k}. */
  public OperationKey operationKey(int k) {
    int node = nodes.get(k);
    if (graphs == null) {
      return single.operationKeyAt(node);
    }
    int gi = graphIndexOf(node);
    return graphs.get(gi).operationKey(node - graphNodeBase[gi]);
  }

  /**
   * The inputs declared, or else those reached in the order the view's graphs declare them (see
   * the class comment); they are values {@code 0 .. size-1}.
   */
  public List<ValueKey.Input> inputs() {
    return inputs;
  }

  /**
   * The keys of the outputs this order was computed for; made on the first call if the outputs
   * were named by site.
   */
  public List<ValueKey> outputs() {
    List<ValueKey> keys = outputs;
    if (keys == null) {
      List<ValueKey> made = new ArrayList<>(requested.size());
      for (int i = 0; i < requested.size(); i++) {
        made.add(outputKey(i, true));
      }
      keys = Collections.unmodifiableList(made);
      outputs = keys; // racy but benign: every thread makes the same list
    }
    return keys;
  }

  /** The number of outputs. */
  int outputCount() {
    return requested.size();
  }

  /**
   * The key of output {@code i}; if {@code make} is false, null for an output named by a site
   * whose key is not made yet (for the checks, which make no key).
   */
  ValueKey outputKey(int i, boolean make) {
    Object output = requested.get(i);
    if (output instanceof ResolvedView.Site<?> site) {
      return make ? site.graph().valueKey(site.value()) : site.graph().keyIfMade(site.value());
    }
    return (ValueKey) output;
  }

  /** The number of values: inputs, then every operation's outputs. */
  public int valueCount() {
    return valueCount;
  }

  /** The value of output slot 0 of operation {@code k}; its other slots follow. */
  public int firstValue(int k) {
    return shapes.columns().firstValue()[Objects.checkIndex(k, size)];
  }

  /** The number of operands of operation {@code k}. */
  public int operandCount(int k) {
    int[] operandStart = shapes.columns().operandStart();
    return operandStart[Objects.checkIndex(k, size) + 1] - operandStart[k];
  }

  /** The value that is operand {@code j} of operation {@code k}. */
  public int operandValue(int k, int j) {
    int[] operandStart = shapes.columns().operandStart();
    int start = operandStart[Objects.checkIndex(k, size)];
    return operandValues.get(start + Objects.checkIndex(j, operandStart[k + 1] - start));
  }

  /** The value that is output {@code i}, aligned with {@link #outputs()}. */
  public int outputValue(int i) {
    return outputValues[i];
  }

  /** The position in the order of the operation producing {@code key}, or {@code -1}. */
  public int ordinalOf(ValueKey key) {
    int stored = storedCode(key);
    if (stored < 0 || (stored & 1) != 0) {
      return -1;
    }
    int value = inputs.size() + load(stored);
    int k = Arrays.binarySearch(shapes.columns().firstValue(), 0, size, value);
    return k >= 0 ? k : -k - 2;
  }

  /** The position of input {@code key} in {@link #inputs()}, or {@code -1}. */
  public int inputOrdinalOf(ValueKey key) {
    int stored = codes.get(key); // every input reached is indexed, on either walk
    return stored < 0 || (stored & 1) == 0 ? -1 : stored >>> 1;
  }

  /** The value of {@code key} in this order's numbering, or {@code -1} if it was not reached. */
  public int valueOf(ValueKey key) {
    int stored = storedCode(key);
    return stored < 0 ? -1 : value(load(stored), inputs.size());
  }

  /** The stored code of {@code key}, or {@link KeyIndex#ABSENT} if it was not reached. */
  private int storedCode(ValueKey key) {
    int stored = codes.get(key);
    if (stored != KeyIndex.ABSENT || key instanceof ValueKey.Input) {
      return stored;
    }
    if (single == null) {
      return nodeCodes().get(key);
    }
    int local = single.localValue(key);
    return local < 0 || singleCodes[local] == UNSEEN ? KeyIndex.ABSENT : store(singleCodes[local]);
  }

  /** The index of the operations' outputs by key, made from the order on first use. */
  private KeyIndex nodeCodes() {
    KeyIndex index = nodeCodes;
    if (index == null) {
      int inputCount = inputs.size();
      index = new KeyIndex(valueCount - inputCount);
      int[] firstValue = shapes.columns().firstValue();
      for (int k = 0; k < size; k++) {
        OperationKey key = operationKey(k);
        for (int slot = 0; slot < key.outputCount(); slot++) {
          index.putIfAbsent(key.output(slot), store(firstValue[k] - inputCount + slot));
        }
      }
      nodeCodes = index; // racy but benign: every thread computes the same immutable content
    }
    return index;
  }

  /** The operations' shapes (see the field shapes). */
  OperationShapes shapes() {
    return shapes;
  }

  /** The operands' values, as blocks (see the field operandValues). */
  IntBlocks operandValueBlocks() {
    return operandValues;
  }

  int[] outputValueArray() {
    return outputValues;
  }

  @Override
  public String toString() {
    return "LogicalOrder[" + size + " operations, " + inputs.size() + " inputs]";
  }
}
