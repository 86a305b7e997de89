package io.github.tidu4j.graph.fusion;

/**
 * What a fusion backend needs to know about a primitive set's values, which the graph engine
 * cannot name: whether a value is real (f64) or complex (c128), its elements as a {@code
 * double[]}, its shape, and how to make a value of an operand's shape. The set implements it (the
 * tensor set's {@code TensorElementValues}). A set without complex values implements the real
 * methods only; {@link #isComplex} then says no value is complex, and fused loops stay real.
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
   * Whether {@code value} holds complex (c128) elements, two {@code double}s each (real part,
   * imaginary part); {@code false} for every value unless the set overrides it.
   */
  default boolean isComplex(V value) {
    return false;
  }

  /**
   * The elements of a real or complex value in row-major order: element {@code i} at index
   * {@code i} if real, its real and imaginary parts at {@code 2·i} and {@code 2·i + 1} if complex;
   * not a copy: the fused loop reads it and never writes it.
   */
  double[] data(V value);

  /** Whether {@code a} and {@code b} have the same shape. */
  boolean sameShape(V a, V b);

  /** A real value of {@code shapeOf}'s shape, holding (and owning) {@code data}. */
  V realLike(V shapeOf, double[] data);

  /** A real value of rank 0 holding {@code value}. */
  V realScalar(double value);

  /**
   * A complex value of {@code shapeOf}'s shape, holding (and owning) {@code interleaved}: element
   * {@code i}'s real part at {@code 2·i}, its imaginary part at {@code 2·i + 1}.
   *
   * @throws UnsupportedOperationException unless the set has complex values
   */
  default V complexLike(V shapeOf, double[] interleaved) {
    throw new UnsupportedOperationException("this set's values are real only");
  }

  /**
   * The axis lengths of {@code value}: what a region with broadcasts or axis sums ({@link
   * FusionSet} made with {@link Broadcast}s and {@link AxisSum}s) checks its operands against.
   *
   * @throws UnsupportedOperationException unless the set implements it
   */
  default int[] shape(V value) {
    throw new UnsupportedOperationException("this set's values do not tell their shape");
  }

  /**
   * A real value of shape {@code shape} holding (and owning) {@code data}: an axis sum's result,
   * or the values of a region taking its shape from a broadcast.
   *
   * @throws UnsupportedOperationException unless the set implements it
   */
  default V realOfShape(int[] shape, double[] data) {
    throw new UnsupportedOperationException("this set makes no value of a given shape");
  }

  /**
   * A complex value of shape {@code shape} holding (and owning) {@code interleaved}, laid out as
   * in {@link #complexLike}.
   *
   * @throws UnsupportedOperationException unless the set has complex values and implements it
   */
  default V complexOfShape(int[] shape, double[] interleaved) {
    throw new UnsupportedOperationException("this set makes no complex value of a given shape");
  }

  /**
   * A complex value of rank 0 holding {@code re + im·i}.
   *
   * @throws UnsupportedOperationException unless the set has complex values
   */
  default V complexScalar(double re, double im) {
    throw new UnsupportedOperationException("this set's values are real only");
  }
}
