package io.github.tidu4j.primitives.tensor;

import static io.github.tidu4j.primitives.tensor.TensorAssertions.assertClose;
import static io.github.tidu4j.primitives.tensor.TensorAssertions.assertTensor;
import static io.github.tidu4j.primitives.tensor.TensorAssertions.c128;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** c128 elementwise kernels: hand-computed values, branch cuts, identities. */
class ComplexElementwiseTest {

  private static final double PI = Math.PI;

  private static Tensor z(double re, double im) {
    return Tensor.complexScalar(re, im);
  }

  @Test
  void arithmeticIsExactOnSmallIntegers() {
    Tensor a = c128(new double[] {1, 2, 0, 1}, 2);
    Tensor b = c128(new double[] {3, -4, 0, 1}, 2);
    assertTensor(c128(new double[] {4, -2, 0, 2}, 2), Elementwise.add(a, b));
    assertTensor(c128(new double[] {-2, 6, 0, 0}, 2), Elementwise.sub(a, b));
    // (1+2i)(3−4i) = 11+2i, i·i = −1
    assertTensor(c128(new double[] {11, 2, -1, 0}, 2), Elementwise.mul(a, b));
    // (11+2i)/(3−4i) = 1+2i, i/i = 1
    assertTensor(
        c128(new double[] {1, 2, 1, 0}, 2),
        Elementwise.div(c128(new double[] {11, 2, 0, 1}, 2), b));
  }

  @Test
  void divisionAvoidsIntermediateOverflow() {
    // |d|² would overflow: 1e300 / (1e300 + 1e300 i) = 0.5 − 0.5i
    assertTensor(z(0.5, -0.5), Elementwise.div(z(1e300, 0), z(1e300, 1e300)));
    assertTensor(z(0.5, 0.5), Elementwise.div(z(1e300, 0), z(1e300, -1e300)));
  }

  @Test
  void linearOperations() {
    Tensor a = c128(new double[] {1, 2, -3, 0.5}, 2, 1);
    assertTensor(c128(new double[] {-1, -2, 3, -0.5}, 2, 1), Elementwise.neg(a));
    assertTensor(c128(new double[] {2, 4, -6, 1}, 2, 1), Elementwise.scale(a, 2));
    assertTensor(c128(new double[] {1, -2, -3, -0.5}, 2, 1), Elementwise.conj(a));
    assertTensor(Tensor.of(new double[] {1, -3}, 2, 1), Elementwise.real(a));
    assertTensor(Tensor.of(new double[] {2, 0.5}, 2, 1), Elementwise.imag(a));
  }

  @Test
  void expHandValues() {
    assertTensor(z(Math.cos(PI), Math.sin(PI)), Elementwise.exp(z(0, PI))); // e^{iπ} ≈ −1
    assertTensor(z(1, 0), Elementwise.exp(z(0, 0)));
    assertTensor(z(Math.exp(2), -0.0), Elementwise.exp(z(2, -0.0)));
    assertTensor(z(Double.POSITIVE_INFINITY, 0), Elementwise.exp(z(1000, 0)));
  }

  @Test
  void logPrincipalBranchAndCut() {
    assertTensor(z(0, 0), Elementwise.log(z(1, 0)));
    assertTensor(z(0, PI), Elementwise.log(z(-1, 0)));
    assertTensor(z(0, -PI), Elementwise.log(z(-1, -0.0)));
    assertTensor(z(0, PI / 2), Elementwise.log(z(0, 1)));
    assertTensor(z(0, -PI / 2), Elementwise.log(z(0, -1)));
    assertTensor(z(Math.log(5), Math.atan2(4, 3)), Elementwise.log(z(3, 4)));
    assertTensor(z(Double.NEGATIVE_INFINITY, 0), Elementwise.log(z(0, 0)));
  }

  @Test
  void sqrtPrincipalBranchAndCut() {
    assertTensor(z(2, 1), Elementwise.sqrt(z(3, 4)));
    assertTensor(z(2, -1), Elementwise.sqrt(z(3, -4)));
    assertTensor(z(1, 2), Elementwise.sqrt(z(-3, 4)));
    assertTensor(z(1, -2), Elementwise.sqrt(z(-3, -4)));
    assertTensor(z(0, 2), Elementwise.sqrt(z(-4, 0)));
    assertTensor(z(0, -2), Elementwise.sqrt(z(-4, -0.0)));
    assertTensor(z(3, 0), Elementwise.sqrt(z(9, 0)));
    assertTensor(z(0, 0), Elementwise.sqrt(z(0, 0)));
    assertTensor(z(0, -0.0), Elementwise.sqrt(z(-0.0, -0.0)));
    assertTensor(z(1, 1), Elementwise.sqrt(z(0, 2)));
  }

  @Test
  void sqrtOfHugeValuesDoesNotOverflow() {
    double c = 1.5e308;
    double h = Math.sqrt((1 + Math.sqrt(2)) / 2); // sqrt(1 + i) = h + i/(2h)
    Tensor expected = z(Math.sqrt(c) * h, Math.sqrt(c) / (2 * h));
    assertClose(expected, Elementwise.sqrt(z(c, c)), 1e-15 * Math.sqrt(c));
    assertClose(z(0, Math.sqrt(c)), Elementwise.sqrt(z(-c, 0)), 1e-15 * Math.sqrt(c));
  }

  @Test
  void sinCosTanhHandValues() {
    assertTensor(z(0, Math.sinh(1)), Elementwise.sin(z(0, 1)));
    assertTensor(z(Math.cosh(1), -0.0), Elementwise.cos(z(0, 1)));
    assertTensor(
        z(Math.sin(1) * Math.cosh(2), Math.cos(1) * Math.sinh(2)), Elementwise.sin(z(1, 2)));
    assertTensor(
        z(Math.cos(1) * Math.cosh(2), -Math.sin(1) * Math.sinh(2)), Elementwise.cos(z(1, 2)));
    assertTensor(z(0, Math.tan(PI / 4)), Elementwise.tanh(z(0, PI / 4))); // tanh(iπ/4) = i
    Tensor far = Elementwise.tanh(z(30, 1));
    assertEquals(1.0, far.getRe());
    assertEquals(2 * Math.sin(2) * Math.exp(-60), far.getIm(), 1e-40);
    assertEquals(-1.0, Elementwise.tanh(z(-400, 0.3)).getRe());
  }

  @Test
  void realAxisAgreesBitwiseWithF64() {
    Tensor x = Tensor.random(DType.F64, new int[] {64}, new Random(3));
    x = Elementwise.scale(x, 5);
    Tensor zx = Elementwise.complex(x, Tensor.zeros(DType.F64, 64));
    List<UnaryOperator<Tensor>> ops =
        List.of(Elementwise::exp, Elementwise::sin, Elementwise::cos, Elementwise::tanh,
            Elementwise::sech);
    for (UnaryOperator<Tensor> op : ops) {
      assertTensor(op.apply(x), Elementwise.real(op.apply(zx)));
    }
    Tensor positive = Elementwise.exp(x);
    Tensor zp = Elementwise.complex(positive, Tensor.zeros(DType.F64, 64));
    assertTensor(Elementwise.sqrt(positive), Elementwise.real(Elementwise.sqrt(zp)));
    assertTensor(Tensor.zeros(DType.F64, 64), Elementwise.imag(Elementwise.log(zp)));
  }

  @Test
  void identitiesOnRandomValues() {
    Random rng = new Random(11);
    Tensor zr = Elementwise.scale(Tensor.random(DType.C128, new int[] {5, 7}, rng), 2);
    Tensor one = Tensor.ones(DType.C128, 5, 7);
    assertClose(zr, Elementwise.exp(Elementwise.log(zr)), 1e-14);
    assertClose(zr, Elementwise.log(Elementwise.exp(zr)), 1e-14); // |Im z| < π
    Tensor s = Elementwise.sqrt(zr);
    assertClose(zr, Elementwise.mul(s, s), 1e-14);
    for (double re : Elementwise.real(s).toDoubleArray()) {
      assertTrue(re >= 0, "principal sqrt has non-negative real part");
    }
    Tensor sin = Elementwise.sin(zr);
    Tensor cos = Elementwise.cos(zr);
    assertClose(one, Elementwise.add(Elementwise.mul(sin, sin), Elementwise.mul(cos, cos)), 1e-13);
    // tanh z = (e^{2z} − 1) / (e^{2z} + 1)
    Tensor e2 = Elementwise.exp(Elementwise.scale(zr, 2));
    assertClose(
        Elementwise.div(Elementwise.sub(e2, one), Elementwise.add(e2, one)),
        Elementwise.tanh(zr),
        1e-13);
    // sech z = 2 / (e^z + e^{−z})
    Tensor ez = Elementwise.exp(zr);
    Tensor twos = Elementwise.scale(one, 2);
    assertClose(
        Elementwise.div(twos, Elementwise.add(ez, Elementwise.div(one, ez))),
        Elementwise.sech(zr),
        1e-13);
    // e^{iz} = cos z + i sin z
    Tensor i = Elementwise.complex(Tensor.zeros(DType.F64, 5, 7), Tensor.ones(DType.F64, 5, 7));
    Tensor iz = Elementwise.mul(i, zr);
    assertClose(Elementwise.add(cos, Elementwise.mul(i, sin)), Elementwise.exp(iz), 1e-13);
    // conj(exp z) = exp(conj z)
    assertClose(Elementwise.conj(Elementwise.exp(zr)), Elementwise.exp(Elementwise.conj(zr)), 0);
  }

  @Test
  void perElementMatchesScalarFormula() {
    Tensor zr = Tensor.random(DType.C128, new int[] {3, 4}, new Random(5));
    double[] d = zr.toDoubleArray();
    double[] expected = new double[d.length];
    for (int k = 0; k < d.length; k += 2) {
      double e = Math.exp(d[k]);
      expected[k] = e * Math.cos(d[k + 1]);
      expected[k + 1] = e * Math.sin(d[k + 1]);
    }
    assertTensor(Tensor.complex(expected, 3, 4), Elementwise.exp(zr));
  }
}
