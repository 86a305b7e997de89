package io.github.tidu4j.codegen.guide;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every Java snippet of the root README stands, line for line, in a source file the build
 * compiles (a test, an example or a Javadoc example that a test runs), so the README cannot drift
 * from the API. Lines are compared without their indentation and Javadoc margin ({@code * }).
 */
class ReadmeSnippetsTest {
  private static final Path ROOT = Path.of(System.getProperty("basedir", "."), "..").normalize();
  private static final Pattern JAVA_BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);

  private static List<String> normalized(String text) {
    List<String> lines = new ArrayList<>();
    for (String line : text.split("\\n", -1)) {
      String t = line.strip();
      if (t.startsWith("* ") || t.equals("*")) {
        t = t.substring(1).strip();
      }
      if (!t.isEmpty() && !t.startsWith("import ")) {
        lines.add(t);
      }
    }
    return lines;
  }

  private static boolean containsRun(List<String> haystack, List<String> needle) {
    outer:
    for (int i = 0; i + needle.size() <= haystack.size(); i++) {
      for (int j = 0; j < needle.size(); j++) {
        if (!haystack.get(i + j).equals(needle.get(j))) {
          continue outer;
        }
      }
      return true;
    }
    return false;
  }

  private static List<List<String>> sources() throws IOException {
    List<List<String>> files = new ArrayList<>();
    try (Stream<Path> paths = Files.walk(ROOT)) {
      paths
          .filter(p -> p.toString().endsWith(".java"))
          .filter(p -> p.toString().contains("/src/"))
          .filter(p -> !p.toString().contains("/target/"))
          .forEach(
              p -> {
                try {
                  files.add(normalized(Files.readString(p)));
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
              });
    }
    return files;
  }

  @Test
  void everyJavaSnippetOfTheReadmeIsCompiledCode() throws IOException {
    String readme = Files.readString(ROOT.resolve("README.md"));
    List<List<String>> sources = sources();
    Matcher m = JAVA_BLOCK.matcher(readme);
    int blocks = 0;
    List<String> drifted = new ArrayList<>();
    while (m.find()) {
      blocks++;
      List<String> snippet = normalized(m.group(1));
      if (sources.stream().noneMatch(source -> containsRun(source, snippet))) {
        drifted.add(m.group(1));
      }
    }
    assertTrue(blocks >= 5, "README's Java snippets not found: " + blocks);
    assertTrue(
        drifted.isEmpty(),
        "README snippets found in no source file (copy them from, or into, a compiled test):\n"
            + String.join("\n----\n", drifted));
  }
}
