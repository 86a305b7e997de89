package io.github.tidu4j.primitives;

import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Shape;
import io.github.tidu4j.primitives.tensor.Tensor;

/**
 * A value of a graph under construction by a {@link TensorBuilder}: its place in the graph and its
 * static {@link TensorType}, with fluent operations that add nodes to the same builder (and check
 * their operands as the builder's methods do).
 *
 * <pre>{@code
 * TensorValue y = a.mul(x).exp().reduceSum(0);    // Σᵢ exp(aᵢ·xᵢ)
 * y.type();                                       // f64[]
 * }</pre>
 */
public final class TensorValue {
  private final TensorBuilder builder;
  private final ValueRef.Local ref;
  private final TensorType type;
  private final InputKey inputKey;

  TensorValue(TensorBuilder builder, ValueRef.Local ref, TensorType type, InputKey inputKey) {
    this.builder = builder;
    this.ref = ref;
    this.type = type;
    this.inputKey = inputKey;
  }

  /** The builder this value belongs to. */
  public TensorBuilder builder() {
    return builder;
  }

  /** The value in the graph being built. */
  public ValueRef.Local ref() {
    return ref;
  }

  /** The dtype and shape. */
  public TensorType type() {
    return type;
  }

  /** The element type. */
  public DType dtype() {
    return type.dtype();
  }

  /** The shape. */
  public Shape shape() {
    return type.shape();
  }

  /** The number of axes. */
  public int rank() {
    return type.rank();
  }

  /**
   * The key to bind this input to when evaluating.
   *
   * @throws IllegalStateException if this value is not an input
   */
  public InputKey inputKey() {
    if (inputKey == null) {
      throw new IllegalStateException(this + " is not an input");
    }
    return inputKey;
  }

  /** Whether this value is an input of the graph. */
  public boolean isInput() {
    return inputKey != null;
  }

  /** {@code this + other}. */
  public TensorValue add(TensorValue other) {
    return builder.add(this, other);
  }

  /** {@code this − other}. */
  public TensorValue sub(TensorValue other) {
    return builder.sub(this, other);
  }

  /** {@code this · other}, elementwise. */
  public TensorValue mul(TensorValue other) {
    return builder.mul(this, other);
  }

  /** {@code this / other}, elementwise. */
  public TensorValue div(TensorValue other) {
    return builder.div(this, other);
  }

  /**
   * {@code this + c} for a constant tensor {@code c} of the same type (a closed-over value of a
   * traced function: see {@link TensorBuilder#constant(Tensor)}).
   */
  public TensorValue add(Tensor c) {
    return builder.add(this, builder.constant(c));
  }

  /** {@code this − c} for a constant tensor {@code c} of the same type. */
  public TensorValue sub(Tensor c) {
    return builder.sub(this, builder.constant(c));
  }

  /** {@code this · c} elementwise, for a constant tensor {@code c} of the same type. */
  public TensorValue mul(Tensor c) {
    return builder.mul(this, builder.constant(c));
  }

  /** {@code this / c} elementwise, for a constant tensor {@code c} of the same type. */
  public TensorValue div(Tensor c) {
    return builder.div(this, builder.constant(c));
  }

  /** {@code this + c} for a real number {@code c}, added to every element. */
  public TensorValue add(double c) {
    return builder.add(this, builder.constant(type, c));
  }

  /** {@code this · c} for a real number {@code c}, every element scaled. */
  public TensorValue mul(double c) {
    return builder.mul(this, builder.constant(type, c));
  }

  /** {@code −this}. */
  public TensorValue neg() {
    return builder.neg(this);
  }

  /** Zeros of this value's dtype and shape. */
  public TensorValue zerosLike() {
    return builder.zerosLike(this);
  }

  /** The complex conjugate ({@code this} for f64). */
  public TensorValue conj() {
    return builder.conj(this);
  }

  /** The real part of a c128 value. */
  public TensorValue real() {
    return builder.real(this);
  }

  /** This f64 value as c128. */
  public TensorValue toComplex() {
    return builder.toComplex(this);
  }

  /** {@code 1 / this}. */
  public TensorValue recip() {
    return builder.recip(this);
  }

  /** {@code e^this}. */
  public TensorValue exp() {
    return builder.exp(this);
  }

  /** {@code log this}. */
  public TensorValue log() {
    return builder.log(this);
  }

  /** {@code sin this}. */
  public TensorValue sin() {
    return builder.sin(this);
  }

  /** {@code cos this}. */
  public TensorValue cos() {
    return builder.cos(this);
  }

  /** {@code tanh this}. */
  public TensorValue tanh() {
    return builder.tanh(this);
  }

  /** {@code √this}. */
  public TensorValue sqrt() {
    return builder.sqrt(this);
  }

  /** Sums over {@code axes}; see {@link TensorBuilder#reduceSum}. */
  public TensorValue reduceSum(int... axes) {
    return builder.reduceSum(this, axes);
  }

  /** Sums every element. */
  public TensorValue sum() {
    return builder.sum(this);
  }

  /** See {@link TensorBuilder#broadcastInDim}. */
  public TensorValue broadcastInDim(int[] shape, int... broadcastDimensions) {
    return builder.broadcastInDim(this, shape, broadcastDimensions);
  }

  /** Permutes the axes; see {@link TensorBuilder#transpose}. */
  public TensorValue transpose(int... perm) {
    return builder.transpose(this, perm);
  }

  /** See {@link TensorBuilder#reshape}. */
  public TensorValue reshape(int... shape) {
    return builder.reshape(this, shape);
  }

  /** {@code DotGeneral} with {@code this} as lhs; see {@link TensorBuilder#dotGeneral}. */
  public TensorValue dotGeneral(TensorValue rhs, int[] lhsContracting, int[] rhsContracting) {
    return builder.dotGeneral(this, rhs, lhsContracting, rhsContracting);
  }

  /** {@code DotGeneral} with {@code this} as lhs; see {@link TensorBuilder#dotGeneral}. */
  public TensorValue dotGeneral(
      TensorValue rhs, int[] lhsContracting, int[] rhsContracting, int[] lhsBatch, int[] rhsBatch) {
    return builder.dotGeneral(this, rhs, lhsContracting, rhsContracting, lhsBatch, rhsBatch);
  }

  /** For example {@code %3: f64[2, 3]}, or {@code x: f64[2]} for an input. */
  @Override
  public String toString() {
    return (inputKey != null ? inputKey.toString() : ref.toString()) + ": " + type;
  }
}
