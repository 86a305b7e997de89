package io.github.tidu4j.codegen;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.HashMap;
import java.util.Map;
import javax.tools.JavaFileObject;

/**
 * The classes of a successful compile-testing {@link Compilation}, loaded so a test can run the
 * generated code: the compiled classes come first, everything else (the runtime, the tests) from
 * the tests' own class loader.
 */
public final class CompiledClasses extends ClassLoader {
  private final Map<String, byte[]> classes;

  private CompiledClasses(Map<String, byte[]> classes, ClassLoader parent) {
    super(parent);
    this.classes = classes;
  }

  /** A loader of the classes {@code compilation} produced. */
  public static CompiledClasses of(Compilation compilation) {
    Map<String, byte[]> classes = new HashMap<>();
    for (JavaFileObject file : compilation.generatedFiles()) {
      if (file.getKind() == JavaFileObject.Kind.CLASS) {
        String path = file.toUri().getPath();
        String binary =
            path.substring(
                path.indexOf("/CLASS_OUTPUT/") + "/CLASS_OUTPUT/".length(),
                path.length() - ".class".length());
        try (InputStream in = file.openInputStream()) {
          classes.put(binary.replace('/', '.'), in.readAllBytes());
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    }
    return new CompiledClasses(classes, CompiledClasses.class.getClassLoader());
  }

  /** Whether the compilation produced the class of binary name {@code name}. */
  public boolean has(String name) {
    return classes.containsKey(name);
  }

  /** The binary names of the compiled classes. */
  public java.util.Set<String> names() {
    return classes.keySet();
  }

  /**
   * Runs {@code static void run()} of the compiled class {@code name}, rethrowing what it throws
   * (an {@link AssertionError} when a check fails).
   */
  public void run(String name) throws Exception {
    Method run = Class.forName(name, true, this).getDeclaredMethod("run");
    run.setAccessible(true);
    try {
      run.invoke(null);
    } catch (InvocationTargetException e) {
      Throwable cause = e.getCause();
      if (cause instanceof Error error) {
        throw error;
      }
      if (cause instanceof Exception exception) {
        throw exception;
      }
      throw new AssertionError(cause);
    }
  }

  @Override
  protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
    synchronized (getClassLoadingLock(name)) {
      Class<?> c = findLoadedClass(name);
      if (c == null && classes.containsKey(name)) {
        byte[] bytes = classes.get(name);
        c = defineClass(name, bytes, 0, bytes.length);
      }
      if (c == null) {
        return super.loadClass(name, resolve);
      }
      if (resolve) {
        resolveClass(c);
      }
      return c;
    }
  }
}
