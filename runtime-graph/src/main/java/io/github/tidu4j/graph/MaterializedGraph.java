package io.github.tidu4j.graph;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One flat graph holding exactly the operations some outputs need, gathered from every graph of a
 * {@link ResolvedView}, structurally equal operations merged (common subexpressions eliminated by
 * key, within and across graphs), in one topological order. The input to {@link Graphs#compile}.
 *
 * <p>Values are numbered inputs first ({@code 0 .. inputCount()-1}), then the outputs of each node
 * in order; node {@code k}'s outputs are contiguous from {@link #firstOutput(int)}.
 *
 * <pre>{@code
 * MaterializedGraph<Ops> m = Graphs.materializeMerge(Graphs.resolve(primal, linear), outputs);
 * System.out.println(m); // a text dump
 * }</pre>
 *
 * @param <Op> the operation type
 */
public final class MaterializedGraph<Op extends GraphOperation> {
  private final ValueKey.Input[] inputs;
  private final Op[] operations;
  private final OperationKey[] operationKeys;
  private final int[] operandStart;
  private final int[] operands;
  private final int[] firstOutput;
  private final ValueKey[] valueKeys;
  private final int[] outputs;

  private MaterializedGraph(
      ValueKey.Input[] inputs,
      Op[] operations,
      OperationKey[] operationKeys,
      int[] operandStart,
      int[] operands,
      int[] firstOutput,
      ValueKey[] valueKeys,
      int[] outputs) {
    this.inputs = inputs;
    this.operations = operations;
    this.operationKeys = operationKeys;
    this.operandStart = operandStart;
    this.operands = operands;
    this.firstOutput = firstOutput;
    this.valueKeys = valueKeys;
    this.outputs = outputs;
  }

  @SuppressWarnings("unchecked")
  static <Op extends GraphOperation> MaterializedGraph<Op> of(LogicalOrder<Op> order) {
    int inputCount = order.inputs().size();
    int nodeCount = order.size();
    Op[] operations = (Op[]) new GraphOperation[nodeCount];
    OperationKey[] operationKeys = new OperationKey[nodeCount];
    ValueKey[] valueKeys = new ValueKey[order.valueCount()];
    for (int i = 0; i < inputCount; i++) {
      valueKeys[i] = order.inputs().get(i);
    }
    for (int k = 0; k < nodeCount; k++) {
      OperationKey key = order.operationKey(k);
      operations[k] = order.operation(k);
      operationKeys[k] = key;
      int first = order.firstValue(k);
      for (int slot = 0; slot < key.outputCount(); slot++) {
        valueKeys[first + slot] = key.output(slot);
      }
    }
    // the order already numbers values as a materialized graph does: share its arrays
    return new MaterializedGraph<>(
        order.inputs().toArray(new ValueKey.Input[0]),
        operations,
        operationKeys,
        order.operandStartArray(),
        order.operandValueArray(),
        order.firstValueArray(),
        valueKeys,
        order.outputValueArray());
  }

  /** The number of values: inputs plus node outputs. */
  public int valueCount() {
    return valueKeys.length;
  }

  /** The key of value {@code value}. */
  public ValueKey valueKey(int value) {
    return valueKeys[value];
  }

  /** The number of inputs; they are values {@code 0 .. inputCount()-1}. */
  public int inputCount() {
    return inputs.length;
  }

  /** The key of input {@code i}. */
  public ValueKey.Input inputKey(int i) {
    return inputs[i];
  }

  /** The number of nodes, in topological order. */
  public int nodeCount() {
    return operations.length;
  }

  /** The operation of node {@code k}. */
  public Op operation(int k) {
    return operations[k];
  }

  /** The key of node {@code k}. */
  public OperationKey operationKey(int k) {
    return operationKeys[k];
  }

  /** The number of operands of node {@code k}. */
  public int operandCount(int k) {
    return operandStart[k + 1] - operandStart[k];
  }

  /** The value that is operand {@code j} of node {@code k}. */
  public int operand(int k, int j) {
    return operands[operandStart[k] + j];
  }

  /** The value of output slot 0 of node {@code k}; the other slots follow. */
  public int firstOutput(int k) {
    return firstOutput[k];
  }

  /** The number of outputs requested. */
  public int outputCount() {
    return outputs.length;
  }

  /** The value that is output {@code i}, aligned with the keys requested. */
  public int outputValue(int i) {
    return outputs[i];
  }

  /** The output keys, aligned with the request. */
  public List<ValueKey> outputKeys() {
    List<ValueKey> keys = new ArrayList<>(outputs.length);
    for (int value : outputs) {
      keys.add(valueKeys[value]);
    }
    return Collections.unmodifiableList(keys);
  }

  int[] operandStartArray() {
    return operandStart;
  }

  int[] operandArray() {
    return operands;
  }

  int[] firstOutputArray() {
    return firstOutput;
  }

  int[] outputArray() {
    return outputs;
  }

  Op[] operationArray() {
    return operations;
  }

  @Override
  public String toString() {
    return GraphPrinter.print(this);
  }
}
