package io.github.tidu4j.bench.demo;

import io.github.tidu4j.ad.AD;
import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.graph.DotExporter;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphPrinter;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Graphviz;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.primitives.InputKey;
import io.github.tidu4j.primitives.scalar.ScalarBuilder;
import io.github.tidu4j.primitives.scalar.ScalarOp;
import io.github.tidu4j.primitives.scalar.ScalarValue;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes the README's picture: the primal, linear (JVP) and transposed (VJP) graphs of the seed's
 * exp(a·x) example, differentiated in x with the shipped scalar set, as one DOT file ({@code
 * expax.dot}) and, where Graphviz is installed, its SVG rendering ({@code expax.svg}). The
 * directory is the first argument, {@code docs/images} by default; the text dump of the same
 * graphs goes to standard output.
 *
 * <pre>
 * mvn -B -q -DskipTests package
 * java -cp bench/target/benchmarks.jar io.github.tidu4j.bench.demo.GraphPictures docs/images
 * </pre>
 */
public final class GraphPictures {
  private GraphPictures() {}

  /** The labels of the three clusters, in order. */
  static final List<String> LABELS = List.of("primal", "linear (JVP)", "transposed (VJP)");

  public static void main(String[] args) throws IOException {
    Path dir = Path.of(args.length > 0 ? args[0] : "docs/images");
    List<Graph<ScalarOp>> graphs = expAx();

    System.out.print(GraphPrinter.print(graphs, LABELS));
    String dot = DotExporter.export(graphs, LABELS);
    Files.createDirectories(dir);
    Path dotFile = dir.resolve("expax.dot");
    Files.writeString(dotFile, dot);
    System.out.println("\nwrote " + dotFile);

    Graphviz graphviz = Graphviz.onPath();
    if (!graphviz.isAvailable()) {
      System.out.println(
          "Graphviz is not installed, so no SVG (apt-get install graphviz, then run this again)");
      return;
    }
    Path svgFile = dir.resolve("expax.svg");
    Files.writeString(svgFile, graphviz.svg(dot));
    System.out.println("wrote " + svgFile);
  }

  /** f(a, x) = exp(a·x), its JVP in x, and that JVP transposed (the VJP), in that order. */
  static List<Graph<ScalarOp>> expAx() {
    ScalarBuilder b = ScalarBuilder.create();
    ScalarValue a = b.input(InputKey.user("a"));
    ScalarValue x = b.input(InputKey.user("x"));
    Graph<ScalarOp> f = b.build(a.mul(x).exp());

    ValueKey wrt = ValueKey.input(InputKey.user("x"));
    LinearizedGraph<ScalarOp> jvp = AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(wrt));
    LinearizedGraph<ScalarOp> vjp = AD.linearTranspose(jvp);
    return List.of(f, jvp.graph(), vjp.graph());
  }
}
