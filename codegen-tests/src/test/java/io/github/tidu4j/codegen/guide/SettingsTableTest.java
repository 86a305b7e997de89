package io.github.tidu4j.codegen.guide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/settings.md has a row for every system property the runtime modules name (a string
 * {@code "tidu4j.…"} in their main sources), and none for a property they do not.
 */
class SettingsTableTest {
  private static final Pattern NAMED = Pattern.compile("\"(tidu4j\\.[a-zA-Z]+(?:\\.[a-zA-Z]+)*)\"");
  private static final Pattern ROW = Pattern.compile("^\\| `(tidu4j\\.[a-zA-Z.]+)` \\|", Pattern.MULTILINE);

  @Test
  void everyPropertyTheRuntimeReadsHasARowAndEveryRowAProperty() throws IOException {
    Set<String> named = new TreeSet<>();
    for (String module : List.of("runtime-graph", "runtime-ad", "primitives", "export")) {
      try (Stream<Path> files = Files.walk(Snippets.ROOT.resolve(module).resolve("src/main/java"))) {
        for (Path file : files.filter(p -> p.toString().endsWith(".java")).toList()) {
          Matcher m = NAMED.matcher(Files.readString(file));
          while (m.find()) {
            named.add(m.group(1));
          }
        }
      }
    }
    assertTrue(named.contains("tidu4j.autodiff.cacheEntries"), named.toString());
    Set<String> rows = new TreeSet<>();
    Matcher m = ROW.matcher(Files.readString(Snippets.ROOT.resolve("docs/settings.md")));
    while (m.find()) {
      rows.add(m.group(1));
    }
    assertEquals(named, rows, "the properties the runtime names against docs/settings.md's rows");
  }
}
