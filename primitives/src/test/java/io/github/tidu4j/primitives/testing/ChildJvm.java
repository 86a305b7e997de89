package io.github.tidu4j.primitives.testing;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A test's child JVM: runs a class's {@code main} in a JVM of its own, for what only a fresh JVM
 * shows (a class's initialisation under some system properties, a small heap).
 *
 * @param exitValue the child's exit status
 * @param output what it printed, standard error after standard output
 */
public record ChildJvm(int exitValue, String output) {

  /**
   * Runs {@code main}'s {@code main} with {@code jvmArgs}, on a class path of the places {@code
   * classes} (and {@code main}) were loaded from; waits at most two minutes.
   *
   * @throws AssertionError if the child does not end in time
   */
  public static ChildJvm run(Class<?> main, List<String> jvmArgs, String... classes)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(jvmArgs);
    command.add("-cp");
    List<String> all = new ArrayList<>(List.of(classes));
    all.add(main.getName());
    command.add(classPath(all));
    command.add(main.getName());
    Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
    if (!child.waitFor(120, TimeUnit.SECONDS)) {
      child.destroyForcibly();
      throw new AssertionError("the child JVM running " + main.getName() + " did not end");
    }
    return new ChildJvm(
        child.exitValue(), new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
  }

  /**
   * The class path of the code the child runs, from where these classes were loaded: surefire
   * runs the tests on the module path, with a {@code java.class.path} of its own.
   */
  private static String classPath(List<String> classes) {
    List<String> entries = new ArrayList<>();
    for (String name : classes) {
      try {
        Class<?> c = Class.forName(name);
        String entry =
            Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        if (!entries.contains(entry)) {
          entries.add(entry);
        }
      } catch (ClassNotFoundException | URISyntaxException e) {
        throw new IllegalStateException(e);
      }
    }
    return String.join(java.io.File.pathSeparator, entries);
  }
}
