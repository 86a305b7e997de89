package io.github.tidu4j.maven;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;

/**
 * Whether exported code runs without tidu4j's runtime: links the kernels' declaring classes in a
 * class loader over the project's class path that refuses every class of the runtime packages
 * ({@code io.github.tidu4j.graph} and {@code io.github.tidu4j.ad}), so the JVM verifies them as
 * it will where the runtime is absent.
 *
 * <p>The exported programs name only the set's kernels, but linking a kernel's declaring
 * interface verifies all its methods, the rules included, and the verifier loads a class where a
 * rule passes a value as a supertype (an {@code Output} passed where the emitter takes a {@code
 * Primal}). Such a set's exported code needs the runtime on the class path after all; this check
 * finds that at build time instead of in production.
 *
 * <pre>{@code
 * String why = StandaloneCheck.firstProblem(classpath, List.of("com.example.Smooth$Sigmoid"));
 * // null if the kernels link without the runtime
 * }</pre>
 */
public final class StandaloneCheck {
  /** The packages of the runtime an exported program must not need. */
  static final List<String> RUNTIME_PACKAGES = List.of("io.github.tidu4j.graph.", "io.github.tidu4j.ad.");

  private StandaloneCheck() {}

  /**
   * Why the classes {@code kernelOwners} (binary names) cannot be linked from {@code classpath}
   * without the runtime, or {@code null} if they can.
   */
  public static String firstProblem(List<Path> classpath, List<String> kernelOwners) {
    URL[] urls = new URL[classpath.size()];
    for (int i = 0; i < urls.length; i++) {
      try {
        urls[i] = classpath.get(i).toUri().toURL();
      } catch (MalformedURLException e) {
        throw new IllegalArgumentException("class path entry " + classpath.get(i), e);
      }
    }
    try (URLClassLoader loader = new WithoutRuntime(urls)) {
      for (String owner : kernelOwners) {
        try {
          Class.forName(owner, true, loader);
        } catch (ClassNotFoundException | LinkageError e) {
          return "linking " + owner + " fails without the runtime (" + e + "); a rule that passes"
              + " an Output where a Primal is taken makes the verifier load tidu4j's classes";
        }
      }
      return null;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The project's class path, less the runtime's classes, below the platform loader. */
  private static final class WithoutRuntime extends URLClassLoader {
    WithoutRuntime(URL[] urls) {
      super(urls, ClassLoader.getPlatformClassLoader());
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
      for (String p : RUNTIME_PACKAGES) {
        if (name.startsWith(p)) {
          throw new ClassNotFoundException(name + " (left out: the runtime is absent)");
        }
      }
      return super.loadClass(name, resolve);
    }
  }
}
