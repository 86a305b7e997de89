package io.github.tidu4j.graph.bytecode;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.GraphException;
import io.github.tidu4j.graph.GraphOperation;
import io.github.tidu4j.graph.KernelDescriptor;
import io.github.tidu4j.graph.KernelFailure;
import java.lang.invoke.MethodHandle;
import java.lang.reflect.Array;

/**
 * Explains a failure of generated code the way the {@link io.github.tidu4j.graph.Interpreter}
 * would: by replaying the evaluation one kernel at a time through method handles until a kernel
 * fails or returns the wrong number of results, and reporting that instruction through {@link
 * KernelFailure}, in the words of every other tier.
 *
 * <p>Generated code carries no bookkeeping for this (no instruction counter, no handlers), so the
 * fast path pays nothing; the replay runs only after a failure and assumes kernels are
 * deterministic, as the interpreter's equivalence with generated code already does.
 */
final class Diagnosis {
  private Diagnosis() {}

  /** The exception to throw for {@code failure}, raised by {@code program}'s generated code. */
  @SuppressWarnings("unchecked")
  static <Op extends GraphOperation> RuntimeException explain(
      CompiledProgram<Op> program, KernelSet<Op> kernels, Object[] inputs, Throwable failure) {
    if (failure instanceof GraphException e) {
      return e;
    }
    Object[] slots = new Object[program.slotCount()];
    for (int i = 0; i < inputs.length; i++) {
      slots[program.inputSlot(i)] = inputs[i];
    }
    for (int i = 0; i < program.instructionCount(); i++) {
      Op op = program.operation(i);
      int opcode = kernels.opcodeOf(op);
      KernelDescriptor k = kernels.table().get(opcode);
      MethodHandle kernel = kernels.handle(opcode);
      int receiver = k.isStatic() ? 0 : 1;
      Object[] args = new Object[receiver + program.argumentCount(i)];
      if (receiver == 1) {
        args[0] = op;
      }
      for (int j = 0; j < program.argumentCount(i); j++) {
        args[receiver + j] = slots[program.argumentSlot(i, j)];
      }
      Object result;
      try {
        result = kernel.invokeWithArguments(args);
      } catch (Error e) {
        if (e instanceof StackOverflowError) {
          return KernelFailure.of(program, i, slot -> slots[slot], e);
        }
        throw e;
      } catch (Throwable e) {
        return KernelFailure.of(program, i, slot -> slots[slot], e);
      }
      int resultCount = program.resultCount(i);
      if (k.outputArity() == 1) {
        if (result == null) {
          return KernelFailure.nullResult(program, i, slot -> slots[slot]);
        }
        slots[program.resultSlot(i, 0)] = result;
        continue;
      }
      int length = result == null ? -1 : Array.getLength(result);
      if (length != resultCount) {
        return KernelFailure.wrongResultCount(program, i, slot -> slots[slot], length);
      }
      for (int r = 0; r < resultCount; r++) {
        Object value = Array.get(result, r);
        if (value == null) {
          return KernelFailure.nullResult(program, i, slot -> slots[slot]);
        }
        slots[program.resultSlot(i, r)] = value;
      }
    }
    return new GraphException(
        "the generated code failed but a step-by-step replay did not: " + failure, failure);
  }
}
