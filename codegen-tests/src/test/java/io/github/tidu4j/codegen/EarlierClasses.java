package io.github.tidu4j.codegen;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import io.github.tidu4j.processor.PrimitiveSetProcessor;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;

/**
 * A compilation against the classes of an earlier one, as a build against a jar, an IDE or an
 * incremental build compiles: the earlier classes are written to a directory put first on the
 * class path, before the tests' own.
 */
final class EarlierClasses {
  private EarlierClasses() {}

  /**
   * Compiles {@code sources} with the processor, {@code earlier}'s classes (written to {@code
   * dir}) and the tests' class path on the class path.
   */
  static Compilation compileAgainst(Path dir, Compilation earlier, JavaFileObject... sources)
      throws IOException {
    for (JavaFileObject file : earlier.generatedFiles()) {
      if (file.getKind() == JavaFileObject.Kind.CLASS) {
        String path = file.toUri().getPath();
        Path out = dir.resolve(path.substring(path.indexOf("/CLASS_OUTPUT/") + 14));
        Files.createDirectories(out.getParent());
        try (InputStream in = file.openInputStream()) {
          Files.write(out, in.readAllBytes());
        }
      }
    }
    List<File> classPath = new ArrayList<>();
    classPath.add(dir.toFile());
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      classPath.add(new File(entry));
    }
    return Compiler.javac()
        .withProcessors(new PrimitiveSetProcessor())
        .withClasspath(classPath)
        .compile(sources);
  }
}
