package io.github.tidu4j.graph.bytecode;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.GraphException;
import io.github.tidu4j.graph.GraphOperation;
import java.lang.invoke.MethodType;
import java.lang.reflect.Array;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A {@link CompiledProgram} running as generated JVM bytecode: one hidden class (several for a
 * program too large for one) whose code calls every instruction's kernel directly, with values in
 * JVM locals (unboxed for a primitive operand type). It gives bit for bit what the {@link io.github.tidu4j.graph.Interpreter} gives, and fails
 * the same way: bad bindings name the key, a failing kernel names the operation and instruction.
 *
 * <p>Immutable and safe to evaluate from many threads at once: the generated code keeps no state,
 * each call gets its own frame. Programs of equal structure share the class; each binds its own
 * input keys.
 *
 * <pre>{@code
 * BytecodeProgram<ScalarOp> p = compiler.compile(program);
 * double[] y = p.evaluate(0.1, 0.2);                  // a double set: unboxed
 * List<Double> z = p.eval(Map.of("x", 0.1, "y", 0.2)); // by key, any set
 * }</pre>
 *
 * @param <Op> the operation type
 */
public final class BytecodeProgram<Op extends GraphOperation> {
  private final CompiledProgram<Op> program;
  private final KernelSet<Op> kernels;
  private final GeneratedClass code;
  private final ProgramBody body;
  private final Class<?> operandType;
  private final Class<?> boxType;

  BytecodeProgram(CompiledProgram<Op> program, KernelSet<Op> kernels, GeneratedClass code) {
    this.program = program;
    this.kernels = kernels;
    this.code = code;
    this.body = code.body();
    this.operandType = kernels.operandType();
    this.boxType = MethodType.methodType(operandType).wrap().returnType();
  }

  /**
   * Evaluates a program over {@code double}s, with input {@code i} bound to {@code inputs[i]} in
   * the order of {@link #inputKeys()}; no boxing. {@code inputs} is only read.
   *
   * @return the outputs, in order
   * @throws IllegalStateException if the operand type is not {@code double}
   * @throws GraphException if the number of inputs is wrong, or naming the operation and
   *     instruction if a kernel fails
   */
  public double[] evaluate(double... inputs) {
    double[] out = new double[program.outputCount()];
    evaluateInto(inputs, out);
    return out;
  }

  /**
   * As {@link #evaluate(double...)}, writing the outputs into {@code outputs} (from index 0), so
   * a hot loop allocates nothing per evaluation.
   *
   * <pre>{@code
   * double[] out = new double[p.outputCount()];
   * for (double x : xs) {
   *   p.evaluateInto(new double[] {x}, out);     // or reuse the input array too
   * }
   * }</pre>
   *
   * @throws IllegalStateException if the operand type is not {@code double}
   * @throws GraphException if the number of inputs is wrong or {@code outputs} is shorter than the
   *     number of outputs, or naming the operation and instruction if a kernel fails
   */
  public void evaluateInto(double[] inputs, double[] outputs) {
    if (operandType != double.class) {
      throw new IllegalStateException(
          "the program's operand type is " + operandType.getName()
              + ", not double; use evaluateObjects or eval");
    }
    checkCount(inputs.length);
    if (outputs.length < program.outputCount()) {
      throw new GraphException(
          "the program has " + program.outputCount() + " outputs but the output array holds "
              + outputs.length);
    }
    try {
      body.run(inputs, outputs);
    } catch (RuntimeException | StackOverflowError e) {
      Object[] boxed = new Object[inputs.length];
      for (int i = 0; i < inputs.length; i++) {
        boxed[i] = inputs[i];
      }
      throw Diagnosis.explain(program, kernels, boxed, e);
    }
  }

  /**
   * Evaluates with input {@code i} bound to {@code inputs[i]}, in the order of {@link
   * #inputKeys()}: values of the operand type (boxed for a primitive type).
   *
   * @return the outputs, in order (boxed for a primitive type)
   * @throws GraphException naming the key if an input is {@code null} or not of the operand type,
   *     if the number of inputs is wrong, or naming the operation and instruction if a kernel fails
   */
  public Object[] evaluateObjects(Object... inputs) {
    checkCount(inputs.length);
    Object in = Array.newInstance(operandType, inputs.length);
    for (int i = 0; i < inputs.length; i++) {
      Object value = inputs[i];
      program.checkInput(i, value);
      if (!boxType.isInstance(value)) {
        throw program.inputClassError(i, value, operandType);
      }
      Array.set(in, i, value);
    }
    int outputs = program.outputCount();
    Object out = Array.newInstance(operandType, outputs);
    try {
      body.run(in, out);
    } catch (RuntimeException | StackOverflowError e) {
      throw Diagnosis.explain(program, kernels, inputs.clone(), e);
    }
    if (!operandType.isPrimitive()) {
      return Arrays.copyOf((Object[]) out, outputs, Object[].class);
    }
    Object[] boxed = new Object[outputs];
    for (int o = 0; o < outputs; o++) {
      boxed[o] = Array.get(out, o);
    }
    return boxed;
  }

  /**
   * Evaluates with inputs bound by key, as {@link io.github.tidu4j.graph.Interpreter#eval} does:
   * bindings for the {@linkplain CompiledProgram#unusedInputKeys() inputs the program does not
   * read} are ignored.
   *
   * @throws GraphException naming the key if an input is unbound, bound to {@code null} or to a
   *     value not of the operand type, or if {@code inputs} binds a key that is an input of none
   *     of the graphs the program was materialized from; naming the operation and instruction if
   *     a kernel fails
   */
  @SuppressWarnings("unchecked")
  public <V> List<V> eval(Map<?, ? extends V> inputs) {
    Object[] positional = program.bindInputs(inputs);
    return (List<V>) Collections.unmodifiableList(Arrays.asList(evaluateObjects(positional)));
  }

  /**
   * Evaluates with input {@code i} bound to {@code inputs.get(i)}, as {@link
   * io.github.tidu4j.graph.Interpreter#evalPositional} does.
   */
  @SuppressWarnings("unchecked")
  public <V> List<V> evalPositional(List<? extends V> inputs) {
    return (List<V>) Collections.unmodifiableList(Arrays.asList(evaluateObjects(inputs.toArray())));
  }

  private void checkCount(int given) {
    if (given != program.inputCount()) {
      throw program.inputCountError(given);
    }
  }

  /** The program this runs, with its own input keys. */
  public CompiledProgram<Op> program() {
    return program;
  }

  /** The input keys, in input order. */
  public List<Object> inputKeys() {
    return program.inputKeys();
  }

  /** The number of inputs. */
  public int inputCount() {
    return program.inputCount();
  }

  /** The number of outputs. */
  public int outputCount() {
    return program.outputCount();
  }

  /** The type of every operand and result. */
  public Class<?> operandType() {
    return operandType;
  }

  /**
   * The generated hidden class (the first of them if the program is cut into several); programs of
   * equal structure share it.
   */
  public Class<?> generatedClass() {
    return code.type();
  }

  /**
   * The number of generated classes: 1, or more for a program whose methods and constants do not
   * fit one class's constant pool (a few million instructions; see {@link ProgramPart}).
   */
  public int classCount() {
    return code.classCount();
  }

  /** The number of methods the program was cut into (besides {@code run} and drivers). */
  public int stepCount() {
    return code.stepCount();
  }

  /** The bytecode size of the largest of those methods. */
  public int maxStepBytes() {
    return code.maxStepBytes();
  }

  /** The number of values an evaluation keeps in its frame, between methods. */
  public int frameSize() {
    return code.frameSize();
  }

  /**
   * The class file, as defined (the first one if the program is cut into several classes); {@code
   * javap} reads it once written to a file. Generated again on each call (generation is
   * deterministic), since keeping it would cost memory on every program.
   */
  public byte[] classBytes() {
    return classFiles().get(0);
  }

  /**
   * The class files of all {@link #classCount()} classes, in program order, as defined; generated
   * again on each call, as {@link #classBytes()} is.
   *
   * <pre>{@code
   * long size = b.classFiles().stream().mapToLong(f -> f.length).sum();
   * }</pre>
   */
  public List<byte[]> classFiles() {
    return code.classFiles(program, kernels);
  }

  /**
   * Where the class file was dumped, if {@link BytecodeOptions#dumpDirectory} was set; the classes
   * after the first of a program cut into several are dumped beside it, their names ending in
   * {@code _2}, {@code _3}, ...
   */
  public Optional<Path> dumpFile() {
    return Optional.ofNullable(code.dumpFile());
  }

  /**
   * The generated classes as text, in ASM's {@code Textifier} notation, one after the other.
   *
   * @throws IllegalStateException if {@code org.ow2.asm:asm-util} is not on the class path (on
   *     the module path: not in the module graph, {@code --add-modules org.objectweb.asm.util})
   */
  public String textify() {
    try {
      StringBuilder text = new StringBuilder();
      for (byte[] file : classFiles()) {
        text.append(Textify.text(file));
      }
      return text.toString();
    } catch (NoClassDefFoundError e) {
      throw new IllegalStateException(
          "textify() needs org.ow2.asm:asm-util on the class path (an optional dependency); on the"
              + " module path, add --add-modules org.objectweb.asm.util",
          e);
    }
  }

  @Override
  public String toString() {
    return "BytecodeProgram[" + program.instructionCount() + " instructions, "
        + code.stepCount() + " methods, " + code.type().getName()
        + (code.classCount() == 1 ? "" : " and " + (code.classCount() - 1) + " more classes")
        + "]";
  }
}
