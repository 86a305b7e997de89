package io.github.tidu4j.ad.eager;

/**
 * An input key that carries its value, such as the key of a constant that a composite adds to a
 * graph ({@code x.add(2.0)} as {@code x + constant}). An eager operation's graph may read such
 * inputs besides its operands; the runtime binds each to its value, as a constant that requires no
 * grad.
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
