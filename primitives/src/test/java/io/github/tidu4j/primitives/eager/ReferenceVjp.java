package io.github.tidu4j.primitives.eager;

import io.github.tidu4j.ad.AD;
import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.primitives.TensorEvaluator;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.TensorValue;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The vector-Jacobian product of a whole graph by the lower-level transforms, for comparison with
 * the eager tape: {@code AD.linearize} then {@code AD.linearTranspose}, materialized, compiled and
 * evaluated with the generated {@link TensorEvaluator}.
 */
final class ReferenceVjp {
  private ReferenceVjp() {}

  /**
   * The cotangents of {@code wrt} given one seed per output of {@code f}, at {@code point} (a value
   * for every input of {@code f}); {@code null} where a cotangent is zero.
   */
  static List<Tensor> vjp(
      Graph<TensorOp> f,
      Map<TensorValue, Tensor> point,
      List<TensorValue> wrt,
      List<Tensor> seeds) {
    List<ValueKey> wrtKeys = new ArrayList<>();
    for (TensorValue w : wrt) {
      wrtKeys.add(ValueKey.input(w.inputKey()));
    }
    LinearizedGraph<TensorOp> linear = AD.linearize(Graphs.resolve(f), f.outputKeys(), wrtKeys);
    LinearizedGraph<TensorOp> transposed = AD.linearTranspose(linear);

    Map<Object, Tensor> bindings = new HashMap<>();
    point.forEach((input, value) -> bindings.put(input.inputKey(), value));
    for (int i = 0; i < seeds.size(); i++) {
      bindings.put(transposed.linearInput(i), seeds.get(i));
    }
    List<ValueKey> outputs = new ArrayList<>();
    for (ValueKey out : transposed.symbolicLinearOutputs()) {
      if (out != null) {
        outputs.add(out);
      }
    }
    CompiledProgram<TensorOp> program = Graphs.compile(Graphs.resolve(transposed.graph()), outputs);
    Tensor[] values = new TensorEvaluator(program).evaluate(bindings);

    List<Tensor> result = new ArrayList<>();
    int next = 0;
    for (ValueKey out : transposed.symbolicLinearOutputs()) {
      result.add(out == null ? null : values[next++]);
    }
    return result;
  }
}
