package io.github.tidu4j.graph.fusion;

/**
 * What a fusion backend needs to know about a primitive set's values, which the graph engine
 * cannot name: whether a value is real (f64), its elements as a {@code double[]}, its shape, and
 * how to make a real value of an operand's shape. The set implements it (the tensor set's {@code
 * TensorElementValues}).
 *
 * <pre>{@code
 * ElementValues<Tensor> values = TensorElementValues.INSTANCE;
 * double[] elements = values.data(Tensor.vector(1, 2, 3)); // [1, 2, 3], not copied
 * }</pre>
 *
 * @param <V> the set's value type
 */
public interface ElementValues<V> {
  /** Whether {@code value} holds real (f64) elements, one {@code double} each. */
  boolean isReal(V value);

  /**
   * The elements of a real value in row-major order, element {@code i} at index {@code i}; not a
   * copy: the fused loop reads it and never writes it.
   */
  double[] data(V value);

  /** Whether {@code a} and {@code b} have the same shape. */
  boolean sameShape(V a, V b);

  /** A real value of {@code shapeOf}'s shape, holding (and owning) {@code data}. */
  V realLike(V shapeOf, double[] data);

  /** A real value of rank 0 holding {@code value}. */
  V realScalar(double value);
}
