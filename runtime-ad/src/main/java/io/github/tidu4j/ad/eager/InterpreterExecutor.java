package io.github.tidu4j.ad.eager;

import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.ad.Primitive;
import io.github.tidu4j.ad.TaylorGraph;
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
  private final Map<TaylorGraph<P>, KeyedProgram<V>> taylors =
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
    int[] seedIndex = t.seedIndex;
    return t.program.run(
        (p, key) -> {
          int seed = seedIndex[p];
          if (seed >= 0) {
            V value = seeds.get(seed);
            if (value == null) {
              throw new IllegalArgumentException(
                  "seed " + seed + " (" + seedKeys.get(seed) + ") of the transposed graph is missing");
            }
            return value;
          }
          V value = primalInputs.apply(key);
          if (value == null) {
            throw new IllegalStateException(
                "no value for primal input " + key + " of the transposed graph");
          }
          return value;
        });
  }

  /**
   * Evaluates a Taylor graph ({@link io.github.tidu4j.ad.AD#taylorPath}) of a self-contained
   * graph: the coefficients of its outputs, given the values of the primal graph's inputs and of
   * the path's coefficient inputs ({@link TaylorGraph#inputKeys()}) by key. The primal values the
   * coefficients read are recomputed from the primal inputs. The program is compiled once per
   * Taylor graph object.
   *
   * <pre>{@code
   * TaylorGraph<SeriesOp> t = AD.taylorPath(Graphs.resolve(g), g.outputKeys(), List.of(a), 2, null);
   * List<Double> c = exec.runTaylor(t, key -> key.equals("a") ? 0.5 : 1.0); // (0.5 + t + t²)²: 1, 2
   * }</pre>
   *
   * @param taylor the result of {@code AD.taylorPath} (or {@code AD.taylor}) over a self-contained
   *     graph
   * @param inputs the value of each input, by key: the primal graph's and the path's
   * @return per output and order ({@code output * order + k - 1}, as {@link
   *     TaylorGraph#outputKeys()}), the coefficient, {@code null} where {@link TaylorGraph#isZero}
   * @throws IllegalStateException if {@code inputs} gives no value for an input the program reads
   */
  public List<V> runTaylor(TaylorGraph<P> taylor, Function<Object, ? extends V> inputs) {
    KeyedProgram<V> program = taylors.get(taylor);
    if (program == null) {
      List<ValueKey> outputs = new ArrayList<>();
      for (int i = 0; i < taylor.outputCount(); i++) {
        for (int k = 1; k <= taylor.order(); k++) {
          outputs.add(taylor.isZero(i, k) ? null : taylor.coefficient(i, k));
        }
      }
      program = KeyedProgram.of(taylor.graph(), outputs, cache, runners);
      taylors.put(taylor, program);
    }
    return program.run(
        (p, key) -> {
          V value = inputs.apply(key);
          if (value == null) {
            throw new IllegalStateException("no value for input " + key + " of the Taylor graph");
          }
          return value;
        });
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
   * The program of a graph's outputs, some of them symbolic zeros ({@code null}), its inputs bound
   * by key: the program (null if every output is zero) and for each program output the output it
   * gives.
   */
  private static final class KeyedProgram<V> {
    final CompiledProgram<?> program;
    final ProgramRunner<V> runner;
    final int[] outputOf;
    final int outputCount;

    private KeyedProgram(
        CompiledProgram<?> program, ProgramRunner<V> runner, int[] outputOf, int outputCount) {
      this.program = program;
      this.runner = runner;
      this.outputOf = outputOf;
      this.outputCount = outputCount;
    }

    static <P extends GraphOperation, V> KeyedProgram<V> of(
        Graph<P> graph,
        List<ValueKey> keys,
        CompilationCache<P> cache,
        ProgramRunner.Factory<P, V> runners) {
      List<ValueKey> outputs = new ArrayList<>();
      List<Integer> outputOf = new ArrayList<>();
      for (int i = 0; i < keys.size(); i++) {
        ValueKey key = keys.get(i);
        if (key != null) {
          outputs.add(key);
          outputOf.add(i);
        }
      }
      if (outputs.isEmpty()) {
        return new KeyedProgram<>(null, null, new int[0], keys.size());
      }
      CompiledProgram<P> program =
          cache.compile(Graphs.materializeMerge(Graphs.resolve(graph), outputs));
      return new KeyedProgram<>(
          program,
          runners.prepare(program),
          outputOf.stream().mapToInt(Integer::intValue).toArray(),
          keys.size());
    }

    /** The inputs of the program, by position and key. */
    interface Binding<V> {
      V valueOf(int position, Object key);
    }

    /** One value per output, {@code null} where it is a symbolic zero. */
    List<V> run(Binding<V> binding) {
      List<V> results = new ArrayList<>(Collections.nCopies(outputCount, null));
      if (program == null) {
        return results;
      }
      @SuppressWarnings("unchecked") // inputs are V, bound positionally
      V[] positional = (V[]) new Object[program.inputCount()];
      for (int p = 0; p < positional.length; p++) {
        positional[p] = binding.valueOf(p, program.inputKeys().get(p));
      }
      List<V> out = runner.run(Arrays.asList(positional));
      for (int i = 0; i < outputOf.length; i++) {
        results.set(outputOf[i], out.get(i));
      }
      return results;
    }
  }

  /**
   * A transposed graph's program, and for each program input the seed it binds, or -1 for a
   * primal input.
   */
  private static final class Transposed<V> {
    final KeyedProgram<V> program;
    final int[] seedIndex;

    private Transposed(KeyedProgram<V> program, int[] seedIndex) {
      this.program = program;
      this.seedIndex = seedIndex;
    }

    static <P extends GraphOperation, V> Transposed<V> of(
        LinearizedGraph<P> transposed,
        CompilationCache<P> cache,
        ProgramRunner.Factory<P, V> runners) {
      KeyedProgram<V> program =
          KeyedProgram.of(transposed.graph(), transposed.symbolicLinearOutputs(), cache, runners);
      if (program.program == null) {
        return new Transposed<>(program, new int[0]);
      }
      Map<Object, Integer> seedOf = new HashMap<>();
      for (int s = 0; s < transposed.linearInputs().size(); s++) {
        Object key = transposed.linearInput(s);
        if (key != null) {
          seedOf.put(key, s);
        }
      }
      List<Object> inputKeys = program.program.inputKeys();
      int[] seedIndex = new int[inputKeys.size()];
      for (int p = 0; p < seedIndex.length; p++) {
        Integer s = seedOf.get(inputKeys.get(p));
        seedIndex[p] = s == null ? -1 : s;
      }
      return new Transposed<>(program, seedIndex);
    }
  }
}
