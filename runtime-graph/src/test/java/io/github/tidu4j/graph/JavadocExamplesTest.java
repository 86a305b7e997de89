package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.tidu4j.graph.testing.ScalarOp;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Javadoc examples of runtime-graph's public API, as written there (codegen-tests'
 * JavadocExamplesCompiledTest holds them to it), run over {@link Ops}, the small set the examples
 * name, with the results their comments state.
 */
class JavadocExamplesTest {

  /**
   * The operation set the examples name: the test set {@link ScalarOp} under the names a generated
   * set prints ({@code Sin}, {@code SinCos}).
   */
  static final class Ops implements EvaluableGraphOperation<Double> {
    static final Ops ADD = new Ops("Add", ScalarOp.ADD);
    static final Ops MUL = new Ops("Mul", ScalarOp.MUL);
    static final Ops NEG = new Ops("Neg", ScalarOp.NEG);
    static final Ops SIN = new Ops("Sin", ScalarOp.SIN);
    static final Ops COS = new Ops("Cos", ScalarOp.COS);
    static final Ops SIN_COS = new Ops("SinCos", ScalarOp.SIN_COS);

    private final String name;
    private final ScalarOp op;

    private Ops(String name, ScalarOp op) {
      this.name = name;
      this.op = op;
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public int inputArity() {
      return op.inputArity();
    }

    @Override
    public int outputArity() {
      return op.outputArity();
    }

    @Override
    public List<Double> eval(List<Double> in) {
      return op.eval(in);
    }

    @Override
    public String toString() {
      return name;
    }
  }

  /** {@code sin(x)·x}. */
  private static Graph<Ops> sinXTimesX() {
    GraphBuilder<Ops> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    return b.output(b.apply(Ops.MUL, b.apply(Ops.SIN, x), x)).build();
  }

  /** {@code sin(x)·y}, compiled. */
  private static MaterializedGraph<Ops> sinXTimesY() {
    GraphBuilder<Ops> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.input("y");
    Graph<Ops> g = b.output(b.apply(Ops.MUL, b.apply(Ops.SIN, x), y)).build();
    return Graphs.materializeMerge(Graphs.resolve(g), g.outputKeys());
  }

  @Test
  void activeMask() {
    ActiveMask mask = ActiveMask.of(false, true); // Mul(a, dx): a fixed, dx active
    assert mask.isActive(1) && !mask.isActive(0);
    assertTrue(mask.isActive(1));
  }

  @Test
  void compilationCache() {
    MaterializedGraph<Ops> materialized = sinXTimesY();
    CompilationCache<Ops> cache = new CompilationCache<>(256);
    CompiledProgram<Ops> p = cache.compile(materialized);
    cache.compile(sinXTimesY());
    assertEquals(1, cache.hits());
    assertEquals(List.of(Math.sin(0.5) * 2.0), Interpreter.eval(p, Map.of("x", 0.5, "y", 2.0)));
  }

  @Test
  void compiledProgram() {
    MaterializedGraph<Ops> materialized = sinXTimesY();
    CompiledProgram<Ops> p = Graphs.compile(materialized);
    List<Double> out = Interpreter.eval(p, Map.of("x", 0.5, "y", 2.0));
    assertEquals(List.of(Math.sin(0.5) * 2.0), out);
  }

  @Test
  void evaluableGraphOperation() {
    record Scale(double factor) implements EvaluableGraphOperation<Double> {
      public int inputArity() { return 1; }
      public int outputArity() { return 1; }
      public List<Double> eval(List<Double> in) { return List.of(factor * in.get(0)); }
    }
    assertEquals(List.of(5.0), new Scale(2.5).eval(List.of(2.0)));
  }

  @Test
  void graph() {
    GraphBuilder<Ops> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.apply(Ops.SIN, b.apply(Ops.MUL, x, x));
    Graph<Ops> g = b.output(y).build();
    assertEquals(List.of(Math.sin(0.25)), Interpreter.eval(Graphs.compile(Graphs.materialize(g)),
        Map.of("x", 0.5)));
  }

  @Test
  void graphBuilder() {
    GraphBuilder<Ops> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    List<ValueRef.Local> sc = b.applyMulti(Ops.SIN_COS, x); // a two-output operation
    Graph<Ops> g = b.output(b.apply(Ops.ADD, sc.get(0), sc.get(1))).build();
    assertEquals(List.of(Math.sin(0.5) + Math.cos(0.5)),
        Interpreter.eval(Graphs.compile(Graphs.materialize(g)), Map.of("x", 0.5)));
  }

  @Test
  void graphException() {
    CompiledProgram<Ops> program = Graphs.compile(sinXTimesY());
    try {
      Interpreter.eval(program, Map.of("x", 1.0));        // the program also takes "y"
    } catch (GraphException e) {
      System.err.println(e.getMessage());                  // names the unbound input y
    }
    GraphException e =
        assertThrows(GraphException.class, () -> Interpreter.eval(program, Map.of("x", 1.0)));
    assertTrue(e.getMessage().contains("y"), e.getMessage());
  }

  @Test
  void graphOperation() {
    enum Arith implements GraphOperation {
      ADD, NEG;
      public int inputArity() { return this == ADD ? 2 : 1; }
      public int outputArity() { return 1; }
    }
    assertEquals(2, Arith.ADD.inputArity());
    assertEquals(1, Arith.NEG.inputArity());
  }

  @Test
  void graphPrinter() {
    Graph<Ops> graph = sinXTimesX();
    System.out.println(GraphPrinter.print(graph));
    // graph: 1 input, 2 nodes, 0 parents
    //   %0 = input x
    //   %1 = Sin(%0)
    //   %2 = Mul(%1, %0)
    //   outputs: %2
    String dump = GraphPrinter.print(graph);
    for (String line : List.of("graph: 1 input, 2 nodes, 0 parents", "%0 = input x",
        "%1 = Sin(%0)", "%2 = Mul(%1, %0)", "outputs: %2")) {
      assertTrue(dump.contains(line), dump);
    }
  }

  @Test
  void graphs() {
    GraphBuilder<Ops> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    Graph<Ops> g = b.output(b.apply(Ops.SIN, x)).build();
    ResolvedView<Ops> view = Graphs.resolve(g);
    MaterializedGraph<Ops> m = Graphs.materializeMerge(view, g.outputKeys());
    CompiledProgram<Ops> p = Graphs.compile(m);
    List<Double> y = Interpreter.eval(p, Map.of("x", 0.5));
    assertEquals(List.of(Math.sin(0.5)), y);
  }

  @Test
  void interpreter() {
    GraphBuilder<Ops> b = Graph.builder();
    CompiledProgram<Ops> program =
        Graphs.compile(Graphs.materialize(b.output(b.apply(Ops.COS, b.input("x"))).build()));
    List<Double> y = Interpreter.eval(program, Map.of("x", 0.5));
    assertEquals(List.of(Math.cos(0.5)), y);
  }

  @Test
  void keyScope() {
    Object tangentKey = "dx";
    KeyScope pass = KeyScope.open();
    GraphBuilder<Ops> b = Graph.builder(pass);
    ValueRef.Local dx = b.input(tangentKey);       // scoped: keys built on it are interned in pass
    Graph<Ops> g = b.output(b.apply(Ops.NEG, dx)).build();
    assertEquals(ValueKey.input("dx"), g.valueKey(dx.id()));
  }

  /** {@code y = sin(x)·x} and the view over its graph. */
  @Test
  void logicalOrder() {
    Graph<Ops> g = sinXTimesX();
    ResolvedView<Ops> view = Graphs.resolve(g);
    ValueKey y = g.outputKey(0);
    LogicalOrder<Ops> order = view.topologicalOrder(List.of(y));
    for (int k = 0; k < order.size(); k++) {
      Ops op = order.operation(k);   // its operands, order.operandValue(k, j), come earlier
    }
    assertEquals(2, order.size());
    assertSame(Ops.SIN, order.operation(0));
    assertSame(Ops.MUL, order.operation(1));
  }

  /** A primal graph {@code sin(x)} and a linear graph {@code x·sin(x)} referring to it. */
  @Test
  void materializedGraphValueRefAndResolvedView() {
    GraphBuilder<Ops> pb = Graph.builder();
    Graph<Ops> primal = pb.output(pb.apply(Ops.SIN, pb.input("x"))).build();

    GraphBuilder<Ops> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef y = ValueRef.external(primal.outputKey(0));
    b.output(b.apply(Ops.MUL, x, y));
    Graph<Ops> linear = b.parent(primal).build();
    List<ValueKey> outputs = linear.outputKeys();

    MaterializedGraph<Ops> m = Graphs.materializeMerge(Graphs.resolve(primal, linear), outputs);
    System.out.println(m); // a text dump
    assertEquals(List.of(0.5 * Math.sin(0.5)),
        Interpreter.eval(Graphs.compile(m), Map.of("x", 0.5)));

    System.out.print(GraphPrinter.print(Graphs.resolve(linear))); // linear, then its parents
    assertTrue(GraphPrinter.print(Graphs.resolve(linear)).contains("== graph 1 =="));

    ValueKey someKey = primal.outputKey(0);
    ResolvedView<Ops> view = Graphs.resolve(linear);   // finds the primal through linear.parents()
    ResolvedView.Site<Ops> site = view.site(someKey);   // where that value is defined
    assertSame(primal, site.graph());
  }

  @Test
  void operationKey() {
    ValueKey x = ValueKey.input("x");
    ValueKey y = ValueKey.input("y");
    OperationKey add = OperationKey.of(Ops.ADD, List.of(x, y), OperationRole.primary());
    ValueKey sum = add.output(0);
    assertSame(sum, OperationKey.of(Ops.ADD, List.of(x, y), OperationRole.primary()).output(0));
  }

  @Test
  void operationRole() {
    OperationRole primal = OperationRole.primary();
    OperationRole linear = OperationRole.linearized(ActiveMask.of(false, true));
    assertTrue(!primal.equals(linear));
  }

  @Test
  void valueDescription() {
    ValueKey x = ValueKey.input("x");
    ValueKey y = OperationKey.of(Ops.COS, List.of(
        OperationKey.of(Ops.SIN, List.of(x), OperationRole.primary())), OperationRole.primary());
    assert ValueDescription.of(y).equals("Cos(Sin(x))");
    assertEquals("Cos(Sin(x))", ValueDescription.of(y));
  }

  @Test
  void valueDescriptionListed() {
    assert ValueDescription.listed(List.of("x", "y")).equals("[x, y]");
    assertEquals("[x, y]", ValueDescription.listed(List.of("x", "y")));
    assert ValueDescription.text("x".repeat(500)).length() == ValueDescription.MAX_LENGTH;
    assertEquals(ValueDescription.MAX_LENGTH, ValueDescription.text("x".repeat(500)).length());
  }

  @Test
  void valueKey() {
    ValueKey x = ValueKey.input("x");
    OperationKey sinX = OperationKey.of(Ops.SIN, List.of(x), OperationRole.primary());
    ValueKey y = sinX.output(0);
    assert y == OperationKey.of(Ops.SIN, List.of(ValueKey.input("x")), OperationRole.primary()).output(0);
    assertSame(y, OperationKey.of(Ops.SIN, List.of(x), OperationRole.primary()).output(0));
  }

  // ---- DOT export and Graphviz: files go to a temporary directory; rendering needs dot ----

  /** {@code sin(x)·x} and a linear graph reading its output, as the export examples name them. */
  @Test
  void dotExporter(@TempDir Path dir) throws IOException {
    Graph<Ops> graph = sinXTimesX();
    GraphBuilder<Ops> b = Graph.builder();
    Graph<Ops> linear = b.parent(graph)
        .output(b.apply(Ops.MUL, b.input("dx"), ValueRef.external(graph.outputKey(0)))).build();

    Files.writeString(dir.resolve("g.dot"), DotExporter.export(graph));
    Files.writeString(dir.resolve("view.dot"), DotExporter.export(Graphs.resolve(linear)));
    assertTrue(Files.readString(dir.resolve("g.dot")).startsWith("digraph"));
    assertTrue(Files.readString(dir.resolve("view.dot")).contains("cluster_1"));
  }

  @Test
  void graphvizWhereAvailable(@TempDir Path dir) throws IOException {
    Graph<Ops> graph = sinXTimesX();
    Graphviz graphviz = Graphviz.onPath();
    String dot = DotExporter.export(graph);
    if (graphviz.isAvailable()) {
      Files.writeString(dir.resolve("graph.svg"), graphviz.svg(dot));
    }
    assertEquals(graphviz.isAvailable(), Files.exists(dir.resolve("graph.svg")));
  }

  @Test
  void graphvizExecutable() {
    Graphviz.onPath().executable().ifPresent(dot -> System.out.println("rendering with " + dot));
    assertEquals(Graphviz.onPath().isAvailable(), Graphviz.onPath().executable().isPresent());
  }

  @Test
  void graphvizAtAPath() {
    Graphviz graphviz = new Graphviz("/opt/graphviz/bin/dot", Duration.ofSeconds(10));
    assertEquals(Files.isExecutable(Path.of("/opt/graphviz/bin/dot")), graphviz.isAvailable());
  }

  @Test
  void graphvizException() {
    String dot = DotExporter.export(sinXTimesX());
    String svg = null;
    try {
      svg = Graphviz.onPath().svg(dot);
    } catch (GraphvizException e) {
      if (e.reason() != GraphvizException.Reason.NOT_INSTALLED) {
        throw e;
      }
      System.err.println(e.getMessage()); // how to install it; the DOT text can still be saved
    }
    assertEquals(Graphviz.onPath().isAvailable(), svg != null);
    if (svg == null) {
      GraphvizException e =
          assertThrows(GraphvizException.class, () -> Graphviz.onPath().svg(dot));
      boolean installIt = e.reason() == GraphvizException.Reason.NOT_INSTALLED;
      assertTrue(installIt);
    }
  }

  /** Runs only where Graphviz is installed. */
  @Test
  void graphvizRenders(@TempDir Path dir) throws IOException {
    Graph<Ops> graph = sinXTimesX();
    assumeTrue(Graphviz.onPath().isAvailable(), "Graphviz is not installed"); // in a test
    String svg = Graphviz.onPath().svg(DotExporter.export(graph));
    Files.writeString(dir.resolve("graph.svg"), Graphviz.onPath().svg(DotExporter.export(graph)));
    Files.write(dir.resolve("graph.png"), Graphviz.onPath().render(DotExporter.export(graph), "png"));
    assertTrue(svg.contains("<svg"));
    assertTrue(Files.size(dir.resolve("graph.png")) > 0);
  }

  @Test
  void lruMap() {
    MaterializedGraph<Ops> m = sinXTimesY();
    LruMap<MaterializedGraph<Ops>, CompiledProgram<Ops>> programs = new LruMap<>(256);
    CompiledProgram<Ops> p = programs.get(m);
    if (p == null) {
      p = programs.putIfAbsent(m, Graphs.compile(m));   // the winner, if another thread raced
    }
    LruMap<String, byte[]> files = new LruMap<>(1_000, 1 << 20, bytes -> bytes.length); // ≤ 1 MiB
    files.putIfAbsent("a", new byte[3]);
    assertEquals(3, files.weight());
    assertSame(p, programs.get(m));
    assertSame(p, programs.putIfAbsent(m, Graphs.compile(m)));
  }

  @Test
  void lruMapOfSharedParts() {
    LruMap<String, List<byte[]>> shared =   // arrays shared by several lists count once
        new LruMap<>(100, 1 << 20, arrays -> arrays, array -> ((byte[]) array).length);
    byte[] data = new byte[1000];
    shared.putIfAbsent("f", List.of(data));
    shared.putIfAbsent("grad f", List.of(data, new byte[10]));
    assertEquals(1010, shared.weight());
  }

  @Test
  void operationTableExample() {
    OperationTable<Ops> table = new OperationTable<>(100_000);  // two chunks
    table.set(70_000, Ops.SIN);
    Ops op = table.get(70_000);                                  // Ops.SIN
    assertSame(Ops.SIN, op);
  }
}
