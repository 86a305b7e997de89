package com.example.softplus;

import io.github.tidu4j.ad.AD;
import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphPrinter;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.ValueKey;
import java.util.List;
import java.util.Map;

/**
 * The five-minute tour: {@code f(x) = softplus(x)·x} built from the {@link Activations} set,
 * differentiated twice, compiled once and evaluated; then the graphs are printed.
 *
 * <p>Run with {@code mvn -B compile exec:java} (optionally {@code -Dexec.args=-3.5} for another
 * point).
 */
public final class Tour {
  private Tour() {}

  /** {@code f(x) = softplus(x)·x}, with one input named {@code "x"}. */
  public static Graph<ActivationsOp> softplusTimesX() {
    ActivationsBuilder b = ActivationsBuilder.create();
    ActivationsValue x = b.input("x");
    return b.build(x.softplus().mul(x));
  }

  /** {@code f''(at)} the short way: the functional API's grad of grad, compiled once, cached. */
  public static double secondDerivative(double at) {
    ScalarAutodiff<ActivationsOp> ad =
        ScalarAutodiff.of(ActivationsOp.class, ActivationsEvaluator::new);
    ScalarFunction<ActivationsOp> f =
        ad.function(ActivationsValue.unary(x -> x.softplus().mul(x)));
    return ad.grad(ad.grad(f)).apply(at);
  }

  public static void main(String[] args) {
    double at = args.length > 0 ? Double.parseDouble(args[0]) : 2.0;
    Graph<ActivationsOp> f = softplusTimesX();
    ValueKey x = ValueKey.input("x");

    // f'·t1: a new graph with one tangent input t1; it refers to f's values by key, never copies
    LinearizedGraph<ActivationsOp> d1 =
        AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(x));
    // f''·t1·t2: resolve the first-order graph (it reaches f through its parents), linearize again
    LinearizedGraph<ActivationsOp> d2 =
        AD.linearize(Graphs.resolve(d1.graph()), d1.linearOutputs(), List.of(x));

    // flatten once, late: one program computes f, f'·t1 and f''·t1·t2
    List<ValueKey> outputs = List.of(f.outputKey(0), d1.linearOutput(0), d2.linearOutput(0));
    CompiledProgram<ActivationsOp> program = Graphs.compile(Graphs.resolve(d2.graph()), outputs);

    // the generated evaluator: unboxed doubles, inputs bound by key, seeds t1 = t2 = 1
    double[] y =
        new ActivationsEvaluator(program)
            .evaluate(Map.of("x", at, d1.linearInput(0), 1.0, d2.linearInput(0), 1.0));
    System.out.printf("f(%s) = %s%nf'(%s) = %s%nf''(%s) = %s%n", at, y[0], at, y[1], at, y[2]);
    System.out.printf("grad(grad(f))(%s) = %s%n", at, secondDerivative(at));

    // the three graphs under labels: an external reference names the graph and value defining it
    List<Graph<ActivationsOp>> graphs = List.of(f, d1.graph(), d2.graph());
    System.out.print("\n" + GraphPrinter.print(graphs, List.of("f", "f'", "f''")));
    System.out.print("\n== compiled ==\n" + GraphPrinter.print(program));
  }
}
