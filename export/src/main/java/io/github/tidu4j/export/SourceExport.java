package io.github.tidu4j.export;

import com.palantir.javapoet.JavaFile;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.GraphException;
import io.github.tidu4j.graph.GraphOperation;
import io.github.tidu4j.graph.bytecode.KernelSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import javax.lang.model.SourceVersion;

/**
 * Writes a compiled program as readable Java source that calls the set's own kernel methods in
 * straight lines, on unboxed values, and depends on nothing but the set's declaration and {@code
 * java.base}: no tidu4j class is named in the result.
 *
 * <pre>{@code
 * String source = SourceExport.of(kernels).export(program, "com.example", "Gradient").toString();
 * // com.example.Gradient.evaluate(new double[] {x, y}) computes what the interpreter computes
 * }</pre>
 *
 * <p><b>Layout.</b> The class has {@code public static double[] evaluate(double[] inputs)} and
 * {@code evaluateInto(inputs, outputs)} (for a {@code double} set; the operand type in general),
 * an {@code int} constant per input named after its key ({@code INPUT_<KEY>}, sanitised to an
 * upper-case identifier, collisions numbered in input order) and per output ({@code OUTPUT_<i>}: a
 * compiled program keeps no output keys). The instructions are cut into private static methods
 * of {@value #STEP_INSTRUCTIONS} instructions, each a few hundred bytes of bytecode, which C2
 * compiles in milliseconds (see {@link #STEP_INSTRUCTIONS}); values live in locals within a method
 * and cross methods through one per-call frame array indexed by program slot, written only for
 * values a later method reads. More than {@value #COPY_STATEMENTS} input (output) copies go to
 * helper methods {@code copyInputsN} ({@code copyOutputsN}). A program with {@linkplain
 * CompiledProgram#inputType typed inputs} is exported only by an exporter with a {@linkplain
 * #withTypeReader type reader}, and its class checks each value bound to a typed input first.
 *
 * <p><b>Joint kernels.</b> With a kernel set that has {@linkplain KernelSet#withJointKernels joint
 * kernels} (a generated set's {@code kernelSet()} includes its {@code @JointKernel} methods), the
 * instructions applying two or more primitives of one joint kernel to one value share one call, as
 * in the bytecode backend ({@link io.github.tidu4j.graph.bytecode.JointGroups}): the first calls
 * it, say {@code Scalar.sinCos(v12, f, 52)}, which writes every result to a block of frame cells
 * after the slots, and each reads its own ({@code double v13 = f[53]}).
 *
 * <p><b>Attributes.</b> A kernel that reads attributes is a default method of the primitive's
 * interface. For each distinct such operation (by {@code equals}) the class holds a private static
 * nested class implementing that interface whose abstract no-argument accessors return the values
 * the operation's accessors return, written as literals, and one static final instance of it.
 * Supported values: primitives and boxed primitives, {@code String}s, enum constants, arrays of
 * values (returned as copies, as generated operations return theirs) and public records of values;
 * anything else (null, a list, an operation, a record the exported package cannot see), or an
 * interface with abstract methods taking arguments, fails with an error naming the primitive and
 * the attribute.
 *
 * <p><b>Size.</b> A class's constant pool grows with the number of methods, distinct kernels,
 * attribute instances and large slot indices. {@link #export} writes one class and fails with a
 * {@link GraphException} saying so, rather than giving source that javac rejects, for a program
 * whose estimate exceeds {@value #POOL_LIMIT} entries. {@link #exportFiles} writes programs of any
 * size: one class when it fits, else a main class and package-private part classes, each part
 * holding consecutive steps up to the same limit (an attribute instance is repeated in each part
 * that reads it) and run in order on one frame. Generation is deterministic: the same program
 * gives the same source.
 *
 * @param <Op> the operation type
 */
public final class SourceExport<Op extends GraphOperation> {
  /**
   * Instructions per generated step method (each at most about 30 bytes of bytecode). A step runs
   * once per call, so it reaches C2 only after thousands of calls, and C2's time for a step grows
   * faster than its length: every value live across a kernel call it does not inline (a sine, a
   * cosine) is spilled around it, and the register allocator's work grows with the values live at
   * once. With steps of 200 instructions (about 3 KB) much of a program of tens of thousands of
   * instructions runs at C1 for tens of seconds; steps of 60 reach C2 within seconds and, warm,
   * run as fast as any length from 40 to 100 ({@code ExportBenchmark}, bench/RESULTS.md). Shorter
   * steps pay for the calls between them and the values they pass through the frame.
   */
  static final int STEP_INSTRUCTIONS = 60;

  /** Step calls per driver method, 6 bytes each. */
  static final int DRIVER_CALLS = 1_000;

  /**
   * Input or output copies written in {@code evaluateInto} itself; more go to methods of this many
   * (about 10 bytes each).
   */
  static final int COPY_STATEMENTS = 500;

  /** The constant pool entries the generated class may use, below the class file's 65,535. */
  static final int POOL_LIMIT = 60_000;

  private final KernelSet<Op> kernels;
  private final int poolLimit;
  /** What reads an input's type in the exported class; null if none was given. */
  private final TypeReader typeReader;

  private SourceExport(KernelSet<Op> kernels, int poolLimit, TypeReader typeReader) {
    this.kernels = Objects.requireNonNull(kernels, "kernels");
    this.poolLimit = poolLimit;
    this.typeReader = typeReader;
  }

  /** An exporter of programs over {@code kernels}. */
  public static <Op extends GraphOperation> SourceExport<Op> of(KernelSet<Op> kernels) {
    return new SourceExport<>(kernels, POOL_LIMIT, null);
  }

  /** An exporter whose classes hold at most {@code poolLimit} pool entries: tests cut with less. */
  static <Op extends GraphOperation> SourceExport<Op> of(KernelSet<Op> kernels, int poolLimit) {
    return new SourceExport<>(kernels, poolLimit, null);
  }

  /**
   * This exporter, writing classes that check each value bound to a typed input ({@link
   * CompiledProgram#inputType}) as the runtime's evaluators do: they read the value's type with
   * {@code owner.field.typeOf(value)}, a public static field whose {@code typeOf} method takes the
   * operand type (a typed set's domain constant, such as {@code TensorPrimitives.DOMAIN}), and
   * throw {@code IllegalArgumentException} naming the input if its text is not the declared type's
   * ({@code "input y is f64[5], but the program takes f64[3]"}). Types are compared by their
   * {@code toString()}, since the exported class names no tidu4j type: a type whose text does not
   * tell it from another of the same set (the tensor set's types do) would pass for it. Without a
   * type reader, a program with typed inputs is refused rather than exported unchecked.
   *
   * <pre>{@code
   * SourceExport<TensorOp> export =
   *     SourceExport.of(TensorKernels.kernelSet()).withTypeReader(TensorPrimitives.class, "DOMAIN");
   * }</pre>
   *
   * @throws IllegalArgumentException if {@code owner} is not public, has no public static field
   *     {@code field}, or that field's type has no public {@code typeOf} method taking the
   *     operand type
   */
  public SourceExport<Op> withTypeReader(Class<?> owner, String field) {
    return new SourceExport<>(
        kernels, poolLimit, TypeReader.of(owner, field, kernels.operandType()));
  }

  /**
   * The source of class {@code packageName.className} computing {@code program}.
   *
   * @throws GraphException naming the primitive if an instruction has no fitting kernel or an
   *     attribute of an unsupported type, if the program is too large for one class, or naming
   *     the input if an input is typed and this exporter has no {@linkplain #withTypeReader type
   *     reader}
   * @throws IllegalArgumentException if {@code className} is not a Java identifier, or {@code
   *     packageName} not a package name ({@code ""} for the default package)
   */
  public JavaFile export(CompiledProgram<Op> program, String packageName, String className) {
    checkNames(packageName, className);
    return new ExportWriter<>(kernels, program, packageName, className, poolLimit, typeReader)
        .single();
  }

  /**
   * The sources computing {@code program} as class {@code packageName.className}, first in the
   * list, whatever the program's size: the one class {@link #export} writes if the program fits
   * one class, else a main class with the same public members ({@code evaluate}, {@code
   * evaluateInto}, the {@code INPUT_} and {@code OUTPUT_} constants) followed by package-private
   * part classes {@code className + "Part1"}, {@code "Part2"}, ... holding the steps in program
   * order. All files go to the same package and are compiled together.
   *
   * <pre>{@code
   * SourceExport<MyOp> export = SourceExport.of(kernels);
   * for (JavaFile file : export.exportFiles(program, "com.example", "Gradient")) {
   *   file.writeTo(generatedSources);
   * }
   * }</pre>
   *
   * @throws GraphException naming the primitive if an instruction has no fitting kernel or an
   *     attribute of an unsupported type, or naming the input if an input is typed and this
   *     exporter has no {@linkplain #withTypeReader type reader}
   * @throws IllegalArgumentException if {@code className} is not a Java identifier, or {@code
   *     packageName} not a package name ({@code ""} for the default package)
   */
  public List<JavaFile> exportFiles(
      CompiledProgram<Op> program, String packageName, String className) {
    checkNames(packageName, className);
    ExportWriter<Op> writer =
        new ExportWriter<>(kernels, program, packageName, className, poolLimit, typeReader);
    return writer.fitsOneClass() ? List.of(writer.single()) : writer.parted();
  }

  /**
   * The binary name of the class {@code file} declares, e.g. {@code com.example.Gradient} for a
   * file {@link #export} or {@link #exportFiles} wrote in package {@code com.example}.
   */
  public static String className(JavaFile file) {
    String simple = file.typeSpec().name();
    return file.packageName().isEmpty() ? simple : file.packageName() + "." + simple;
  }

  /**
   * Whether {@code name} may name a class: an identifier that is no keyword nor one of the
   * identifiers Java restricts as type names ({@code var}, {@code yield}, {@code record}, {@code
   * sealed}, {@code permits}).
   */
  public static boolean isClassName(String name) {
    return SourceVersion.isIdentifier(name)
        && !SourceVersion.isKeyword(name)
        && !RESTRICTED_TYPE_NAMES.contains(name);
  }

  private static final Set<String> RESTRICTED_TYPE_NAMES =
      Set.of("var", "yield", "record", "sealed", "permits");

  private static void checkNames(String packageName, String className) {
    if (!isClassName(className)) {
      throw new IllegalArgumentException(className + " is not a simple Java class name");
    }
    // isName: dot-separated identifiers, none a keyword ("com.int.app" is not one)
    if (!packageName.isEmpty() && !SourceVersion.isName(packageName)) {
      throw new IllegalArgumentException(
          "\"" + packageName + "\" is not a Java package name (identifiers separated by dots, none"
              + " a keyword); use \"\" for the default package");
    }
  }

  /** An upper-case identifier fragment of {@code text}: other characters become underscores. */
  static String sanitise(String text) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      b.append(Character.isJavaIdentifierPart(c) && c < 128 ? Character.toUpperCase(c) : '_');
    }
    return b.length() == 0 ? "_" : b.toString();
  }

  /** {@code name}, or {@code name_2}, {@code name_3}, ...: the first not yet taken. */
  static String unique(String name, Set<String> taken) {
    String candidate = name;
    for (int i = 2; !taken.add(candidate); i++) {
      candidate = name + "_" + i;
    }
    return candidate;
  }

  /** {@code text} as a code block format that stands for itself: {@code $} doubled. */
  static String escape(String text) {
    return text.replace("$", "$$");
  }

  /** {@code value} as text safe inside Javadoc {@code {@code ...}} and line comments. */
  static String javadocText(Object value) {
    return String.valueOf(value)
        .replace("\n", " ")
        .replace("\r", " ")
        .replace("*/", "*&#47;")
        .replace("{", "&#123;")
        .replace("}", "&#125;");
  }
}
