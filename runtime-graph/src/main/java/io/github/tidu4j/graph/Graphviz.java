package io.github.tidu4j.graph;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Renders DOT text (from {@link DotExporter}) to SVG or another format by running Graphviz's
 * {@code dot}, where it is installed. Nothing is bundled: the executable is looked up on {@code
 * PATH} (or given), and if it is missing every rendering call throws a {@link GraphvizException}
 * saying so and how to install it ({@code apt-get install graphviz}); {@link #isAvailable()} asks
 * first. Each call runs one {@code dot} process with a timeout, through temporary files rather
 * than pipes, so a large graph or a stuck process can neither deadlock nor hang the caller.
 *
 * <pre>{@code
 * Graphviz graphviz = Graphviz.onPath();
 * String dot = DotExporter.export(graph);
 * if (graphviz.isAvailable()) {
 *   Files.writeString(dir.resolve("graph.svg"), graphviz.svg(dot));
 * }
 * }</pre>
 */
public final class Graphviz {
  /** How long one rendering may take before {@code dot} is killed. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);

  private static final String INSTALL_HINT =
      "install Graphviz (Debian/Ubuntu: apt-get install graphviz; Fedora: dnf install graphviz;"
          + " macOS: brew install graphviz; others: https://graphviz.org/download/), or save the"
          + " DOT text and render it elsewhere";
  private static final Pattern FORMAT = Pattern.compile("[a-z0-9_:]+");

  private final String executable;
  private final Duration timeout;

  /**
   * A renderer running {@code executable} with {@code timeout} per call. A bare name ({@code
   * "dot"}) is looked up on {@code PATH}; anything with a path separator is used as it is.
   *
   * <pre>{@code
   * Graphviz graphviz = new Graphviz("/opt/graphviz/bin/dot", Duration.ofSeconds(10));
   * }</pre>
   */
  public Graphviz(String executable, Duration timeout) {
    if (executable == null || executable.isEmpty()) {
      throw new IllegalArgumentException("needs the name or path of the dot executable");
    }
    if (timeout == null || timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("the timeout must be positive, not " + timeout);
    }
    this.executable = executable;
    this.timeout = timeout;
  }

  /**
   * A renderer running {@code dot} from {@code PATH}, with {@link #DEFAULT_TIMEOUT}.
   *
   * <pre>{@code
   * String svg = Graphviz.onPath().svg(DotExporter.export(graph));
   * }</pre>
   */
  public static Graphviz onPath() {
    return new Graphviz("dot", DEFAULT_TIMEOUT);
  }

  /**
   * The {@code dot} executable this renderer would run, if it exists and is executable.
   *
   * <pre>{@code
   * Graphviz.onPath().executable().ifPresent(dot -> System.out.println("rendering with " + dot));
   * }</pre>
   */
  public Optional<Path> executable() {
    if (executable.indexOf('/') >= 0 || executable.indexOf(File.separatorChar) >= 0) {
      Path path = Path.of(executable);
      return Files.isRegularFile(path) && Files.isExecutable(path)
          ? Optional.of(path)
          : Optional.empty();
    }
    String pathVariable = System.getenv("PATH");
    if (pathVariable == null) {
      return Optional.empty();
    }
    String[] names =
        File.separatorChar == '\\'
            ? new String[] {executable, executable + ".exe"}
            : new String[] {executable};
    for (String dir : pathVariable.split(Pattern.quote(File.pathSeparator))) {
      if (dir.isEmpty()) {
        continue;
      }
      for (String name : names) {
        Path candidate;
        try {
          candidate = Path.of(dir, name);
        } catch (InvalidPathException e) {
          continue; // a malformed PATH entry cannot hold dot
        }
        if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
          return Optional.of(candidate);
        }
      }
    }
    return Optional.empty();
  }

  /**
   * Whether {@code dot} can be found, so that rendering can be attempted.
   *
   * <pre>{@code
   * assumeTrue(Graphviz.onPath().isAvailable(), "Graphviz is not installed"); // in a test
   * }</pre>
   */
  public boolean isAvailable() {
    return executable().isPresent();
  }

  /**
   * {@code dot -Tsvg} of {@code dot}: the SVG document.
   *
   * <pre>{@code
   * Files.writeString(dir.resolve("graph.svg"), Graphviz.onPath().svg(DotExporter.export(graph)));
   * }</pre>
   *
   * @throws GraphvizException if Graphviz is not installed, {@code dot} fails (the message carries
   *     its stderr), or it does not finish within the timeout
   */
  public String svg(String dot) {
    return new String(render(dot, "svg"), StandardCharsets.UTF_8);
  }

  /**
   * {@code dot -T<format>} of {@code dot}: the rendered bytes, for example a PNG image for {@code
   * "png"}.
   *
   * <pre>{@code
   * Files.write(dir.resolve("graph.png"), Graphviz.onPath().render(DotExporter.export(graph), "png"));
   * }</pre>
   *
   * @throws GraphvizException if Graphviz is not installed, {@code dot} fails (the message carries
   *     its stderr), or it does not finish within the timeout
   */
  public byte[] render(String dot, String format) {
    if (dot == null) {
      throw new IllegalArgumentException("needs DOT text to render");
    }
    if (format == null || !FORMAT.matcher(format).matches()) {
      throw new IllegalArgumentException(
          "not a Graphviz output format: " + format + " (for example svg, png, pdf)");
    }
    Path exe =
        executable()
            .orElseThrow(
                () ->
                    new GraphvizException(
                        GraphvizException.Reason.NOT_INSTALLED,
                        "Graphviz is not installed: no executable "
                            + describeLookup()
                            + "; "
                            + INSTALL_HINT,
                        null));
    Path dir = null;
    try {
      dir = Files.createTempDirectory("tidu4j-graphviz");
      Path in = dir.resolve("graph.dot");
      Path out = dir.resolve("graph." + format.replace(':', '_'));
      Path err = dir.resolve("stderr.txt");
      Files.writeString(in, dot, StandardCharsets.UTF_8);
      return run(exe, format, in, out, err);
    } catch (IOException e) {
      throw new GraphvizException(
          GraphvizException.Reason.FAILED, "could not run " + exe + ": " + e.getMessage(), e);
    } finally {
      deleteQuietly(dir);
    }
  }

  private byte[] run(Path exe, String format, Path in, Path out, Path err) throws IOException {
    Process process;
    try {
      process =
          new ProcessBuilder(exe.toString(), "-T" + format, in.toString())
              .redirectOutput(out.toFile())
              .redirectError(err.toFile())
              .start();
    } catch (IOException e) {
      throw new GraphvizException(
          GraphvizException.Reason.NOT_INSTALLED,
          "Graphviz could not be started (" + exe + "): " + e.getMessage() + "; " + INSTALL_HINT,
          e);
    }
    process.getOutputStream().close(); // the input is a file argument; dot reads nothing else
    boolean finished;
    try {
      finished = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new GraphvizException(
          GraphvizException.Reason.TIMED_OUT, "interrupted while waiting for " + exe, e);
    }
    if (!finished) {
      process.destroyForcibly();
      throw new GraphvizException(
          GraphvizException.Reason.TIMED_OUT,
          exe + " -T" + format + " did not finish within " + timeout.toMillis()
              + " ms and was killed; the graph may be too large to lay out, try a smaller one or"
              + " a longer timeout",
          null);
    }
    if (process.exitValue() != 0) {
      String stderr = Files.readString(err, StandardCharsets.UTF_8).strip();
      throw new GraphvizException(
          GraphvizException.Reason.FAILED,
          exe + " -T" + format + " exited with status " + process.exitValue()
              + (stderr.isEmpty() ? " and printed nothing" : ": " + stderr),
          null);
    }
    return Files.readAllBytes(out);
  }

  private String describeLookup() {
    if (executable.indexOf('/') >= 0 || executable.indexOf(File.separatorChar) >= 0) {
      return executable;
    }
    return "'" + executable + "' on PATH (" + System.getenv("PATH") + ")";
  }

  private static void deleteQuietly(Path dir) {
    if (dir == null) {
      return;
    }
    try (Stream<Path> files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException | RuntimeException e) {
      // a leftover temporary file is not worth failing a rendering for
    }
  }

  @Override
  public String toString() {
    return "Graphviz[" + executable + ", timeout " + timeout.toMillis() + " ms]";
  }
}
