package io.github.tidu4j.export;

import com.palantir.javapoet.JavaFile;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Compiles exported sources in the running JVM with {@link ExportCompiler} (the system Java
 * compiler, {@code -Xlint:all -Werror}) against the running class path (its entries that exist),
 * and loads the class in a fresh class loader: the way tests and benchmarks check and run what
 * {@link SourceExport} writes.
 *
 * <pre>{@code
 * JavaFile file = SourceExport.of(kernels).export(program, "com.example", "Gradient");
 * Class<?> gradient = InProcessJavac.compileAndLoad(file, Files.createTempDirectory("export"),
 *     InProcessJavac.class.getClassLoader());
 * }</pre>
 */
public final class InProcessJavac {
  private InProcessJavac() {}

  /**
   * Writes {@code file} under {@code directory/src}, compiles it into {@code directory/classes}
   * and loads its class through a class loader over those classes whose parent is {@code parent}
   * (which must see the set's kernels).
   *
   * @throws IllegalStateException with javac's messages if the JDK has no compiler or javac
   *     reports an error or a warning
   * @throws UncheckedIOException if the files cannot be written
   */
  public static Class<?> compileAndLoad(JavaFile file, Path directory, ClassLoader parent) {
    return compileAndLoad(List.of(file), directory, parent);
  }

  /**
   * Writes {@code files} (as {@link SourceExport#exportFiles} gives them) under {@code
   * directory/src}, compiles them together into {@code directory/classes} and loads the first
   * one's class, the main class, through a class loader over those classes whose parent is {@code
   * parent} (which must see the set's kernels).
   *
   * <pre>{@code
   * List<JavaFile> files = SourceExport.of(kernels).exportFiles(program, "com.example", "Large");
   * Class<?> large = InProcessJavac.compileAndLoad(files, Files.createTempDirectory("export"),
   *     InProcessJavac.class.getClassLoader());
   * }</pre>
   *
   * @throws IllegalStateException with javac's messages if the JDK has no compiler or javac
   *     reports an error or a warning
   * @throws IllegalArgumentException if {@code files} is empty
   * @throws UncheckedIOException if the files cannot be written
   */
  public static Class<?> compileAndLoad(List<JavaFile> files, Path directory, ClassLoader parent) {
    if (files.isEmpty()) {
      throw new IllegalArgumentException("no files to compile");
    }
    String name = SourceExport.className(files.get(0));
    Path out = directory.resolve("classes");
    try {
      List<Path> sources = new ArrayList<>(files.size());
      for (JavaFile file : files) {
        String path = SourceExport.className(file).replace('.', '/') + ".java";
        Path src = directory.resolve("src").resolve(path);
        Files.createDirectories(src.getParent());
        Files.writeString(src, file.toString(), StandardCharsets.UTF_8);
        sources.add(src);
      }
      Files.createDirectories(out);
      ExportCompiler.compile(sources, out, existingClassPath(), null);
      // stays open: the loaded class and the kernels it links need it for the class's lifetime
      URLClassLoader loader = new URLClassLoader(new URL[] {out.toUri().toURL()}, parent);
      return loader.loadClass(name);
    } catch (MalformedURLException e) {
      throw new IllegalStateException(e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException("javac wrote no class " + name, e);
    }
  }

  /**
   * The running class path's entries that exist: a module without main classes has a class path
   * entry that does not, for which {@code -Xlint:all} would warn, and {@code -Werror} fail.
   */
  private static List<Path> existingClassPath() {
    List<Path> entries = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (!entry.isEmpty() && Files.exists(Path.of(entry))) {
        entries.add(Path.of(entry));
      }
    }
    return entries;
  }
}
