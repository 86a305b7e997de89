package com.example;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.GraphException;
import io.github.tidu4j.graph.GraphOperation;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.KernelFailure;
import io.github.tidu4j.graph.ProgramRunner;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.annotation.processing.Generated;

/**
 * Evaluates compiled programs of the {@link Real} primitives: a switch over opcodes calling each kernel
 * directly, over {@code double[]} slots, with no interface dispatch, no boxing and no allocation per
 * instruction. Gives bit for bit the results of {@link Interpreter}, and the same errors.
 *
 * <p>Immutable and thread-safe: every evaluation has its own slots.
 *
 * <pre>{@code
 * RealEvaluator evaluator = new RealEvaluator(program);
 * double[] outputs = evaluator.evaluate(inputs);
 * }</pre>
 */
@Generated("io.github.tidu4j.processor.PrimitiveSetProcessor")
public final class RealEvaluator implements ProgramRunner<Double> {
  /**
   * The program, for its inputs' keys and for errors.
   */
  private final CompiledProgram<RealOp> program;

  /**
   * Each instruction in turn: its opcode, its argument slots, its result slots.
   */
  private final int[] code;

  /**
   * The operation of each instruction, for kernels that read attributes and for errors.
   */
  private final RealOp[] operations;

  /**
   * The slot of each input, in input order.
   */
  private final int[] inputSlots;

  /**
   * The slot of each output, in output order.
   */
  private final int[] outputSlots;

  /**
   * Decodes {@code program} once; evaluations then only read the decoded arrays.
   *
   * @param program a compiled program of the set's operations
   */
  public RealEvaluator(CompiledProgram<RealOp> program) {
    this.program = program;
    int instructions = program.instructionCount();
    int length = 0;
    for (int i = 0; i < instructions; i++) {
      length += 1 + program.argumentCount(i) + program.resultCount(i);
    }
    code = new int[length];
    operations = new RealOp[instructions];
    int pc = 0;
    for (int i = 0; i < instructions; i++) {
      GraphOperation any = program.operation(i);
      if (!(any instanceof RealOp operation)) {
        throw new GraphException(any.name() + " (instruction " + i + ") is a "
            + any.getClass().getName() + ", not an operation of the Real set ("
            + RealOp.class.getName() + "): a program runs on the evaluator of its own set");
      }
      operations[i] = operation;
      code[pc++] = operation.opcode();
      int arguments = program.argumentCount(i);
      for (int j = 0; j < arguments; j++) {
        code[pc++] = program.argumentSlot(i, j);
      }
      int results = program.resultCount(i);
      for (int r = 0; r < results; r++) {
        code[pc++] = program.resultSlot(i, r);
      }
    }
    inputSlots = new int[program.inputCount()];
    for (int i = 0; i < inputSlots.length; i++) {
      inputSlots[i] = program.inputSlot(i);
    }
    outputSlots = new int[program.outputCount()];
    for (int o = 0; o < outputSlots.length; o++) {
      outputSlots[o] = program.outputSlot(o);
    }
  }

  /**
   * Evaluates the program with input {@code i} bound to {@code inputs[i]}, in the order of
   * {@link CompiledProgram#inputKeys()}.
   *
   * @param inputs the inputs, in order
   * @return the outputs, in order
   * @throws GraphException if the number of inputs is wrong, or as {@link KernelFailure}
   *     words it if a kernel fails
   */
  public double[] evaluate(double... inputs) {
    if (inputs.length != inputSlots.length) {
      throw program.inputCountError(inputs.length);
    }
    double[] s = new double[program.slotCount()];
    for (int i = 0; i < inputs.length; i++) {
      s[inputSlots[i]] = inputs[i];
    }
    return run(s);
  }

  /**
   * Evaluates the program with inputs bound by key. {@code inputs} may also bind any
   * other input of the graphs the program was materialized from
   * ({@link CompiledProgram#unusedInputKeys()}); those bindings are ignored.
   *
   * @param inputs the inputs, by key
   * @return the outputs, in order
   * @throws GraphException naming the key if an input is unbound or bound to {@code null}, or if
   *     {@code inputs} binds a key that is an input of none of the graphs the
   *     program was materialized from; as {@link KernelFailure} words it if a kernel fails
   */
  public double[] evaluate(Map<?, ? extends Double> inputs) {
    // the runtime binds by key, so every evaluator names bad bindings alike
    Object[] bound = program.bindInputs(inputs);
    double[] s = new double[program.slotCount()];
    for (int i = 0; i < inputSlots.length; i++) {
      if (!(bound[i] instanceof Double)) {
        throw program.inputClassError(i, bound[i], double.class);
      }
      s[inputSlots[i]] = (Double) bound[i];
    }
    return run(s);
  }

  /**
   * Evaluates the program with input {@code i} bound to {@code inputs.get(i)}, as
   * {@link #evaluate(double...)} does.
   *
   * @param inputs the inputs, in order
   * @return the outputs, in order
   * @throws GraphException if the number of inputs is wrong, naming the input if one is null or
   *     not of the operand type, or naming the operation if a kernel fails
   */
  @Override
  public List<Double> run(List<? extends Double> inputs) {
    if (inputs.size() != program.inputCount()) {
      throw program.inputCountError(inputs.size());
    }
    double[] in = new double[inputs.size()];
    for (int i = 0; i < in.length; i++) {
      // read as Object: a raw list may hold a value of any class, named here rather
      // than failing a cast
      Object value = inputs.get(i);
      if (!(value instanceof Double)) {
        throw program.inputClassError(i, value, double.class);
      }
      in[i] = (Double) value;
    }
    double[] out = evaluate(in);
    List<Double> values = new ArrayList<>(out.length);
    for (double value : out) {
      values.add(value);
    }
    return values;
  }

  /**
   * Runs every instruction over the slots {@code s}, then gathers the outputs.
   *
   * @param s the program's slots, the inputs already in theirs
   * @return the outputs, in order
   * @throws GraphException as {@link KernelFailure} words it if a kernel fails
   */
  private double[] run(double[] s) {
    int[] code = this.code;
    int i = 0;
    try {
      for (int pc = 0; pc < code.length; i++) {
        switch (code[pc]) {
          case 0 -> {
            s[code[pc + 3]] = Real.Add.eval(s[code[pc + 1]], s[code[pc + 2]]);
            pc += 4;
          }
          case 1 -> {
            s[code[pc + 3]] = Real.Mul.eval(s[code[pc + 1]], s[code[pc + 2]]);
            pc += 4;
          }
          case 2 -> {
            s[code[pc + 2]] = Real.Exp.eval(s[code[pc + 1]]);
            pc += 3;
          }
          case 3 -> {
            s[code[pc + 2]] = ((RealOp.ScaleOp) operations[i]).eval(s[code[pc + 1]]);
            pc += 3;
          }
          case 4 -> {
            double[] r = checked(s, Real.SinCos.eval(s[code[pc + 1]]), 2, i);
            s[code[pc + 2]] = r[0];
            s[code[pc + 3]] = r[1];
            pc += 4;
          }
          case 5 -> {
            s[code[pc + 2]] = Real.ZerosLike.eval(s[code[pc + 1]]);
            pc += 3;
          }
          default -> throw new IllegalStateException("unknown opcode " + code[pc]);
        }
      }
    } catch (RuntimeException | StackOverflowError e) {
      throw KernelFailure.of(program, i, slot -> s[slot], e);
    }
    double[] outputs = new double[outputSlots.length];
    for (int o = 0; o < outputs.length; o++) {
      outputs[o] = s[outputSlots[o]];
    }
    return outputs;
  }

  /**
   * {@code results}, if it holds the {@code count} outputs of instruction {@code i} run over
   * {@code s}.
   *
   * @param s the program's slots, for the error
   * @param results what the instruction's kernel returned
   * @param count the number of outputs of the instruction's primitive
   * @param i the instruction's index, for the error
   * @return {@code results}
   * @throws GraphException as {@link KernelFailure} words it if {@code results} is null
   *     or of another length
   */
  private double[] checked(double[] s, double[] results, int count, int i) {
    if (results == null || results.length != count) {
      throw KernelFailure.wrongResultCount(
          program, i, slot -> s[slot], results == null ? -1 : results.length);
    }
    return results;
  }
}
