package io.github.tidu4j.codegen.guide;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every Kotlin snippet of docs/kotlin.md stands, line for line, in a Kotlin source of {@code
 * examples/kotlin}, which the build compiles and tests (maven-invoker-plugin), so the page cannot
 * drift from code that works. Lines are compared without their indentation; imports are not
 * compared.
 */
class KotlinDocSnippetsTest {
  private static final Pattern KOTLIN_BLOCK =
      Pattern.compile("```kotlin\\n(.*?)```", Pattern.DOTALL);

  @Test
  void everyKotlinSnippetOfTheKotlinPageIsInTheKotlinExample() throws IOException {
    String page = Files.readString(Snippets.ROOT.resolve("docs/kotlin.md"));
    List<Path> kotlinSources;
    try (Stream<Path> paths = Files.walk(Snippets.ROOT.resolve("examples/kotlin/src"))) {
      kotlinSources = paths.filter(p -> p.toString().endsWith(".kt")).sorted().toList();
    }
    assertTrue(kotlinSources.size() >= 3, "the Kotlin example's sources: " + kotlinSources);
    List<Snippets.Source> sources = Snippets.sources(kotlinSources);
    Matcher m = KOTLIN_BLOCK.matcher(page);
    int blocks = 0;
    List<String> drifted = new ArrayList<>();
    while (m.find()) {
      blocks++;
      List<Snippets.Line> snippet =
          new ArrayList<>(Snippets.lines(m.group(1), GuideSnippetsTest.lineOf(page, m.start(1))));
      snippet.removeIf(line -> line.text().startsWith("import "));
      Snippets.Line missing = Snippets.firstMissing(snippet, sources);
      if (missing != null) {
        drifted.add("docs/kotlin.md:" + missing.number() + " not found: " + missing.text());
      }
    }
    assertTrue(blocks >= 2, "the page's Kotlin snippets not found: " + blocks);
    assertTrue(
        drifted.isEmpty(),
        "Kotlin snippets found in no source of examples/kotlin:\n" + String.join("\n", drifted));
  }
}
