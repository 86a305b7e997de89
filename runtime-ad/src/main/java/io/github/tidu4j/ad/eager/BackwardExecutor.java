package io.github.tidu4j.ad.eager;

import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphOperation;
import java.util.List;
import java.util.function.Function;

/**
 * How the eager module evaluates things: the forward of a recorded graph, the transposed linear
 * graph of one invocation during backward, and the sum of two cotangents. {@link
 * InterpreterExecutor} is the reference implementation (materialize, compile through a {@link
 * io.github.tidu4j.graph.CompilationCache}, interpret); a faster backend implements the same three
 * methods with generated evaluators.
 *
 * <p>Implementations must be safe to call from several threads if the recorders and backward
 * passes using them are.
 *
 * <pre>{@code
 * BackwardExecutor<RealOp, Double> exec = InterpreterExecutor.of(RealOp.ADD);
 * List<Double> y = exec.executeForward(graph, List.of(3.0));
 * }</pre>
 *
 * @param <P> the operation type
 * @param <V> the operand type
 */
public interface BackwardExecutor<P extends GraphOperation, V> {

  /**
   * Evaluates {@code graph}.
   *
   * @param graph a self-contained graph (no external references)
   * @param inputs one value per input, aligned with {@link Graph#inputKeys()}
   * @return one value per output, aligned with {@link Graph#outputKeys()}, none {@code null}
   */
  List<V> executeForward(Graph<P> graph, List<? extends V> inputs);

  /**
   * Evaluates a transposed linear graph: the cotangents of the primal inputs given the cotangents
   * of the primal outputs.
   *
   * <p>{@code transposed} refers by key to the linear graph it came from and, through it, to the
   * primal graph, whose intermediate values the transposed graph reads (for example the {@code
   * cos x} a transposed {@code sin} multiplies by). Those are recomputed from the primal graph's
   * inputs; an executor asks {@code primalInputs} only for the ones the transposed graph actually
   * needs, so a value that was released but is not needed (the inputs of an addition) is never
   * asked for.
   *
   * @param transposed the result of {@code AD.linearTranspose}
   * @param primalInputs the value of a primal-graph input, by that graph's input key; throws {@link
   *     IllegalStateException} naming the value if it was released
   * @param seeds one cotangent per seed, aligned with {@link LinearizedGraph#linearInputs()};
   *     {@code null} exactly where the seed key is {@code null} (that output was zero)
   * @return one cotangent per entry of {@link LinearizedGraph#symbolicLinearOutputs()}, {@code null}
   *     where that entry is {@code null} (a symbolic zero)
   */
  List<V> runTransposedLinear(
      LinearizedGraph<P> transposed,
      Function<Object, ? extends V> primalInputs,
      List<? extends V> seeds);

  /** The sum of two cotangents of the same value: how fan-out contributions are accumulated. */
  V addOperands(V a, V b);
}
