package io.github.tidu4j.export;

import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles exported sources with the running JDK's compiler, under {@code -Xlint:all -Werror}
 * (exported code must be warning-free) and without annotation processing: the one javac call
 * behind both the build-time export goal and {@link InProcessJavac}.
 *
 * <pre>{@code
 * ExportCompiler.compile(List.of(source), Path.of("target/classes"), classpath, "17");
 * }</pre>
 */
public final class ExportCompiler {
  private ExportCompiler() {}

  /**
   * Compiles {@code sources} into {@code classes} against {@code classpath}, for Java {@code
   * release} ({@code null}: the running JDK's own). Nothing happens when {@code sources} is empty.
   *
   * @throws IllegalStateException with javac's messages if there is no compiler (a JRE) or javac
   *     reports an error or a warning
   * @throws UncheckedIOException if the compiler's file manager fails
   */
  public static void compile(
      List<Path> sources, Path classes, List<Path> classpath, String release) {
    if (sources.isEmpty()) {
      return;
    }
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    if (javac == null) {
      throw new IllegalStateException("no system Java compiler: run on a JDK, not a JRE");
    }
    List<String> paths = new ArrayList<>(classpath.size());
    for (Path entry : classpath) {
      paths.add(entry.toString());
    }
    List<String> options = new ArrayList<>(List.of(
        "-d", classes.toString(),
        "-classpath", String.join(File.pathSeparator, paths),
        "-proc:none", "-implicit:none", "-encoding", "UTF-8", "-Xlint:all", "-Werror"));
    if (release != null) {
      options.add("--release");
      options.add(release);
    }
    StringWriter messages = new StringWriter();
    try (StandardJavaFileManager files =
        javac.getStandardFileManager(null, null, StandardCharsets.UTF_8)) {
      boolean ok = javac.getTask(messages, files, null, options, null,
          files.getJavaFileObjectsFromPaths(sources)).call();
      if (!ok) {
        throw new IllegalStateException("javac failed on exported sources " + names(sources)
            + ":\n" + messages);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The first source's file name, and how many more there are. */
  private static String names(List<Path> sources) {
    String first = String.valueOf(sources.get(0).getFileName());
    return sources.size() == 1 ? first : first + " and " + (sources.size() - 1) + " more";
  }
}
