package io.github.tidu4j.primitives;

import io.github.tidu4j.ad.check.Tolerance;
import io.github.tidu4j.ad.func.Domain;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Elementwise;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.Random;

/**
 * The values of the tensor set, described once: f64 and c128 {@link Tensor}s.
 *
 * <p>For the functional API, types are {@link TensorType} (dtype and shape), zeros and units are
 * filled tensors of a type, and {@code grad} seeds only real scalars ({@code f64[]}), as {@code
 * jax.grad} does.
 *
 * <p>As a real vector space, for the gradient checker of runtime-ad, the inner product is {@code ⟨a, b⟩ = Re Σ conj(a)·b} (for f64 the ordinary {@code Σ a·b}; for
 * c128 the sum of the products of the real and of the imaginary parts), under which the transpose
 * rules of {@link TensorPrimitives} are adjoints. Comparisons are elementwise, as numpy's {@code
 * allclose} ({@code |actual − expected| ≤ atol + rtol·|expected|}, the complex modulus for c128).
 *
 * <pre>{@code
 * Tensor one = TensorDomain.INSTANCE.one(TensorType.of(DType.F64));    // 1.0
 *
 * GradientChecker<TensorOp, Void, Tensor> checker = GradientChecker.of(TensorDomain.INSTANCE);
 * }</pre>
 *
 * <p>Values of one check may mix dtypes (a {@code Real} output of a c128 input): each operation
 * here only ever combines two values of the same dtype and shape.
 */
public enum TensorDomain implements Domain<TensorType, Tensor> {
  /** The one instance; as a space, with {@link Tolerance#F64} (JAX's for f64 and complex128). */
  INSTANCE;

  /**
   * JAX's default gradient-check tolerance for {@code dtype}: {@code 1e-5} absolute and relative
   * for both f64 and complex128.
   */
  public static Tolerance defaultTolerance(DType dtype) {
    return switch (dtype) {
      case F64, C128 -> Tolerance.F64;
    };
  }

  @Override
  public TensorType typeOf(Tensor value) {
    return TensorType.of(value);
  }

  @Override
  public Tensor zero(TensorType type) {
    return Tensor.zeros(type.dtype(), type.shape());
  }

  @Override
  public Tensor one(TensorType type) {
    return Tensor.ones(type.dtype(), type.shape());
  }

  /** Its elements' doubles: 8 bytes per f64 element, 16 per c128. */
  @Override
  public long bytesOf(Tensor value) {
    return (long) value.size() * value.dtype().width() * Double.BYTES;
  }

  /** For f64[] none; else what the output is, and the operation that makes it one. */
  @Override
  public String gradOutputProblem(TensorType type) {
    if (type.dtype() == DType.F64 && type.rank() == 0) {
      return null;
    }
    String remedy =
        type.dtype() == DType.F64
            ? "reduce it (sum())"
            : type.rank() == 0 ? "take its real part (real())" : "sum it and take the real part"
                + " (sum().real())";
    return "a real scalar (f64[]) is needed, but the output is " + type + "; " + remedy;
  }

  @Override
  public Tensor add(Tensor a, Tensor b) {
    return Elementwise.add(a, b);
  }

  @Override
  public Tensor scale(double factor, Tensor a) {
    return Elementwise.scale(a, factor);
  }

  /** {@code Re Σ conj(a)·b}: over the interleaved data, simply {@code Σ a[i]·b[i]}. */
  @Override
  public double inner(Tensor a, Tensor b) {
    if (a.dtype() != b.dtype() || !a.shape().equals(b.shape())) {
      throw new IllegalArgumentException(
          "inner: operands " + a.dtype() + a.shape() + " and " + b.dtype() + b.shape() + " differ");
    }
    double[] x = a.toDoubleArray();
    double[] y = b.toDoubleArray();
    double sum = 0;
    for (int i = 0; i < x.length; i++) {
      sum += x[i] * y[i];
    }
    return sum;
  }

  /** Every real component (both parts for c128) standard normal. */
  @Override
  public Tensor randomLike(Tensor template, Random random) {
    double[] data = new double[template.size() * template.dtype().width()];
    for (int i = 0; i < data.length; i++) {
      data[i] = random.nextGaussian();
    }
    return template.dtype().isComplex()
        ? Tensor.complex(data, template.shape())
        : Tensor.of(data, template.shape());
  }

  @Override
  public Tolerance defaultTolerance() {
    return Tolerance.F64;
  }

  /** Elementwise, as numpy's {@code allclose}; never for a NaN, a dtype or a shape mismatch. */
  @Override
  public boolean isClose(Tensor expected, Tensor actual, Tolerance tolerance) {
    return actual.allClose(expected, tolerance.relative(), tolerance.absolute());
  }

  @Override
  public String toString() {
    return "TensorDomain";
  }
}
