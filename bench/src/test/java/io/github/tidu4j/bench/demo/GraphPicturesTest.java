package io.github.tidu4j.bench.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.DotExporter;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphPrinter;
import io.github.tidu4j.graph.Graphviz;
import io.github.tidu4j.primitives.scalar.ScalarOp;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GraphPicturesTest {
  private static final Path CHECKED_IN = Path.of("..", "docs", "images", "expax.dot");

  /** Pass ids depend on how many transforms the JVM ran before; the picture does not. */
  private static String withoutPassIds(String dot) {
    return dot.replaceAll("@[0-9]+", "@N");
  }

  @Test
  void theReadmePictureIsWhatTheGeneratorWritesToday() throws Exception {
    assertTrue(Files.exists(CHECKED_IN), CHECKED_IN.toAbsolutePath() + " is missing");
    String generated = DotExporter.export(GraphPictures.expAx(), GraphPictures.LABELS);
    assertEquals(
        withoutPassIds(Files.readString(CHECKED_IN)),
        withoutPassIds(generated),
        "docs/images/expax.dot is stale: regenerate it (and the SVG) with `java -cp"
            + " bench/target/benchmarks.jar io.github.tidu4j.bench.demo.GraphPictures docs/images`");
  }

  @Test
  void theReadmeSnippetPrintsExportsAndRenders(@TempDir Path dir) throws Exception {
    List<Graph<ScalarOp>> expAx = GraphPictures.expAx();
    Graph<ScalarOp> f = expAx.get(0);
    Graph<ScalarOp> linear = expAx.get(1);
    Graph<ScalarOp> transposed = expAx.get(2);

    // as in README.md, "Looking at graphs"
    List<Graph<ScalarOp>> graphs = List.of(f, linear, transposed);
    List<String> labels = List.of("primal", "linear (JVP)", "transposed (VJP)");
    String text = GraphPrinter.print(graphs, labels);          // roles, masks, ext(… from primal %3)
    String dot = DotExporter.export(graphs, labels);           // one cluster per graph, wired by key
    Files.writeString(dir.resolve("expax.dot"), dot);
    Graphviz graphviz = Graphviz.onPath();                     // `dot` on PATH, run with a timeout
    if (graphviz.isAvailable()) {
      Files.writeString(dir.resolve("expax.svg"), graphviz.svg(dot));
    }
    // (end of the README snippet)
    if (graphviz.isAvailable()) {
      assertTrue(Files.readString(dir.resolve("expax.svg")).contains(">transposed (VJP)</text>"));
    }

    assertTrue(text.contains("== linear (JVP) ==\n"), text);
    assertTrue(text.contains("Mul[linearized[fixed, active]](ext(Input(a) from primal %0)"), text);
    assertTrue(dot.contains("  subgraph cluster_2 {\n    label=\"transposed (VJP)\";\n"), dot);
  }
}
