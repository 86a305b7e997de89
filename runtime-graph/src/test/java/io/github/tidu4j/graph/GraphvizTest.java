package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GraphvizTest {
  private static final Duration FIVE_SECONDS = Duration.ofSeconds(5);

  @TempDir Path temp;

  // ---- always run: no Graphviz needed ----

  @Test
  void aMissingExecutableIsNotAvailableAndSaysHowToInstallGraphviz() {
    Graphviz graphviz = new Graphviz("/nonexistent/tidu4j/bin/dot", FIVE_SECONDS);
    assertFalse(graphviz.isAvailable());
    assertTrue(graphviz.executable().isEmpty());
    GraphvizException e = assertThrows(GraphvizException.class, () -> graphviz.svg("digraph G {}"));
    assertEquals(GraphvizException.Reason.NOT_INSTALLED, e.reason());
    assertTrue(e.getMessage().startsWith("Graphviz is not installed"), e.getMessage());
    assertTrue(e.getMessage().contains("/nonexistent/tidu4j/bin/dot"), e.getMessage());
    assertTrue(e.getMessage().contains("apt-get install graphviz"), e.getMessage());
  }

  @Test
  void aNameNotOnPathIsNotAvailableAndTheMessageSaysWhereItLooked() {
    Graphviz graphviz = new Graphviz("tidu4j-no-such-dot-program", FIVE_SECONDS);
    assertFalse(graphviz.isAvailable());
    GraphvizException e =
        assertThrows(GraphvizException.class, () -> graphviz.render("digraph G {}", "png"));
    assertEquals(GraphvizException.Reason.NOT_INSTALLED, e.reason());
    assertTrue(e.getMessage().contains("'tidu4j-no-such-dot-program' on PATH"), e.getMessage());
  }

  @Test
  void passesTheFormatAndTheDotTextAndReturnsWhatTheProgramWrites() throws IOException {
    Path fake = script("fake-dot", "printf '%s\\n' \"$1\"", "cat \"$2\"");
    String out = new Graphviz(fake.toString(), FIVE_SECONDS).svg("digraph G { a -> b; }\n");
    assertEquals("-Tsvg\ndigraph G { a -> b; }\n", out);
    byte[] bytes = new Graphviz(fake.toString(), FIVE_SECONDS).render("x", "png");
    assertArrayEquals("-Tpng\nx".getBytes(StandardCharsets.UTF_8), bytes);
  }

  @Test
  void aNonZeroExitIsReportedWithTheProgramsStderr() throws IOException {
    Path failing =
        script("failing-dot", "echo 'Error: <stdin>: syntax error in line 1 near x' >&2", "exit 3");
    GraphvizException e =
        assertThrows(
            GraphvizException.class,
            () -> new Graphviz(failing.toString(), FIVE_SECONDS).svg("not dot"));
    assertEquals(GraphvizException.Reason.FAILED, e.reason());
    assertTrue(e.getMessage().contains("exited with status 3"), e.getMessage());
    assertTrue(e.getMessage().contains("syntax error in line 1 near x"), e.getMessage());
  }

  @Test
  void aProgramThatDoesNotFinishIsKilledAtTheTimeout() throws IOException {
    Path stuck = script("stuck-dot", "exec sleep 60");
    long start = System.nanoTime();
    GraphvizException e =
        assertThrows(
            GraphvizException.class,
            () -> new Graphviz(stuck.toString(), Duration.ofMillis(300)).svg("digraph G {}"));
    long elapsedMillis = (System.nanoTime() - start) / 1_000_000;
    assertEquals(GraphvizException.Reason.TIMED_OUT, e.reason());
    assertTrue(e.getMessage().contains("did not finish within 300 ms"), e.getMessage());
    assertTrue(elapsedMillis < 20_000, "returned after " + elapsedMillis + " ms");
  }

  @Test
  void rejectsBadArgumentsUpFront() {
    assertThrows(IllegalArgumentException.class, () -> new Graphviz("", FIVE_SECONDS));
    assertThrows(IllegalArgumentException.class, () -> new Graphviz("dot", Duration.ZERO));
    Graphviz graphviz = new Graphviz("/nonexistent/dot", FIVE_SECONDS);
    IllegalArgumentException format =
        assertThrows(
            IllegalArgumentException.class, () -> graphviz.render("digraph G {}", "svg -o /x"));
    assertTrue(format.getMessage().contains("not a Graphviz output format"), format.getMessage());
    assertThrows(IllegalArgumentException.class, () -> graphviz.svg(null));
  }

  // ---- with Graphviz installed ----

  @Test
  void rendersClusteredGraphsToSvgWhenGraphvizIsInstalled() {
    Graphviz graphviz = Graphviz.onPath();
    assumeTrue(
        graphviz.isAvailable(),
        "Graphviz (dot) is not on PATH, so this rendering test is skipped;"
            + " apt-get install graphviz to run it");
    ExpAxGraphs e = new ExpAxGraphs();
    String svg = graphviz.svg(DotExporter.export(e.all(), ExpAxGraphs.LABELS));
    assertTrue(svg.contains("<svg"), svg);
    assertTrue(svg.contains(">primal</text>"), svg);
    assertTrue(svg.contains(">linear (JVP)</text>"), svg);
    assertTrue(svg.contains(">transposed (VJP)</text>"), svg);
    assertTrue(svg.contains("stroke-dasharray"), "external references are dashed: " + svg);

    byte[] png = graphviz.render(DotExporter.export(e.primal), "png");
    assertArrayEquals(
        new byte[] {(byte) 0x89, 'P', 'N', 'G'}, Arrays.copyOf(png, 4), "a PNG image");
  }

  @Test
  void reportsDotSyntaxErrorsWhenGraphvizIsInstalled() {
    Graphviz graphviz = Graphviz.onPath();
    assumeTrue(
        graphviz.isAvailable(),
        "Graphviz (dot) is not on PATH, so this rendering test is skipped;"
            + " apt-get install graphviz to run it");
    GraphvizException e =
        assertThrows(GraphvizException.class, () -> graphviz.svg("digraph G { a -> ; }"));
    assertEquals(GraphvizException.Reason.FAILED, e.reason());
    assertTrue(e.getMessage().contains("syntax error"), e.getMessage());
  }

  /** An executable shell script in the temporary directory; skips the test where there is none. */
  private Path script(String name, String... lines) throws IOException {
    assumeTrue(Files.isExecutable(Path.of("/bin/sh")), "needs /bin/sh to stand in for dot");
    Path file = temp.resolve(name);
    Files.writeString(file, "#!/bin/sh\n" + String.join("\n", lines) + "\n");
    assumeTrue(file.toFile().setExecutable(true), "cannot make " + file + " executable");
    assumeTrue(Files.isExecutable(file), file + " is not executable here (noexec?)");
    return file;
  }
}
