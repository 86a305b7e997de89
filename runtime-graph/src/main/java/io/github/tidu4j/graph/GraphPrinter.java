package io.github.tidu4j.graph;

import java.util.List;
import java.util.Optional;

/**
 * Text dumps of graphs, materialized graphs and programs: one line per value or instruction, roles
 * and active masks shown, external references marked {@code ext(...)}. Several graphs (a {@link
 * ResolvedView}, or a list such as primal, linear and transposed) print one after the other under
 * their labels, each external reference naming the graph and value that define it. Keys are
 * printed shallowly (operation name and hash), never by walking their ancestry, so dumping a deep
 * graph is linear.
 *
 * <pre>{@code
 * System.out.println(GraphPrinter.print(graph));
 * // graph: 1 input, 2 nodes, 0 parents
 * //   %0 = input x
 * //   %1 = Sin(%0)
 * //   %2 = Mul(%1, %0)
 * //   outputs: %2
 * }</pre>
 */
public final class GraphPrinter {
  private GraphPrinter() {}

  /**
   * The most value or instruction lines the {@code toString()} of a graph, materialized graph or
   * program prints (and outputs it lists): a debugger or a log line calls it, and a dump of 10^6
   * operations is tens of megabytes. Its {@code print} here prints everything.
   */
  static final int SUMMARY_LINES = 256;

  /** A dump of {@code g}. */
  public static String print(Graph<?> g) {
    StringBuilder sb = new StringBuilder();
    appendGraph(sb, g, null, Integer.MAX_VALUE);
    return sb.toString();
  }

  /** {@link #print(Graph)} of at most {@link #SUMMARY_LINES} lines: what {@code toString} says. */
  static String summary(Graph<?> g) {
    StringBuilder sb = new StringBuilder();
    appendGraph(sb, g, null, SUMMARY_LINES);
    return sb.toString();
  }

  /** {@code , … 12345 more}: the end of a summary's list of outputs. */
  private static void appendMoreOutputs(StringBuilder sb, int more) {
    sb.append(", … ").append(more).append(" more");
  }

  /** {@code … 12345 more values (GraphPrinter.print prints all)}, a summary's last line. */
  private static void appendElided(StringBuilder sb, int more, String what) {
    sb.append("  … ").append(more).append(" more ").append(what).append(more == 1 ? "" : "s")
        .append(" (GraphPrinter.print prints all)\n");
  }

  /**
   * A dump of every graph of {@code view}, in its order (the roots first, then their parents),
   * each under a heading {@code == graph i ==}; see {@link #print(ResolvedView, List)}.
   *
   * <pre>{@code
   * System.out.print(GraphPrinter.print(Graphs.resolve(linear))); // linear, then its parents
   * }</pre>
   */
  public static String print(ResolvedView<?> view) {
    return print(view.graphs(), LabelledGraphs.defaultLabels(view.graphs().size()));
  }

  /**
   * A dump of every graph of {@code view}, in its order (the roots first, then their parents),
   * each under its label; {@code labels} are aligned with {@link ResolvedView#graphs()}.
   *
   * <pre>{@code
   * ResolvedView<RealOp> view = Graphs.resolve(vjp.graph()); // transposed, linear, primal
   * System.out.print(GraphPrinter.print(view, List.of("transposed", "linear", "primal")));
   * }</pre>
   *
   * @throws GraphException if there are not as many labels as graphs
   */
  public static String print(ResolvedView<?> view, List<String> labels) {
    return print(view.graphs(), labels);
  }

  /**
   * A dump of {@code graphs}, in order, each under a heading with its label. An external
   * reference that one of the graphs defines names its site: {@code ext(Exp#bc03632c from
   * primal %3)} is value {@code %3} of the graph labelled {@code primal}. The whole dump is
   * linear in the graphs' total size.
   *
   * <pre>{@code
   * System.out.print(GraphPrinter.print(List.of(f, jvp.graph()), List.of("primal", "linear")));
   * // == primal ==
   * // graph: 2 inputs, 2 nodes, 0 parents
   * //   %0 = input a
   * //   …
   * // == linear ==
   * // graph: 1 input, 2 nodes, 1 parent
   * //   %0 = input dx@1
   * //   %1 = Mul[linearized[fixed, active]](ext(Input(a) from primal %0), %0)
   * //   …
   * }</pre>
   *
   * @throws GraphException if there are not as many labels as graphs, or one is null
   */
  public static String print(List<? extends Graph<?>> graphs, List<String> labels) {
    LabelledGraphs set = LabelledGraphs.of(graphs, labels);
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < set.size(); i++) {
      sb.append(i == 0 ? "" : "\n").append("== ").append(set.label(i)).append(" ==\n");
      appendGraph(sb, set.graph(i), set, Integer.MAX_VALUE);
    }
    return sb.toString();
  }

  /**
   * {@code ": f64[3]"} for an input or an output declared of that type; nothing for an untyped
   * one.
   */
  private static String typed(Optional<ValueType> type) {
    return type.map(t -> ": " + oneLine(t)).orElse("");
  }

  private static void appendGraph(
      StringBuilder sb, Graph<?> g, LabelledGraphs set, int maxLines) {
    sb.append("graph: ")
        .append(plural(g.inputCount(), "input"))
        .append(", ")
        .append(plural(g.nodeCount(), "node"))
        .append(", ")
        .append(plural(g.parents().size(), "parent"))
        .append('\n');
    int lines = 0;
    int input = 0; // inputs come in value order as declared: the k-th met is input k
    for (int v = 0; v < g.valueCount(); lines++) {
      if (lines == maxLines) {
        appendElided(sb, g.valueCount() - v, "value");
        break;
      }
      int node = g.producer(v);
      if (node < 0) {
        sb.append("  %").append(v).append(" = input ")
            .append(oneLine(((ValueKey.Input) g.valueKey(v)).key()))
            .append(typed(g.inputType(input++))).append('\n');
        v++;
        continue;
      }
      int outputs = g.operation(node).outputArity();
      sb.append("  ");
      for (int s = 0; s < outputs; s++) {
        sb.append(s == 0 ? "" : ", ").append('%').append(v + s);
      }
      sb.append(" = ").append(operationText(g.operationKey(node))).append('(');
      for (int j = 0; j < g.operandCount(node); j++) {
        sb.append(j == 0 ? "" : ", ");
        appendRef(sb, g.operand(node, j), set);
      }
      sb.append(")\n");
      v += outputs;
    }
    sb.append("  outputs: ");
    for (int i = 0; i < g.outputCount(); i++) {
      if (i == maxLines) {
        appendMoreOutputs(sb, g.outputCount() - i);
        break;
      }
      sb.append(i == 0 ? "" : ", ");
      appendRef(sb, g.output(i), set);
      sb.append(typed(g.outputType(i)));
    }
    sb.append('\n');
  }

  /** {@code %3}, {@code ext(key)}, or {@code ext(key from label %3)} if the set defines key. */
  private static void appendRef(StringBuilder sb, ValueRef ref, LabelledGraphs set) {
    if (set == null || !(ref instanceof ValueRef.External external)) {
      sb.append(ref);
      return;
    }
    int site = set.definingGraph(external.key());
    if (site < 0) {
      sb.append(ref);
      return;
    }
    sb.append("ext(").append(oneLine(external.key())).append(" from ").append(set.label(site))
        .append(" %").append(set.definingValue(external.key())).append(')');
  }

  /** A dump of {@code m}. */
  public static String print(MaterializedGraph<?> m) {
    return print(m, Integer.MAX_VALUE);
  }

  /** {@link #print(MaterializedGraph)} of at most {@link #SUMMARY_LINES} node lines. */
  static String summary(MaterializedGraph<?> m) {
    return print(m, SUMMARY_LINES);
  }

  private static String print(MaterializedGraph<?> m, int maxLines) {
    StringBuilder sb = new StringBuilder();
    sb.append("materialized graph: ")
        .append(plural(m.inputCount(), "input"))
        .append(", ")
        .append(plural(m.nodeCount(), "node"))
        .append('\n');
    for (int i = 0; i < m.inputCount(); i++) {
      sb.append("  v").append(i).append(" = input ").append(oneLine(m.inputKey(i).key()))
          .append(typed(m.inputType(i))).append('\n');
    }
    for (int k = 0; k < m.nodeCount(); k++) {
      if (k == maxLines) {
        appendElided(sb, m.nodeCount() - k, "node");
        break;
      }
      sb.append("  ");
      for (int s = 0; s < m.operation(k).outputArity(); s++) {
        sb.append(s == 0 ? "" : ", ").append('v').append(m.firstOutput(k) + s);
      }
      sb.append(" = ").append(operationText(m.operationKey(k))).append('(');
      for (int j = 0; j < m.operandCount(k); j++) {
        sb.append(j == 0 ? "" : ", ").append('v').append(m.operand(k, j));
      }
      sb.append(")\n");
    }
    sb.append("  outputs: ");
    for (int i = 0; i < m.outputCount(); i++) {
      if (i == maxLines) {
        appendMoreOutputs(sb, m.outputCount() - i);
        break;
      }
      sb.append(i == 0 ? "" : ", ").append('v').append(m.outputValue(i));
    }
    return sb.append('\n').toString();
  }

  /** A dump of {@code p}. */
  public static String print(CompiledProgram<?> p) {
    return print(p, Integer.MAX_VALUE);
  }

  /** {@link #print(CompiledProgram)} of at most {@link #SUMMARY_LINES} instruction lines. */
  static String summary(CompiledProgram<?> p) {
    return print(p, SUMMARY_LINES);
  }

  private static String print(CompiledProgram<?> p, int maxLines) {
    StringBuilder sb = new StringBuilder();
    sb.append("program: ")
        .append(plural(p.inputCount(), "input"))
        .append(", ")
        .append(plural(p.instructionCount(), "instruction"))
        .append(", ")
        .append(plural(p.slotCount(), "slot"))
        .append('\n');
    for (int i = 0; i < p.inputCount(); i++) {
      sb.append("  s").append(p.inputSlot(i)).append(" <- input ").append(oneLine(p.inputKeys().get(i)))
          .append(typed(p.inputType(i))).append('\n');
    }
    for (int i = 0; i < p.instructionCount(); i++) {
      if (i == maxLines) {
        appendElided(sb, p.instructionCount() - i, "instruction");
        break;
      }
      sb.append("  ");
      for (int r = 0; r < p.resultCount(i); r++) {
        sb.append(r == 0 ? "" : ", ").append('s').append(p.resultSlot(i, r));
      }
      sb.append(" = ").append(describe(p.operation(i))).append('(');
      for (int j = 0; j < p.argumentCount(i); j++) {
        sb.append(j == 0 ? "" : ", ").append('s').append(p.argumentSlot(i, j));
      }
      sb.append(")\n");
    }
    sb.append("  return ");
    for (int o = 0; o < p.outputCount(); o++) {
      if (o == maxLines) {
        appendMoreOutputs(sb, p.outputCount() - o);
        break;
      }
      sb.append(o == 0 ? "" : ", ").append('s').append(p.outputSlot(o));
    }
    return sb.append('\n').toString();
  }

  /**
   * How an operation reads in a dump: its own {@code toString} where its class defines one (a
   * record or a generated operation shows its attributes, {@code ReduceSum[axes=[0]]}), else its
   * {@link GraphOperation#name() name}.
   */
  /**
   * {@code key}'s text on one line: a line break in it printed as {@code \n} or {@code \r}, so a
   * dump keeps one line per value.
   */
  static String oneLine(Object key) {
    String text = String.valueOf(key);
    return text.indexOf('\n') < 0 && text.indexOf('\r') < 0
        ? text
        : text.replace("\n", "\\n").replace("\r", "\\r");
  }

  /**
   * {@code op} as graphs, programs and error messages print it: its {@code toString} where that
   * begins with its name, as a generated operation's does with its attributes ({@code
   * Scale[factor=1.5]}), else its name alone (a class keeping {@code Object}'s or a record's
   * {@code toString}, or one that throws).
   */
  public static String describe(GraphOperation op) {
    String name = op.name();
    try {
      String text = op.toString();
      return text != null && text.startsWith(name) ? text : name;
    } catch (RuntimeException e) {
      return name;
    }
  }

  /** {@code Mul}, or {@code Mul[linearized[fixed, active]]} for a linearized role. */
  static String operationText(OperationKey key) {
    String name = describe(key.operation());
    return key.role() instanceof OperationRole.Linearized ? name + "[" + key.role() + "]" : name;
  }

  private static String plural(int n, String noun) {
    return n + " " + noun + (n == 1 ? "" : "s");
  }
}
