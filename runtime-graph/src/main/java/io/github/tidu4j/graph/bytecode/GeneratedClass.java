package io.github.tidu4j.graph.bytecode;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.GraphOperation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The generated, defined classes of one program and its body; what the cache holds and every
 * {@link BytecodeProgram} of that structure shares. Usually one class; a program too large for one
 * is several {@link ProgramPart}s run by a {@link PartedBody}. Hidden classes are not strongly held
 * by their loader, so they are unloaded once no program refers to them. The class files are not
 * kept (8 bytes or so per instruction); {@link #classFiles} generates them again, identically.
 *
 * @param type the first (usually only) class
 * @param dumpFile where the first class was dumped (the others beside it, numbered), or null
 */
record GeneratedClass(
    Class<?> type,
    ProgramBody body,
    String name,
    BytecodeOptions options,
    int poolLimit,
    int classCount,
    int classFileSize,
    int stepCount,
    int maxStepBytes,
    int frameSize,
    Path dumpFile) {

  static final String SIMPLE_NAME = "TiduProgram";
  private static final AtomicLong DUMPED = new AtomicLong();

  /** Generates, dumps if asked, and defines the classes of {@code program}. */
  static <Op extends GraphOperation> GeneratedClass define(
      CompiledProgram<Op> program, KernelSet<Op> kernels, BytecodeOptions options) {
    return define(program, kernels, options, ClassGenerator.POOL_LIMIT);
  }

  /** As {@link #define(CompiledProgram, KernelSet, BytecodeOptions)}, with another pool limit. */
  static <Op extends GraphOperation> GeneratedClass define(
      CompiledProgram<Op> program, KernelSet<Op> kernels, BytecodeOptions options, int poolLimit) {
    MethodHandles.Lookup lookup = kernels.lookup();
    String pkg = lookup.lookupClass().getPackageName().replace('.', '/');
    String name = pkg.isEmpty() ? SIMPLE_NAME : pkg + "/" + SIMPLE_NAME;
    ClassGenerator.Result r = ClassGenerator.generate(program, kernels, options, name, poolLimit);
    List<byte[]> files = r.classFiles();
    Path dumpFile = null;
    if (options.dumpDirectory() != null) { // before defining: a class that fails to load is dumped
      String stem = SIMPLE_NAME + "_" + DUMPED.incrementAndGet();
      for (int c = 0; c < files.size(); c++) {
        Path file =
            options.dumpDirectory().resolve(stem + (c == 0 ? "" : "_" + (c + 1)) + ".class");
        dumpFile = c == 0 ? file : dumpFile;
        try {
          Files.createDirectories(options.dumpDirectory());
          Files.write(file, files.get(c));
        } catch (IOException e) {
          throw new UncheckedIOException("cannot dump a generated class to " + file, e);
        }
      }
    }
    Class<?> first = null;
    List<ProgramPart> parts = new ArrayList<>();
    ProgramBody body = null;
    int size = 0;
    for (int c = 0; c < files.size(); c++) {
      Object instance = defineAndInstantiate(program, lookup, files.get(c), r.classData().get(c));
      first = c == 0 ? instance.getClass() : first;
      size += files.get(c).length;
      if (r.parted()) {
        parts.add((ProgramPart) instance);
      } else {
        body = (ProgramBody) instance;
      }
    }
    if (r.parted()) {
      body = new PartedBody(parts, kernels.operandType(), r.frameSize());
    }
    return new GeneratedClass(
        first, body, name, options, poolLimit, files.size(), size, r.stepCount(), r.maxStepBytes(),
        r.frameSize(), dumpFile);
  }

  private static Object defineAndInstantiate(
      CompiledProgram<?> program, MethodHandles.Lookup lookup, byte[] file, List<Object> data) {
    try {
      MethodHandles.Lookup defined = lookup.defineHiddenClassWithClassData(file, data, true);
      Class<?> type = defined.lookupClass();
      return defined.findConstructor(type, MethodType.methodType(void.class)).invoke();
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

  /** The class files of these classes, generated again for {@code program}, of its structure. */
  <Op extends GraphOperation> List<byte[]> classFiles(
      CompiledProgram<Op> program, KernelSet<Op> kernels) {
    return ClassGenerator.generate(program, kernels, options, name, poolLimit).classFiles();
  }
}
