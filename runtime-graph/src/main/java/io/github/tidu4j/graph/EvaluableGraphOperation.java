package io.github.tidu4j.graph;

import java.util.List;

/**
 * A {@link GraphOperation} that can be evaluated by the reference {@link Interpreter}.
 *
 * <p>Evaluation is opt-in: graphs can be built, transformed and compiled from operations that have
 * no evaluation kernel, and only the interpreter needs this interface. Generated evaluators call
 * typed kernels directly instead.
 *
 * <pre>{@code
 * record Scale(double factor) implements EvaluableGraphOperation<Double> {
 *   public int inputArity() { return 1; }
 *   public int outputArity() { return 1; }
 *   public List<Double> eval(List<Double> in) { return List.of(factor * in.get(0)); }
 * }
 * }</pre>
 *
 * @param <V> the operand type: the type of every input and output value
 */
public interface EvaluableGraphOperation<V> extends GraphOperation {

  /**
   * Computes this operation's outputs.
   *
   * @param inputs exactly {@link #inputArity()} values, in operand order
   * @return exactly {@link #outputArity()} values, in output-slot order
   */
  List<V> eval(List<V> inputs);

  /**
   * The class {@link #eval} takes its values as ({@code double.class} for {@code V = Double}; a
   * primitive type stands for its box), or {@code Object.class} if it takes any. The interpreter
   * names an input bound to a value of another class with it when the kernel fails on that value,
   * instead of reporting the kernel's cast failure; a set's generated operations give the set's
   * operand type.
   */
  default Class<?> operandType() {
    return Object.class;
  }
}
