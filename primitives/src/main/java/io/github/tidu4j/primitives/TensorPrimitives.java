package io.github.tidu4j.primitives;

import io.github.tidu4j.ad.rules.Arg;
import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Output;
import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;
import io.github.tidu4j.primitives.tensor.Contraction;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Elementwise;
import io.github.tidu4j.primitives.tensor.Layout;
import io.github.tidu4j.primitives.tensor.Reductions;
import io.github.tidu4j.primitives.tensor.Tensor;

/**
 * The shipped tensor primitive set, over f64 and c128 {@link Tensor}s (scalars are rank 0). The
 * processor generates {@link TensorOp}, {@link TensorEmit}, {@link TensorEvaluator} and {@link
 * TensorKernels}; build graphs of it with {@link TensorBuilder}, which checks shapes and dtypes
 * and fills in the attributes below.
 *
 * <p><b>AD-closed core.</b> {@code Add} (the accumulator), {@code Mul}, {@code Neg}, {@code Conj},
 * {@code Real}, {@code ToComplex}, {@code ReduceSum}, {@code BroadcastInDim}, {@code Transpose}
 * (named {@code TransposeAxes}), {@code Reshape} and {@code DotGeneral} are linear in each operand
 * and have JVP and transpose rules that emit only core primitives. <b>Analytic</b> {@code Div},
 * {@code Recip}, {@code Exp}, {@code Log}, {@code Sin}, {@code Cos}, {@code Tanh}, {@code Sqrt}
 * have JVP rules that apply core primitives to tangents and analytic ones ({@code Recip}, {@code
 * Sin}, {@code Cos}) only to primal values; so every derivative, of every order, is made of
 * primitives of this set with the rules it needs.
 *
 * <pre>{@code
 * TensorBuilder b = TensorBuilder.create();
 * TensorValue x = b.input("x", DType.F64, 3);
 * Graph<TensorOp> g = b.build(x.sin().mul(x).sum());      // Sin, Mul, ReduceSum nodes
 * Tensor[] y = new TensorEvaluator(Graphs.compile(Graphs.materialize(g)))
 *     .evaluate(Tensor.vector(1, 2, 3));
 * }</pre>
 *
 * <p><b>Complex convention.</b> A JVP is {@code dy = f'(z)·dz} (every analytic primitive here is
 * holomorphic off its branch cut); a transpose is the adjoint under the real inner product {@code
 * ⟨a, b⟩ = Re Σ conj(a)·b}, so it conjugates the fixed factor ({@code Mul}: {@code ct_b =
 * conj(a)·ct}; {@code DotGeneral} likewise): rules emit {@code Conj} only in transposes (a JVP
 * contains one only where the program itself conjugates).
 *
 * <p><b>Attributes carry the static information rules need.</b> A transpose rule cannot look at
 * the value of the operand it transposes into (it is linear, it has none), so the layout
 * primitives record their operand shapes ({@code ReduceSum.operandShape}, {@code
 * BroadcastInDim.operandShape}, {@code Reshape.operandShape}, {@code DotGeneral.lhsShape/rhsShape}),
 * and the primitives whose rules multiply record their {@code dtype}, so that an f64 transpose
 * emits no {@code Conj} at all. {@link TensorBuilder} fills all of them in; kernels check them
 * against the operands they receive.
 *
 * <p>Names: the {@code Transpose} primitive is named {@code TransposeAxes} ({@code
 * TensorOp.transposeAxes(perm)}, {@code TensorEmit.transposeAxes}), because a factory named {@code
 * transpose} would clash with every operation's transpose rule.
 *
 * <p>No generated fluent classes ({@code fluent = false}) yet: the hand-written {@link
 * TensorBuilder} and {@link TensorValue} fill in the shape and dtype attributes and check shapes,
 * which the declarations cannot say yet.
 */
@PrimitiveSet(operand = Tensor.class, prefix = "Tensor", fluent = false)
public interface TensorPrimitives {

  // ------------------------------------------------------------------------------------------
  // Linear core

  /** {@code a + b}, same dtype and shape; the accumulator that sums fan-out cotangents. */
  @Primitive(accumulator = true)
  interface Add {
    static Tensor eval(Tensor a, Tensor b) {
      return Elementwise.add(a, b);
    }

    static Tangent jvp(TensorEmit e, Tangent da, Tangent db) {
      return e.add(da, db);
    }

    static Cotangents transpose(TensorEmit e, Tangent ct) {
      return Cotangents.of(ct, ct);
    }
  }

  /** {@code a · b} elementwise, same dtype and shape: bilinear. */
  @Primitive(multilinear = true)
  interface Mul {
    /** The operands' dtype: whether a transpose conjugates the fixed factor. */
    DType dtype();

    default Tensor eval(Tensor a, Tensor b) {
      ShapeMath.expectDtype("Mul", dtype(), a);
      return Elementwise.mul(a, b);
    }

    default Tangent jvp(TensorEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(dtype(), da, b), e.mul(dtype(), a, db));
    }

    /** {@code ct_a = ct·conj(b)}, {@code ct_b = conj(a)·ct}. */
    default Cotangents transpose(TensorEmit e, Arg a, Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(
              e.mul(dtype(), ct, TensorRules.adjointFactor(e, dtype(), b.primal())), Tangent.zero())
          : Cotangents.of(
              Tangent.zero(), e.mul(dtype(), TensorRules.adjointFactor(e, dtype(), a.primal()), ct));
    }
  }

  /** {@code −x}. */
  @Primitive(multilinear = true)
  interface Neg {
    static Tensor eval(Tensor x) {
      return Elementwise.neg(x);
    }

    static Tangent jvp(TensorEmit e, Tangent dx) {
      return e.neg(dx);
    }

    static Cotangents transpose(TensorEmit e, Tangent ct) {
      return Cotangents.of(e.neg(ct));
    }
  }

  /**
   * The complex conjugate of a c128 tensor: real-linear, and its own adjoint ({@code ⟨ct,
   * conj(z)⟩ = ⟨conj(ct), z⟩}).
   */
  @Primitive(multilinear = true)
  interface Conj {
    static Tensor eval(Tensor x) {
      return Elementwise.conj(x);
    }

    static Tangent jvp(TensorEmit e, Tangent dx) {
      return e.conj(dx);
    }

    static Cotangents transpose(TensorEmit e, Tangent ct) {
      return Cotangents.of(e.conj(ct));
    }
  }

  /**
   * The real part of a c128 tensor, as f64: real-linear; its adjoint embeds a real cotangent as
   * {@code ct + 0i} ({@code ⟨ct, Re z⟩ = Re Σ conj(ct + 0i)·z}).
   */
  @Primitive(multilinear = true)
  interface Real {
    static Tensor eval(Tensor x) {
      ShapeMath.expectDtype("Real", DType.C128, x);
      return Elementwise.real(x);
    }

    static Tangent jvp(TensorEmit e, Tangent dx) {
      return e.real(dx);
    }

    static Cotangents transpose(TensorEmit e, Tangent ct) {
      return Cotangents.of(e.toComplex(ct));
    }
  }

  /** An f64 tensor as c128, {@code x + 0i}; its adjoint is {@link Real}. */
  @Primitive(multilinear = true)
  interface ToComplex {
    static Tensor eval(Tensor x) {
      ShapeMath.expectDtype("ToComplex", DType.F64, x);
      return Elementwise.complex(x, Tensor.zeros(DType.F64, x.shape()));
    }

    static Tangent jvp(TensorEmit e, Tangent dx) {
      return e.toComplex(dx);
    }

    static Cotangents transpose(TensorEmit e, Tangent ct) {
      return Cotangents.of(e.real(ct));
    }
  }

  /**
   * Sums over {@code axes} (strictly increasing), which are dropped. Its transpose broadcasts the
   * cotangent back to {@code operandShape} along the kept axes (JAX's {@code
   * _reduce_sum_transpose_rule}).
   */
  @Primitive(multilinear = true)
  interface ReduceSum {
    int[] axes();

    int[] operandShape();

    default Tensor eval(Tensor x) {
      ShapeMath.expectShape("ReduceSum", "operand", operandShape(), x);
      return Reductions.reduceSum(x, axes());
    }

    default Tangent jvp(TensorEmit e, Tangent dx) {
      return e.reduceSum(axes(), operandShape(), dx);
    }

    default Cotangents transpose(TensorEmit e, Tangent ct) {
      int[] shape = operandShape();
      int[] kept = ShapeMath.remaining(shape.length, axes());
      return Cotangents.of(e.broadcastInDim(shape, kept, ShapeMath.take(shape, kept), ct));
    }
  }

  /**
   * XLA's {@code BroadcastInDim}: operand axis {@code i} becomes output axis {@code
   * broadcastDimensions[i]} (strictly increasing) of {@code shape}, and has length 1 or that axis's
   * length. Its transpose sums over the broadcast axes, then reshapes back to {@code operandShape}
   * where the operand had length-1 axes (JAX's {@code _broadcast_in_dim_transpose_rule}).
   */
  @Primitive(multilinear = true)
  interface BroadcastInDim {
    int[] shape();

    int[] broadcastDimensions();

    int[] operandShape();

    default Tensor eval(Tensor x) {
      ShapeMath.expectShape("BroadcastInDim", "operand", operandShape(), x);
      return Layout.broadcastInDim(x, shape(), broadcastDimensions());
    }

    default Tangent jvp(TensorEmit e, Tangent dx) {
      return e.broadcastInDim(shape(), broadcastDimensions(), operandShape(), dx);
    }

    default Cotangents transpose(TensorEmit e, Tangent ct) {
      return Cotangents.of(
          TensorRules.broadcastInDimTranspose(
              e, shape(), broadcastDimensions(), operandShape(), ct));
    }
  }

  /** Permutes the axes: output axis {@code k} is operand axis {@code perm[k]}. */
  @Primitive(multilinear = true, name = "TransposeAxes")
  interface Transpose {
    int[] perm();

    default Tensor eval(Tensor x) {
      return Layout.transpose(x, perm());
    }

    default Tangent jvp(TensorEmit e, Tangent dx) {
      return e.transposeAxes(perm(), dx);
    }

    default Cotangents transpose(TensorEmit e, Tangent ct) {
      return Cotangents.of(e.transposeAxes(ShapeMath.inverse(perm()), ct));
    }
  }

  /** The same elements in row-major order, with {@code shape}; its transpose reshapes back. */
  @Primitive(multilinear = true)
  interface Reshape {
    int[] shape();

    int[] operandShape();

    default Tensor eval(Tensor x) {
      ShapeMath.expectShape("Reshape", "operand", operandShape(), x);
      return Layout.reshape(x, shape());
    }

    default Tangent jvp(TensorEmit e, Tangent dx) {
      return e.reshape(shape(), operandShape(), dx);
    }

    default Cotangents transpose(TensorEmit e, Tangent ct) {
      return Cotangents.of(e.reshape(operandShape(), shape(), ct));
    }
  }

  /**
   * XLA's {@code DotGeneral}: contracts the paired {@code lhsContracting}/{@code rhsContracting}
   * axes, batches over the paired {@code lhsBatch}/{@code rhsBatch} axes; result axes are the
   * batch axes, then the free axes of lhs, then those of rhs. No operand is conjugated. Bilinear;
   * its transposes are JAX's {@code _dot_general_transpose_lhs/rhs}, with the fixed operand
   * conjugated for c128.
   */
  @Primitive(multilinear = true)
  interface DotGeneral {
    int[] lhsContracting();

    int[] rhsContracting();

    int[] lhsBatch();

    int[] rhsBatch();

    int[] lhsShape();

    int[] rhsShape();

    DType dtype();

    default Tensor eval(Tensor lhs, Tensor rhs) {
      ShapeMath.expectShape("DotGeneral", "lhs", lhsShape(), lhs);
      ShapeMath.expectShape("DotGeneral", "rhs", rhsShape(), rhs);
      ShapeMath.expectDtype("DotGeneral", dtype(), lhs);
      return Contraction.dotGeneral(
          lhs, rhs, lhsContracting(), rhsContracting(), lhsBatch(), rhsBatch());
    }

    default Tangent jvp(TensorEmit e, Primal lhs, Primal rhs, Tangent dlhs, Tangent drhs) {
      int[] lc = lhsContracting();
      int[] rc = rhsContracting();
      int[] lb = lhsBatch();
      int[] rb = rhsBatch();
      int[] ls = lhsShape();
      int[] rs = rhsShape();
      return e.add(
          e.dotGeneral(lc, rc, lb, rb, ls, rs, dtype(), dlhs, rhs),
          e.dotGeneral(lc, rc, lb, rb, ls, rs, dtype(), lhs, drhs));
    }

    default Cotangents transpose(TensorEmit e, Arg lhs, Arg rhs, Tangent ct) {
      return lhs.isLinear()
          ? Cotangents.of(
              TensorRules.dotGeneralTransposeLhs(e, this, ct, rhs.primal()), Tangent.zero())
          : Cotangents.of(
              Tangent.zero(), TensorRules.dotGeneralTransposeRhs(e, this, ct, lhs.primal()));
    }
  }

  // ------------------------------------------------------------------------------------------
  // Analytic (elementwise, holomorphic for c128)

  /**
   * {@code a / b}. Linear in {@code a} only, so not multilinear: {@code d(a/b) = (1/b)·da −
   * ((a/b)·(1/b))·db}, with the reciprocal a primal value.
   */
  @Primitive
  interface Div {
    DType dtype();

    default Tensor eval(Tensor a, Tensor b) {
      ShapeMath.expectDtype("Div", dtype(), a);
      return Elementwise.div(a, b);
    }

    default Tangent jvp(TensorEmit e, Primal a, Primal b, Output y, Tangent da, Tangent db) {
      DType t = dtype();
      Primal inverse = e.recip(t, b);
      return e.add(e.mul(t, inverse, da), e.neg(e.mul(t, e.mul(t, y, inverse), db)));
    }
  }

  /** {@code 1 / x}; {@code dy = −y²·dx}. */
  @Primitive
  interface Recip {
    DType dtype();

    default Tensor eval(Tensor x) {
      ShapeMath.expectDtype("Recip", dtype(), x);
      return Elementwise.div(Tensor.ones(x.dtype(), x.shape()), x);
    }

    default Tangent jvp(TensorEmit e, Output y, Tangent dx) {
      return e.neg(e.mul(dtype(), e.mul(dtype(), y, y), dx));
    }
  }

  /** {@code eˣ}; {@code dy = y·dx}. */
  @Primitive
  interface Exp {
    DType dtype();

    default Tensor eval(Tensor x) {
      ShapeMath.expectDtype("Exp", dtype(), x);
      return Elementwise.exp(x);
    }

    default Tangent jvp(TensorEmit e, Output y, Tangent dx) {
      return e.mul(dtype(), y, dx);
    }
  }

  /** Natural logarithm (principal branch for c128); {@code dy = (1/x)·dx}. */
  @Primitive
  interface Log {
    DType dtype();

    default Tensor eval(Tensor x) {
      ShapeMath.expectDtype("Log", dtype(), x);
      return Elementwise.log(x);
    }

    default Tangent jvp(TensorEmit e, Primal x, Tangent dx) {
      return e.mul(dtype(), e.recip(dtype(), x), dx);
    }
  }

  /** {@code sin x}; {@code dy = cos x·dx}. */
  @Primitive
  interface Sin {
    DType dtype();

    default Tensor eval(Tensor x) {
      ShapeMath.expectDtype("Sin", dtype(), x);
      return Elementwise.sin(x);
    }

    default Tangent jvp(TensorEmit e, Primal x, Tangent dx) {
      return e.mul(dtype(), e.cos(dtype(), x), dx);
    }
  }

  /** {@code cos x}; {@code dy = −sin x·dx}. */
  @Primitive
  interface Cos {
    DType dtype();

    default Tensor eval(Tensor x) {
      ShapeMath.expectDtype("Cos", dtype(), x);
      return Elementwise.cos(x);
    }

    default Tangent jvp(TensorEmit e, Primal x, Tangent dx) {
      return e.mul(dtype(), e.neg(e.sin(dtype(), x)), dx);
    }
  }

  /** {@code tanh x}; {@code dy = (1 − y²)·dx}, emitted as {@code dx − (y·y)·dx}. */
  @Primitive
  interface Tanh {
    DType dtype();

    default Tensor eval(Tensor x) {
      ShapeMath.expectDtype("Tanh", dtype(), x);
      return Elementwise.tanh(x);
    }

    default Tangent jvp(TensorEmit e, Output y, Tangent dx) {
      return e.add(dx, e.neg(e.mul(dtype(), e.mul(dtype(), y, y), dx)));
    }
  }

  /** Square root (principal branch for c128); {@code dy = dx / (2y)}, with {@code 2y = y + y}. */
  @Primitive
  interface Sqrt {
    DType dtype();

    default Tensor eval(Tensor x) {
      ShapeMath.expectDtype("Sqrt", dtype(), x);
      return Elementwise.sqrt(x);
    }

    default Tangent jvp(TensorEmit e, Output y, Tangent dx) {
      return e.mul(dtype(), e.recip(dtype(), e.add(y, y)), dx);
    }
  }

  /**
   * Zeros of {@code x}'s shape and dtype (0 + 0i for c128): the zero primitive, which gives a
   * derivative that does not depend on the differentiated inputs as a value. It has no rules: its
   * derivative is zero.
   */
  @Primitive(zero = true)
  interface ZerosLike {
    static Tensor eval(Tensor x) {
      return Tensor.zeros(x.dtype(), x.shape());
    }
  }
}
