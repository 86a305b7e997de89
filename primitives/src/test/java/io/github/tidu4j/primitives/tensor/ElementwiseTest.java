package io.github.tidu4j.primitives.tensor;

import static io.github.tidu4j.primitives.tensor.TensorAssertions.assertClose;
import static io.github.tidu4j.primitives.tensor.TensorAssertions.assertRejects;
import static io.github.tidu4j.primitives.tensor.TensorAssertions.assertTensor;
import static io.github.tidu4j.primitives.tensor.TensorAssertions.c128;
import static io.github.tidu4j.primitives.tensor.TensorAssertions.f64;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import java.util.Random;
import java.util.function.BinaryOperator;
import java.util.function.DoubleUnaryOperator;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** Real (f64) elementwise kernels, the dtype-agnostic linear ones, and validation. */
class ElementwiseTest {

  private static final Tensor A = f64(new double[] {1, -2, 3, 4, 0.5, -6}, 2, 3);
  private static final Tensor B = f64(new double[] {2, 4, -1, 8, 0.25, 3}, 2, 3);

  @Test
  void binaryArithmeticOnMatrices() {
    assertTensor(f64(new double[] {3, 2, 2, 12, 0.75, -3}, 2, 3), Elementwise.add(A, B));
    assertTensor(f64(new double[] {-1, -6, 4, -4, 0.25, -9}, 2, 3), Elementwise.sub(A, B));
    assertTensor(f64(new double[] {2, -8, -3, 32, 0.125, -18}, 2, 3), Elementwise.mul(A, B));
    assertTensor(f64(new double[] {0.5, -0.5, -3, 0.5, 2, -2}, 2, 3), Elementwise.div(A, B));
  }

  @Test
  void binaryArithmeticOnScalarsUnitAxesAndEmpty() {
    assertTensor(Tensor.scalar(5), Elementwise.add(Tensor.scalar(2), Tensor.scalar(3)));
    assertTensor(Tensor.scalar(0.5), Elementwise.div(Tensor.scalar(1), Tensor.scalar(2)));
    Tensor u = f64(new double[] {1, 2}, 1, 2, 1);
    assertTensor(f64(new double[] {1, 4}, 1, 2, 1), Elementwise.mul(u, u));
    Tensor e = Tensor.zeros(DType.F64, 3, 0);
    assertTensor(e, Elementwise.sub(e, e));
  }

  @Test
  void divFollowsIeee() {
    Tensor r = Elementwise.div(Tensor.vector(1, -1, 0), Tensor.vector(0, 0, 0));
    assertEquals(Double.POSITIVE_INFINITY, r.get(0));
    assertEquals(Double.NEGATIVE_INFINITY, r.get(1));
    assertEquals(Double.NaN, r.get(2));
  }

  @Test
  void linearUnaryOperations() {
    assertTensor(f64(new double[] {-1, 2, -3, -4, -0.5, 6}, 2, 3), Elementwise.neg(A));
    assertTensor(f64(new double[] {2, -4, 6, 8, 1, -12}, 2, 3), Elementwise.scale(A, 2));
    assertTensor(Tensor.scalar(-0.0), Elementwise.neg(Tensor.scalar(0)));
    assertSame(A, Elementwise.conj(A));
    assertSame(A, Elementwise.real(A));
    assertTensor(Tensor.zeros(DType.F64, 2, 3), Elementwise.imag(A));
  }

  @Test
  void transcendentalFunctionsMatchMathExactly() {
    Tensor x = f64(new double[] {0.1, 0.7, 1.3, 2.0, 0.0, 3.5}, 3, 2);
    check(x, Elementwise::exp, Math::exp);
    check(x, Elementwise::log, Math::log);
    check(x, Elementwise::sin, Math::sin);
    check(x, Elementwise::cos, Math::cos);
    check(x, Elementwise::tanh, Math::tanh);
    check(x, Elementwise::sqrt, Math::sqrt);
    Tensor s = Tensor.scalar(-0.25);
    check(s, Elementwise::exp, Math::exp);
    check(s, Elementwise::tanh, Math::tanh);
  }

  @Test
  void handComputedValues() {
    assertTensor(Tensor.vector(1, 2, 3), Elementwise.sqrt(Tensor.vector(1, 4, 9)));
    assertTensor(Tensor.vector(1, 0), Elementwise.exp(Tensor.vector(0, Double.NEGATIVE_INFINITY)));
    assertTensor(Tensor.vector(0, Double.NEGATIVE_INFINITY), Elementwise.log(Tensor.vector(1, 0)));
    assertTensor(Tensor.vector(1, -1), Elementwise.cos(Tensor.vector(0, Math.PI)));
    assertTensor(Tensor.scalar(0), Elementwise.sin(Tensor.scalar(0)));
    assertTensor(Tensor.vector(0, 1, -1), Elementwise.tanh(Tensor.vector(0, 100, -100)));
  }

  @Test
  void realLogAndSqrtOfNegativeAreNaN() {
    assertEquals(Double.NaN, Elementwise.log(Tensor.scalar(-1)).scalarValue());
    assertEquals(Double.NaN, Elementwise.sqrt(Tensor.scalar(-4)).scalarValue());
  }

  @Test
  void complexFromRealAndImaginaryParts() {
    Tensor z = Elementwise.complex(Tensor.vector(1, 3), Tensor.vector(2, -4));
    assertTensor(c128(new double[] {1, 2, 3, -4}, 2), z);
    assertTensor(Tensor.vector(1, 3), Elementwise.real(z));
    assertTensor(Tensor.vector(2, -4), Elementwise.imag(z));
    assertTensor(
        Tensor.complexScalar(5, 0), Elementwise.complex(Tensor.scalar(5), Tensor.scalar(0)));
    assertRejects(() -> Elementwise.complex(z, z), "complex", "f64", "c128");
    assertRejects(
        () -> Elementwise.complex(Tensor.vector(1), Tensor.vector(1, 2)), "complex", "[1]", "[2]");
  }

  @Test
  void resultsDoNotAliasOperands() {
    Tensor x = Tensor.vector(1, 2);
    Tensor y = Elementwise.add(x, Tensor.zeros(DType.F64, 2));
    assertEquals(x, y);
    assertEquals(Tensor.vector(1, 2), x);
  }

  @Test
  void randomLargeInputsMatchScalarLoop() {
    Random rng = new Random(7);
    Tensor a = Tensor.random(DType.F64, new int[] {37, 41}, rng);
    Tensor b = Tensor.random(DType.F64, new int[] {37, 41}, rng);
    double[] x = a.toDoubleArray();
    double[] y = b.toDoubleArray();
    double[] sum = new double[x.length];
    double[] prod = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      sum[i] = x[i] + y[i];
      prod[i] = x[i] * y[i];
    }
    assertTensor(f64(sum, 37, 41), Elementwise.add(a, b));
    assertTensor(f64(prod, 37, 41), Elementwise.mul(a, b));
  }

  // --- validation -----------------------------------------------------------------------------

  @Test
  void binaryShapeMismatchNamesOpAndBothShapes() {
    Tensor a = Tensor.zeros(DType.F64, 2, 3);
    Tensor b = Tensor.zeros(DType.F64, 3, 2);
    assertRejects(() -> Elementwise.add(a, b), "add", "[2, 3]", "[3, 2]", "broadcast");
    assertRejects(() -> Elementwise.sub(a, b), "sub", "[2, 3]", "[3, 2]");
    assertRejects(() -> Elementwise.mul(a, Tensor.scalar(1)), "mul", "[2, 3]", "[]");
    assertRejects(() -> Elementwise.div(Tensor.vector(1), Tensor.scalar(1)), "div", "[1]", "[]");
  }

  @Test
  void binaryDtypeMismatchNamesOpAndBothDtypes() {
    Tensor r = Tensor.zeros(DType.F64, 2);
    Tensor c = Tensor.zeros(DType.C128, 2);
    for (BinaryOperator<Tensor> op :
        List.<BinaryOperator<Tensor>>of(
            Elementwise::add, Elementwise::sub, Elementwise::mul, Elementwise::div)) {
      assertRejects(() -> op.apply(r, c), "f64", "c128", "promotion");
    }
    assertRejects(() -> Elementwise.mul(r, c), "mul");
  }

  private static void check(Tensor x, UnaryOperator<Tensor> kernel, DoubleUnaryOperator ref) {
    double[] in = x.toDoubleArray();
    double[] expected = new double[in.length];
    for (int i = 0; i < in.length; i++) {
      expected[i] = ref.applyAsDouble(in[i]);
    }
    assertTensor(Tensor.of(expected, x.shape()), kernel.apply(x));
  }

  @Test
  void checkHelperDetectsMismatch() {
    // guards the helper above: a kernel that is not the reference must fail
    org.junit.jupiter.api.Assertions.assertThrows(
        AssertionError.class, () -> check(Tensor.vector(1), Elementwise::exp, Math::sin));
  }

  @Test
  void unaryKernelsKeepShapeAndDtype() {
    Tensor z = Tensor.zeros(DType.C128, 2, 1);
    for (UnaryOperator<Tensor> op :
        List.<UnaryOperator<Tensor>>of(
            Elementwise::exp,
            Elementwise::log,
            Elementwise::sin,
            Elementwise::cos,
            Elementwise::tanh,
            Elementwise::sqrt,
            Elementwise::neg,
            Elementwise::conj)) {
      Tensor r = op.apply(z);
      assertEquals(DType.C128, r.dtype());
      assertEquals(Shape.of(2, 1), r.shape());
      Tensor f = op.apply(A);
      assertEquals(DType.F64, f.dtype());
      assertEquals(A.shape(), f.shape());
    }
    assertClose(Tensor.scalar(1), Elementwise.exp(Tensor.scalar(0)), 0);
  }
}
