package io.github.tidu4j.primitives.scalar;

import io.github.tidu4j.graph.ValueRef;

/**
 * A value of a graph under construction by a {@link ScalarBuilder}, with fluent operations that
 * add nodes to that builder.
 *
 * <pre>{@code
 * ScalarValue y = x.mul(x).add(x).sin();   // sin(x² + x)
 * }</pre>
 */
public final class ScalarValue {
  private final ScalarBuilder builder;
  private final ValueRef.Local ref;

  ScalarValue(ScalarBuilder builder, ValueRef.Local ref) {
    this.builder = builder;
    this.ref = ref;
  }

  /** The builder this value belongs to. */
  public ScalarBuilder builder() {
    return builder;
  }

  /** The value in the graph being built. */
  public ValueRef.Local ref() {
    return ref;
  }

  /** {@code this + other}. */
  public ScalarValue add(ScalarValue other) {
    return builder.add(this, other);
  }

  /** {@code this − other}. */
  public ScalarValue sub(ScalarValue other) {
    return builder.sub(this, other);
  }

  /** {@code this · other}. */
  public ScalarValue mul(ScalarValue other) {
    return builder.mul(this, other);
  }

  /** {@code this / other}. */
  public ScalarValue div(ScalarValue other) {
    return builder.div(this, other);
  }

  /** {@code −this}. */
  public ScalarValue neg() {
    return builder.neg(this);
  }

  /** {@code 1 / this}. */
  public ScalarValue recip() {
    return builder.recip(this);
  }

  /** {@code e^this}. */
  public ScalarValue exp() {
    return builder.exp(this);
  }

  /** {@code ln this}. */
  public ScalarValue log() {
    return builder.log(this);
  }

  /** {@code sin this}. */
  public ScalarValue sin() {
    return builder.sin(this);
  }

  /** {@code cos this}. */
  public ScalarValue cos() {
    return builder.cos(this);
  }

  /** {@code tanh this}. */
  public ScalarValue tanh() {
    return builder.tanh(this);
  }

  /** {@code √this}. */
  public ScalarValue sqrt() {
    return builder.sqrt(this);
  }

  @Override
  public String toString() {
    return "ScalarValue" + ref;
  }
}
