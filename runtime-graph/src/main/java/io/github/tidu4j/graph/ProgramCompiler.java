package io.github.tidu4j.graph;

/**
 * Lowers a {@link MaterializedGraph} to a {@link CompiledProgram}: one instruction per node, values
 * assigned to slots by a linear scan over last uses. A result never shares a slot with an argument
 * of its own instruction, so evaluators may write results in any order.
 *
 * <p>Besides the program's own arrays (a slot per operand and a slot per value), compiling keeps
 * two bit sets: which values anything reads, and which operands are the last read of their value.
 * A backward pass fills both, so the forward pass that gives slots frees a slot on a bit test, with
 * no per-value table of last uses. The program shares the materialized graph's operations and
 * node-to-value arrays, which are immutable.
 */
final class ProgramCompiler {
  private ProgramCompiler() {}

  static <Op extends GraphOperation> CompiledProgram<Op> compile(MaterializedGraph<Op> m) {
    int n = m.nodeCount();
    int inputCount = m.inputCount();
    int valueCount = m.valueCount();
    int[] operandStart = m.operandStartArray();
    int[] operands = m.operandArray();
    int[] firstOutput = m.firstOutputArray();
    int[] outputValues = m.outputArray();
    OperationTable<Op> operations = m.operationTable();

    // Backward: a value is read if an output or a later instruction reads it; walking the
    // instructions from the last, the first operand found reading a value not read yet is its
    // last read, and of two operands of one instruction reading it, the earlier one (so a value
    // read twice is freed once, at its first operand).
    long[] read = new long[words(valueCount)];
    long[] lastRead = new long[words(operandStart[n])];
    for (int value : outputValues) {
      set(read, value); // live to the end
    }
    for (int k = n - 1; k >= 0; k--) {
      for (int p = operandStart[k], end = operandStart[k + 1]; p < end; p++) {
        int value = operands[p];
        if (!get(read, value)) {
          set(read, value);
          set(lastRead, p);
        }
      }
    }

    // Forward: slots from a free list; input i is in slot i.
    int[] slotOf = new int[valueCount];
    IntList free = new IntList(16);
    int slotCount = inputCount;
    for (int i = 0; i < inputCount; i++) {
      slotOf[i] = i;
    }
    for (int i = inputCount - 1; i >= 0; i--) {
      if (!get(read, i)) {
        free.add(i);
      }
    }
    int[] args = new int[operandStart[n]];
    for (int k = 0; k < n; k++) {
      int first = firstOutput[k];
      // relies on I7: each operation's outputs are numbered contiguously, in order, so they end
      // where the next operation's start (the last's at the end of the values); read from the
      // array being walked, not from the operation, a call on an object of its own
      int end = k + 1 < n ? firstOutput[k + 1] : valueCount;
      if (Checks.ENABLED) {
        GraphChecks.checkOutputSpan(operations.get(k), k, end - first);
      }
      for (int value = first; value < end; value++) {
        slotOf[value] = free.isEmpty() ? slotCount++ : free.pop();
      }
      for (int p = operandStart[k], last = operandStart[k + 1]; p < last; p++) {
        int slot = slotOf[operands[p]];
        args[p] = slot;
        if (get(lastRead, p)) {
          free.add(slot);
        }
      }
      for (int value = first; value < end; value++) {
        if (!get(read, value)) {
          free.add(slotOf[value]); // a result nothing reads
        }
      }
    }

    int[] outputSlots = new int[outputValues.length];
    for (int i = 0; i < outputValues.length; i++) {
      outputSlots[i] = slotOf[outputValues[i]];
    }
    return new CompiledProgram<>(
        CompiledProgram.inputKeysOf(m),
        CompiledProgram.keysOf(m.unusedInputKeys()),
        m.inputTypes(),
        m.unusedInputTypes(),
        inputCount,
        operations,
        operandStart,
        args,
        firstOutput,
        slotOf,
        outputSlots,
        slotCount);
  }

  private static int words(int bits) {
    return (bits + 63) >>> 6;
  }

  private static boolean get(long[] bits, int i) {
    return (bits[i >>> 6] & (1L << i)) != 0;
  }

  private static void set(long[] bits, int i) {
    bits[i >>> 6] |= 1L << i;
  }
}
