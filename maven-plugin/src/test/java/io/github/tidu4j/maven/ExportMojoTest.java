package io.github.tidu4j.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExportMojoTest {
  @TempDir Path dir;

  @Test
  void aSourceNewerThanItsClassMeansCompileHasNotRunYet() throws Exception {
    Path sources = dir.resolve("src");
    Path classes = dir.resolve("classes");
    Path edited = write(sources.resolve("com/example/Functions.java"), 2_000);
    write(classes.resolve("com/example/Functions.class"), 1_000);
    write(sources.resolve("com/example/Kept.java"), 1_000);
    write(classes.resolve("com/example/Kept.class"), 2_000);
    write(sources.resolve("com/example/Excluded.java"), 3_000); // no class: not compiled at all
    List<String> roots = List.of(sources.toString(), dir.resolve("none").toString());
    assertEquals(List.of(edited.toString()), ExportMojo.staleSources(roots, classes));
    Files.setLastModifiedTime(
        classes.resolve("com/example/Functions.class"), FileTime.fromMillis(2_000_000));
    assertEquals(List.of(), ExportMojo.staleSources(List.of(sources.toString()), classes));
  }

  @Test
  void sourcesWithoutClassesMeanTheGoalRunsBeforeCompile() throws Exception {
    Path sources = dir.resolve("src");
    assertFalse(ExportMojo.hasSources(List.of(sources.toString())));
    Files.createDirectories(sources.resolve("com/example"));
    assertFalse(ExportMojo.hasSources(List.of(sources.toString())));
    write(sources.resolve("com/example/Functions.java"), 1_000);
    assertTrue(ExportMojo.hasSources(List.of(dir.resolve("none").toString(), sources.toString())));
  }

  @Test
  void theReleaseIsANumberOr17WhereUnset() throws Exception {
    assertEquals("17", ExportMojo.releaseOf(null));
    assertEquals("17", ExportMojo.releaseOf("${maven.compiler.release}"));
    assertEquals("21", ExportMojo.releaseOf(" 21 "));
    MojoFailureException e =
        assertThrows(MojoFailureException.class, () -> ExportMojo.releaseOf("seventeen"));
    assertEquals(
        "tidu4j export: the release \"seventeen\" is not a Java release number (such as 17); set"
            + " the goal's <release> (tidu4j.export.release), or maven.compiler.release",
        e.getMessage());
    // a release newer than the JDK Maven runs on is refused naming both and the settings
    ExportMojo.checkCompilable("17", 17);
    ExportMojo.checkCompilable("11", 17);
    assertEquals("17", ExportMojo.releaseOf("017"));
    MojoFailureException older =
        assertThrows(MojoFailureException.class, () -> ExportMojo.checkCompilable("7", 17));
    assertTrue(older.getMessage().contains("compile for releases 8 and later"), older.getMessage());
    MojoFailureException newer =
        assertThrows(MojoFailureException.class, () -> ExportMojo.checkCompilable("21", 17));
    assertEquals("tidu4j export: the release is 21, but Maven runs on JDK 17, whose javac compiles"
        + " for releases up to 17; run Maven on JDK 21 or later, or lower the goal's <release>"
        + " (tidu4j.export.release, or maven.compiler.release)", newer.getMessage());
  }

  @Test
  void aGeneratedSourcesDirectoryThatCannotBeWrittenIsNamedWithItsParameter() throws Exception {
    Path file = Files.writeString(dir.resolve("pom.xml"), "");
    MojoFailureException e =
        assertThrows(MojoFailureException.class, () -> ExportMojo.writableDirectory(file));
    assertEquals(
        "tidu4j export: the generated sources directory " + file + " (the goal's"
            + " <generatedSourcesDirectory>, property tidu4j.export.directory) is a file, not a"
            + " directory",
        e.getMessage());
    MojoFailureException under =
        assertThrows(
            MojoFailureException.class, () -> ExportMojo.writableDirectory(file.resolve("gen")));
    assertTrue(under.getMessage().contains(" cannot be made: "), under.getMessage());
    Path made = ExportMojo.writableDirectory(dir.resolve("a/b"));
    assertTrue(Files.isDirectory(made));
  }

  private static Path write(Path file, long seconds) throws Exception {
    Files.createDirectories(file.getParent());
    Files.writeString(file, "");
    Files.setLastModifiedTime(file, FileTime.fromMillis(seconds * 1_000));
    return file;
  }
}
