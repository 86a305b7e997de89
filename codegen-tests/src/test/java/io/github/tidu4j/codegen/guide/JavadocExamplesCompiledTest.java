package io.github.tidu4j.codegen.guide;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every {@code <pre>{@code ...}</pre>} example in the Javadoc of the main sources of every module
 * stands, line for line up to indentation, in a compiled test source (of any module, or of an
 * example project), where a test runs it and asserts what its comments promise. An example's blank
 * lines separate pieces that may stand apart (a declaration and its use). An example containing
 * {@code …} is an outline and is skipped, and counted. The processor has no public API: its
 * classes' examples quote their call sites, so they may stand in the processor's own main sources,
 * which every build runs on the fixture sets (a Javadoc line keeps its margin there, so an example
 * never matches itself).
 *
 * <p>The Javadoc the processor generates has examples too: as generated for the {@code Real}
 * fixture set, each stands in a test source as well ({@link GeneratedExamplesRunTest} runs them).
 *
 * <p>An example listed in {@code src/test/resources/javadoc-examples-pending.txt} (its file and
 * its first line) is not compiled yet: the list is the visible debt, and the test fails both when
 * an unlisted example is not found and when a listed one is found (so the list only shrinks).
 */
class JavadocExamplesCompiledTest {
  private static final List<String> MODULES =
      List.of("annotations", "runtime-graph", "runtime-ad", "processor", "primitives");
  private static final Path PENDING =
      Snippets.ROOT.resolve("codegen-tests/src/test/resources/javadoc-examples-pending.txt");
  private static final String OPEN = "<pre>{@code";
  private static final String CLOSE = "}</pre>";

  /** One example: the file, its first line's text and the pieces separated by blank lines. */
  record Example(String file, int line, String firstLine, List<List<Snippets.Line>> pieces) {
    String pendingEntry() {
      return file + "\t" + firstLine;
    }
  }

  @Test
  void everyJavadocExampleIsInACompiledTest() throws IOException {
    List<Snippets.Source> tests = Snippets.sources(Snippets.ROOT, Snippets::isTestSource, false);
    List<Snippets.Source> testsAndProcessor =
        Snippets.sources(
            Snippets.ROOT,
            path -> Snippets.isTestSource(path) || path.startsWith("processor/src/main/java/"),
            false);
    Set<String> pending = pending();
    Set<String> stillPending = new LinkedHashSet<>();
    List<String> missing = new ArrayList<>();
    int examples = 0;
    int outlines = 0;
    int compiled = 0;
    Set<String> compiledEntries = new LinkedHashSet<>();
    for (Example example : examples()) {
      examples++;
      if (example.pieces().stream().flatMap(List::stream).anyMatch(l -> l.text().contains("…"))) {
        outlines++;
        continue;
      }
      Snippets.Line notFound = null;
      for (List<Snippets.Line> piece : example.pieces()) {
        notFound =
            Snippets.firstMissing(
                piece, example.file().startsWith("processor/") ? testsAndProcessor : tests);
        if (notFound != null) {
          break;
        }
      }
      if (notFound == null) {
        compiled++;
        compiledEntries.add(example.pendingEntry());
        if (pending.contains(example.pendingEntry())) {
          missing.add(example.file() + ":" + example.line()
              + ": is compiled now; remove it from " + PENDING.getFileName());
        }
      } else if (pending.contains(example.pendingEntry())) {
        stillPending.add(example.pendingEntry());
      } else {
        missing.add(example.file() + ":" + example.line() + ": line " + notFound.number()
            + " is in no test source: " + notFound.text());
      }
    }
    Set<String> stale = new LinkedHashSet<>(pending);
    stale.removeAll(stillPending);
    stale.removeAll(compiledEntries);
    for (String entry : stale) {
      missing.add(PENDING.getFileName() + ": no such example, or an outline now: "
          + entry.replace('\t', ' '));
    }
    System.out.printf(
        "Javadoc examples: %d, compiled in tests: %d, outlines (…): %d, pending: %d%n",
        examples, compiled, outlines, stillPending.size());
    assertTrue(examples >= 100, "only " + examples + " Javadoc examples found");
    assertTrue(
        missing.isEmpty(),
        "Javadoc examples not found in any test source (copy the example, line for line, into a"
            + " test that runs it; or fix the example):\n"
            + String.join("\n", missing));
  }

  @Test
  void everyExampleOfTheGeneratedJavadocIsInACompiledTest() throws IOException {
    List<Snippets.Source> tests = Snippets.sources(Snippets.ROOT, Snippets::isTestSource, false);
    Path generated =
        Snippets.ROOT.resolve(
            "codegen-tests/target/generated-test-sources/test-annotations/io/github/tidu4j/fixtures");
    List<String> missing = new ArrayList<>();
    int examples = 0;
    try (Stream<Path> paths = Files.list(generated)) {
      for (Path path : paths.filter(p -> p.getFileName().toString().matches("(Real[A-Z]\\w*|EagerReal)\\.java"))
          .sorted().toList()) {
        String file = Snippets.ROOT.relativize(path).toString().replace('\\', '/');
        for (Example example : examplesOf(file, Files.readAllLines(path))) {
          examples++;
          for (List<Snippets.Line> piece : example.pieces()) {
            Snippets.Line notFound = Snippets.firstMissing(piece, tests);
            if (notFound != null) {
              missing.add(file + ":" + example.line() + ": line " + notFound.number()
                  + " is in no test source: " + notFound.text());
              break;
            }
          }
        }
      }
    }
    assertTrue(examples >= 6, "only " + examples + " examples in the generated sources of Real");
    assertTrue(missing.isEmpty(), "generated Javadoc examples not found in any test source:\n"
        + String.join("\n", missing));
  }

  private static Set<String> pending() throws IOException {
    Set<String> pending = new LinkedHashSet<>();
    for (String line : Files.readAllLines(PENDING)) {
      if (!line.isBlank() && !line.startsWith("#")) {
        pending.add(line.strip());
      }
    }
    return pending;
  }

  /** The examples of the main sources of {@link #MODULES}, in file order. */
  static List<Example> examples() {
    List<Example> examples = new ArrayList<>();
    for (String module : MODULES) {
      Path main = Snippets.ROOT.resolve(module + "/src/main/java");
      try (Stream<Path> paths = Files.walk(main)) {
        for (Path path : paths.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
          String file = Snippets.ROOT.relativize(path).toString().replace('\\', '/');
          examples.addAll(examplesOf(file, Files.readAllLines(path)));
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return examples;
  }

  /** The examples of one file: each from {@link #OPEN} to {@link #CLOSE}, Javadoc margin removed. */
  private static List<Example> examplesOf(String file, List<String> lines) {
    List<Example> examples = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      int open = lines.get(i).indexOf(OPEN);
      String opening = lines.get(i).strip();
      if (open < 0 || !(opening.startsWith("*") || opening.startsWith("/**"))) {
        continue; // not in a Javadoc comment: e.g. a string literal of a writer of generated Javadoc
      }
      int start = i;
      List<List<Snippets.Line>> pieces = new ArrayList<>();
      List<Snippets.Line> piece = new ArrayList<>();
      String text = lines.get(i).substring(open + OPEN.length());
      while (true) {
        int close = text.indexOf(CLOSE);
        String code = withoutMargin(close < 0 ? text : text.substring(0, close), i > start);
        List<Snippets.Line> line = Snippets.lines(code, i + 1);
        if (line.isEmpty() && !piece.isEmpty()) {
          pieces.add(piece);
          piece = new ArrayList<>();
        }
        piece.addAll(line);
        if (close >= 0) {
          break;
        }
        i++;
        if (i == lines.size()) {
          throw new AssertionError(file + ":" + (start + 1) + ": " + OPEN + " without " + CLOSE);
        }
        text = lines.get(i);
      }
      if (!piece.isEmpty()) {
        pieces.add(piece);
      }
      if (!pieces.isEmpty()) {
        examples.add(new Example(file, start + 1, pieces.get(0).get(0).text(), pieces));
      }
    }
    return examples;
  }

  private static String withoutMargin(String line, boolean continuation) {
    String stripped = line.strip();
    if (continuation && stripped.startsWith("*")) {
      return stripped.substring(1);
    }
    return stripped;
  }
}
