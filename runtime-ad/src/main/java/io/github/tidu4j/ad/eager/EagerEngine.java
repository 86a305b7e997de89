package io.github.tidu4j.ad.eager;

import io.github.tidu4j.ad.AD;
import io.github.tidu4j.ad.Primitive;
import io.github.tidu4j.ad.func.Domain;
import io.github.tidu4j.graph.ConstantInput;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphOperation;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The {@link EagerRuntime} of one set, typed by the set's operation and abstract types, which the
 * runtime's users never name: the keys and the current tape segment of its own, and the operation
 * graphs, backward plans and executor it shares with the set's other runtimes ({@link
 * EagerCaches}).
 *
 * @param <Op> the operation type
 * @param <C> the rule context type
 * @param <T> the abstract type
 * @param <V> the operand type
 * @param <E> the eager value type
 */
final class EagerEngine<Op extends Primitive<Op, C>, C, T, V, E extends EagerValue<V, E>>
    extends EagerRuntime<V, E> {
  private final EagerSet<Op, C, T, V, E> set;
  private final Domain<T, V> domain;
  private final KeySource keys = new KeySource();
  private final InterpreterExecutor<Op, V> executor;
  // the set's, shared with its other runtimes
  private final EagerCaches<Op, T, V> caches;
  // the operation graphs built on this runtime's calls
  private final AtomicLong graphsBuilt = new AtomicLong();
  private final int segmentLimit;
  private final AtomicLong segmentIds = new AtomicLong();
  private final AtomicReference<Segment<Op, V, E>> current;
  // passed to the rules by this runtime's backward and Taylor passes; null for none
  private final C context;

  EagerEngine(EagerSet<Op, C, T, V, E> set, int segmentLimit, C context) {
    if (segmentLimit < 1) {
      throw new IllegalArgumentException("segmentLimit must be at least 1, was " + segmentLimit);
    }
    this.set = Objects.requireNonNull(set, "set");
    this.domain = set.domain();
    this.caches = EagerCaches.of(set);
    this.executor = caches.executor(set.anyOperation(), set.runners());
    this.segmentLimit = segmentLimit;
    this.context = context;
    this.current = new AtomicReference<>(newSegment());
  }

  @Override
  public E variable(V value) {
    return leaf(value, true);
  }

  @Override
  public E constant(V value) {
    return leaf(value, false);
  }

  private E leaf(V value, boolean requiresGrad) {
    return set.values()
        .apply(
            new EagerValue.Origin<>(
                this, keys.next(), Objects.requireNonNull(value, "value"), requiresGrad, null));
  }

  @Override
  public List<E> call(Graph<?> graph, List<E> inputs) {
    Objects.requireNonNull(graph, "graph");
    for (E input : inputs) {
      own(input);
    }
    Graph<Op> own = ownGraph(graph);
    List<Object> keys = own.inputKeys();
    int constants = constantCount(keys);
    if (constants > 0 && inputs.size() != keys.size() && inputs.size() != keys.size() - constants) {
      List<Object> others = new ArrayList<>();
      for (Object key : keys) {
        if (!(key instanceof ConstantInput<?>)) {
          others.add(key);
        }
      }
      throw new IllegalArgumentException(
          "the graph takes " + keys.size() + " inputs " + keys + ", of which " + constants
              + " are constants it holds (bound to their own values), but " + inputs.size()
              + " eager inputs were given; give one per other input, " + others);
    }
    return record(own, inputs);
  }

  @Override
  public <O extends GraphOperation, U> List<E> apply(
      String operation, Object[] attributes, EagerOperation<O, U> definition, List<E> operands) {
    int n = operands.size();
    Object[] types = new Object[n];
    for (int i = 0; i < n; i++) {
      types[i] = domain.typeOf(own(operands.get(i), operation, i, n).value());
    }
    @SuppressWarnings("unchecked") // the generated eager class passes its own set's operation
    EagerOperation<Op, T> typed = (EagerOperation<Op, T>) (EagerOperation<?, ?>) definition;
    OpKey key = new OpKey(operation, attributes, types);
    OpGraph<Op> op;
    try {
      op = caches.operations.get(key, typed, graphsBuilt);
    } catch (IllegalArgumentException e) {
      // the cached graph's inputs are a, b, x; say it again with the operands' own names (one
      // value may be two operands: the names are distinct keys that print alike)
      List<OperandName> names = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        names.add(new OperandName(String.valueOf(operands.get(i).key()), i));
      }
      IllegalArgumentException named = caches.operations.failureNaming(key, typed, names);
      throw named != null ? named : e;
    }
    if (op.isIdentity()) {
      return List.of(operands.get(op.alias()));
    }
    return record(op.graph(), operands);
  }

  @Override
  public void backward(Map<E, V> seeds, boolean retainGraph) {
    Objects.requireNonNull(seeds, "seeds");
    if (seeds.isEmpty()) {
      throw new IllegalArgumentException("backward needs at least one value to start from");
    }
    for (Map.Entry<E, V> e : seeds.entrySet()) {
      E root = own(e.getKey());
      V seed = Objects.requireNonNull(e.getValue(), "seed");
      if (!root.requiresGrad()) {
        throw new IllegalStateException(
            root.key()
                + " does not require grad: it was computed from constants only (rt.constant,"
                + " detach(), or operations on those), so there is nothing to back-propagate to;"
                + " make the values to differentiate with respect to rt.variable(...)");
      }
      T type = domain.typeOf(root.value());
      T seedType = domain.typeOf(seed);
      if (!type.equals(seedType)) {
        throw new IllegalArgumentException(
            "the seed of "
                + root.key()
                + " must have its type, "
                + type
                + ", but it is "
                + seedType);
      }
    }
    try {
      BackwardPass.run(
          seeds, retainGraph, executor, caches.plans, context, this::segmentOf, domain);
    } finally {
      Segment<Op, V, E> segment = current.get();
      if (segment.size() > 0) {
        current.compareAndSet(segment, newSegment());
      }
    }
  }

  @Override
  public List<List<V>> taylor(List<E> outputs, List<E> inputs, List<V> directions, int order) {
    Objects.requireNonNull(outputs, "outputs");
    if (order < 0) {
      throw new IllegalArgumentException(
          "taylor: the order is " + order + "; ask for 0 (the values only) or more");
    }
    try {
      AD.checkTaylorOrder(order, 1); // before any series of that length is allocated
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("taylor: " + e.getMessage(), e);
    }
    if (inputs.size() != directions.size()) {
      throw new IllegalArgumentException(
          "taylor: " + inputs.size() + " input(s) but " + directions.size() + " direction(s);"
              + " give one direction per input");
    }
    for (E output : outputs) {
      own(output);
    }
    Set<Object> seen = new HashSet<>();
    for (int i = 0; i < inputs.size(); i++) {
      E input = own(inputs.get(i));
      if (!seen.add(input.key())) {
        throw new IllegalArgumentException(
            "taylor: input " + i + " (" + input.key() + ") repeats an earlier input");
      }
      if (!input.requiresGrad()) {
        throw new IllegalStateException(
            input.key()
                + " does not require grad: no operation on it was recorded, so there is no path"
                + " from it to expand along; make the values to expand along rt.variable(...)");
      }
      T type = domain.typeOf(input.value());
      T directionType = domain.typeOf(Objects.requireNonNull(directions.get(i), "direction"));
      if (!type.equals(directionType)) {
        throw new IllegalArgumentException(
            "the direction of " + input.key() + " must have its type, " + type + ", but it is "
                + directionType);
      }
    }
    return TaylorPass.run(
        outputs,
        inputs,
        directions,
        order,
        executor,
        caches.taylorPlans,
        context,
        domain,
        this::segmentOf);
  }

  @Override
  V unitSeed(E root) {
    T type = domain.typeOf(root.value());
    String problem = domain.gradOutputProblem(type);
    if (problem != null) {
      throw new IllegalStateException(
          "backward() without a seed seeds "
              + root.key()
              + " with 1, so "
              + problem
              + "; or pass a seed of type "
              + type
              + " with backward(seed)");
    }
    return domain.one(type);
  }

  @Override
  V addGradients(V a, V b) {
    return executor.addOperands(a, b);
  }

  @Override
  public long operationGraphsBuilt() {
    return graphsBuilt.get();
  }

  @Override
  public Segment<Op, V, E> currentSegment() {
    return current.get();
  }

  @Override
  public String toString() {
    return "EagerRuntime["
        + keys.issued()
        + " values, "
        + caches.operations.size()
        + " operation graphs cached, segment "
        + current.get()
        + "]";
  }

  /**
   * Records {@code graph} on {@code operands}: one per input in input order, or one per input that
   * is not a {@link ConstantInput}, each of those bound to its own value (the constants an eager
   * operation's definition or a builder adds for a value the graph closes over). Any other count
   * is the recorder's to refuse.
   */
  private List<E> record(Graph<Op> graph, List<E> operands) {
    List<EagerInput<V>> inputs = new ArrayList<>(graph.inputCount());
    // every operation records here: its graph's input keys (a list made per call) are read only
    // where the operands leave some inputs out
    List<Object> keys = operands.size() == graph.inputCount() ? null : graph.inputKeys();
    if (keys == null || operands.size() + constantCount(keys) != keys.size()) {
      for (E operand : operands) {
        inputs.add(input(operand));
      }
      return recordBound(graph, inputs, operands);
    }
    int next = 0;
    for (Object key : keys) {
      if (key instanceof ConstantInput<?> constant) {
        @SuppressWarnings("unchecked") // a ConstantInput of this set's graphs holds an operand
        V value = (V) constant.value();
        inputs.add(EagerInput.constant(key, value));
      } else {
        inputs.add(input(operands.get(next++)));
      }
    }
    return recordBound(graph, inputs, operands);
  }

  private static int constantCount(List<Object> keys) {
    int constants = 0;
    for (Object key : keys) {
      if (key instanceof ConstantInput<?>) {
        constants++;
      }
    }
    return constants;
  }

  private EagerInput<V> input(E operand) {
    return new EagerInput<>(operand.key(), operand.value(), operand.requiresGrad());
  }

  /** Records {@code graph} on {@code inputs}, which bind {@code operands} and any constants. */
  private List<E> recordBound(Graph<Op> graph, List<EagerInput<V>> inputs, List<E> operands) {
    Segment<Op, V, E> segment = current.get();
    List<EagerOutput<V>> outputs = segment.recorder().record(graph, inputs);
    boolean recorded = false;
    List<E> results = new ArrayList<>(outputs.size());
    for (EagerOutput<V> output : outputs) {
      boolean grad = output.requiresGrad();
      recorded |= grad;
      results.add(
          set.values()
              .apply(
                  new EagerValue.Origin<>(
                      this, (EagerKey) output.key(), output.value(), grad, grad ? segment : null)));
    }
    if (recorded) {
      for (E operand : operands) {
        if (operand.requiresGrad()) {
          segment.consumed(operand, segmentOf(operand));
        }
      }
      if (segment.size() >= segmentLimit) {
        current.compareAndSet(segment, newSegment());
      }
    }
    return Collections.unmodifiableList(results);
  }

  /** The segment that produced {@code value}, {@code null} for a leaf. */
  @SuppressWarnings("unchecked") // a value of this runtime sits on one of its segments
  Segment<Op, V, E> segmentOf(E value) {
    return (Segment<Op, V, E>) value.segment();
  }

  /**
   * {@code value}, operand {@code index} of {@code count} of {@code operation}, if it is this
   * runtime's; the message says which operand is not, as two runtimes name their values alike.
   */
  private E own(E value, String operation, int index, int count) {
    Objects.requireNonNull(value, "value");
    if (value.runtime() != this) {
      throw foreign(value, "operand " + (index + 1) + " of " + count + " of " + operation + ", ");
    }
    return value;
  }

  private E own(E value) {
    Objects.requireNonNull(value, "value");
    if (value.runtime() != this) {
      throw foreign(value, "");
    }
    return value;
  }

  /**
   * The input key naming operand {@code position} as the eager value {@code name}, for an error
   * message: distinct per position, printed as the value's name.
   */
  private record OperandName(String name, int position) {
    @Override
    public String toString() {
      return name;
    }
  }

  /** {@code which}: empty, or "operand 2 of 2 of mul, ", set off by commas from the value. */
  private IllegalArgumentException foreign(E value, String which) {
    return new IllegalArgumentException(
        which
            + value.key()
            + " ("
            + domain.typeOf(value.value())
            + (which.isEmpty() ? ")" : "),")
            + " belongs to another EagerRuntime; values of two runtimes cannot be mixed (bring"
            + " it over as rt.constant(x.value()) or rt.variable(x.value()))");
  }

  @SuppressWarnings("unchecked") // every operation was checked to be of the set's class
  private Graph<Op> ownGraph(Graph<?> graph) {
    for (int node = 0; node < graph.nodeCount(); node++) {
      Object operation = graph.operation(node);
      if (!set.operationType().isInstance(operation)) {
        throw new IllegalArgumentException(
            "the graph holds "
                + operation
                + ", which is not an operation of "
                + set.operationType().getSimpleName()
                + ", the set of this runtime");
      }
    }
    return (Graph<Op>) graph;
  }

  private Segment<Op, V, E> newSegment() {
    return new Segment<>(segmentIds.incrementAndGet(), keys, executor);
  }
}
