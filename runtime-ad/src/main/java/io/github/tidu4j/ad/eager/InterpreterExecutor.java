package io.github.tidu4j.ad.eager;

import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.ad.Primitive;
import io.github.tidu4j.graph.CompilationCache;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.EvaluableGraphOperation;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphException;
import io.github.tidu4j.graph.GraphOperation;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.ProgramRunner;
import io.github.tidu4j.graph.ValueKey;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.WeakHashMap;
import java.util.function.BinaryOperator;
import java.util.function.Function;

/**
 * The reference {@link BackwardExecutor}: {@code resolve → materializeMerge → compile → }{@link
 * Interpreter}, or, given a {@link ProgramRunner.Factory} (a set's generated switch evaluator, as
 * {@link EagerRuntime} gives it), that runner instead of the interpreter, with bit-identical
 * results. Programs are compiled through a {@link CompilationCache}, so the same graph shape
 * compiles once however many times it is recorded or differentiated (a backward builds new
 * transposed graphs with fresh pass ids every time; the cache ignores those keys). On top of that,
 * the compiled program of each graph object is remembered (weakly, by identity), so recording the
 * same graph again skips even the materialization.
 *
 * <p>Thread-safe.
 *
 * <pre>{@code
 * InterpreterExecutor<RealOp, Double> exec = InterpreterExecutor.of(RealOp.ADD); // sums with ADD's kernel
 * InterpreterExecutor<RealOp, Double> exec2 = new InterpreterExecutor<>(Double::sum, new CompilationCache<>(64));
 *
 * InterpreterExecutor<RealOp, Double> exec3 =
 *     InterpreterExecutor.of(RealOp.ADD, new CompilationCache<>(64), RealEvaluator::new);
 * }</pre>
 *
 * @param <P> the operation type; its operations must be {@link EvaluableGraphOperation}s over
 *     {@code V}
 * @param <V> the operand type
 */
public final class InterpreterExecutor<P extends GraphOperation, V>
    implements BackwardExecutor<P, V> {
  private static final int DEFAULT_CACHE_SIZE = 256;

  private final BinaryOperator<V> add;
  private final CompilationCache<P> cache;
  private final ProgramRunner.Factory<P, V> runners;
  private final Map<Graph<P>, Forward<V>> forwards = Collections.synchronizedMap(new WeakHashMap<>());
  private final Map<LinearizedGraph<P>, Transposed<V>> transposes =
      Collections.synchronizedMap(new WeakHashMap<>());

  /** An executor summing cotangents with {@code add}, with its own cache of 256 programs. */
  public InterpreterExecutor(BinaryOperator<V> add) {
    this(add, new CompilationCache<>(DEFAULT_CACHE_SIZE));
  }

  /** An executor summing cotangents with {@code add} and compiling through {@code cache}. */
  public InterpreterExecutor(BinaryOperator<V> add, CompilationCache<P> cache) {
    this(add, cache, ProgramRunner.interpreter());
  }

  /**
   * An executor summing cotangents with {@code add}, compiling through {@code cache} and running
   * each program with the runner {@code runners} prepares for it (once per program).
   */
  public InterpreterExecutor(
      BinaryOperator<V> add, CompilationCache<P> cache, ProgramRunner.Factory<P, V> runners) {
    this.add = Objects.requireNonNull(add, "add");
    this.cache = Objects.requireNonNull(cache, "cache");
    this.runners = Objects.requireNonNull(runners, "runners");
  }

  /**
   * An executor for a primitive set that sums cotangents with the set's accumulation primitive
   * ({@code anyPrimitive.add()}), evaluated by its kernel.
   *
   * @throws IllegalArgumentException if that primitive has no evaluation kernel or is not binary
   */
  public static <P extends Primitive<P, ?>, V> InterpreterExecutor<P, V> of(P anyPrimitive) {
    return of(anyPrimitive, new CompilationCache<>(DEFAULT_CACHE_SIZE), ProgramRunner.interpreter());
  }

  /**
   * An executor for a primitive set that sums cotangents with the set's accumulation primitive,
   * compiles through {@code cache} and runs programs with the runners of {@code runners}.
   *
   * @throws IllegalArgumentException if the accumulation primitive has no evaluation kernel or is
   *     not binary
   */
  public static <P extends Primitive<P, ?>, V> InterpreterExecutor<P, V> of(
      P anyPrimitive, CompilationCache<P> cache, ProgramRunner.Factory<P, V> runners) {
    P accumulator = anyPrimitive.add();
    if (!(accumulator instanceof EvaluableGraphOperation)) {
      throw new IllegalArgumentException(
          accumulator.name() + ", the accumulation primitive of the set, has no evaluation kernel");
    }
    if (accumulator.inputArity() != 2 || accumulator.outputArity() != 1) {
      throw new IllegalArgumentException(
          accumulator.name() + ", the accumulation primitive of the set, is not a binary operation");
    }
    @SuppressWarnings("unchecked")
    EvaluableGraphOperation<V> kernel = (EvaluableGraphOperation<V>) accumulator;
    return new InterpreterExecutor<>((a, b) -> kernel.eval(List.of(a, b)).get(0), cache, runners);
  }

  /** The compilation cache, for statistics. */
  public CompilationCache<P> cache() {
    return cache;
  }

  @Override
  public List<V> executeForward(Graph<P> graph, List<? extends V> inputs) {
    if (inputs.size() != graph.inputCount()) {
      throw new GraphException(
          "the graph takes "
              + graph.inputCount()
              + " inputs "
              + graph.inputKeys()
              + " but "
              + inputs.size()
              + " were given");
    }
    Forward<V> forward = forwards.get(graph);
    if (forward == null) {
      forward = Forward.of(graph, cache, runners);
      forwards.put(graph, forward);
    }
    @SuppressWarnings("unchecked") // inputs are V, bound positionally
    V[] positional = (V[]) new Object[forward.graphInput.length];
    for (int p = 0; p < positional.length; p++) {
      positional[p] = inputs.get(forward.graphInput[p]);
    }
    return forward.runner.run(Arrays.asList(positional));
  }

  @Override
  public List<V> runTransposedLinear(
      LinearizedGraph<P> transposed,
      Function<Object, ? extends V> primalInputs,
      List<? extends V> seeds) {
    List<Object> seedKeys = transposed.linearInputs();
    if (seeds.size() != seedKeys.size()) {
      throw new IllegalArgumentException(
          "the transposed graph takes " + seedKeys.size() + " seeds but " + seeds.size() + " were given");
    }
    Transposed<V> t = transposes.get(transposed);
    if (t == null) {
      t = Transposed.of(transposed, cache, runners);
      transposes.put(transposed, t);
    }
    List<V> results = new ArrayList<>(Collections.nCopies(transposed.symbolicLinearOutputs().size(), null));
    if (t.program == null) {
      return results; // every cotangent is zero
    }
    @SuppressWarnings("unchecked") // seeds and primal inputs are V, bound positionally
    V[] positional = (V[]) new Object[t.seedIndex.length];
    for (int p = 0; p < positional.length; p++) {
      int seed = t.seedIndex[p];
      V value;
      if (seed >= 0) {
        value = seeds.get(seed);
        if (value == null) {
          throw new IllegalArgumentException(
              "seed " + seed + " (" + seedKeys.get(seed) + ") of the transposed graph is missing");
        }
      } else {
        Object key = t.program.inputKeys().get(p);
        value = primalInputs.apply(key);
        if (value == null) {
          throw new IllegalStateException("no value for primal input " + key + " of the transposed graph");
        }
      }
      positional[p] = value;
    }
    List<V> out = t.runner.run(Arrays.asList(positional));
    for (int i = 0; i < t.outputOf.length; i++) {
      results.set(t.outputOf[i], out.get(i));
    }
    return results;
  }

  @Override
  public V addOperands(V a, V b) {
    return add.apply(a, b);
  }

  @Override
  public String toString() {
    return "InterpreterExecutor[cache " + cache.size() + " programs, " + cache.hits() + " hits, "
        + cache.misses() + " misses]";
  }

  /** A graph's forward program, and for each program input the graph input it binds. */
  private static final class Forward<V> {
    final ProgramRunner<V> runner;
    final int[] graphInput;

    private Forward(ProgramRunner<V> runner, int[] graphInput) {
      this.runner = runner;
      this.graphInput = graphInput;
    }

    static <P extends GraphOperation, V> Forward<V> of(
        Graph<P> graph, CompilationCache<P> cache, ProgramRunner.Factory<P, V> runners) {
      CompiledProgram<P> program =
          cache.compile(Graphs.materializeMerge(Graphs.resolve(graph), graph.outputKeys()));
      Map<Object, Integer> inputIndex = new HashMap<>();
      List<Object> keys = graph.inputKeys();
      for (int i = 0; i < keys.size(); i++) {
        inputIndex.put(keys.get(i), i);
      }
      int[] graphInput = new int[program.inputCount()];
      for (int p = 0; p < graphInput.length; p++) {
        Integer i = inputIndex.get(program.inputKeys().get(p));
        if (i == null) {
          throw new GraphException(
              "the graph's program reads "
                  + program.inputKeys().get(p)
                  + ", which is not an input of the graph; eager graphs must be self-contained");
        }
        graphInput[p] = i;
      }
      return new Forward<>(runners.prepare(program), graphInput);
    }
  }

  /**
   * A transposed graph's program (null if every cotangent is zero); for each program input the
   * seed it binds, or -1 for a primal input; for each program output its transposed output.
   */
  private static final class Transposed<V> {
    final CompiledProgram<?> program;
    final ProgramRunner<V> runner;
    final int[] seedIndex;
    final int[] outputOf;

    private Transposed(
        CompiledProgram<?> program, ProgramRunner<V> runner, int[] seedIndex, int[] outputOf) {
      this.program = program;
      this.runner = runner;
      this.seedIndex = seedIndex;
      this.outputOf = outputOf;
    }

    static <P extends GraphOperation, V> Transposed<V> of(
        LinearizedGraph<P> transposed,
        CompilationCache<P> cache,
        ProgramRunner.Factory<P, V> runners) {
      List<ValueKey> outputs = new ArrayList<>();
      List<Integer> outputOf = new ArrayList<>();
      List<ValueKey> keys = transposed.symbolicLinearOutputs();
      for (int i = 0; i < keys.size(); i++) {
        ValueKey key = keys.get(i);
        if (key != null) {
          outputs.add(key);
          outputOf.add(i);
        }
      }
      if (outputs.isEmpty()) {
        return new Transposed<>(null, null, new int[0], new int[0]);
      }
      CompiledProgram<P> program =
          cache.compile(Graphs.materializeMerge(Graphs.resolve(transposed.graph()), outputs));
      Map<Object, Integer> seedOf = new HashMap<>();
      for (int s = 0; s < transposed.linearInputs().size(); s++) {
        Object key = transposed.linearInput(s);
        if (key != null) {
          seedOf.put(key, s);
        }
      }
      int[] seedIndex = new int[program.inputCount()];
      for (int p = 0; p < seedIndex.length; p++) {
        Integer s = seedOf.get(program.inputKeys().get(p));
        seedIndex[p] = s == null ? -1 : s;
      }
      return new Transposed<>(
          program,
          runners.prepare(program),
          seedIndex, outputOf.stream().mapToInt(Integer::intValue).toArray());
    }
  }
}
