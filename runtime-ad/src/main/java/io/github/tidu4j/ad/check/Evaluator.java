package io.github.tidu4j.ad.check;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphOperation;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.ValueKey;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * How the {@link GradientChecker} evaluates graphs: {@link #prepare} once per set of outputs, then
 * apply the result at each point (the checker evaluates a function at several points). The
 * default, {@link #interpreter()}, materializes, compiles and runs the reference {@link
 * Interpreter}; a primitive set with a generated evaluator can plug that in instead.
 *
 * <pre>{@code
 * Evaluator<RealOp, Double> eval = Evaluator.interpreter();
 * List<Double> y = eval.prepare(List.of(f), f.outputKeys()).apply(Map.of("x", 0.5));
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
   * The reference evaluator: {@code Graphs.resolve} and {@code Graphs.compile} of the view once,
   * then {@link Interpreter#eval} per point.
   */
  static <P extends GraphOperation, V> Evaluator<P, V> interpreter() {
    return (roots, outputs) -> {
      CompiledProgram<P> program = Graphs.compile(Graphs.resolve(roots), outputs);
      return point -> Interpreter.eval(program, point);
    };
  }
}
