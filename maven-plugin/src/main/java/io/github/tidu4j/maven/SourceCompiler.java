package io.github.tidu4j.maven;

import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles exported sources into a project's classes with the running JDK's compiler, under
 * {@code -Xlint:all -Werror} (generated code must be warning-free) and without annotation
 * processing.
 *
 * <pre>{@code
 * SourceCompiler.compile(List.of(source), Path.of("target/classes"), classpath, "17");
 * }</pre>
 */
public final class SourceCompiler {
  private SourceCompiler() {}

  /**
   * Compiles {@code sources} into {@code classes} against {@code classpath} for Java {@code
   * release}.
   *
   * @throws IllegalStateException with javac's messages if there is no compiler (a JRE) or javac
   *     reports an error or a warning
   */
  public static void compile(List<Path> sources, Path classes, List<Path> classpath, String release) {
    if (sources.isEmpty()) {
      return;
    }
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    if (javac == null) {
      throw new IllegalStateException("no system Java compiler: run Maven on a JDK, not a JRE");
    }
    List<String> options = new ArrayList<>(List.of(
        "-d", classes.toString(),
        "-classpath", classpath.stream().map(Path::toString)
            .collect(Collectors.joining(File.pathSeparator)),
        "--release", release,
        "-proc:none", "-implicit:none", "-encoding", "UTF-8", "-Xlint:all", "-Werror"));
    StringWriter messages = new StringWriter();
    try (StandardJavaFileManager files =
        javac.getStandardFileManager(null, null, StandardCharsets.UTF_8)) {
      boolean ok = javac.getTask(messages, files, null, options, null,
          files.getJavaFileObjectsFromPaths(sources)).call();
      if (!ok) {
        throw new IllegalStateException("javac failed on exported sources:\n" + messages);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
