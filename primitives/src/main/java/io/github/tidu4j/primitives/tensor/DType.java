package io.github.tidu4j.primitives.tensor;

/**
 * The element type of a {@link Tensor}.
 *
 * <p>Both types store their elements in a {@code double[]}: {@link #F64} one double per element,
 * {@link #C128} two (real part, then imaginary part, interleaved). There is no implicit promotion
 * between them: a kernel given one operand of each throws.
 *
 * <pre>{@code
 * Tensor z = Tensor.complexScalar(2, 1);      // DType.C128
 * z.dtype().isComplex();                      // true
 * Tensor x = Tensor.zeros(DType.F64, 2, 3);
 * }</pre>
 */
public enum DType {
  /** IEEE 754 binary64 real numbers. */
  F64("f64", 1),
  /** Complex numbers made of two binary64 parts (complex128), stored interleaved {@code re, im}. */
  C128("c128", 2);

  private final String label;
  private final int width;

  DType(String label, int width) {
    this.label = label;
    this.width = width;
  }

  /** Whether elements of this type are complex. */
  public boolean isComplex() {
    return this == C128;
  }

  /** How many {@code double}s one element occupies in a tensor's data array: 1 or 2. */
  public int width() {
    return width;
  }

  /** The short lower-case name used in messages and {@code toString}: {@code f64}, {@code c128}. */
  @Override
  public String toString() {
    return label;
  }
}
