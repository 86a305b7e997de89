package io.github.tidu4j.graph;


/**
 * Lowers a {@link MaterializedGraph} to a {@link CompiledProgram}: one instruction per node, values
 * assigned to slots by a linear scan over last uses. A result never shares a slot with an argument
 * of its own instruction, so evaluators may write results in any order.
 */
final class ProgramCompiler {
  private ProgramCompiler() {}

  private static final int NEVER = -1;
  private static final int FREED = -2;

  static <Op extends GraphOperation> CompiledProgram<Op> compile(MaterializedGraph<Op> m) {
    int n = m.nodeCount();
    int inputCount = m.inputCount();
    int[] operandStart = m.operandStartArray();
    int[] operands = m.operandArray();
    int[] firstOutput = m.firstOutputArray();
    Op[] operations = m.operationArray();

    int[] lastUse = new int[m.valueCount()];
    java.util.Arrays.fill(lastUse, NEVER);
    for (int k = 0; k < n; k++) {
      for (int p = operandStart[k]; p < operandStart[k + 1]; p++) {
        lastUse[operands[p]] = k;
      }
    }
    int[] outputValues = m.outputArray();
    for (int value : outputValues) {
      lastUse[value] = n; // live to the end
    }

    int[] slotOf = new int[m.valueCount()];
    IntList free = new IntList(16);
    int slotCount = 0;
    int[] inputSlots = new int[inputCount];
    for (int i = 0; i < inputCount; i++) {
      slotOf[i] = slotCount++;
      inputSlots[i] = slotOf[i];
    }
    for (int i = inputCount - 1; i >= 0; i--) {
      if (lastUse[i] == NEVER) {
        free.add(slotOf[i]);
      }
    }

    int[] resultStart = new int[n + 1];
    int[] results = new int[m.valueCount() - inputCount];
    int[] args = new int[operands.length];
    int resultCount = 0;
    for (int k = 0; k < n; k++) {
      resultStart[k] = resultCount;
      int outputs = operations[k].outputArity();
      for (int s = 0; s < outputs; s++) {
        int value = firstOutput[k] + s;
        int slot = free.isEmpty() ? slotCount++ : free.pop();
        slotOf[value] = slot;
        results[resultCount++] = slot;
      }
      for (int p = operandStart[k]; p < operandStart[k + 1]; p++) {
        int value = operands[p];
        args[p] = slotOf[value];
        if (lastUse[value] == k) {
          lastUse[value] = FREED; // an operand used twice is freed once
          free.add(slotOf[value]);
        }
      }
      for (int s = 0; s < outputs; s++) {
        int value = firstOutput[k] + s;
        if (lastUse[value] == NEVER) {
          free.add(slotOf[value]); // a result nothing reads
        }
      }
    }
    resultStart[n] = resultCount;

    int[] outputSlots = new int[outputValues.length];
    for (int i = 0; i < outputValues.length; i++) {
      outputSlots[i] = slotOf[outputValues[i]];
    }
    return new CompiledProgram<>(
        CompiledProgram.inputKeysOf(m),
        CompiledProgram.keysOf(m.unusedInputKeys()),
        inputSlots,
        operations.clone(),
        operandStart,
        args,
        resultStart,
        results,
        outputSlots,
        slotCount);
  }
}
