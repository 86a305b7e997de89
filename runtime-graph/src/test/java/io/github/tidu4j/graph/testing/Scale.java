package io.github.tidu4j.graph.testing;

import io.github.tidu4j.graph.EvaluableGraphOperation;
import java.util.List;

/**
 * A unary operation with an attribute, {@code x -> factor * x}: the record shape a generated
 * primitive with attributes has. Two instances with equal factors are equal and hash alike, so
 * they must give the same keys.
 */
public record Scale(double factor) implements EvaluableGraphOperation<Double> {
  @Override
  public int inputArity() {
    return 1;
  }

  @Override
  public int outputArity() {
    return 1;
  }

  @Override
  public List<Double> eval(List<Double> inputs) {
    return List.of(factor * inputs.get(0));
  }
}
