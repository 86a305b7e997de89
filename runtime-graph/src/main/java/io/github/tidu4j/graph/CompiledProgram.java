package io.github.tidu4j.graph;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A straight-line SSA program over numbered slots: each instruction applies one operation to the
 * values in its argument slots and writes its results to its result slots. Slots are reused once
 * their value is dead (liveness-based allocation), so a long chain runs in a handful of slots.
 *
 * <p>Immutable and safe to evaluate from many threads at once: evaluators keep their slot arrays
 * per call. Inputs are bound by key; {@link #inputKeys()} lists them in slot order.
 *
 * <pre>{@code
 * CompiledProgram<Ops> p = Graphs.compile(materialized);
 * List<Double> out = Interpreter.eval(p, Map.of("x", 0.5, "y", 2.0));
 * }</pre>
 *
 * @param <Op> the operation type
 */
public final class CompiledProgram<Op extends GraphOperation> {
  private final List<Object> inputKeys;
  private final int[] inputSlots;
  private final Op[] operations;
  private final int[] argStart;
  private final int[] args;
  private final int[] resultStart;
  private final int[] results;
  private final int[] outputSlots;
  private final int slotCount;
  private volatile Map<Object, Integer> inputPositions;

  CompiledProgram(
      List<Object> inputKeys,
      int[] inputSlots,
      Op[] operations,
      int[] argStart,
      int[] args,
      int[] resultStart,
      int[] results,
      int[] outputSlots,
      int slotCount) {
    this.inputKeys = inputKeys;
    this.inputSlots = inputSlots;
    this.operations = operations;
    this.argStart = argStart;
    this.args = args;
    this.resultStart = resultStart;
    this.results = results;
    this.outputSlots = outputSlots;
    this.slotCount = slotCount;
  }

  /** The same code with other input keys (same count, same order): what the cache hands out. */
  CompiledProgram<Op> withInputKeys(List<Object> keys) {
    return new CompiledProgram<>(
        keys, inputSlots, operations, argStart, args, resultStart, results, outputSlots, slotCount);
  }

  /** One instruction, as a readable record; evaluators use the int accessors instead. */
  public record Instruction<Op extends GraphOperation>(
      Op operation, List<Integer> argumentSlots, List<Integer> resultSlots) {}

  /** The number of slots an evaluator needs. */
  public int slotCount() {
    return slotCount;
  }

  /** The number of instructions. */
  public int instructionCount() {
    return operations.length;
  }

  /** The operation of instruction {@code i}. */
  public Op operation(int i) {
    return operations[i];
  }

  /** The number of arguments of instruction {@code i}. */
  public int argumentCount(int i) {
    return argStart[i + 1] - argStart[i];
  }

  /** The slot holding argument {@code j} of instruction {@code i}. */
  public int argumentSlot(int i, int j) {
    return args[argStart[i] + j];
  }

  /** The number of results of instruction {@code i}. */
  public int resultCount(int i) {
    return resultStart[i + 1] - resultStart[i];
  }

  /** The slot receiving result {@code r} of instruction {@code i}. */
  public int resultSlot(int i, int r) {
    return results[resultStart[i] + r];
  }

  /** Instruction {@code i} as a record. */
  public Instruction<Op> instruction(int i) {
    List<Integer> a = new ArrayList<>();
    for (int j = 0; j < argumentCount(i); j++) {
      a.add(argumentSlot(i, j));
    }
    List<Integer> r = new ArrayList<>();
    for (int j = 0; j < resultCount(i); j++) {
      r.add(resultSlot(i, j));
    }
    return new Instruction<>(operations[i], List.copyOf(a), List.copyOf(r));
  }

  /** The input keys, in input order. */
  public List<Object> inputKeys() {
    return inputKeys;
  }

  /** The number of inputs. */
  public int inputCount() {
    return inputSlots.length;
  }

  /** The slot input {@code i} is bound to. */
  public int inputSlot(int i) {
    return inputSlots[i];
  }

  /**
   * The position of the input named {@code inputKey} in {@link #inputKeys()}, or {@code -1}.
   */
  public int inputPosition(Object inputKey) {
    Map<Object, Integer> positions = inputPositions;
    if (positions == null) {
      positions = new HashMap<>();
      for (int i = 0; i < inputKeys.size(); i++) {
        positions.put(inputKeys.get(i), i);
      }
      positions = Collections.unmodifiableMap(positions);
      inputPositions = positions;
    }
    Integer position = positions.get(inputKey);
    return position == null ? -1 : position;
  }

  /**
   * The values of {@code inputs} in input order, ready for positional evaluation: what every
   * evaluator does to bind inputs by key.
   *
   * @throws GraphException naming the key if an input is unbound or bound to {@code null}, or if
   *     {@code inputs} binds a key the program does not take
   */
  public Object[] bindInputs(Map<?, ?> inputs) {
    Object[] positional = new Object[inputKeys.size()];
    for (int i = 0; i < positional.length; i++) {
      Object key = inputKeys.get(i);
      Object value = inputs.get(key);
      if (value == null) {
        throw new GraphException(
            inputs.containsKey(key)
                ? "input " + key + " is bound to null"
                : "input " + key + " is not bound; the program takes inputs " + inputKeys);
      }
      positional[i] = value;
    }
    if (inputs.size() != positional.length) {
      List<Object> extra = new ArrayList<>();
      for (Object key : inputs.keySet()) {
        if (inputPosition(key) < 0) {
          extra.add(key);
        }
      }
      throw new GraphException(
          "inputs "
              + extra
              + " are bound but the program does not take them; it takes "
              + inputKeys);
    }
    return positional;
  }

  /** The number of outputs. */
  public int outputCount() {
    return outputSlots.length;
  }

  /** The slot holding output {@code i} when the program ends. */
  public int outputSlot(int i) {
    return outputSlots[i];
  }

  @Override
  public String toString() {
    return GraphPrinter.print(this);
  }
}
