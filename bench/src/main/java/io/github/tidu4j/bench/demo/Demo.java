package io.github.tidu4j.bench.demo;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.GraphPrinter;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.MaterializedGraph;
import io.github.tidu4j.graph.ResolvedView;
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.graph.testing.RandDag;
import io.github.tidu4j.graph.testing.ScalarOp;
import java.util.List;
import java.util.Map;

/**
 * The runnable demo (README's first command): builds a small graph and a second graph that refers
 * to it, resolves, materializes, compiles and evaluates them, printing each stage; then runs the
 * pipeline on a 10^6-operation RandDAG.
 */
public final class Demo {
  private Demo() {}

  public static void main(String[] args) {
    System.out.println("tidu4j demo: the graph engine\n");

    // f(x, y) = sin(x * y) + exp(x)
    GraphBuilder<ScalarOp> fb = Graph.builder();
    ValueRef.Local x = fb.input("x");
    ValueRef.Local y = fb.input("y");
    ValueRef.Local xy = fb.apply(ScalarOp.MUL, x, y);
    ValueRef.Local sin = fb.apply(ScalarOp.SIN, xy);
    ValueRef.Local f = fb.apply(ScalarOp.ADD, sin, fb.apply(ScalarOp.EXP, x));
    Graph<ScalarOp> first = fb.output(f).build();
    System.out.println("f(x, y) = sin(x*y) + exp(x):");
    System.out.println(GraphPrinter.print(first));

    // g = f * sin(x * y): a second graph that refers to the first's values by key.
    GraphBuilder<ScalarOp> gb = Graph.builder();
    ValueRef sinXy = ValueRef.external(first.valueKey(sin.id()));
    ValueRef fRef = ValueRef.external(first.outputKey(0));
    Graph<ScalarOp> second =
        gb.parent(first).output(gb.apply(ScalarOp.MUL, fRef, sinXy)).build();
    System.out.println("g = f * sin(x*y), a second graph referring to the first:");
    System.out.println(GraphPrinter.print(second));

    ResolvedView<ScalarOp> view = Graphs.resolve(second);
    MaterializedGraph<ScalarOp> m =
        Graphs.materializeMerge(view, List.of(first.outputKey(0), second.outputKey(0)));
    System.out.println("materialized (one flat graph, shared work merged by key):");
    System.out.println(GraphPrinter.print(m));

    CompiledProgram<ScalarOp> program = Graphs.compile(m);
    System.out.println(GraphPrinter.print(program));

    double xv = 0.5;
    double yv = 2.0;
    List<Double> out = Interpreter.eval(program, Map.of("x", xv, "y", yv));
    double fExpected = Math.sin(xv * yv) + Math.exp(xv);
    System.out.printf("at x = %.1f, y = %.1f:%n", xv, yv);
    System.out.printf("  f = %.15f   (closed form %.15f)%n", out.get(0), fExpected);
    System.out.printf(
        "  g = %.15f   (closed form %.15f)%n%n", out.get(1), fExpected * Math.sin(xv * yv));

    int n = 1_000_000;
    long t0 = System.nanoTime();
    RandDag dag = RandDag.generate(n, 42);
    Graph<ScalarOp> big = dag.build();
    long t1 = System.nanoTime();
    MaterializedGraph<ScalarOp> bigM = Graphs.materializeMerge(Graphs.resolve(big), big.outputKeys());
    long t2 = System.nanoTime();
    CompiledProgram<ScalarOp> bigP = Graphs.compile(bigM);
    long t3 = System.nanoTime();
    double bigY =
        Interpreter.<Double>evalPositional(bigP, List.of(0.1, 0.2, 0.3, 0.4)).get(0);
    long t4 = System.nanoTime();
    System.out.printf("RandDAG(%,d): %,d instructions in %d slots; y = %s (direct: %s)%n",
        n, bigP.instructionCount(), bigP.slotCount(), bigY, dag.evaluate(RandDag.INPUT_VALUES));
    System.out.printf(
        "  one cold run, ns per op: build %d, resolve+materialize %d, compile %d, interpret %d%n",
        (t1 - t0) / n, (t2 - t1) / n, (t3 - t2) / n, (t4 - t3) / n);
    System.out.println("  (a quick indication only; bench/RESULTS.md has the JMH figures)");
  }
}
