package io.github.tidu4j.graph.bytecode;

import java.nio.file.Path;

/**
 * How the bytecode backend lays out and dumps generated classes.
 *
 * <pre>{@code
 * BytecodeOptions o = BytecodeOptions.defaults().withDumpDirectory(Path.of("/tmp/tidu4j"));
 * BytecodeCompiler<ScalarOp> compiler = new BytecodeCompiler<>(kernels, 64, o);
 * }</pre>
 *
 * @param methodBytes the most bytecode one generated method may hold; a program is cut into methods
 *     of at most this size. At most {@value #HUGE_METHOD_LIMIT}: HotSpot does not compile larger
 *     methods (unless run with {@code -XX:-DontCompileHugeMethods}, which this backend never
 *     needs). Smaller methods also leave the JIT's inlining budget (its {@code DesiredMethodLimit}
 *     of 8,000 bytes counts the caller too) for the kernels.
 * @param constantLimit how many distinct operations whose kernels are called on them a class
 *     loads as separate JVM constants (dynamic constants: the JIT knows the exact operation, so its
 *     kernel call inlines); any more are read from one constant array. Keeps the constant pool
 *     under its 65,535 entries. Operations whose kernels are computed in place take no such
 *     constant: their attributes are plain constants of the class.
 * @param dumpDirectory where to write every generated class file, for {@code javap -c -p}; {@code
 *     null} for none
 */
public record BytecodeOptions(int methodBytes, int constantLimit, Path dumpDirectory) {

  /** HotSpot's {@code HugeMethodLimit}: larger methods stay interpreted. */
  public static final int HUGE_METHOD_LIMIT = 8_000;

  /**
   * The default {@link #methodBytes}. C2 stops inlining into a method once its own bytecode plus
   * what it has inlined reaches {@code DesiredMethodLimit} (8,000 bytes), so a method near the
   * huge-method limit calls its last kernels instead of inlining them, and each of those calls
   * costs more than the small kernel it runs. 2,000 leaves room for kernels of about 25 bytes
   * each; much smaller methods pay instead for the calls between methods and for passing values
   * through the frame. A method also ends before its 33rd kernel call, whatever its bytes: C2's
   * time for a method grows with the calls it does not inline (see the package's documentation).
   * {@code RandDagEvaluatorBenchmark.bytecode} (bench/RESULTS.md) measures evaluation at this
   * default.
   */
  public static final int DEFAULT_METHOD_BYTES = 2_000;

  /** The default {@link #constantLimit}. */
  public static final int DEFAULT_CONSTANT_LIMIT = 16_384;

  /** The system property naming a {@link #dumpDirectory}. */
  public static final String DUMP_PROPERTY = "tidu4j.bytecode.dump";

  /** Checks the limits. */
  public BytecodeOptions {
    if (methodBytes < 256 || methodBytes > HUGE_METHOD_LIMIT) {
      throw new IllegalArgumentException(
          "methodBytes must be within 256.." + HUGE_METHOD_LIMIT + ", was " + methodBytes);
    }
    if (constantLimit < 0 || constantLimit > 20_000) {
      throw new IllegalArgumentException(
          "constantLimit must be within 0..20000, was " + constantLimit);
    }
  }

  /**
   * The default layout, dumping to the directory named by the system property {@value
   * #DUMP_PROPERTY} if it is set (read now).
   */
  public static BytecodeOptions defaults() {
    String dump = System.getProperty(DUMP_PROPERTY);
    return new BytecodeOptions(
        DEFAULT_METHOD_BYTES,
        DEFAULT_CONSTANT_LIMIT,
        dump == null || dump.isBlank() ? null : Path.of(dump));
  }

  /** These options with another {@link #methodBytes}. */
  public BytecodeOptions withMethodBytes(int bytes) {
    return new BytecodeOptions(bytes, constantLimit, dumpDirectory);
  }

  /** These options with another {@link #constantLimit}. */
  public BytecodeOptions withConstantLimit(int limit) {
    return new BytecodeOptions(methodBytes, limit, dumpDirectory);
  }

  /** These options dumping to {@code directory} ({@code null}: no dump). */
  public BytecodeOptions withDumpDirectory(Path directory) {
    return new BytecodeOptions(methodBytes, constantLimit, directory);
  }
}
