package com.example.softplus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code TOUR.md} quotes this project: every {@code java} and {@code xml} snippet in it must be
 * lines of a source file or the pom (up to indentation; a line {@code // …} or {@code <!-- …}
 * marks an omission), and its {@code text} block must be what {@link Tour} prints, up to pass
 * numbers and key hashes, which vary from run to run.
 */
class TourDocumentTest {
  private static final Path TOUR = Path.of("TOUR.md");

  @Test
  void everySnippetIsQuotedFromTheProject() throws IOException {
    assumeTrue(Files.exists(TOUR), "no TOUR.md next to the pom");
    List<List<String>> files = new ArrayList<>();
    files.add(Files.readAllLines(Path.of("pom.xml")));
    try (Stream<Path> sources = Files.walk(Path.of("src"))) {
      for (Path source : sources.filter(p -> p.toString().endsWith(".java")).toList()) {
        files.add(Files.readAllLines(source));
      }
    }
    List<List<String>> snippets = new ArrayList<>();
    snippets.addAll(blocks("java"));
    snippets.addAll(blocks("xml"));
    assertFalse(snippets.isEmpty(), "TOUR.md has no java or xml snippet");
    for (List<String> snippet : snippets) {
      for (List<String> excerpt : excerpts(snippet)) {
        assertTrue(
            files.stream().anyMatch(lines -> contains(lines, excerpt)),
            () -> "TOUR.md quotes lines that no file of the project has:\n" + String.join("\n", excerpt));
      }
    }
  }

  @Test
  void theOutputShownIsWhatTheTourPrints() throws IOException {
    assumeTrue(Files.exists(TOUR), "no TOUR.md next to the pom");
    List<List<String>> shown = blocks("text");
    assertEquals(1, shown.size(), "TOUR.md shows one output block");
    PrintStream out = System.out;
    ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    try {
      System.setOut(new PrintStream(buffer, true, StandardCharsets.UTF_8));
      Tour.main(new String[0]);
    } finally {
      System.setOut(out);
    }
    assertEquals(
        normalize(String.join("\n", shown.get(0))),
        normalize(buffer.toString(StandardCharsets.UTF_8).strip()),
        "TOUR.md's output block is not what Tour prints; paste in `mvn -q compile exec:java`");
  }

  /** The fenced blocks of {@code TOUR.md} tagged {@code language}. */
  private static List<List<String>> blocks(String language) throws IOException {
    List<List<String>> blocks = new ArrayList<>();
    List<String> current = null;
    for (String line : Files.readAllLines(TOUR)) {
      if (current == null && line.equals("```" + language)) {
        current = new ArrayList<>();
      } else if (current != null && line.equals("```")) {
        blocks.add(current);
        current = null;
      } else if (current != null) {
        current.add(line);
      }
    }
    return blocks;
  }

  /** A snippet split at its omission lines, each part without its common indentation. */
  private static List<List<String>> excerpts(List<String> snippet) {
    List<List<String>> parts = new ArrayList<>();
    List<String> part = new ArrayList<>();
    for (String line : snippet) {
      String trimmed = line.strip();
      if (trimmed.startsWith("// …") || trimmed.startsWith("<!-- …")) {
        parts.add(part);
        part = new ArrayList<>();
      } else {
        part.add(line);
      }
    }
    parts.add(part);
    return parts.stream()
        .map(TourDocumentTest::trimBlankEnds)
        .filter(p -> !p.isEmpty())
        .map(TourDocumentTest::dedent)
        .collect(Collectors.toList());
  }

  /** Whether {@code excerpt} is a run of consecutive lines of {@code lines}, up to indentation. */
  private static boolean contains(List<String> lines, List<String> excerpt) {
    for (int start = 0; start + excerpt.size() <= lines.size(); start++) {
      if (dedent(lines.subList(start, start + excerpt.size())).equals(excerpt)) {
        return true;
      }
    }
    return false;
  }

  private static List<String> trimBlankEnds(List<String> lines) {
    int from = 0;
    int to = lines.size();
    while (from < to && lines.get(from).isBlank()) {
      from++;
    }
    while (to > from && lines.get(to - 1).isBlank()) {
      to--;
    }
    return lines.subList(from, to);
  }

  private static List<String> dedent(List<String> lines) {
    int indent =
        lines.stream()
            .filter(l -> !l.isBlank())
            .mapToInt(l -> l.length() - l.stripLeading().length())
            .min()
            .orElse(0);
    return lines.stream()
        .map(l -> l.isBlank() ? "" : l.substring(indent))
        .collect(Collectors.toList());
  }

  /** Pass numbers ({@code d[x]@7}) and key hashes ({@code #1d150f2f}) vary between runs. */
  private static String normalize(String printed) {
    return printed.replaceAll("@\\d+", "@n").replaceAll("#[0-9a-f]{8}", "#hash");
  }
}
