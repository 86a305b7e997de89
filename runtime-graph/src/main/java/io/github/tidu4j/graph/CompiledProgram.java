package io.github.tidu4j.graph;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * A straight-line SSA program over numbered slots: each instruction applies one operation to the
 * values in its argument slots and writes its results to its result slots. Slots are reused once
 * their value is dead (liveness-based allocation), so a long chain runs in a handful of slots.
 *
 * <p>Immutable and safe to evaluate from many threads at once: evaluators keep their slot arrays
 * per call. Inputs are bound by position, in the order of {@link #inputKeys()}, or by key.
 *
 * <p><b>Bindings by key</b> ({@link #bindInputs}, which the {@link Interpreter}, the generated
 * evaluators and the bytecode backend all use) accept a binding for every input of the graphs the
 * program was materialized from: besides the inputs it takes, the program records the {@linkplain
 * #unusedInputKeys() inputs of those graphs that it does not read} (the {@link
 * MaterializedGraph#unusedInputKeys() unused inputs} of its materialized graph), and ignores a
 * binding for one. So "bind every input and seed" works whichever inputs the outputs happen to
 * depend on. A key that is an input of none of those graphs is an error naming it. Binding exactly
 * the inputs the program takes costs no more than it would without that record: the unused keys
 * are looked at only when a map binds more keys than the program takes.
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
  private final List<Object> unusedInputKeys;
  /** Each input's declared type (null: untyped), or null if none is typed; never changed. */
  private final ValueType[] inputTypes;
  /** Each unused input's declared type (null: untyped), or null if none is typed. */
  private final ValueType[] unusedInputTypes;
  private final int inputCount;
  // shared with the materialized graph (immutable): the operations, where each instruction's
  // arguments start in args, and each instruction's first result as a value number
  private final OperationTable<Op> operations;
  private final int[] argStart;
  private final int[] args;
  private final int[] firstValue;
  /** The slot of each value, inputs first (input i in slot i), then each instruction's results. */
  private final int[] valueSlots;
  private final int[] outputSlots;
  private final int slotCount;
  /**
   * Every key {@link #bindInputs} accepts: an input key to its position in {@link #inputKeys()},
   * an unused input key to {@link #UNUSED}. Built on first use.
   */
  private volatile Map<Object, Integer> knownInputs;
  /** {@link #shape()}, made on first use. */
  private volatile ProgramShape shape;
  /** What owners derived from this program ({@link #derived}); null until the first. */
  private volatile Map<Object, Object> derived;
  /** {@link #deadSlots()}, made on first use. */
  private volatile DeadSlots deadSlots;

  private static final Integer UNUSED = -1;

  CompiledProgram(
      List<Object> inputKeys,
      List<Object> unusedInputKeys,
      ValueType[] inputTypes,
      ValueType[] unusedInputTypes,
      int inputCount,
      OperationTable<Op> operations,
      int[] argStart,
      int[] args,
      int[] firstValue,
      int[] valueSlots,
      int[] outputSlots,
      int slotCount) {
    this.inputKeys = inputKeys;
    this.unusedInputKeys = unusedInputKeys;
    this.inputTypes = inputTypes;
    this.unusedInputTypes = unusedInputTypes;
    this.inputCount = inputCount;
    this.operations = operations;
    this.argStart = argStart;
    this.args = args;
    this.firstValue = firstValue;
    this.valueSlots = valueSlots;
    this.outputSlots = outputSlots;
    this.slotCount = slotCount;
  }

  /**
   * The same code with other input keys (same count, same order), other unused input keys and
   * other input types: what the cache hands out.
   */
  CompiledProgram<Op> withInputKeys(
      List<Object> keys, List<Object> unusedKeys, ValueType[] types, ValueType[] unusedTypes) {
    return new CompiledProgram<>(
        keys,
        unusedKeys,
        types,
        unusedTypes,
        inputCount,
        operations,
        argStart,
        args,
        firstValue,
        valueSlots,
        outputSlots,
        slotCount);
  }

  /**
   * The same code with its inputs keyed {@code keys} instead (one per input, in order): for keys
   * that mean something outside the process that traced the program, since tangent and seed keys
   * carry pass ids from a process-wide counter. The unused input keys and the input types stay
   * as they are.
   *
   * <pre>{@code
   * CompiledProgram<ScalarOp> renamed = p.withInputKeys(List.of("a", "b"));
   * }</pre>
   *
   * @throws IllegalArgumentException if {@code keys} does not hold {@link #inputCount()} distinct
   *     non-null keys
   */
  public CompiledProgram<Op> withInputKeys(List<?> keys) {
    if (keys.size() != inputCount()
        || keys.stream().anyMatch(Objects::isNull)
        || new HashSet<>(keys).size() != keys.size()) {
      throw new IllegalArgumentException(
          "a program of " + inputCount() + " inputs needs as many distinct non-null keys, got "
              + keys);
    }
    return withInputKeys(
        List.<Object>copyOf(keys), unusedInputKeys, inputTypes, unusedInputTypes);
  }

  /** The user-chosen keys of the inputs {@code m} takes, in order, as an unmodifiable list. */
  static List<Object> inputKeysOf(MaterializedGraph<?> m) {
    List<Object> keys = new ArrayList<>(m.inputCount());
    for (int i = 0; i < m.inputCount(); i++) {
      keys.add(m.inputKey(i).key());
    }
    return Collections.unmodifiableList(keys);
  }

  /** The user-chosen keys of {@code inputs}, in order, as an unmodifiable list. */
  static List<Object> keysOf(List<ValueKey.Input> inputs) {
    if (inputs.isEmpty()) {
      return List.of();
    }
    List<Object> keys = new ArrayList<>(inputs.size());
    for (ValueKey.Input input : inputs) {
      keys.add(input.key());
    }
    return Collections.unmodifiableList(keys);
  }

  /** One instruction, as a readable record; evaluators use the int accessors instead. */
  public record Instruction<Op extends GraphOperation>(
      Op operation, List<Integer> argumentSlots, List<Integer> resultSlots) {}

  /**
   * The program's structure with its input keys left out: equal for programs that differ only in
   * input keys (and so in the pass ids those keys carry), which run the same code; the key of the
   * bytecode backend's cache. Made on first use, in time proportional to the program's size.
   *
   * <pre>{@code
   * boolean sameCode = p.shape().equals(p.withInputKeys(List.of("a", "b")).shape());
   * }</pre>
   */
  public ProgramShape shape() {
    ProgramShape made = shape;
    if (made == null) {
      made =
          ProgramShape.ofCompiled(
              inputCount, slotCount, operations, argStart, args, firstValue, valueSlots,
              outputSlots);
      shape = made; // racy but benign: every thread makes an equal shape
    }
    return made;
  }

  /**
   * What {@code owner} derives from this program, made by {@code make} on the owner's first call
   * and kept as long as this program lives, and no longer: a per-program cache for what refers back
   * to the program (a fusion set's fused program), which the values of a map weakly keyed by
   * programs would keep alive forever. One owner derives one kind of value; threads that call at
   * once may each make one, and all get the first stored.
   *
   * <pre>{@code
   * record Plan(CompiledProgram<?> program) {}   // refers back to its program
   * Object owner = new Object();                 // a long-lived owner, such as a fusion set
   * Plan plan = program.derived(owner, Plan::new);   // made once, collected with the program
   * }</pre>
   *
   * @param owner what identifies the derivation, by {@code equals}; kept by this program
   * @param make makes the value from this program; called without any lock held
   */
  @SuppressWarnings("unchecked") // one owner stores one kind of value, which it asks back for
  public <T> T derived(Object owner, Function<? super CompiledProgram<Op>, ? extends T> make) {
    Objects.requireNonNull(owner, "owner");
    Map<Object, Object> map = derived;
    if (map == null) {
      synchronized (this) {
        map = derived;
        if (map == null) {
          map = new ConcurrentHashMap<>(4);
          derived = map;
        }
      }
    }
    Object value = map.get(owner);
    if (value == null) {
      // made outside the map's locks: a derivation may derive another from this program
      T made = Objects.requireNonNull(make.apply(this), "derived value");
      value = map.putIfAbsent(owner, made);
      if (value == null) {
        value = made;
      }
    }
    return (T) value;
  }

  /** The number of slots an evaluator needs. */
  public int slotCount() {
    return slotCount;
  }

  /** The number of instructions. */
  public int instructionCount() {
    return operations.size();
  }

  /** The operation of instruction {@code i}. */
  public Op operation(int i) {
    return operations.get(i); // throws for an index outside the program
  }

  /** The number of values: the inputs, then every instruction's results. */
  public int valueCount() {
    return valueSlots.length;
  }

  /** The number of arguments of all instructions together. */
  public int argumentTotal() {
    return argStart[operations.size()];
  }

  /** The number of arguments of instruction {@code i}. */
  public int argumentCount(int i) {
    return argStart[i + 1] - argStart[i];
  }

  /** The slot holding argument {@code j} of instruction {@code i}. */
  public int argumentSlot(int i, int j) {
    return args[argStart[i] + j];
  }

  /**
   * The slots whose values each instruction leaves dead (read for the last time, or results
   * nothing reads), for evaluators over values that hold memory to clear; made on first use.
   */
  public DeadSlots deadSlots() {
    DeadSlots dead = deadSlots;
    if (dead == null) {
      dead = DeadSlots.of(this);
      deadSlots = dead; // racy but benign: every thread makes the same
    }
    return dead;
  }

  /** The number of results of instruction {@code i}. */
  public int resultCount(int i) {
    return (i + 1 < operations.size() ? firstValue[i + 1] : valueSlots.length) - firstValue[i];
  }

  /** The slot receiving result {@code r} of instruction {@code i}. */
  public int resultSlot(int i, int r) {
    return valueSlots[firstValue[i] + r];
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
    return new Instruction<>(operation(i), List.copyOf(a), List.copyOf(r));
  }

  /** The input keys, in input order. */
  public List<Object> inputKeys() {
    return inputKeys;
  }

  /** The number of inputs. */
  public int inputCount() {
    return inputCount;
  }

  /**
   * The declared type of input {@code i} (see {@link ValueType}), or empty if it is untyped: a
   * value bound to a typed input is checked against its type by every evaluator.
   */
  public Optional<ValueType> inputType(int i) {
    return ValueType.at(inputTypes, i, inputCount);
  }

  /**
   * Checks {@code value}, bound to input {@code i}: what every evaluator does to each input it is
   * given, by position or by key.
   *
   * <pre>{@code
   * for (int i = 0; i < inputs.length; i++) {
   *   program.checkInput(i, inputs[i]);
   * }
   * }</pre>
   *
   * @throws GraphException naming the input if {@code value} is {@code null} or not of the input's
   *     declared type
   */
  public void checkInput(int i, Object value) {
    if (value == null) {
      throw new GraphException("input " + inputKeys.get(i) + " is bound to null");
    }
    ValueType type;
    if (inputTypes != null && (type = inputTypes[i]) != null && !type.admits(value)) {
      throw type.mismatch(inputKeys.get(i), value);
    }
  }

  /** The slot input {@code i} is bound to. */
  public int inputSlot(int i) {
    return valueSlots[Objects.checkIndex(i, inputCount)];
  }

  /**
   * The keys of the inputs of the graphs this program was materialized from that it does not take
   * (see {@link MaterializedGraph#unusedInputKeys()}): {@link #bindInputs} accepts a binding for
   * one and ignores it. Empty if the program takes every input of those graphs.
   */
  public List<Object> unusedInputKeys() {
    return unusedInputKeys;
  }

  /**
   * The position of the input named {@code inputKey} in {@link #inputKeys()}, or {@code -1} (also
   * for one of the {@linkplain #unusedInputKeys() unused input keys}).
   */
  public int inputPosition(Object inputKey) {
    Integer position = knownInputs().get(inputKey);
    return position == null ? -1 : position;
  }

  private Map<Object, Integer> knownInputs() {
    Map<Object, Integer> known = knownInputs;
    if (known == null) {
      known = new HashMap<>();
      for (Object key : unusedInputKeys) {
        known.put(key, UNUSED);
      }
      for (int i = 0; i < inputKeys.size(); i++) {
        known.put(inputKeys.get(i), i);
      }
      known = Collections.unmodifiableMap(known);
      knownInputs = known; // racy but benign: every thread builds the same content
    }
    return known;
  }

  /**
   * The values of {@code inputs} in input order, ready for positional evaluation: what every
   * evaluator does to bind inputs by key. A binding for one of the {@linkplain #unusedInputKeys()
   * unused input keys} is ignored, and an input whose key is a {@link ConstantInput} that {@code
   * inputs} leaves out is bound to the key's own value.
   *
   * @throws GraphException naming the key if an input is unbound, bound to {@code null} or to a
   *     value not of its declared type, if {@code inputs} binds a key that is an input of none of
   *     the graphs the program was materialized from, or binds an unused input to a value not of
   *     its declared type
   */
  public Object[] bindInputs(Map<?, ?> inputs) {
    Object[] positional = new Object[inputKeys.size()];
    int ownValues = 0;
    for (int i = 0; i < positional.length; i++) {
      Object key = inputKeys.get(i);
      Object value = inputs.get(key);
      if (value == null && key instanceof ConstantInput<?> constant && !inputs.containsKey(key)) {
        value = constant.value();
        ownValues++;
      }
      if (value == null) {
        throw new GraphException(
            inputs.containsKey(key)
                ? "input " + key + " is bound to null"
                : "input "
                    + key
                    + " is not bound; the program takes inputs "
                    + ValueDescription.listed(inputKeys)
                    + unboundNote(key, inputs));
      }
      positional[i] = value;
    }
    if (inputTypes != null) {
      for (int i = 0; i < positional.length; i++) {
        checkInput(i, positional[i]);
      }
    }
    if (inputs.size() != positional.length - ownValues) {
      // every input is bound, so the map binds more keys: each must be some graph's input
      rejectUnknownKeys(inputs);
      checkUnusedInputs(inputs);
    }
    return positional;
  }

  /**
   * Throws, naming the input, if {@code inputs} binds an unused input to a value not of its
   * declared type: the program does not read it, but a value of the wrong type for it is as much a
   * mistake as one for an input it reads (a cotangent seed of the wrong shape for an output whose
   * cotangent is zero, say).
   */
  private void checkUnusedInputs(Map<?, ?> inputs) {
    if (unusedInputTypes == null) {
      return;
    }
    for (int i = 0; i < unusedInputTypes.length; i++) {
      ValueType type = unusedInputTypes[i];
      Object key = unusedInputKeys.get(i);
      Object value;
      if (type != null && (value = inputs.get(key)) != null && !type.admits(value)) {
        throw type.mismatch(key, value);
      }
    }
  }

  /** Throws, naming them, if {@code inputs} binds keys that are neither taken nor unused inputs. */
  private void rejectUnknownKeys(Map<?, ?> inputs) {
    List<Object> unknown = unknownKeys(inputs);
    if (!unknown.isEmpty()) {
      List<Object> declared = new ArrayList<>(inputKeys);
      declared.addAll(unusedInputKeys);
      throw new GraphException(
          "inputs "
              + ValueDescription.listed(unknown)
              + " are bound but are inputs of none of the graphs the program was materialized"
              + " from; it takes inputs "
              + ValueDescription.listed(inputKeys)
              + (unusedInputKeys.isEmpty()
                  ? ""
                  : " and ignores bindings for inputs " + ValueDescription.listed(unusedInputKeys))
              + LookalikeKeys.note(declared, unknown));
    }
  }

  /** The keys {@code inputs} binds that are inputs of none of the program's graphs. */
  private List<Object> unknownKeys(Map<?, ?> inputs) {
    Map<Object, Integer> known = knownInputs();
    List<Object> unknown = new ArrayList<>();
    for (Object key : inputs.keySet()) {
      if (!known.containsKey(key)) {
        unknown.add(key);
      }
    }
    return unknown;
  }

  /**
   * For unbound input {@code key}: a key given that prints like it ({@link LookalikeKeys}), or else
   * the keys bound that the program does not take (a tangent of another pass, {@code
   * ValueKey.input("a")} for {@code "a"}), if any.
   */
  private String unboundNote(Object key, Map<?, ?> inputs) {
    String lookalike = LookalikeKeys.note(List.of(key), inputs.keySet());
    if (!lookalike.isEmpty()) {
      return lookalike;
    }
    List<Object> unknown = unknownKeys(inputs);
    return unknown.isEmpty()
        ? ""
        : "; bindings were given for keys it does not take, " + ValueDescription.listed(unknown);
  }

  /**
   * The error of an evaluation given {@code given} inputs where the program takes another number:
   * the count it takes and its input keys (the first eight, and their number, if there are more),
   * as every evaluator words it.
   *
   * <pre>{@code
   * if (inputs.length != program.inputCount()) {
   *   throw program.inputCountError(inputs.length);
   * }
   * }</pre>
   */
  public GraphException inputCountError(int given) {
    return new GraphException(
        "the program takes " + inputCount + " inputs " + ValueDescription.listed(inputKeys) + " but " + given
            + " were given");
  }

  /**
   * The error for {@code value}, bound to input {@code i}, when an evaluator's kernels take values
   * of {@code operandType} and {@code value} is not one: what every evaluator throws for it, so a
   * value boxed as the wrong class ({@code Map.of("x", 2)}, an {@code Integer}) is named at the
   * binding, not reported as a cast failure in the first kernel that reads it.
   *
   * @param operandType the class the kernels take ({@code double.class} for a {@code double} set)
   * @return an exception naming the input, the value's class and {@code operandType}; or, for a
   *     {@code null} value, saying the input is bound to null
   */
  public GraphException inputClassError(int i, Object value, Class<?> operandType) {
    Object key = inputKeys.get(Objects.checkIndex(i, inputCount));
    if (value == null) {
      return new GraphException("input " + key + " is bound to null");
    }
    return new GraphException("input " + key + " is bound to a " + value.getClass().getName()
        + " but the program takes " + operandType.getName() + " values");
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
    // at most GraphPrinter.SUMMARY_LINES lines: a debugger or a log line calls this
    return GraphPrinter.summary(this);
  }
}
