package io.github.tidu4j.codegen.guide;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The one matcher behind the documentation checks: a snippet (a block of a Markdown file, a
 * {@code <pre>{@code ...}</pre>} example of a Javadoc comment) stands in a compiled source when
 * its non-blank lines appear there consecutively, each compared without its indentation. A
 * snippet's lines keep their order and content; only leading and trailing whitespace and blank
 * lines are ignored, so a source may lay out nothing differently from what the reader sees.
 */
final class Snippets {
  /** The repository root: the parent of this module, which Surefire gives as {@code basedir}. */
  static final Path ROOT = Path.of(System.getProperty("basedir", "."), "..").normalize();

  private Snippets() {}

  /** A stripped, non-blank line of a snippet and its 1-based line number in the file it is from. */
  record Line(String text, int number) {}

  /** A source file's lines, stripped, blank lines dropped. */
  record Source(Path path, List<String> lines) {}

  /**
   * The non-blank lines of {@code text}, stripped, numbered from {@code firstLine}. Javadoc
   * escapes of {@code @} ({@code {@literal @}}, {@code &#64;}) read as {@code @}.
   */
  static List<Line> lines(String text, int firstLine) {
    List<Line> lines = new ArrayList<>();
    String[] raw = text.split("\n", -1);
    for (int i = 0; i < raw.length; i++) {
      String line = unescape(raw[i].strip());
      if (!line.isEmpty()) {
        lines.add(new Line(line, firstLine + i));
      }
    }
    return lines;
  }

  /** The texts of {@code lines}. */
  static List<String> texts(List<Line> lines) {
    return lines.stream().map(Line::text).toList();
  }

  /**
   * The {@code .java} files under {@code root} that {@code include} accepts (paths relative to
   * the root, with {@code /} separators), build output excluded. With {@code javadocMargin}, a
   * line's Javadoc margin ({@code * }) is removed as well, so a snippet may stand in a Javadoc
   * example; without it, only code counts.
   */
  static List<Source> sources(Path root, Predicate<String> include, boolean javadocMargin) {
    List<Source> sources = new ArrayList<>();
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path path : paths.sorted().toList()) {
        String relative = root.relativize(path).toString().replace('\\', '/');
        if (relative.endsWith(".java") && !relative.contains("/target/") && include.test(relative)) {
          sources.add(new Source(path, sourceLines(Files.readString(path), javadocMargin)));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return sources;
  }

  /** The given files, read as {@link #sources} reads them, without Javadoc margins. */
  static List<Source> sources(List<Path> files) {
    List<Source> sources = new ArrayList<>();
    for (Path file : files) {
      try {
        sources.add(new Source(file, sourceLines(Files.readString(file), false)));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return sources;
  }

  /** Whether {@code relative} is a test source of a module or of an example project. */
  static boolean isTestSource(String relative) {
    return relative.contains("/src/test/java/");
  }

  private static List<String> sourceLines(String text, boolean javadocMargin) {
    List<String> lines = new ArrayList<>();
    for (String raw : text.split("\n", -1)) {
      String line = raw.strip();
      if (javadocMargin && (line.startsWith("* ") || line.equals("*"))) {
        line = line.substring(1).strip();
      }
      if (!line.isEmpty()) {
        lines.add(line);
      }
    }
    return lines;
  }

  private static String unescape(String line) {
    return line.replace("{@literal @}", "@").replace("&#64;", "@");
  }

  /**
   * The first line of {@code snippet} that no source continues: null if some source holds the
   * whole snippet consecutively; otherwise the line after the longest prefix any source holds,
   * which is where the snippet and the code part.
   */
  static Line firstMissing(List<Line> snippet, List<Source> sources) {
    List<String> texts = texts(snippet);
    int best = 0;
    for (Source source : sources) {
      List<String> lines = source.lines();
      for (int start = 0; start < lines.size(); start++) {
        int matched = 0;
        while (matched < texts.size()
            && start + matched < lines.size()
            && lines.get(start + matched).equals(texts.get(matched))) {
          matched++;
        }
        if (matched == texts.size()) {
          return null;
        }
        best = Math.max(best, matched);
      }
    }
    return snippet.get(best);
  }

  /** Whether some source holds every line of {@code snippet} consecutively. */
  static boolean found(List<Line> snippet, List<Source> sources) {
    return firstMissing(snippet, sources) == null;
  }
}
