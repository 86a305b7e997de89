package io.github.tidu4j.graph.bytecode;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.GraphOperation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One generated, defined program class and its instance; what the cache holds and every {@link
 * BytecodeProgram} of that structure shares. The hidden class is not strongly held by its loader,
 * so it is unloaded once no program refers to it. The class file is not kept (8 bytes or so per
 * instruction); {@link #classFile} generates it again, identically.
 */
record GeneratedClass(
    Class<?> type,
    ProgramBody body,
    String name,
    BytecodeOptions options,
    int classFileSize,
    int stepCount,
    int maxStepBytes,
    int frameSize,
    Path dumpFile) {

  static final String SIMPLE_NAME = "TiduProgram";
  private static final AtomicLong DUMPED = new AtomicLong();

  /** Generates, dumps if asked, and defines the class of {@code program}. */
  static <Op extends GraphOperation> GeneratedClass define(
      CompiledProgram<Op> program, KernelSet<Op> kernels, BytecodeOptions options) {
    MethodHandles.Lookup lookup = kernels.lookup();
    String pkg = lookup.lookupClass().getPackageName().replace('.', '/');
    String name = pkg.isEmpty() ? SIMPLE_NAME : pkg + "/" + SIMPLE_NAME;
    ClassGenerator.Result r = ClassGenerator.generate(program, kernels, options, name);
    Path dumpFile = null;
    if (options.dumpDirectory() != null) { // before defining: a class that fails to load is dumped
      dumpFile =
          options.dumpDirectory().resolve(SIMPLE_NAME + "_" + DUMPED.incrementAndGet() + ".class");
      try {
        Files.createDirectories(options.dumpDirectory());
        Files.write(dumpFile, r.bytes());
      } catch (IOException e) {
        throw new UncheckedIOException("cannot dump a generated class to " + dumpFile, e);
      }
    }
    try {
      MethodHandles.Lookup defined =
          lookup.defineHiddenClassWithClassData(r.bytes(), r.classData(), true);
      Class<?> type = defined.lookupClass();
      ProgramBody body =
          (ProgramBody) defined.findConstructor(type, MethodType.methodType(void.class)).invoke();
      return new GeneratedClass(
          type, body, name, options, r.bytes().length, r.stepCount(), r.maxStepBytes(),
          r.frameSize(), dumpFile);
    } catch (RuntimeException | Error e) {
      throw new IllegalStateException(
          "the generated class of a " + program.instructionCount() + "-instruction program does "
              + "not load (a bytecode backend bug; set -D" + BytecodeOptions.DUMP_PROPERTY
              + "=<dir> to keep it): " + e,
          e);
    } catch (Throwable e) {
      throw new IllegalStateException("the generated class cannot be instantiated: " + e, e);
    }
  }

  /** The class file of this class, generated again for {@code program}, of its structure. */
  <Op extends GraphOperation> byte[] classFile(CompiledProgram<Op> program, KernelSet<Op> kernels) {
    return ClassGenerator.generate(program, kernels, options, name).bytes();
  }
}
