package io.github.tidu4j.codegen.guide;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every Java snippet of the root README stands, line for line, in a source file the build
 * compiles (a test, an example or a Javadoc example that {@link JavadocExamplesCompiledTest} holds to a
 * test), so the README cannot drift from the API. Lines are compared without their indentation and
 * Javadoc margin ({@code * }); a snippet's imports are not compared.
 */
class ReadmeSnippetsTest {
  private static final Pattern JAVA_BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);

  @Test
  void everyJavaSnippetOfTheReadmeIsCompiledCode() throws IOException {
    String readme = Files.readString(Snippets.ROOT.resolve("README.md"));
    List<Snippets.Source> sources =
        Snippets.sources(Snippets.ROOT, path -> path.contains("/src/"), true);
    Matcher m = JAVA_BLOCK.matcher(readme);
    int blocks = 0;
    List<String> drifted = new ArrayList<>();
    while (m.find()) {
      blocks++;
      List<Snippets.Line> snippet = new ArrayList<>(
          Snippets.lines(m.group(1), GuideSnippetsTest.lineOf(readme, m.start(1))));
      snippet.removeIf(line -> line.text().startsWith("import "));
      Snippets.Line missing = Snippets.firstMissing(snippet, sources);
      if (missing != null) {
        drifted.add("README.md:" + missing.number() + " not found: " + missing.text());
      }
    }
    assertTrue(blocks >= 5, "README's Java snippets not found: " + blocks);
    assertTrue(
        drifted.isEmpty(),
        "README snippets found in no source file (copy them from, or into, a compiled test):\n"
            + String.join("\n", drifted));
  }
}
