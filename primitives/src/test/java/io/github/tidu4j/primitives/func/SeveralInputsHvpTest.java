package io.github.tidu4j.primitives.func;

import static io.github.tidu4j.primitives.func.TensorAutodiff.function;
import static io.github.tidu4j.primitives.func.TensorAutodiff.grad;
import static io.github.tidu4j.primitives.func.TensorAutodiff.hessianVectorProduct;
import static io.github.tidu4j.primitives.func.TensorAutodiff.hvp;
import static io.github.tidu4j.primitives.func.TensorAutodiff.outputs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.List;
import java.util.function.DoubleBinaryOperator;
import org.junit.jupiter.api.Test;

/**
 * {@code hvp(f, argnums)} for functions of several inputs: per selected input {@code i}, {@code
 * Σ_j ∂²f/∂x_i∂x_j · v_j} over the selected {@code j}, checked against Hessian-vector products
 * derived by hand (evaluated in double) and against central differences of the gradient; the
 * inputs not selected take no direction; and the argnums it refuses.
 */
class SeveralInputsHvpTest {
  /** f(x, y) = Σ sin(x)·y², elementwise in x and y: every Hessian block is diagonal. */
  private static final TensorFunction F =
      function((Fn2) (x, y) -> x.sin().mul(y).mul(y).sum());

  private static final Tensor X = Tensor.vector(0.3, -1.1, 2.0);
  private static final Tensor Y = Tensor.vector(1.5, 0.4, -0.7);
  private static final Tensor VX = Tensor.vector(1, -2, 0.5);
  private static final Tensor VY = Tensor.vector(-0.25, 3, 1);

  /**
   * H_xx·vx + H_xy·vy for F, elementwise: ∂²f/∂x² = −sin(x)·y², ∂²f/∂x∂y = 2·cos(x)·y; with {@code
   * cross} false, the H_xx term alone.
   */
  private static Tensor hvX(Tensor x, Tensor y, Tensor vx, Tensor vy, boolean cross) {
    double[] out = new double[x.size()];
    for (int k = 0; k < out.length; k++) {
      double xk = x.get(k);
      double yk = y.get(k);
      out[k] = -Math.sin(xk) * yk * yk * vx.get(k)
          + (cross ? 2 * Math.cos(xk) * yk * vy.get(k) : 0);
    }
    return Tensor.vector(out);
  }

  /**
   * H_yx·vx + H_yy·vy for F, elementwise: ∂²f/∂y∂x = 2·cos(x)·y, ∂²f/∂y² = 2·sin(x); with {@code
   * cross} false, the H_yy term alone.
   */
  private static Tensor hvY(Tensor x, Tensor y, Tensor vx, Tensor vy, boolean cross) {
    double[] out = new double[x.size()];
    for (int k = 0; k < out.length; k++) {
      double xk = x.get(k);
      double yk = y.get(k);
      out[k] = (cross ? 2 * Math.cos(xk) * yk * vx.get(k) : 0) + 2 * Math.sin(xk) * vy.get(k);
    }
    return Tensor.vector(out);
  }

  private static Tensor elementwise(Tensor x, Tensor v, DoubleBinaryOperator op) {
    double[] out = new double[x.size()];
    for (int k = 0; k < out.length; k++) {
      out[k] = op.applyAsDouble(x.get(k), v.get(k));
    }
    return Tensor.vector(out);
  }

  private static void assertClose(Tensor expected, Tensor actual, double tol) {
    assertEquals(expected.shape(), actual.shape(), "shape");
    assertEquals(expected.dtype(), actual.dtype(), "dtype");
    assertTrue(
        actual.allClose(expected, tol, tol), () -> "expected " + expected + " but was " + actual);
  }

  /**
   * The central difference of the gradients of {@code f} (with respect to {@code argnums}) along
   * the line {@code (x + t·vx, y + t·vy)}: the Hessian-vector product to O(h²).
   */
  private static List<Tensor> gradientDifferences(
      TensorFunction f, Tensor vx, Tensor vy, int... argnums) {
    double h = 1e-5;
    List<Tensor> plus = grad(f, argnums).applyAll(step(X, vx, h), step(Y, vy, h));
    List<Tensor> minus = grad(f, argnums).applyAll(step(X, vx, -h), step(Y, vy, -h));
    Tensor[] d = new Tensor[argnums.length];
    for (int i = 0; i < d.length; i++) {
      double[] p = plus.get(i).toDoubleArray();
      double[] m = minus.get(i).toDoubleArray();
      double[] out = new double[p.length];
      for (int k = 0; k < out.length; k++) {
        out[k] = (p[k] - m[k]) / (2 * h);
      }
      d[i] = Tensor.of(out, plus.get(i).shape());
    }
    return List.of(d);
  }

  private static Tensor step(Tensor x, Tensor v, double t) {
    double[] out = x.toDoubleArray();
    double[] dv = v.toDoubleArray();
    for (int k = 0; k < out.length; k++) {
      out[k] += t * dv[k];
    }
    return Tensor.of(out, x.shape());
  }

  @Test
  void everyInputByDefaultGivesTheFullProductWithCrossTerms() {
    List<Tensor> hv = hvp(F).applyAll(X, Y, VX, VY);
    assertEquals(2, hv.size());
    assertClose(hvX(X, Y, VX, VY, true), hv.get(0), 1e-15);
    assertClose(hvY(X, Y, VX, VY, true), hv.get(1), 1e-15);
    // the same as naming both inputs, and their order is the order of the results
    List<Tensor> both = hvp(F, 0, 1).applyAll(X, Y, VX, VY);
    assertEquals(hv, both);
    List<Tensor> swapped = hvp(F, 1, 0).applyAll(X, Y, VY, VX);
    assertEquals(hv.get(1), swapped.get(0));
    assertEquals(hv.get(0), swapped.get(1));
  }

  @Test
  void theProductMatchesDifferencesOfTheGradient() {
    List<Tensor> hv = hvp(F).applyAll(X, Y, VX, VY);
    List<Tensor> fd = gradientDifferences(F, VX, VY, 0, 1);
    assertClose(fd.get(0), hv.get(0), 1e-8);
    assertClose(fd.get(1), hv.get(1), 1e-8);
  }

  @Test
  void aSubsetHoldsTheOtherInputsFixedWithNoDirection() {
    // only input 1: (x, y, vy) -> H_yy·vy; x takes no direction
    TensorFunction onlyY = hvp(F, 1);
    assertEquals(3, onlyY.arity(), "f's two inputs and one direction");
    Tensor hvy = onlyY.apply(X, Y, VY);
    assertClose(hvY(X, Y, VX, VY, false), hvy, 1e-15);
    Tensor zero = Tensor.zeros(DType.F64, 3);
    assertClose(gradientDifferences(F, zero, VY, 1).get(0), hvy, 1e-8);
    // only input 0: (x, y, vx) -> H_xx·vx
    Tensor hvx = hvp(F, 0).apply(X, Y, VX);
    assertClose(hvX(X, Y, VX, VY, false), hvx, 1e-15);
    assertClose(gradientDifferences(F, VX, zero, 0).get(0), hvx, 1e-8);
    // a subset is the full product with a zero direction for the inputs left out
    assertClose(hvp(F).applyAll(X, Y, zero, VY).get(1), hvy, 1e-15);
  }

  @Test
  void threeInputsWithMatrixAndScalarCrossTerms() {
    // g(a, b, s) = s·Σ (a·b)²  with a = [[a00, a01], [a10, a11]] ∈ f64[2, 2], b ∈ f64[2], s rank 0
    TensorFunction g = TensorAutodiff.function(3, in -> List.of(
        in.get(0).matmul(in.get(1)).mul(in.get(0).matmul(in.get(1))).sum()
            .mul(in.get(2))));
    Tensor a = Tensor.matrix(new double[][] {{1, 2}, {-1, 0.5}});
    Tensor b = Tensor.vector(0.5, -2);
    Tensor s = Tensor.scalar(1.5);
    Tensor vb = Tensor.vector(1, 3);
    Tensor vs = Tensor.scalar(-2);
    // with u = a·b: ∂g/∂b = 2s·aᵀu, ∂g/∂s = Σu²; along (vb, vs), a fixed:
    // d(∂g/∂b) = 2s·aᵀa·vb + 2vs·aᵀu, d(∂g/∂s) = 2uᵀa·vb
    double[][] am = {{1, 2}, {-1, 0.5}};
    double[] u = {am[0][0] * 0.5 + am[0][1] * -2, am[1][0] * 0.5 + am[1][1] * -2};
    double[] avb = {am[0][0] * 1 + am[0][1] * 3, am[1][0] * 1 + am[1][1] * 3};
    double[] expectedB = new double[2];
    for (int j = 0; j < 2; j++) {
      expectedB[j] = 2 * 1.5 * (am[0][j] * avb[0] + am[1][j] * avb[1])
          + 2 * -2 * (am[0][j] * u[0] + am[1][j] * u[1]);
    }
    double expectedS = 2 * (u[0] * avb[0] + u[1] * avb[1]);
    List<Tensor> hv = hvp(g, 1, 2).applyAll(a, b, s, vb, vs);
    assertClose(Tensor.vector(expectedB), hv.get(0), 1e-14);
    assertClose(Tensor.scalar(expectedS), hv.get(1), 1e-14);
  }

  @Test
  void oneInputFunctionsAreUnchanged() {
    TensorFunction f = function(x -> x.sin().mul(x).sum());
    Tensor x = Tensor.vector(0.5, 1);
    Tensor v = Tensor.vector(1, -1);
    // d²/dx² (x·sin x) = 2 cos x − x sin x, elementwise
    Tensor expected =
        Tensor.vector(2 * Math.cos(0.5) - 0.5 * Math.sin(0.5), -(2 * Math.cos(1) - Math.sin(1)));
    assertClose(expected, hvp(f).apply(x, v), 1e-15);
    assertClose(expected, hvp(f, 0).apply(x, v), 1e-15);
    assertClose(expected, hessianVectorProduct(f, x, v), 1e-15);
    assertEquals(2, hvp(f).arity());
  }

  @Test
  void argnumsOutOfRangeOrRepeatedAreRefused() {
    assertEquals(
        "hvp of " + F.describe() + ": argnum 2 is out of range for a function of 2 inputs",
        assertThrows(IllegalArgumentException.class, () -> hvp(F, 0, 2)).getMessage());
    assertEquals(
        "hvp of " + F.describe() + ": argnum -1 is out of range for a function of 2 inputs",
        assertThrows(IllegalArgumentException.class, () -> hvp(F, -1)).getMessage());
    assertEquals(
        "hvp of " + F.describe() + ": argnums [1, 1] lists 1 twice",
        assertThrows(IllegalArgumentException.class, () -> hvp(F, 1, 1)).getMessage());
    TensorFunction none = TensorAutodiff.function(0, in -> List.of());
    assertEquals(
        "hvp of " + none.describe() + ": it has no inputs to differentiate",
        assertThrows(IllegalArgumentException.class, () -> hvp(none)).getMessage());
  }

  @Test
  void aFunctionThatIsNotScalarIsRefusedNamingHvp() {
    TensorFunction vector = function((Fn2) (x, y) -> x.mul(y));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> hvp(vector).applyAll(X, Y, VX, VY));
    assertEquals(
        hvp(vector).describe() + ": hvp seeds its output with 1, so a real scalar (f64[]) is"
            + " needed, but the output is f64[3]; reduce it (sum())",
        e.getMessage());
  }

  @Test
  void aFunctionOfTwoOutputsIsRefusedNamingHvpAndOutputsSelectsOne() {
    TensorFunction two = function(1, in -> List.of(in.get(0).sin().sum(), in.get(0).cos()));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> hvp(two).applyAll(X, VX));
    assertEquals(
        hvp(two).describe() + ": hvp needs a function with one output, but " + two.describe()
            + " has 2; choose one with outputs(f, index)",
        e.getMessage());
    // d²/dx² Σ sin x = −sin x, elementwise
    assertClose(elementwise(X, VX, (x, v) -> -Math.sin(x) * v), hvp(outputs(two, 0)).apply(X, VX),
        1e-15);
  }

  @Test
  void aDirectionOfAnotherTypeThanItsInputIsRefusedNamingHvp() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> hvp(F, 1).applyAll(X, Y, Tensor.vector(1, 2)));
    assertEquals(
        hvp(F, 1).describe() + ": direction 0 has type f64[2] but its primal (input 1) has type"
            + " f64[3]",
        e.getMessage());
  }

  @Test
  void outputsGivesGradOneOutput() {
    Tensor x = Tensor.vector(0.5, -1);
    TensorFunction both = function(1, in -> List.of(in.get(0).sin().sum(), in.get(0).cos()));
    Tensor g = grad(outputs(both, 0)).apply(x);   // cos x
    Tensor cos = elementwise(x, x, (u, unused) -> Math.cos(u));
    assertClose(cos, g, 0);
    assertClose(cos, outputs(both, 1).apply(x), 0);
    assertEquals(2, outputs(both, 1, 0).applyAll(x).size());
    IllegalArgumentException past =
        assertThrows(IllegalArgumentException.class, () -> outputs(both, 2).applyAll(x));
    assertTrue(past.getMessage().contains("2"), past.getMessage());
    assertThrows(IllegalArgumentException.class, () -> outputs(both, -1));
  }

  @Test
  void hessianVectorProductStillTakesOneInput() {
    assertEquals(
        "hessianVectorProduct takes a function of one input, but " + F.describe()
            + " has 2; use hvp(f, argnums)",
        assertThrows(IllegalArgumentException.class, () -> hessianVectorProduct(F, X, VX))
            .getMessage());
  }

  // the Javadoc example's inputs, as fields: its lambda's parameters x and y shadow them
  private final Tensor x = X;
  private final Tensor y = Y;
  private final Tensor vx = VX;
  private final Tensor vy = VY;

  @Test
  void theJavadocExample() {
    TensorFunction f = function((Fn2) (x, y) -> x.sin().mul(y).mul(y).sum());   // Σ sin(x)·y²
    List<Tensor> both = hvp(f).applyAll(x, y, vx, vy);  // [H_xx·vx + H_xy·vy, H_yx·vx + H_yy·vy]
    Tensor onlyY = hvp(f, 1).apply(x, y, vy);            // H_yy·vy = 2 sin(x)·vy
    assertClose(hvX(X, Y, VX, VY, true), both.get(0), 1e-15);
    assertClose(hvY(X, Y, VX, VY, true), both.get(1), 1e-15);
    assertClose(hvY(X, Y, VX, VY, false), onlyY, 1e-15);
  }
}
