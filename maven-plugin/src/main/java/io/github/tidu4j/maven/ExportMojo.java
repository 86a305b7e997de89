package io.github.tidu4j.maven;

import java.io.File;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;

/**
 * Exports the functions marked {@code @Export} in the project's classes: traces and transforms
 * each, writes the programs and a class per function as Java source under {@code
 * target/generated-sources/tidu4j}, and compiles them into the project's classes, so they are
 * packaged and tested with the rest. Bound to {@code process-classes} by default. A function that
 * cannot be exported fails the build with a message naming it and saying why.
 *
 * <p>Its parameters (defaults and properties) are declared in the plugin descriptor, {@code
 * META-INF/maven/plugin.xml}, which Maven reads to set these fields.
 *
 * <pre>{@code
 * <plugin>
 *   <groupId>io.github.tidu4j</groupId>
 *   <artifactId>tidu4j-maven-plugin</artifactId>
 *   <version>${tidu4j.version}</version>
 *   <executions><execution><goals><goal>export</goal></goals></execution></executions>
 * </plugin>
 * }</pre>
 */
public final class ExportMojo extends AbstractMojo {
  /** The project's compiled classes: scanned for marked functions, and where the export goes. */
  private File classesDirectory;

  /** The project's compile class path (its classes first). */
  private List<String> classpathElements;

  /** The project's source roots: a source newer than its class means compile has not run yet. */
  private List<String> compileSourceRoots;

  /** Where the generated sources go; the plugin touches only the files it wrote there. */
  private File generatedSourcesDirectory;

  /** The Java release the generated sources are compiled for. */
  private String release;

  /** Skips the goal. */
  private boolean skip;

  /**
   * Fails the build if an exported class needs tidu4j's runtime on the class path (its set's rules
   * make the verifier load it); otherwise that is a warning.
   */
  private boolean requireStandalone;

  /** The oldest release the exported sources are compiled for without a warning. */
  private static final int OLDEST_RELEASE = 8;

  /** The release when none is configured: the oldest tidu4j supports. */
  private static final String DEFAULT_RELEASE = "17";

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      getLog().info("tidu4j export skipped");
      return;
    }
    List<String> roots = compileSourceRoots == null ? List.of() : compileSourceRoots;
    if (!classesDirectory.isDirectory()) {
      String message = "tidu4j export: no compiled classes at " + classesDirectory + "; the goal"
          + " reads the project's classes, so it runs after compile: bind it to process-classes"
          + " (its default phase) or later";
      if (hasSources(roots)) {
        throw new MojoFailureException(message); // bound before compile on a clean build
      }
      getLog().warn(message + ". Nothing exported");
      return;
    }
    List<String> stale = staleSources(roots, classesDirectory.toPath());
    if (!stale.isEmpty()) {
      throw new MojoFailureException("tidu4j export: " + stale.get(0)
          + (stale.size() > 1 ? " and " + (stale.size() - 1) + " more source(s) are" : " is")
          + " newer than the compiled class, so the goal ran before compile and would export what"
          + " the last build compiled; bind it to process-classes (its default phase) or later");
    }
    Path generated = writableDirectory(generatedSourcesDirectory.toPath());
    List<Path> classpath = new ArrayList<>();
    for (String element : classpathElements) {
      classpath.add(Path.of(element));
    }
    List<Path> sourceRoots = new ArrayList<>();
    for (String root : roots) {
      sourceRoots.add(Path.of(root));
    }
    String javaRelease = releaseOf(release);
    checkCompilable(javaRelease, Runtime.version().feature());
    Thread thread = Thread.currentThread();
    ClassLoader context = thread.getContextClassLoader();
    try (URLClassLoader worker = workerLoader(classpath)) {
      thread.setContextClassLoader(worker);
      Object result = Class.forName(ExportBuild.class.getName(), true, worker)
          .getMethod("run", Path.class, Path.class, List.class, List.class, String.class)
          .invoke(null, classesDirectory.toPath(), generated, sourceRoots, classpath, javaRelease);
      if (((List<?>) result.getClass().getMethod("exported").invoke(result)).isEmpty()
          && ((List<?>) result.getClass().getMethod("unchanged").invoke(result)).isEmpty()) {
        getLog().info("tidu4j export: no method in " + classesDirectory + " is marked @Export");
      }
      log(result, "exported", " written and compiled");
      log(result, "unchanged", " unchanged");
      log(result, "deleted", " deleted (no longer generated)");
      Map<?, ?> needRuntime = (Map<?, ?>) result.getClass().getMethod("needRuntime").invoke(result);
      List<String> messages = new ArrayList<>();
      for (Map.Entry<?, ?> e : needRuntime.entrySet()) {
        messages.add("tidu4j export: " + e.getKey() + " needs tidu4j's runtime at run time: "
            + e.getValue());
      }
      if (requireStandalone && !messages.isEmpty()) {
        throw new MojoFailureException(String.join("\n", messages) + "\n(requireStandalone is set)");
      }
      messages.forEach(getLog()::warn);
    } catch (InvocationTargetException e) {
      Throwable cause = e.getCause();
      if (cause.getClass().getName().equals(ExportFailure.class.getName())) {
        throw new MojoFailureException(cause.getMessage(), cause);
      }
      throw new MojoExecutionException("tidu4j export failed: " + cause, cause);
    } catch (ReflectiveOperationException | IOException e) {
      throw new MojoExecutionException("tidu4j export cannot start: " + e, e);
    } finally {
      thread.setContextClassLoader(context);
    }
  }

  /** Whether a root in {@code roots} holds a Java source. */
  static boolean hasSources(List<String> roots) throws MojoExecutionException {
    for (String root : roots) {
      Path dir = Path.of(root);
      if (!Files.isDirectory(dir)) {
        continue;
      }
      try (Stream<Path> walk = Files.walk(dir)) {
        if (walk.anyMatch(p -> p.toString().endsWith(".java"))) {
          return true;
        }
      } catch (IOException e) {
        throw new MojoExecutionException("tidu4j export cannot read source root " + dir, e);
      }
    }
    return false;
  }

  /**
   * {@code dir}, made if it does not exist yet; a failure names the directory and the parameter
   * that sets it, where a write into it would fail with the first file's path alone.
   */
  static Path writableDirectory(Path dir) throws MojoFailureException {
    String what = "tidu4j export: the generated sources directory " + dir
        + " (the goal's <generatedSourcesDirectory>, property tidu4j.export.directory)";
    if (Files.exists(dir) && !Files.isDirectory(dir)) {
      throw new MojoFailureException(what + " is a file, not a directory");
    }
    try {
      Files.createDirectories(dir);
    } catch (IOException | RuntimeException e) {
      throw new MojoFailureException(what + " cannot be made: " + e, e);
    }
    if (!Files.isWritable(dir)) {
      throw new MojoFailureException(what + " is not writable");
    }
    return dir;
  }

  /** The release to compile for: {@code configured}, or 17 where it is unset. */
  static String releaseOf(String configured) throws MojoFailureException {
    String release = configured == null || configured.isBlank() || configured.startsWith("${")
        ? DEFAULT_RELEASE
        : configured.strip();
    if (!release.matches("[0-9]{1,9}")) {
      throw new MojoFailureException("tidu4j export: the release \"" + release + "\" is not a"
          + " Java release number (such as 17); set the goal's <release>"
          + " (tidu4j.export.release), or maven.compiler.release");
    }
    return String.valueOf(Integer.parseInt(release)); // 017 is 17, as javac does not read it
  }

  /**
   * Refuses {@code release} if the JDK Maven runs on, of feature version {@code running}, cannot
   * compile for it (javac's own message names neither the setting nor the JDK).
   */
  static void checkCompilable(String release, int running) throws MojoFailureException {
    if (Integer.parseInt(release) < OLDEST_RELEASE) {
      throw new MojoFailureException("tidu4j export: the release is " + release + ", but the"
          + " exported sources compile for releases " + OLDEST_RELEASE + " and later (javac"
          + " deprecates older ones, and the build treats warnings as errors); raise the goal's"
          + " <release> (tidu4j.export.release, or maven.compiler.release)");
    }
    if (Integer.parseInt(release) > running) {
      throw new MojoFailureException("tidu4j export: the release is " + release + ", but Maven"
          + " runs on JDK " + running + ", whose javac compiles for releases up to " + running
          + "; run Maven on JDK " + release + " or later, or lower the goal's <release>"
          + " (tidu4j.export.release, or maven.compiler.release)");
    }
  }

  /**
   * The sources under {@code roots} newer than their top-level class in {@code classes} (a source
   * without a class file, such as one the compiler excludes, is left out), as written.
   */
  static List<String> staleSources(List<String> roots, Path classes) throws MojoExecutionException {
    List<String> stale = new ArrayList<>();
    for (String root : roots) {
      Path dir = Path.of(root);
      if (!Files.isDirectory(dir)) {
        continue;
      }
      try (Stream<Path> walk = Files.walk(dir)) {
        for (Path source : walk.filter(p -> p.toString().endsWith(".java")).sorted()
            .collect(Collectors.toList())) {
          String relative = dir.relativize(source).toString();
          String name = relative.substring(0, relative.length() - ".java".length());
          Path classFile = classes.resolve(name + ".class");
          if (Files.isRegularFile(classFile)
              && Files.getLastModifiedTime(source).compareTo(Files.getLastModifiedTime(classFile))
                  > 0) {
            stale.add(source.toString());
          }
        }
      } catch (IOException e) {
        throw new MojoExecutionException("tidu4j export cannot read source root " + dir, e);
      }
    }
    return stale;
  }

  /**
   * One class loader over this plugin's jars (tidu4j's included) and then the project's compile
   * class path, below the platform loader: the project's set, its generated classes and tidu4j's
   * runtime must share a loader (a set's kernel table checks its kernels from tidu4j's), and the
   * plugin's own classes run there too, so they see the same classes.
   */
  private URLClassLoader workerLoader(List<Path> classpath) throws MojoExecutionException {
    if (!(ExportMojo.class.getClassLoader() instanceof URLClassLoader plugin)) {
      throw new MojoExecutionException("tidu4j export cannot list its own jars: its class loader "
          + ExportMojo.class.getClassLoader() + " is no URLClassLoader");
    }
    List<URL> urls = new ArrayList<>(List.of(plugin.getURLs()));
    for (Path p : classpath) {
      try {
        urls.add(p.toUri().toURL());
      } catch (MalformedURLException e) {
        throw new MojoExecutionException("class path entry " + p + " is no URL", e);
      }
    }
    return new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
  }

  private void log(Object result, String part, String what) throws ReflectiveOperationException {
    for (Object item : (List<?>) result.getClass().getMethod(part).invoke(result)) {
      getLog().info("tidu4j export: " + item + what);
    }
  }
}
