package io.github.tidu4j.maven;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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

  /** Where the generated sources go; the plugin owns this directory. */
  private File generatedSourcesDirectory;

  /** The Java release the generated sources are compiled for. */
  private String release;

  /** Skips the goal. */
  private boolean skip;

  /** The release when none is configured: the oldest tidu4j supports. */
  private static final String DEFAULT_RELEASE = "17";

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      getLog().info("tidu4j export skipped");
      return;
    }
    List<Path> classpath = new ArrayList<>();
    for (String element : classpathElements) {
      classpath.add(Path.of(element));
    }
    String javaRelease = release == null || release.isBlank() || release.startsWith("${")
        ? DEFAULT_RELEASE
        : release.strip();
    ExportBuild.Result result;
    try {
      result = ExportBuild.run(
          classesDirectory.toPath(), generatedSourcesDirectory.toPath(), classpath, javaRelease);
    } catch (ExportFailure e) {
      throw new MojoFailureException(e.getMessage(), e);
    } catch (IllegalStateException e) {
      throw new MojoExecutionException(e.getMessage(), e);
    }
    for (String c : result.exported()) {
      getLog().info("tidu4j export: " + c + " written and compiled");
    }
    for (String c : result.unchanged()) {
      getLog().info("tidu4j export: " + c + " unchanged");
    }
    for (Path p : result.deleted()) {
      getLog().info("tidu4j export: deleted " + p + " (no longer marked)");
    }
  }
}
