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
  /** The repository root: the parent of this module, which Surefire gives as {@code basedir}. */
  private static final Path ROOT = Path.of(System.getProperty("basedir", "."), "..").normalize();
  private static final Path GUIDE = ROOT.resolve("docs/writing-rules.md");
  private static final String HERE = "codegen-tests/src/test/java/io/github/tidu4j/codegen/guide/";
  private static final List<Path> SOURCES =
      List.of(
          ROOT.resolve(HERE + "GuideScalars.java"),
          ROOT.resolve(HERE + "GuideComplexScalars.java"),
          ROOT.resolve(HERE + "GuideExamplesTest.java"),
          ROOT.resolve("primitives/src/main/java/io/github/tidu4j/primitives/TensorRules.java"));

  @Test
  void everyJavaSnippetOfTheGuideIsInACompiledSource() throws IOException {
    List<List<String>> sources = new ArrayList<>();
    for (Path source : SOURCES) {
      sources.add(lines(Files.readString(source)));
    }
    Matcher block = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL).matcher(Files.readString(GUIDE));
    int checked = 0;
    while (block.find()) {
      if (block.group(1).contains("…")) {
        continue;
      }
      for (List<String> piece : pieces(lines(block.group(1)))) {
        assertTrue(
            sources.stream().anyMatch(source -> contains(source, piece)),
            "not found in " + SOURCES + ":\n" + String.join("\n", piece));
        checked++;
      }
    }
    assertTrue(checked >= 15, "only " + checked + " snippets found in " + GUIDE);
  }

  /** The non-blank lines of {@code text}, stripped. */
  private static List<String> lines(String text) {
    List<String> lines = new ArrayList<>();
    for (String line : text.split("\n")) {
      if (!line.isBlank()) {
        lines.add(line.strip());
      }
    }
    return lines;
  }

  /** A snippet split before each {@code @Primitive} annotation but the first. */
  private static List<List<String>> pieces(List<String> snippet) {
    List<List<String>> pieces = new ArrayList<>();
    List<String> current = new ArrayList<>();
    for (String line : snippet) {
      if (line.startsWith("@Primitive") && !current.isEmpty()) {
        pieces.add(current);
        current = new ArrayList<>();
      }
      current.add(line);
    }
    pieces.add(current);
    return pieces;
  }

  private static boolean contains(List<String> source, List<String> piece) {
    for (int start = 0; start + piece.size() <= source.size(); start++) {
      if (source.subList(start, start + piece.size()).equals(piece)) {
        return true;
      }
    }
    return false;
  }
}
