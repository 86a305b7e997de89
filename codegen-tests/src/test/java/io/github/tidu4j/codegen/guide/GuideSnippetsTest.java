package io.github.tidu4j.codegen.guide;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The Java snippets of {@code docs/writing-rules.md} are cut from compiled sources: each one (each
 * primitive, where a snippet shows several) appears, line for line up to indentation, in the guide
 * fixtures of this package or in the file the guide quotes. Snippets marked with {@code …} are
 * outlines and are skipped.
 */
class GuideSnippetsTest {
  private static final Path GUIDE = Snippets.ROOT.resolve("docs/writing-rules.md");
  private static final String HERE = "codegen-tests/src/test/java/io/github/tidu4j/codegen/guide/";
  private static final List<Path> SOURCES =
      List.of(
          Snippets.ROOT.resolve(HERE + "GuideScalars.java"),
          Snippets.ROOT.resolve(HERE + "GuideComplexScalars.java"),
          Snippets.ROOT.resolve(HERE + "GuideExamplesTest.java"),
          Snippets.ROOT.resolve(
              "codegen-tests/src/test/java/io/github/tidu4j/fixtures/FluentFunctionTest.java"),
          Snippets.ROOT.resolve(
              "primitives/src/main/java/io/github/tidu4j/primitives/TensorRules.java"));

  @Test
  void everyJavaSnippetOfTheGuideIsInACompiledSource() throws IOException {
    List<Snippets.Source> sources = Snippets.sources(SOURCES);
    String guide = Files.readString(GUIDE);
    Matcher block = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL).matcher(guide);
    int checked = 0;
    List<String> drifted = new ArrayList<>();
    while (block.find()) {
      if (block.group(1).contains("…")) {
        continue;
      }
      int firstLine = lineOf(guide, block.start(1));
      for (List<Snippets.Line> piece : pieces(Snippets.lines(block.group(1), firstLine))) {
        Snippets.Line missing = Snippets.firstMissing(piece, sources);
        if (missing != null) {
          drifted.add(
              "docs/writing-rules.md:" + piece.get(0).number() + ": line " + missing.number()
                  + " not found: " + missing.text());
        }
        checked++;
      }
    }
    assertTrue(drifted.isEmpty(), "guide snippets found in none of " + SOURCES + ":\n"
        + String.join("\n", drifted));
    assertTrue(checked >= 15, "only " + checked + " snippets found in " + GUIDE);
  }

  /** The 1-based line of {@code text} that holds the character at {@code offset}. */
  static int lineOf(String text, int offset) {
    int line = 1;
    for (int i = 0; i < offset; i++) {
      if (text.charAt(i) == '\n') {
        line++;
      }
    }
    return line;
  }

  /** A snippet split before each {@code @Primitive} annotation but the first. */
  private static List<List<Snippets.Line>> pieces(List<Snippets.Line> snippet) {
    List<List<Snippets.Line>> pieces = new ArrayList<>();
    List<Snippets.Line> current = new ArrayList<>();
    for (Snippets.Line line : snippet) {
      if (line.text().startsWith("@Primitive") && !current.isEmpty()) {
        pieces.add(current);
        current = new ArrayList<>();
      }
      current.add(line);
    }
    pieces.add(current);
    return pieces;
  }
}
