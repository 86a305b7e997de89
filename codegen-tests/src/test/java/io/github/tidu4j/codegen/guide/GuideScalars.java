package io.github.tidu4j.codegen.guide;

import io.github.tidu4j.ad.rules.Arg;
import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Output;
import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Series;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.ad.rules.Tangents;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;

/**
 * The real examples of {@code docs/writing-rules.md}, compiled by the processor during the build
 * (it generates {@code GuideOp}, {@code GuideEmit}, {@code GuideEvaluator} and {@code
 * GuideKernels}) and gradient-checked to second order by {@link GuideExamplesTest}. Every snippet
 * the guide shows of a real primitive is cut from this file; keep the two in step.
 */
@PrimitiveSet(operand = double.class, prefix = "Guide")
public interface GuideScalars {

  // ---- the accumulator -------------------------------------------------------------------------

  /** {@code a + b}: sums fan-out cotangents. Linear in both operands jointly. */
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) {
      return a + b;
    }

    static Tangent jvp(GuideEmit e, Tangent da, Tangent db) {
      return e.add(da, db);
    }

    static Cotangents transpose(GuideEmit e, Tangent ct) {
      return Cotangents.of(ct, ct);
    }
  }

  // ---- linear primitives -----------------------------------------------------------------------

  /** {@code −x}: linear, its own transpose. */
  @Primitive(multilinear = true)
  interface Neg {
    static double eval(double x) {
      return -x;
    }

    static Tangent jvp(GuideEmit e, Tangent dx) {
      return e.neg(dx);
    }

    static Cotangents transpose(GuideEmit e, Tangent ct) {
      return Cotangents.of(e.neg(ct));
    }
  }

  /** {@code factor · x}: linear, with an attribute; rules reading it are default methods. */
  @Primitive(multilinear = true)
  interface Scale {
    double factor();

    default double eval(double x) {
      return factor() * x;
    }

    default Tangent jvp(GuideEmit e, Tangent dx) {
      return e.scale(factor(), dx);
    }

    default Cotangents transpose(GuideEmit e, Tangent ct) {
      return Cotangents.of(e.scale(factor(), ct));
    }
  }

  /**
   * {@code a − b}: linear in {@code (a, b)} jointly but not in each operand separately ({@code 0 −
   * b ≠ 0}), so not multilinear; its JVP is made of the accumulator and {@code Neg}.
   */
  @Primitive
  interface Sub {
    static double eval(double a, double b) {
      return a - b;
    }

    static Tangent jvp(GuideEmit e, Tangent da, Tangent db) {
      return e.add(da, e.neg(db));
    }
  }

  // ---- a bilinear primitive --------------------------------------------------------------------

  /** {@code a · b}: linear in each operand separately. */
  @Primitive(multilinear = true)
  interface Mul {
    static double eval(double a, double b) {
      return a * b;
    }

    static Tangent jvp(GuideEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }

    static Cotangents transpose(GuideEmit e, Arg a, Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
    }
  }

  // ---- non-linear primitives: JVP rules only ---------------------------------------------------

  /** {@code eˣ}: {@code dy = y·dx}, reading the primal output. */
  @Primitive
  interface Exp {
    static double eval(double x) {
      return Math.exp(x);
    }

    static Tangent jvp(GuideEmit e, Output y, Tangent dx) {
      return e.mul(y, dx);
    }
  }

  /** {@code sin x}: {@code dy = cos x·dx}. */
  @Primitive
  interface Sin {
    static double eval(double x) {
      return Math.sin(x);
    }

    static Tangent jvp(GuideEmit e, Primal x, Tangent dx) {
      return e.mul(e.cos(x), dx);
    }
  }

  /** {@code cos x}: {@code dy = −sin x·dx}. */
  @Primitive
  interface Cos {
    static double eval(double x) {
      return Math.cos(x);
    }

    static Tangent jvp(GuideEmit e, Primal x, Tangent dx) {
      return e.neg(e.mul(e.sin(x), dx));
    }
  }

  /** {@code 1/x}: {@code dy = −y²·dx}. */
  @Primitive
  interface Recip {
    static double eval(double x) {
      return 1 / x;
    }

    static Tangent jvp(GuideEmit e, Output y, Tangent dx) {
      return e.neg(e.mul(e.mul(y, y), dx));
    }

    static Tangent taylor(GuideEmit e, Series x, Series y, int k) {
      // y·x = 1, so y_k = −y_0·(y_0·x_k + y_1·x_{k−1} + … + y_{k−1}·x_1)
      Tangent sum = e.mul(y.primal(), x.get(k));
      for (int j = 1; j < k; j++) {
        if (!y.isZero(j)) {
          sum = e.add(sum, e.mul(y.factor(j), x.get(k - j)));
        }
      }
      return e.neg(e.mul(sum, y.primal()));
    }
  }

  /** {@code a / b}: one term per argument, {@code dy = (1/b)·da − (y/b)·db}. */
  @Primitive
  interface Div {
    static double eval(double a, double b) {
      return a / b;
    }

    static Tangent jvp(GuideEmit e, Primal a, Primal b, Output y, Tangent da, Tangent db) {
      Primal inverse = e.recip(b);
      Tangent viaA = e.mul(inverse, da); // ∂y/∂a = 1/b
      Tangent viaB = e.neg(e.mul(e.mul(y, inverse), db)); // ∂y/∂b = −a/b² = −y/b
      return e.add(viaA, viaB);
    }
  }

  // ---- constants and zero derivatives --------------------------------------------------------

  /** A constant, given as an attribute: no inputs, so no JVP rule. */
  @Primitive
  interface Constant {
    double value();

    default double eval() {
      return value();
    }
  }

  /** {@code ⌊x⌋}: piecewise constant, so its tangent is the symbolic zero. */
  @Primitive
  interface Floor {
    static double eval(double x) {
      return Math.floor(x);
    }

    static Tangent jvp(Tangent dx) {
      return Tangent.zero();
    }
  }

  /** The comparison {@code a > b} as 1 or 0: zero derivative in both operands. */
  @Primitive
  interface Greater {
    static double eval(double a, double b) {
      return a > b ? 1 : 0;
    }

    static Tangent jvp(Tangent da, Tangent db) {
      return Tangent.zero();
    }
  }

  /** {@code max(x, 0)}: {@code dy = [x > 0]·dx}, the mask a primal computed by {@code Greater}. */
  @Primitive
  interface Relu {
    static double eval(double x) {
      return Math.max(x, 0);
    }

    static Tangent jvp(GuideEmit e, Primal x, Tangent dx) {
      return e.mul(e.greater(x, e.constant(0)), dx); // [x > 0]·dx
    }
  }

  /** {@code xⁿ} for an integer attribute {@code n}: {@code dy = n·xⁿ⁻¹·dx}, zero for n = 0. */
  @Primitive
  interface Powi {
    int n();

    default double eval(double x) {
      double y = 1;
      for (int i = 0; i < Math.abs(n()); i++) {
        y *= x;
      }
      return n() < 0 ? 1 / y : y;
    }

    default Tangent jvp(GuideEmit e, Primal x, Tangent dx) {
      if (n() == 0) {
        return Tangent.zero(); // x⁰ = 1: a symbolic zero, no nodes emitted
      }
      return e.mul(e.scale(n(), e.powi(n() - 1, x)), dx);
    }
  }

  // ---- several outputs -------------------------------------------------------------------------

  /** {@code (sin x, cos x)}: the JVP reads both primal outputs and returns one tangent each. */
  @Primitive(outputs = 2)
  interface SinCos {
    static double[] eval(double x) {
      return new double[] {Math.sin(x), Math.cos(x)};
    }

    static Tangents jvp(GuideEmit e, Output sin, Output cos, Tangent dx) {
      return Tangents.of(e.mul(cos, dx), e.neg(e.mul(sin, dx)));
    }
  }

  /** The zero primitive: the transforms give a zero derivative to the user as its output. */
  @Primitive(zero = true)
  interface ZerosLike {
    static double eval(double x) {
      return 0.0;
    }
  }
}
