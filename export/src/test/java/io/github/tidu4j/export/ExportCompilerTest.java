package io.github.tidu4j.export;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one javac call of exported sources: warnings fail, the release is honoured. */
class ExportCompilerTest {
  @TempDir Path dir;

  private Path source(String name, String text) throws Exception {
    Path file = dir.resolve("src").resolve(name + ".java");
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
    return file;
  }

  @Test
  void aCleanSourceCompilesIntoTheClassesDirectory() throws Exception {
    Path classes = Files.createDirectories(dir.resolve("classes"));
    Path src =
        source("Clean", "public final class Clean { public static int one() { return 1; } }");
    ExportCompiler.compile(List.of(src), classes, List.of(), "17");
    assertTrue(Files.exists(classes.resolve("Clean.class")));
  }

  @Test
  void aWarningFailsNamingTheSourceAndJavacsMessage() throws Exception {
    Path classes = Files.createDirectories(dir.resolve("classes"));
    Path src = source("Raw",
        "import java.util.*; public final class Raw { public static List raw() { return null; } }");
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> ExportCompiler.compile(List.of(src), classes, List.of(), null));
    assertTrue(e.getMessage().startsWith("javac failed on exported sources Raw.java:"),
        e.getMessage());
    assertTrue(e.getMessage().contains("rawtypes"), e.getMessage());
    assertFalse(Files.exists(classes.resolve("Raw.class")));
  }

  @Test
  void theReleaseIsHonoured() throws Exception {
    Path classes = Files.createDirectories(dir.resolve("classes"));
    // a record is Java 16: --release 11 rejects it, the running JDK accepts it
    Path src = source("Pair", "public record Pair(int a, int b) {}");
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> ExportCompiler.compile(List.of(src), classes, List.of(), "11"));
    assertTrue(e.getMessage().contains("Pair.java"), e.getMessage());
    assertDoesNotThrow(() -> ExportCompiler.compile(List.of(src), classes, List.of(), null));
  }

  @Test
  void noSourcesIsNothingToDo() {
    assertDoesNotThrow(
        () -> ExportCompiler.compile(List.of(), dir.resolve("absent"), List.of(), "17"));
  }
}
