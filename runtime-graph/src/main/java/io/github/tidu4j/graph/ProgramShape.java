package io.github.tidu4j.graph;

import java.util.Arrays;

/**
 * The structure of a materialized graph with its keys left out: the operations in order, how their
 * operands and outputs are wired by position, and how many inputs there are. Two graphs that differ
 * only in their input keys (or in pass ids buried in those keys, or in roles) have equal shapes and
 * compile to the same code. Hash precomputed; equality compares operations structurally.
 */
final class ProgramShape {
  private final int inputCount;
  private final OperationTable<?> operations;
  private final int[] operandStart;
  private final int[] operands;
  private final int[] outputs;
  private final int hash;

  ProgramShape(MaterializedGraph<?> m) {
    this.inputCount = m.inputCount();
    this.operations = m.operationTable();
    this.operandStart = m.operandStartArray();
    this.operands = m.operandArray();
    this.outputs = m.outputArray();
    int h = inputCount;
    h = 31 * h + operations.contentHash();
    h = 31 * h + Arrays.hashCode(operandStart);
    h = 31 * h + Arrays.hashCode(operands);
    h = 31 * h + Arrays.hashCode(outputs);
    this.hash = h;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ProgramShape other
        && other.hash == hash
        && other.inputCount == inputCount
        && Arrays.equals(other.operandStart, operandStart)
        && Arrays.equals(other.operands, operands)
        && Arrays.equals(other.outputs, outputs)
        && other.operations.sameContent(operations);
  }

  @Override
  public int hashCode() {
    return hash;
  }
}
