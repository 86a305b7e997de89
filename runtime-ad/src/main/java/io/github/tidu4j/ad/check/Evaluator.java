package io.github.tidu4j.ad.check;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphOperation;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.ValueKey;
import java.util.HashMap;
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
   * evaluation. The result maps a point (values by input key, possibly more than the program
   * takes) to the outputs' values in order.
   */
  Function<Map<Object, V>, List<V>> prepare(List<Graph<P>> roots, List<ValueKey> outputs);

  /**
   * The reference evaluator: {@code Graphs.resolve}, {@code Graphs.materializeMerge}, {@code
   * Graphs.compile} once, then {@link Interpreter#eval} per point, binding only the inputs the
   * program takes.
   */
  static <P extends GraphOperation, V> Evaluator<P, V> interpreter() {
    return (roots, outputs) -> {
      CompiledProgram<P> program =
          Graphs.compile(Graphs.materializeMerge(Graphs.resolve(roots), outputs));
      List<Object> inputKeys = program.inputKeys();
      return point -> {
        Map<Object, V> bound = new HashMap<>();
        for (Object key : inputKeys) {
          V value = point.get(key);
          if (value != null) {
            bound.put(key, value); // an unbound input is reported by the interpreter, by name
          }
        }
        return Interpreter.eval(program, bound);
      };
    };
  }
}
