package io.github.tidu4j.ad.eager;

import io.github.tidu4j.graph.ConstantInput;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.GraphOperation;
import io.github.tidu4j.graph.LruMap;
import io.github.tidu4j.graph.ValueRef;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The small graphs of eager operations, built once per {@link OpKey} from the operation's {@link
 * EagerOperation} and kept, so that recording the same operation on operands of the same types
 * again reuses the same {@code Graph} object. Reusing the object is what makes the caches keyed by
 * graph identity downstream hit: the recorder's dependency analysis, the executor's compiled
 * forward program, and the backward plans.
 *
 * <p>A definition that rejects its operands (a shape or dtype mismatch) throws its {@link
 * IllegalArgumentException}, naming the primitive, and caches nothing.
 *
 * <p>Bounded: the least recently used entries are evicted beyond {@code maxEntries}. Thread-safe;
 * two threads missing on the same key may both build, and the first to finish wins.
 *
 * <p>An operation whose attributes (or operand types) change from call to call builds a graph per
 * call, which its compilation and differentiation follow: once one operation has built {@value
 * #BUILDS_WARNED} graphs, a warning names it, once per cache, so once per set, whose runtimes
 * share one (System.Logger {@code io.github.tidu4j.ad.eager.EagerRuntime}).
 *
 * @param <Op> the operation type
 * @param <T> the abstract type of the operands
 */
final class OpCache<Op extends GraphOperation, T> {
  /** Graphs one operation builds before the cache warns that it builds one per call. */
  static final int BUILDS_WARNED = 1024;

  /** Where the warnings go (a test replaces it to read them). */
  static volatile Consumer<String> warnings = OpCache::warn;

  private static final String[] BINARY_NAMES = {"a", "b"};

  private final LruMap<OpKey, OpGraph<Op>> entries;
  private final AtomicLong hits = new AtomicLong();
  private final AtomicLong misses = new AtomicLong();
  // per operation name (a set's few eager methods): the graphs built for it
  private final ConcurrentHashMap<String, AtomicInteger> builds = new ConcurrentHashMap<>();

  OpCache(int maxEntries) {
    this.entries = new LruMap<>(maxEntries);
  }

  private static void warn(String message) {
    System.getLogger(EagerRuntime.class.getName()).log(System.Logger.Level.WARNING, message);
  }

  /**
   * The graph of {@code key}, built by {@code definition} on a miss, counted in {@code buildCount}
   * (the caller's count of the graphs built on its calls).
   */
  OpGraph<Op> get(OpKey key, EagerOperation<Op, T> definition, AtomicLong buildCount) {
    OpGraph<Op> cached = entries.get(key);
    if (cached != null) {
      hits.incrementAndGet();
      return cached;
    }
    misses.incrementAndGet();
    buildCount.incrementAndGet();
    OpGraph<Op> built = build(key, definition, null);
    if (builds.computeIfAbsent(key.operation(), name -> new AtomicInteger()).incrementAndGet()
        == BUILDS_WARNED) {
      warnings.accept(
          "eager operation " + key.operation() + " has built " + BUILDS_WARNED + " graphs, one for"
              + " each attribute value and operand types it was called with (the last: " + key
              + "): each is built, compiled and, in a backward, differentiated, tens of µs where a"
              + " cached operation takes about one. Pass a number that changes from call to call"
              + " as a value (rt.constant(...)) rather than as an attribute");
    }
    return entries.putIfAbsent(key, built);
  }

  /**
   * The failure of {@code definition} on {@code key}'s operand types, with the graph's inputs named
   * {@code names} (the eager values' own names, {@code e3}, where the cached graph's are {@code a},
   * {@code b}, shared by every operand of those types), so that a message naming the operands
   * names the user's values; null if it does not fail.
   */
  IllegalArgumentException failureNaming(
      OpKey key, EagerOperation<Op, T> definition, List<?> names) {
    try {
      build(key, definition, names);
      return null;
    } catch (IllegalArgumentException e) {
      return e;
    }
  }

  /** The graph of {@code key}; its inputs named {@code names}, or a, b, x where that is null. */
  private static <Op extends GraphOperation, T> OpGraph<Op> build(
      OpKey key, EagerOperation<Op, T> definition, List<?> names) {
    @SuppressWarnings("unchecked") // the key's operand types are the runtime's abstract types
    List<T> types = (List<T>) List.of(key.operands());
    GraphBuilder<Op> graph = Graph.builder();
    int n = types.size();
    List<ValueRef> inputs = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      inputs.add(graph.input(names == null ? inputName(i, n) : names.get(i)));
    }
    List<ValueRef> outputs = definition.build(graph, List.copyOf(inputs), types);
    if (outputs.size() == 1) {
      int alias = inputs.indexOf(outputs.get(0));
      if (alias >= 0) {
        return OpGraph.identity(alias);
      }
    }
    graph.outputs(outputs);
    Graph<Op> built = graph.build();
    List<Object> keys = built.inputKeys();
    List<Object> unbound = new ArrayList<>();
    for (int i = n; i < keys.size(); i++) {
      if (!(keys.get(i) instanceof ConstantInput<?>)) {
        unbound.add(keys.get(i));
      }
    }
    if (!unbound.isEmpty()) {
      throw new IllegalArgumentException(
          key.operation()
              + ": its graph reads inputs other than its operands and constants, "
              + unbound
              + "; an eager operation can only read its operands "
              + Arrays.toString(key.operands())
              + " and ConstantInput keys");
    }
    return OpGraph.of(built);
  }

  /** {@code x} for a unary operation, {@code a}, {@code b} for a binary one, else {@code x0}... */
  private static String inputName(int i, int n) {
    return n == 1 ? "x" : n == 2 ? BINARY_NAMES[i] : "x" + i;
  }

  /** Lookups that found a graph. */
  long hits() {
    return hits.get();
  }

  /** Lookups that built one. */
  long misses() {
    return misses.get();
  }

  /** The number of graphs held. */
  int size() {
    return entries.size();
  }
}
