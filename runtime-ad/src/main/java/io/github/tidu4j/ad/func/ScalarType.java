package io.github.tidu4j.ad.func;

/**
 * The one value type of a primitive set over {@code double}: the type parameter {@code T} of the
 * functional API for {@link ScalarAutodiff}.
 *
 * <pre>{@code
 * Staged<ScalarOp, ScalarType, Double> s = ad.grad(f).staged();
 * s.inputTypes();                              // [f64]
 * }</pre>
 */
public enum ScalarType {
  /** A real scalar. */
  F64;

  @Override
  public String toString() {
    return "f64";
  }
}
