package io.github.tidu4j.codegen;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import io.github.tidu4j.processor.PrimitiveSetProcessor;
import java.util.ArrayList;
import java.util.List;
import javax.annotation.processing.Processor;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;

/** Compiling test sources with the processor, and reading what it reported. */
final class Compilations {
  private Compilations() {}

  /** Compiles {@code sources} with the tidu4j processor (and {@code others} before it). */
  static Compilation compile(List<Processor> others, JavaFileObject... sources) {
    List<Processor> processors = new ArrayList<>(others);
    processors.add(new PrimitiveSetProcessor());
    return Compiler.javac().withProcessors(processors).compile(sources);
  }

  /** Compiles {@code sources} with the tidu4j processor. */
  static Compilation compile(JavaFileObject... sources) {
    return compile(List.of(), sources);
  }

  /** The errors the processor reported (javac's own, such as unresolved symbols, left out). */
  static List<Diagnostic<? extends JavaFileObject>> processorErrors(Compilation compilation) {
    List<Diagnostic<? extends JavaFileObject>> errors = new ArrayList<>();
    for (Diagnostic<? extends JavaFileObject> error : compilation.errors()) {
      if (error.getMessage(null).startsWith("[tidu4j:")) {
        errors.add(error);
      }
    }
    return errors;
  }
}
