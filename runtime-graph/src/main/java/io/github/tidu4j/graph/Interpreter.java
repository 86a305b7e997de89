package io.github.tidu4j.graph;

import java.lang.invoke.MethodType;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The reference evaluator: runs a {@link CompiledProgram} whose operations are {@link
 * EvaluableGraphOperation}s, one instruction at a time. It defines the semantics the generated
 * evaluators must reproduce bit for bit; it is not the fast path. As the reference it also checks
 * what the fast tiers take on trust: a kernel over arrays must leave its operands as they are (an
 * operand is the caller's input or another instruction's operand too), so each array operand is
 * copied before the call and compared after it, and a kernel that changed one fails naming it.
 *
 * <pre>{@code
 * List<Double> y = Interpreter.eval(program, Map.of("x", 0.5));
 * }</pre>
 */
public final class Interpreter {
  /**
   * What a kernel that overflowed the stack is reported with, here and by generated evaluators.
   */
  public static final String STACK_OVERFLOW =
      "the stack overflowed (does its kernel recurse without end?)";

  private Interpreter() {}

  /**
   * Evaluates {@code program} with inputs bound by key. {@code inputs} may also bind any other
   * input of the graphs the program was materialized from ({@link
   * CompiledProgram#unusedInputKeys()}); those bindings are ignored.
   *
   * @throws GraphException naming the key if an input is unbound or bound to {@code null}, or if
   *     {@code inputs} binds a key that is an input of none of the graphs the program was
   *     materialized from, or if a kernel fails a cast on an input bound to a value not of its
   *     operation's {@linkplain EvaluableGraphOperation#operandType() operand type}; naming the
   *     operation if it is not evaluable, fails, or returns the wrong number of results (as {@link
   *     KernelFailure} words it)
   */
  public static <V> List<V> eval(
      CompiledProgram<? extends GraphOperation> program, Map<?, ? extends V> inputs) {
    Object[] positional = program.bindInputs(inputs);
    return run(program, positional);
  }

  /**
   * Evaluates {@code program} with input {@code i} bound to {@code inputs.get(i)}, in the order of
   * {@link CompiledProgram#inputKeys()}.
   */
  public static <V> List<V> evalPositional(
      CompiledProgram<? extends GraphOperation> program, List<? extends V> inputs) {
    if (inputs.size() != program.inputCount()) {
      throw program.inputCountError(inputs.size());
    }
    Object[] positional = inputs.toArray();
    for (int i = 0; i < positional.length; i++) {
      program.checkInput(i, positional[i]);
    }
    return run(program, positional);
  }

  @SuppressWarnings("unchecked")
  private static <V> List<V> run(CompiledProgram<? extends GraphOperation> program, Object[] in) {
    Object[] slots = new Object[program.slotCount()];
    for (int i = 0; i < in.length; i++) {
      slots[program.inputSlot(i)] = in[i];
    }
    // values are let go as soon as they are dead, so a run holds only what it still needs
    DeadSlots dead = program.deadSlots();
    int[] deadStart = dead.start();
    int[] deadSlots = dead.slots();
    int n = program.instructionCount();
    for (int i = 0; i < n; i++) {
      GraphOperation op = program.operation(i);
      if (!(op instanceof EvaluableGraphOperation)) {
        throw new GraphException(
            op.name() + " (instruction " + i + ") has no evaluation kernel: it does not implement "
                + EvaluableGraphOperation.class.getSimpleName());
      }
      Object[] args = new Object[program.argumentCount(i)];
      Object[] before = null; // copies of the array operands, to check the kernel left them alone
      for (int j = 0; j < args.length; j++) {
        Object arg = slots[program.argumentSlot(i, j)];
        args[j] = arg;
        if (arg != null && arg.getClass().isArray()) {
          if (before == null) {
            before = new Object[args.length];
          }
          before[j] = OperandCopies.deepCopy(arg);
        }
      }
      List<Object> out;
      try {
        out = ((EvaluableGraphOperation<Object>) op).eval(Arrays.asList(args));
      } catch (RuntimeException | StackOverflowError e) {
        if (e instanceof ClassCastException) {
          GraphException misbound =
              misboundInput(program, in, i, args, ((EvaluableGraphOperation<?>) op).operandType());
          if (misbound != null) {
            misbound.initCause(e);
            throw misbound;
          }
        }
        // a kernel recursing without end overflows the stack inside the call: name it alike
        throw KernelFailure.of(program, i, slot -> slots[slot], e);
      }
      if (before != null) {
        OperandCopies.checkUnchanged(program, i, args, before);
      }
      int resultCount = program.resultCount(i);
      if (out == null || out.size() != resultCount) {
        throw KernelFailure.wrongResultCount(
            program, i, slot -> slots[slot], out == null ? -1 : out.size());
      }
      for (int r = 0; r < resultCount; r++) {
        Object value = out.get(r);
        if (value == null) {
          throw KernelFailure.nullResult(program, i, slot -> slots[slot]);
        }
        slots[program.resultSlot(i, r)] = value;
      }
      for (int d = deadStart[i]; d < deadStart[i + 1]; d++) {
        slots[deadSlots[d]] = null;
      }
    }
    Object[] result = new Object[program.outputCount()];
    for (int o = 0; o < result.length; o++) {
      result[o] = slots[program.outputSlot(o)];
    }
    return (List<V>) Arrays.asList(result);
  }

  /**
   * The error naming an input of {@code program} bound to a value that is not of {@code
   * operandType}, read as operand of instruction {@code i} (whose kernel failed a cast), or {@code
   * null} if no operand of the instruction is such an input's value.
   */
  private static GraphException misboundInput(
      CompiledProgram<? extends GraphOperation> program,
      Object[] in,
      int i,
      Object[] args,
      Class<?> operandType) {
    Class<?> box = MethodType.methodType(operandType).wrap().returnType();
    for (int j = 0; j < args.length; j++) {
      if (args[j] == null || box.isInstance(args[j])) {
        continue;
      }
      int slot = program.argumentSlot(i, j);
      for (int k = 0; k < in.length; k++) {
        if (program.inputSlot(k) == slot && in[k] == args[j]) {
          return program.inputClassError(k, args[j], operandType);
        }
      }
    }
    return null;
  }
}
