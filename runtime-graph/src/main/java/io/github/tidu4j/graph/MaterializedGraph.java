package io.github.tidu4j.graph;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * One flat graph holding exactly the operations some outputs need, gathered from every graph of a
 * {@link ResolvedView}, structurally equal operations merged (common subexpressions eliminated by
 * key, within and across graphs), in one topological order. The input to {@link Graphs#compile}.
 *
 * <p>Values are numbered inputs first ({@code 0 .. inputCount()-1}), then the outputs of each node
 * in order; node {@code k}'s outputs are contiguous from {@link #firstOutput(int)}.
 *
 * <p>The inputs it takes are those the outputs reach (or those declared, with {@link
 * Graphs#materializeMerge(ResolvedView, List, List)}). Every other input of the view's graphs is
 * recorded as an {@linkplain #unusedInputKeys() unused input}: a {@link CompiledProgram} compiled
 * from it accepts a binding for one and ignores it, so a caller may bind every input and seed of
 * the graphs it materialized, whichever the outputs happen to read. A key that is an input of none
 * of them is still an error.
 *
 * <p>It holds no reference to the view's graphs: its keys ({@link #operationKey}, {@link
 * #valueKey}) are made from its own operations, roles and operands when one is first asked for,
 * and they are the keys of the graphs it was gathered from. So once it is made, the graphs of a
 * transform's passes (a gradient's linear and transposed graphs) can be collected while it is
 * compiled, and {@link Graphs#compile(MaterializedGraph)} never makes a key.
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
  /** Each input's declared type (null: untyped), parallel to inputs; null if none is typed. */
  private final ValueType[] inputTypes;
  /** The inputs of the view's graphs that are not {@link #inputs}, each once, in view order. */
  private final List<ValueKey.Input> unusedInputs;
  /** Each unused input's declared type (null: untyped), parallel to unusedInputs; or null. */
  private final ValueType[] unusedInputTypes;
  private final OperationTable<Op> operations;
  // Each node's role: with its operation and operands (keys of earlier values), all that makes its
  // key, so the graph makes its keys itself when one is first asked for, and holds no reference to
  // the graphs it was gathered from (compile reads no key, and a pass's graph, whose builder
  // deferred its keys, need not stay alive, nor the graphs it refers to).
  private final NodeRoles roles;
  /**
   * Each node's operand and output counts, from which where its operands start and its first
   * output are made when first read (by compile, usually; see {@link #operands}).
   */
  private final OperationShapes shapes;
  /**
   * The operands' values as one array, made from {@link #operandBlocks} when first read (by
   * compile, usually): materializeMerge ends while the graphs it gathered from are alive, when the
   * heap holds the most, and the walk's blocks need no contiguous run of heap regions there.
   */
  private volatile int[] operands;
  /** The operands' values as the walk left them, until {@link #operands} is made; then null. */
  private IntBlocks operandBlocks;
  private final int[] outputs;
  /** Every value's key, inputs first, made on first use (see {@link #keys()}); or null. */
  private volatile ValueKey[] valueKeys;

  private MaterializedGraph(
      ValueKey.Input[] inputs,
      ValueType[] inputTypes,
      List<ValueKey.Input> unusedInputs,
      ValueType[] unusedInputTypes,
      OperationTable<Op> operations,
      NodeRoles roles,
      OperationShapes shapes,
      IntBlocks operandBlocks,
      int[] outputs) {
    this.inputs = inputs;
    this.inputTypes = inputTypes;
    this.unusedInputs = unusedInputs;
    this.unusedInputTypes = unusedInputTypes;
    this.operations = operations;
    this.roles = roles;
    this.shapes = shapes;
    this.operandBlocks = operandBlocks;
    this.outputs = outputs;
  }

  /** The graph of {@code order}, which was computed over {@code view}. */
  @SuppressWarnings("unchecked")
  static <Op extends GraphOperation> MaterializedGraph<Op> of(
      ResolvedView<Op> view, LogicalOrder<Op> order) {
    int nodeCount = order.size();
    OperationTable<Op> operations = new OperationTable<>(nodeCount);
    NodeRoles roles = new NodeRoles(nodeCount);
    order.operationsAndRoles(operations, roles);
    List<ValueKey.Input> unused = unusedInputs(view, order);
    // the order already numbers values as a materialized graph does: share its arrays
    return new MaterializedGraph<>(
        order.inputs().toArray(new ValueKey.Input[0]),
        inputTypes(view, order),
        unused,
        unusedInputTypes(view, unused),
        operations,
        roles,
        order.shapes(),
        order.operandValueBlocks(),
        order.outputValueArray());
  }

  /**
   * The declared type of each input {@code order} takes, from the graphs of {@code view} that
   * declare it (which agree: the view was checked when resolved); null if none is typed. Looks
   * only at graphs with typed inputs, one lookup per input of those; nothing per node.
   */
  private static ValueType[] inputTypes(ResolvedView<?> view, LogicalOrder<?> order) {
    ValueType[] types = null;
    for (Graph<?> g : view.graphs()) {
      if (!g.hasInputTypes()) {
        continue;
      }
      for (int i = 0; i < g.inputCount(); i++) {
        ValueType type = g.inputType(i).orElse(null);
        if (type == null) {
          continue;
        }
        // an input's key is never deferred: reading it makes no other key
        int ordinal = order.inputOrdinalOf((ValueKey.Input) g.valueKey(g.inputValue(i)));
        if (ordinal >= 0) {
          if (types == null) {
            types = new ValueType[order.inputs().size()];
          }
          types[ordinal] = type;
        }
      }
    }
    return types;
  }

  /**
   * The declared type of each of {@code unused}, inputs of {@code view}'s graphs; null if none is
   * typed. One scan of the typed graphs' inputs per unused input.
   */
  private static ValueType[] unusedInputTypes(
      ResolvedView<?> view, List<ValueKey.Input> unused) {
    ValueType[] types = null;
    if (!unused.isEmpty() && view.declaresTypes()) {
      for (int i = 0; i < unused.size(); i++) {
        ValueType type = view.inputType(unused.get(i)).orElse(null);
        if (type != null) {
          if (types == null) {
            types = new ValueType[unused.size()];
          }
          types[i] = type;
        }
      }
    }
    return types;
  }

  /**
   * The inputs of {@code view}'s graphs that {@code order} does not take, each once, in the order
   * of the view's graphs and their inputs. One lookup per input of the view; nothing per node.
   */
  private static List<ValueKey.Input> unusedInputs(
      ResolvedView<?> view, LogicalOrder<?> order) {
    List<ValueKey.Input> unused = null;
    Set<ValueKey.Input> seen = null;
    for (Graph<?> g : view.graphs()) {
      for (int i = 0; i < g.inputCount(); i++) {
        // an input's key is never deferred: reading it makes no other key
        ValueKey.Input key = (ValueKey.Input) g.valueKey(g.inputValue(i));
        if (order.inputOrdinalOf(key) >= 0) {
          continue;
        }
        if (unused == null) {
          unused = new ArrayList<>();
          seen = Collections.newSetFromMap(new IdentityHashMap<>()); // keys are canonical
        }
        if (seen.add(key)) {
          unused.add(key);
        }
      }
    }
    return unused == null ? List.of() : Collections.unmodifiableList(unused);
  }

  /** The number of values: inputs plus node outputs. */
  public int valueCount() {
    return inputs.length + shapes.valueCount();
  }

  /** The key of value {@code value}. */
  public ValueKey valueKey(int value) {
    return keys()[Objects.checkIndex(value, valueCount())];
  }

  /**
   * Every value's key, made on the first call: node by node in order, each the canonical key of
   * its operation, role and operands' keys (so the very key of the graph it was gathered from,
   * I1), found or made by {@link OperationKey#of}. Iterative; depth is unbounded.
   */
  private ValueKey[] keys() {
    ValueKey[] keys = valueKeys;
    return keys != null ? keys : makeKeys();
  }

  private synchronized ValueKey[] makeKeys() {
    ValueKey[] keys = valueKeys;
    if (keys != null) {
      return keys;
    }
    keys = Arrays.copyOf(inputs, valueCount(), ValueKey[].class);
    int[] operands = operandArray();
    int[] operandStart = operandStartArray();
    int[] firstOutput = firstOutputArray();
    ValueKey[] operandKeys = new ValueKey[4];
    for (int k = 0; k < operations.size(); k++) {
      int start = operandStart[k];
      int count = operandStart[k + 1] - start;
      if (count > operandKeys.length) {
        operandKeys = new ValueKey[count];
      }
      for (int j = 0; j < count; j++) {
        operandKeys[j] = keys[operands[start + j]];
      }
      Op operation = operations.get(k);
      OperationKey key = OperationKey.of(operation, operandKeys, count, roles.get(k));
      for (int slot = 0; slot < operation.outputArity(); slot++) {
        keys[firstOutput[k] + slot] = key.output(slot);
      }
    }
    valueKeys = keys; // volatile: publishes the keys to every later reader
    return keys;
  }

  /** The number of inputs; they are values {@code 0 .. inputCount()-1}. */
  public int inputCount() {
    return inputs.length;
  }

  /** The key of input {@code i}. */
  public ValueKey.Input inputKey(int i) {
    return inputs[i];
  }

  /**
   * The declared type of input {@code i}, from the graphs that declare it ({@link
   * GraphBuilder#input(Object, ValueType)}), or empty if they declare it untyped.
   */
  public Optional<ValueType> inputType(int i) {
    return ValueType.at(inputTypes, i, inputs.length);
  }

  /** Each input's declared type (null: untyped), or null if none is typed; not to be changed. */
  ValueType[] inputTypes() {
    return inputTypes;
  }

  /**
   * The inputs of the materialized view's graphs that this graph does not take (its outputs do not
   * read them, or they were not among the declared inputs), each once: a program compiled from it
   * accepts bindings for them and ignores them. Empty if it takes every input of the view.
   */
  public List<ValueKey.Input> unusedInputKeys() {
    return unusedInputs;
  }

  /**
   * The declared type of unused input {@code i} ({@link #unusedInputKeys()}), or empty if it is
   * untyped: a program compiled from this graph refuses a binding for it of another type, as it
   * does for the inputs it takes, though it does not read it.
   */
  public Optional<ValueType> unusedInputType(int i) {
    return ValueType.at(unusedInputTypes, i, unusedInputs.size());
  }

  /** The declared types of the unused inputs, as kept; null if none is typed. */
  ValueType[] unusedInputTypes() {
    return unusedInputTypes;
  }

  /** The number of nodes, in topological order. */
  public int nodeCount() {
    return operations.size();
  }

  /** The operation of node {@code k}. */
  public Op operation(int k) {
    return operations.get(k); // throws for an index outside the graph
  }

  /** The key of node {@code k}. */
  public OperationKey operationKey(int k) {
    // output 0 of an operation is its key (ValueKey.Derived)
    return (OperationKey) keys()[firstOutputArray()[Objects.checkIndex(k, operations.size())]];
  }

  /** The number of operands of node {@code k}. */
  public int operandCount(int k) {
    int[] operandStart = operandStartArray();
    return operandStart[k + 1] - operandStart[k];
  }

  /** The value that is operand {@code j} of node {@code k}. */
  public int operand(int k, int j) {
    return operandArray()[operandStartArray()[k] + j];
  }

  /** The value of output slot 0 of node {@code k}; the other slots follow. */
  public int firstOutput(int k) {
    return firstOutputArray()[k];
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
      keys.add(valueKey(value));
    }
    return Collections.unmodifiableList(keys);
  }

  int[] operandStartArray() {
    return shapes.columns().operandStart();
  }

  int[] operandArray() {
    int[] made = operands;
    return made != null ? made : makeOperandArray();
  }

  private synchronized int[] makeOperandArray() {
    int[] made = operands;
    if (made == null) {
      made = operandBlocks.toArray();
      operands = made; // volatile: publishes the array to every later reader
      operandBlocks = null;
    }
    return made;
  }

  int[] firstOutputArray() {
    return shapes.columns().firstValue();
  }

  int[] outputArray() {
    return outputs;
  }

  OperationTable<Op> operationTable() {
    return operations;
  }

  @Override
  public String toString() {
    // at most GraphPrinter.SUMMARY_LINES lines: a debugger or a log line calls this
    return GraphPrinter.summary(this);
  }
}
