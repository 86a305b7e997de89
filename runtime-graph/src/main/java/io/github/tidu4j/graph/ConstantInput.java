package io.github.tidu4j.graph;

/**
 * An input key that carries its value, such as the key of a constant that a composite adds to a
 * graph ({@code x.add(2.0)} as {@code x + constant}), or that a builder adds for a value the graph
 * closes over. Evaluation binds such an input to its value where the caller's bindings leave it
 * out ({@link CompiledProgram#bindInputs}), and the eager runtime binds each, as a constant that
 * requires no grad, besides an operation's operands.
 *
 * <pre>{@code
 * record Literal(Double value) implements ConstantInput<Double> {}
 *
 * ValueRef two = graph.input(new Literal(2.0));
 * }</pre>
 *
 * @param <V> the operand type
 */
public interface ConstantInput<V> {

  /** The value the input is bound to. */
  V value();
}
