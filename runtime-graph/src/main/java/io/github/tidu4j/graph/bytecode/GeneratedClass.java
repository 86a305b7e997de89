package io.github.tidu4j.graph.bytecode;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.GraphOperation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
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
    int classesWanted,
    int classCount,
    int classFileSize,
    int stepCount,
    int maxStepBytes,
    int frameSize,
    Path dumpFile) {

  static final String SIMPLE_NAME = "TiduProgram";
  private static final AtomicLong DUMPED = new AtomicLong();

  /**
   * Generates, dumps if asked, and defines the classes of {@code program}: a large program in a few
   * classes, defined in parallel as they are written ({@link ClassDefiner}).
   */
  static <Op extends GraphOperation> GeneratedClass define(
      CompiledProgram<Op> program, KernelSet<Op> kernels, BytecodeOptions options) {
    Executor helper = ClassDefiner.helper();
    return define(
        program, kernels, options, ClassGenerator.POOL_LIMIT,
        ClassDefiner.classesFor(program.instructionCount(), helper), helper);
  }

  /** As {@link #define(CompiledProgram, KernelSet, BytecodeOptions)}, with another pool limit. */
  static <Op extends GraphOperation> GeneratedClass define(
      CompiledProgram<Op> program, KernelSet<Op> kernels, BytecodeOptions options, int poolLimit) {
    return define(program, kernels, options, poolLimit, 1, null);
  }

  /**
   * As {@link #define(CompiledProgram, KernelSet, BytecodeOptions)}, with another pool limit, at
   * least {@code classesWanted} classes, and a helper thread (null: none).
   */
  static <Op extends GraphOperation> GeneratedClass define(
      CompiledProgram<Op> program,
      KernelSet<Op> kernels,
      BytecodeOptions options,
      int poolLimit,
      int classesWanted,
      Executor helper) {
    MethodHandles.Lookup lookup = kernels.lookup();
    String pkg = lookup.lookupClass().getPackageName().replace('.', '/');
    String name = pkg.isEmpty() ? SIMPLE_NAME : pkg + "/" + SIMPLE_NAME;
    ClassDefiner definer = new ClassDefiner(program, lookup, helper);
    Path dumpDirectory = options.dumpDirectory();
    String stem = dumpDirectory == null ? null : SIMPLE_NAME + "_" + DUMPED.incrementAndGet();
    int[] written = {0};
    ClassSink sink =
        dumpDirectory == null
            ? definer
            : (file, data) -> { // before defining: a class that fails to load is dumped
              int c = written[0]++;
              dump(dumpDirectory.resolve(stem + (c == 0 ? "" : "_" + (c + 1)) + ".class"), file);
              definer.accept(file, data);
            };
    ClassGenerator.Result r;
    List<Object> instances;
    try {
      r = ClassGenerator.generate(program, kernels, options, name, poolLimit, classesWanted, sink);
      instances = definer.finish();
    } finally {
      definer.release(); // a helper queued behind busy workers must not keep the classes
    }
    List<byte[]> files = r.classFiles();
    List<ProgramPart> parts = new ArrayList<>();
    ProgramBody body = null;
    int size = 0;
    for (int c = 0; c < files.size(); c++) {
      size += files.get(c).length;
      if (r.parted()) {
        parts.add((ProgramPart) instances.get(c));
      } else {
        body = (ProgramBody) instances.get(c);
      }
    }
    if (r.parted()) {
      body = new PartedBody(parts, kernels.operandType(), r.frameSize());
    }
    return new GeneratedClass(
        instances.get(0).getClass(), body, name, options, poolLimit, classesWanted, files.size(),
        size, r.stepCount(), r.maxStepBytes(), r.frameSize(),
        dumpDirectory == null ? null : dumpDirectory.resolve(stem + ".class"));
  }

  private static void dump(Path file, byte[] bytes) {
    try {
      Files.createDirectories(file.getParent());
      Files.write(file, bytes);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot dump a generated class to " + file, e);
    }
  }

  /** The class files of these classes, generated again for {@code program}, of its structure. */
  <Op extends GraphOperation> List<byte[]> classFiles(
      CompiledProgram<Op> program, KernelSet<Op> kernels) {
    return ClassGenerator.generate(
            program, kernels, options, name, poolLimit, classesWanted, null)
        .classFiles();
  }
}
