package io.github.tidu4j.ad.check;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphOperation;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.ProgramRunner;
import io.github.tidu4j.graph.ValueKey;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * How the {@link GradientChecker} turns graphs into a function of a point: {@link #prepare} once
 * per set of outputs, then apply the result at each point (the checker evaluates a function at
 * several points). {@link #of} materializes and compiles once and runs the program with a {@link
 * ProgramRunner} — the reference {@link Interpreter} by default ({@link #interpreter()}), or a
 * primitive set's generated evaluator ({@code Evaluator.of(RealEvaluator::new)}).
 *
 * <pre>{@code
 * Evaluator<RealOp, Double> eval = Evaluator.interpreter();
 * List<Double> y = eval.prepare(List.of(f), f.outputKeys()).apply(Map.of("x", 0.5));
 * Evaluator<RealOp, Double> generated = Evaluator.of(RealEvaluator::new);
 * }</pre>
 *
 * @param <P> the operation type
 * @param <V> the operand type
 */
@FunctionalInterface
public interface Evaluator<P extends GraphOperation, V> {

  /**
   * Prepares {@code outputs}, each defined by {@code roots} or the graphs they refer to, for
   * evaluation. The result maps a point (values by input key: inputs of the graphs of {@code
   * roots} and their parents, possibly more than the outputs read) to the outputs' values in order.
   * A program compiled from those graphs accepts such a point as it is, ignoring the bindings it
   * does not read (see {@link CompiledProgram#unusedInputKeys()}).
   */
  Function<Map<Object, V>, List<V>> prepare(List<Graph<P>> roots, List<ValueKey> outputs);

  /**
   * {@code Graphs.resolve}, {@code Graphs.compile} and {@code runners.prepare} once, then per point: the point's bindings in the program's input order
   * ({@link CompiledProgram#bindInputs}, which names a missing or unknown key), run.
   */
  static <P extends GraphOperation, V> Evaluator<P, V> of(ProgramRunner.Factory<P, V> runners) {
    return (roots, outputs) -> {
      CompiledProgram<P> program = Graphs.compile(Graphs.resolve(roots), outputs);
      ProgramRunner<V> runner = runners.prepare(program);
      return point -> {
        @SuppressWarnings("unchecked") // bindInputs returns the values of the point, all Vs
        List<V> inputs = (List<V>) Arrays.asList(program.bindInputs(point));
        return runner.run(inputs);
      };
    };
  }

  /** The reference evaluator: {@link #of} runners that run the {@link Interpreter}. */
  static <P extends GraphOperation, V> Evaluator<P, V> interpreter() {
    return of(ProgramRunner.interpreter());
  }
}
