package io.github.tidu4j.primitives;

import io.github.tidu4j.ad.func.Domain;
import io.github.tidu4j.ad.rules.Arg;
import io.github.tidu4j.ad.rules.Cotangents;
import io.github.tidu4j.ad.rules.Output;
import io.github.tidu4j.ad.rules.Primal;
import io.github.tidu4j.ad.rules.Series;
import io.github.tidu4j.ad.rules.Tangent;
import io.github.tidu4j.annotations.Primitive;
import io.github.tidu4j.annotations.PrimitiveSet;
import io.github.tidu4j.primitives.scalar.Hyperbolic;
import io.github.tidu4j.primitives.tensor.ComplexElements;
import io.github.tidu4j.primitives.tensor.Contraction;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Elementwise;
import io.github.tidu4j.primitives.tensor.Layout;
import io.github.tidu4j.primitives.tensor.Reductions;
import io.github.tidu4j.primitives.tensor.Tensor;
import io.github.tidu4j.primitives.tensor.VectorMath;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.bytecode.TierPolicy;
import io.github.tidu4j.graph.ValueDescription;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.primitives.einsum.ContractionOrder;
import io.github.tidu4j.primitives.einsum.Einsum;
import io.github.tidu4j.primitives.einsum.EinsumSpec;
import io.github.tidu4j.primitives.tensor.Shape;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The shipped tensor primitive set, over f64 and c128 {@link Tensor}s (scalars are rank 0). The
 * processor generates {@link TensorOp}, {@link TensorEmit}, {@link TensorEvaluator} and {@link
 * TensorKernels}, and the fluent {@link TensorBuilder} and {@link TensorValue} to build graphs
 * with, whose values carry their {@link TensorType} ({@code type = TensorType.class}).
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
 * <p><b>Elementwise primitives</b> ({@code Add}, {@code Mul}, {@code Neg}, {@code Conj}, {@code
 * Real}, {@code ToComplex}, the analytic ones, {@code Scale}, {@code ZerosLike}) are marked {@code
 * elementwise = true} and declare their per-element kernels beside {@code eval}: {@code element}
 * over f64 elements and the pair {@code elementRe}/{@code elementIm} over c128 ones (on {@link
 * ComplexElements}), computing what {@code eval} computes bit for bit, so that a fused loop
 * ({@link TensorFusion}) gives the unfused program's values. The transcendental ones ({@code Exp},
 * {@code Log}, {@code Sin}, {@code Cos}, {@code Tanh}) also declare a block kernel, {@code static
 * void block(double[] x, int xOff, double[] y, int yOff, int n)}, their {@code element} over a block
 * of elements through {@link VectorMath} (within its stated ulp bounds, not bit for bit), which
 * {@link TensorFusion#set()}'s loops call once per block ({@code TensorKernels.BLOCK_KERNELS}).
 *
 * <p><b>Attributes carry the static information rules need.</b> A transpose rule cannot look at
 * the value of the operand it transposes into (it is linear, it has none), so the layout
 * primitives record their operand shapes ({@code ReduceSum.operandShape}, {@code
 * BroadcastInDim.operandShape}, {@code Reshape.operandShape}, {@code DotGeneral.lhsShape/rhsShape}),
 * and the primitives whose rules multiply record their {@code dtype}, so that an f64 transpose
 * emits no {@code Conj} at all. They are <em>derived</em>: each has a static method of its name
 * that computes it from the operands' types, so the fluent methods fill them in; kernels check them
 * against the operands they receive.
 *
 * <p>Names: the {@code Transpose} primitive is named {@code TransposeAxes} ({@code
 * TensorOp.transposeAxes(perm)}, {@code TensorEmit.transposeAxes}), because a factory named {@code
 * transpose} would clash with every operation's transpose rule.
 *
 * <p><b>Type rules.</b> Each primitive's static {@code type} method gives its output's type from
 * its operands' types and attributes (the checks are in {@link TypeRules}) and throws {@link
 * IllegalArgumentException} for operands it cannot take; the fluent methods call it as they build
 * each node and name the primitive and the operands in the message. Where an operation would not
 * change its operand ({@code reduceSum} or {@code reduceMax} over an empty array of axes, {@code
 * transposeAxes} by the identity, {@code reshape} or {@code broadcastInDim} to the same shape,
 * {@code conj} or {@code real} of an f64 value), the primitive's {@code isIdentity} rule says so
 * and the fluent method returns the operand, adding no node.
 *
 * <p><b>Negative axes.</b> Every axis a user passes ({@code reduceSum}'s axes, {@code
 * transposeAxes}'s permutation, {@code concatenate}'s axis, {@code dotGeneral}'s contracting and
 * batch axes) may be negative, as in NumPy and JAX: {@code -1} is the last axis, and an axis
 * {@code a} with {@code -rank ≤ a < 0} is axis {@code a + rank}. The primitives' normalizing
 * attribute methods count them from the start before the operation exists, so an operation holds
 * only non-negative axes and {@code x.reduceSum(-1)} is the same node as {@code x.reduceSum(1)}
 * on a rank-2 {@code x}. An axis out of range is reported as written, with the valid range:
 * {@code "ReduceSum: axis -3 is out of range for rank 2 (axes are -2 … 1) (operand x: f64[2,
 * 3])"}. Likewise a reshape's one length {@code -1} is inferred ({@code x.reshape(-1)} flattens).
 * {@code broadcastInDim}'s dimensions are axes of the result, so a negative one counts from the
 * end of the result's rank, the {@code shape} attribute's length, which its normalizing method
 * reads.
 *
 * <p><b>Composites</b>, at the end of this interface, are static methods taking a {@link
 * TensorValue} (or {@link TensorBuilder}) first: {@code sub}, {@code sum}, {@code transpose}
 * (which with no permutation reverses the axes), {@code broadcastTo} (NumPy's {@code
 * broadcast_to}), {@code matmul}, {@code einsum}, constants, {@code input} by name; each becomes a
 * method of that class.
 */
@PrimitiveSet(operand = Tensor.class, prefix = "Tensor", type = TensorType.class)
public interface TensorPrimitives {
  /**
   * The set's domain: what the functional and eager APIs know of tensor values (abstract types,
   * zeros, ones, vector-space arithmetic); the generated {@link EagerTensor}'s runtimes use it.
   */
  Domain<TensorType, Tensor> DOMAIN = TensorDomain.INSTANCE;

  /**
   * How the generated {@link EagerTensor}'s default runtimes run their programs: on the switch
   * evaluator first, then, for a graph with elementwise instructions, fused once its calls have
   * processed enough elements ({@link FusionTier}), else as bytecode once hot.
   */
  TierPolicy<TensorOp, Tensor> TIERS = FusionTier.POLICY;

  // ------------------------------------------------------------------------------------------
  // Linear core

  /** {@code a + b}, same dtype and shape; the accumulator that sums fan-out cotangents. */
  @Primitive(accumulator = true, elementwise = true)
  interface Add {
    static Tensor eval(Tensor a, Tensor b) {
      return Elementwise.add(a, b);
    }

    static double element(double a, double b) {
      return a + b;
    }

    static double elementRe(double aRe, double aIm, double bRe, double bIm) {
      return aRe + bRe;
    }

    static double elementIm(double aRe, double aIm, double bRe, double bIm) {
      return aIm + bIm;
    }

    static TensorType type(TensorType a, TensorType b) {
      return TypeRules.same(a, b);
    }

    static Tangent jvp(TensorEmit e, Tangent da, Tangent db) {
      return e.add(da, db);
    }

    static Cotangents transpose(TensorEmit e, Tangent ct) {
      return Cotangents.of(ct, ct);
    }
  }

  /** {@code a · b} elementwise, same dtype and shape: bilinear. */
  @Primitive(multilinear = true, elementwise = true)
  interface Mul {
    /** The operands' dtype: whether a transpose conjugates the fixed factor. */
    DType dtype();

    static DType dtype(TensorType a, TensorType b) {
      return a.dtype();
    }

    static TensorType type(TensorType a, TensorType b) {
      return TypeRules.same(a, b);
    }

    default Tensor eval(Tensor a, Tensor b) {
      ShapeMath.expectDtype("Mul", dtype(), a);
      return Elementwise.mul(a, b);
    }

    static double element(double a, double b) {
      return a * b;
    }

    static double elementRe(double aRe, double aIm, double bRe, double bIm) {
      return ComplexElements.mulRe(aRe, aIm, bRe, bIm);
    }

    static double elementIm(double aRe, double aIm, double bRe, double bIm) {
      return ComplexElements.mulIm(aRe, aIm, bRe, bIm);
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
  @Primitive(multilinear = true, elementwise = true)
  interface Neg {
    static Tensor eval(Tensor x) {
      return Elementwise.neg(x);
    }

    static double element(double x) {
      return -x;
    }

    static double elementRe(double re, double im) {
      return -re;
    }

    static double elementIm(double re, double im) {
      return -im;
    }

    static TensorType type(TensorType x) {
      return x;
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
  @Primitive(multilinear = true, elementwise = true)
  interface Conj {
    static Tensor eval(Tensor x) {
      return Elementwise.conj(x);
    }

    static double element(double x) {
      return x;
    }

    static double elementRe(double re, double im) {
      return re;
    }

    static double elementIm(double re, double im) {
      return -im;
    }

    static TensorType type(TensorType x) {
      return x;
    }

    /** An f64 value is its own conjugate. */
    static boolean isIdentity(TensorType x) {
      return !x.dtype().isComplex();
    }

    static Tangent jvp(TensorEmit e, Tangent dx) {
      return e.conj(dx);
    }

    static Cotangents transpose(TensorEmit e, Tangent ct) {
      return Cotangents.of(e.conj(ct));
    }
  }

  /**
   * The real part, as f64: of a c128 tensor its real part, of an f64 value the value itself (as
   * JAX's {@code jnp.real}, so code written for either dtype runs on both). Real-linear; its
   * adjoint embeds a real cotangent as {@code ct + 0i} ({@code ⟨ct, Re z⟩ = Re Σ conj(ct + 0i)·z}).
   */
  @Primitive(multilinear = true, elementwise = true)
  interface Real {
    static Tensor eval(Tensor x) {
      ShapeMath.expectDtype("Real", DType.C128, x);
      return Elementwise.real(x);
    }

    /** The result is f64: a fusion backend reads this part alone. */
    static double elementRe(double re, double im) {
      return re;
    }

    /** The imaginary part of a real result, which a fusion backend does not read. */
    static double elementIm(double re, double im) {
      return 0.0;
    }

    static TensorType type(TensorType x) {
      return x.withDtype(DType.F64);
    }

    /** An f64 value is its own real part. */
    static boolean isIdentity(TensorType x) {
      return !x.dtype().isComplex();
    }

    static Tangent jvp(TensorEmit e, Tangent dx) {
      return e.real(dx);
    }

    static Cotangents transpose(TensorEmit e, Tangent ct) {
      return Cotangents.of(e.toComplex(ct));
    }
  }

  /** An f64 tensor as c128, {@code x + 0i}; its adjoint is {@link Real}. */
  @Primitive(multilinear = true, elementwise = true)
  interface ToComplex {
    static Tensor eval(Tensor x) {
      ShapeMath.expectDtype("ToComplex", DType.F64, x);
      return Elementwise.complex(x, Tensor.zeros(DType.F64, x.shape()));
    }

    /** The f64 operand arrives as {@code (x, 0.0)}. */
    static double elementRe(double re, double im) {
      return re;
    }

    static double elementIm(double re, double im) {
      return 0.0;
    }

    static TensorType type(TensorType x) {
      return TypeRules.expect(x, DType.F64).withDtype(DType.C128);
    }

    static Tangent jvp(TensorEmit e, Tangent dx) {
      return e.toComplex(dx);
    }

    static Cotangents transpose(TensorEmit e, Tangent ct) {
      return Cotangents.of(e.real(ct));
    }
  }

  /**
   * Sums over {@code axes} (strictly increasing, once normalized), which are dropped. Its transpose broadcasts the
   * cotangent back to {@code operandShape} along the kept axes (JAX's {@code
   * _reduce_sum_transpose_rule}).
   */
  @Primitive(multilinear = true)
  interface ReduceSum {
    int[] axes();

    int[] operandShape();

    static int[] operandShape(TensorType x) {
      return x.dims();
    }

    /**
     * The axes given in any order and spelling, counted from the start and sorted: neither the
     * order of a sum's axes nor writing {@code -1} for the last changes it, so {@code
     * x.reduceSum(-1, 0)} and {@code x.reduceSum(0, 1)} on a rank-2 {@code x} are one operation.
     * Axes out of range or listed twice are kept as given, for the type rule to name.
     */
    static int[] axes(TensorType x, int[] axes) {
      int[] normalized = TypeRules.axes(x.rank(), axes);
      if (normalized == axes) {
        return axes;
      }
      Arrays.sort(normalized);
      return normalized;
    }

    static TensorType type(TensorType x, int[] axes) {
      return TypeRules.reduceSum(x, axes);
    }

    static boolean isIdentity(TensorType x, int[] axes) {
      return axes.length == 0;
    }

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

    /**
     * The dimensions with negative ones counted from the end of the result, whose rank is {@code
     * shape}'s length: {@code v.broadcastInDim(new int[] {2, 3}, -1)} is the operation {@code
     * v.broadcastInDim(new int[] {2, 3}, 1)} makes. A list the type rule would refuse (of another
     * length, out of range, not strictly increasing) is kept as given, for it to name as written.
     */
    static int[] broadcastDimensions(TensorType x, int[] shape, int[] broadcastDimensions) {
      if (broadcastDimensions.length != x.rank()) {
        return broadcastDimensions;
      }
      int[] normalized = TypeRules.axes(shape.length, broadcastDimensions);
      for (int i = 1; i < normalized.length; i++) {
        if (normalized[i] <= normalized[i - 1]) {
          return broadcastDimensions;
        }
      }
      return normalized;
    }

    int[] operandShape();

    static int[] operandShape(TensorType x) {
      return x.dims();
    }

    static TensorType type(TensorType x, int[] shape, int[] broadcastDimensions) {
      return TypeRules.broadcastInDim(x, shape, broadcastDimensions);
    }

    /** The same shape: the dimensions are strictly increasing, so the map is the identity. */
    static boolean isIdentity(TensorType x, int[] shape) {
      return Arrays.equals(x.dims(), shape);
    }

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

    /**
     * The permutation with negative axes counted from the end, as NumPy's: {@code
     * x.transposeAxes(-1, 0)} and {@code x.transposeAxes(1, 0)} on a rank-2 {@code x} are one
     * operation. A list that is not a permutation is kept as given, for the type rule to name.
     */
    static int[] perm(TensorType x, int[] perm) {
      return perm.length == x.rank() ? TypeRules.axes(x.rank(), perm) : perm;
    }

    static TensorType type(TensorType x, int[] perm) {
      return TypeRules.transpose(x, perm);
    }

    static boolean isIdentity(TensorType x, int[] perm) {
      return ShapeMath.isIdentity(perm);
    }

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

  /**
   * XLA's {@code Slice} (JAX's {@code lax.slice}): per axis, the elements from {@code start}
   * (inclusive) to {@code limit} (exclusive) in steps of {@code strides}; with no strides, as
   * {@code lax.slice}'s default, every step is 1. Linear; its transpose pads the cotangent with
   * zeros back to {@code operandShape} ({@link Pad}).
   */
  @Primitive(multilinear = true)
  interface Slice {
    int[] start();

    int[] limit();

    int[] strides();

    /**
     * The strides, 1 per axis of {@code x} when none are given: {@code x.slice(start, limit)} is
     * the operation {@code x.slice(start, limit, 1, …, 1)} makes. Strides given are kept as given,
     * for the type rule to check.
     */
    static int[] strides(TensorType x, int[] strides) {
      if (strides.length > 0) {
        return strides;
      }
      int[] unit = new int[x.rank()];
      Arrays.fill(unit, 1);
      return unit;
    }

    int[] operandShape();

    static int[] operandShape(TensorType x) {
      return x.dims();
    }

    static TensorType type(TensorType x, int[] start, int[] limit, int[] strides) {
      return TypeRules.slice(x, start, limit, strides);
    }

    /** Every element, in order: the whole of each axis (a stride past the end takes one). */
    static boolean isIdentity(TensorType x, int[] start, int[] limit, int[] strides) {
      return Arrays.equals(TypeRules.slice(x, start, limit, strides).dims(), x.dims());
    }

    default Tensor eval(Tensor x) {
      ShapeMath.expectShape("Slice", "operand", operandShape(), x);
      return Layout.slice(x, start(), limit(), strides());
    }

    default Tangent jvp(TensorEmit e, Tangent dx) {
      return e.slice(start(), limit(), strides(), operandShape(), dx);
    }

    default Cotangents transpose(TensorEmit e, Tangent ct) {
      return Cotangents.of(
          TensorRules.sliceTranspose(e, start(), limit(), strides(), operandShape(), ct));
    }
  }

  /**
   * XLA's {@code Pad} with zeros (JAX's {@code lax.pad} with a padding value of 0): per axis,
   * {@code low} zeros, the operand's elements with {@code interior} zeros between each two, then
   * {@code high} zeros; with no interior counts, as {@code lax.pad}'s {@code (low, high, 0)}, none
   * between elements. A negative {@code low} or {@code high} crops that many elements from its end
   * instead, as in {@code lax.pad}: {@code x.pad(new int[] {-1}, new int[] {0})} drops a vector's
   * first element. Linear; its transpose slices the cotangent back, first padding it with zeros
   * where the operation cropped (JAX's {@code _pad_transpose}).
   */
  @Primitive(multilinear = true)
  interface Pad {
    int[] low();

    int[] high();

    int[] interior();

    /**
     * The interior counts, 0 per axis of {@code x} when none are given: {@code x.pad(low, high)}
     * is the operation {@code x.pad(low, high, 0, …, 0)} makes. Counts given are kept as given,
     * for the type rule to check.
     */
    static int[] interior(TensorType x, int[] interior) {
      return interior.length > 0 ? interior : new int[x.rank()];
    }

    int[] operandShape();

    static int[] operandShape(TensorType x) {
      return x.dims();
    }

    static TensorType type(TensorType x, int[] low, int[] high, int[] interior) {
      return TypeRules.pad(x, low, high, interior);
    }

    /** Nothing at either end and nothing between elements (equal dims alone may be a shift). */
    static boolean isIdentity(TensorType x, int[] low, int[] high, int[] interior) {
      return Layout.padsNothing(
          x.dims(), TypeRules.pad(x, low, high, interior).dims(), low, high);
    }

    default Tensor eval(Tensor x) {
      ShapeMath.expectShape("Pad", "operand", operandShape(), x);
      return Layout.pad(x, low(), high(), interior());
    }

    default Tangent jvp(TensorEmit e, Tangent dx) {
      return e.pad(low(), high(), interior(), operandShape(), dx);
    }

    default Cotangents transpose(TensorEmit e, Tangent ct) {
      return Cotangents.of(
          TensorRules.padTranspose(e, low(), high(), interior(), operandShape(), ct));
    }
  }

  /**
   * XLA's {@code Concatenate} of two operands along {@code axis} (JAX's {@code lax.concatenate}):
   * {@code a}'s elements, then {@code b}'s; the other axes agree. Linear in the pair, so its JVP
   * pads each tangent with zeros to the result's shape and adds the two ({@link Pad}, whose
   * transpose slices each cotangent back); an absent tangent adds nothing.
   */
  @Primitive
  interface Concatenate {
    int axis();

    int[] lhsShape();

    int[] rhsShape();

    static int[] lhsShape(TensorType a, TensorType b) {
      return a.dims();
    }

    static int[] rhsShape(TensorType a, TensorType b) {
      return b.dims();
    }

    /**
     * The axis counted from the start, as NumPy's: {@code -1} is the operands' last axis. An axis
     * out of range is kept as given, for the type rule to name.
     */
    static int axis(TensorType a, TensorType b, int axis) {
      return TypeRules.axis(a.rank(), axis);
    }

    static TensorType type(TensorType a, TensorType b, int axis) {
      return TypeRules.concatenate(a, b, axis);
    }

    default Tensor eval(Tensor a, Tensor b) {
      ShapeMath.expectShape("Concatenate", "lhs", lhsShape(), a);
      ShapeMath.expectShape("Concatenate", "rhs", rhsShape(), b);
      return Layout.concatenate(a, b, axis());
    }

    default Tangent jvp(TensorEmit e, Tangent da, Tangent db) {
      int rank = lhsShape().length;
      int[] none = new int[rank];
      int[] before = new int[rank];
      int[] after = new int[rank];
      before[axis()] = lhsShape()[axis()];
      after[axis()] = rhsShape()[axis()];
      return e.add(e.pad(none, after, none, lhsShape(), da), e.pad(before, none, none, rhsShape(), db));
    }
  }

  /**
   * The same elements in row-major order, with {@code shape}, one of whose lengths may be {@code
   * -1}, inferred as in NumPy ({@code x.reshape(-1)} flattens); its transpose reshapes back.
   */
  @Primitive(multilinear = true)
  interface Reshape {
    int[] shape();

    int[] operandShape();

    static int[] operandShape(TensorType x) {
      return x.dims();
    }

    /**
     * The shape with its one {@code -1}, if any, made the length that keeps the element count, as
     * NumPy's: {@code x.reshape(-1, 2)} and {@code x.reshape(6, 2)} on 12 elements are one
     * operation. A shape that infers no length (two {@code -1}s, a count it does not divide) is
     * kept as given, for the type rule to name.
     */
    static int[] shape(TensorType x, int[] shape) {
      return TypeRules.inferredShape(x.shape().size(), shape);
    }

    static TensorType type(TensorType x, int[] shape) {
      return TypeRules.reshape(x, shape);
    }

    static boolean isIdentity(TensorType x, int[] shape) {
      return Arrays.equals(x.dims(), shape);
    }

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

    static int[] lhsShape(TensorType lhs, TensorType rhs) {
      return lhs.dims();
    }

    static int[] rhsShape(TensorType lhs, TensorType rhs) {
      return rhs.dims();
    }

    /**
     * The lhs contracting axes, negative ones counted from the end of lhs, as NumPy's; so are the
     * other three lists, each by its own operand's rank. A list with an axis out of range or
     * listed twice is kept as given, for the type rule to name; an axis listed in both a
     * contracting and a batch list is named as normalized, since each list is normalized alone.
     */
    static int[] lhsContracting(TensorType lhs, TensorType rhs, int[] lhsContracting) {
      return TypeRules.axes(lhs.rank(), lhsContracting);
    }

    /** The rhs contracting axes, negative ones counted from the end of rhs. */
    static int[] rhsContracting(TensorType lhs, TensorType rhs, int[] rhsContracting) {
      return TypeRules.axes(rhs.rank(), rhsContracting);
    }

    /** The lhs batch axes, negative ones counted from the end of lhs. */
    static int[] lhsBatch(TensorType lhs, TensorType rhs, int[] lhsBatch) {
      return TypeRules.axes(lhs.rank(), lhsBatch);
    }

    /** The rhs batch axes, negative ones counted from the end of rhs. */
    static int[] rhsBatch(TensorType lhs, TensorType rhs, int[] rhsBatch) {
      return TypeRules.axes(rhs.rank(), rhsBatch);
    }

    static DType dtype(TensorType lhs, TensorType rhs) {
      return lhs.dtype();
    }

    static TensorType type(
        TensorType lhs,
        TensorType rhs,
        int[] lhsContracting,
        int[] rhsContracting,
        int[] lhsBatch,
        int[] rhsBatch) {
      return TypeRules.dotGeneral(lhs, rhs, lhsContracting, rhsContracting, lhsBatch, rhsBatch);
    }

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
   * ((a/b)/b)·db}, with the factors primal values.
   */
  @Primitive(elementwise = true)
  interface Div {
    DType dtype();

    static DType dtype(TensorType a, TensorType b) {
      return a.dtype();
    }

    static TensorType type(TensorType a, TensorType b) {
      return TypeRules.same(a, b);
    }

    default Tensor eval(Tensor a, Tensor b) {
      ShapeMath.expectDtype("Div", dtype(), a);
      return Elementwise.div(a, b);
    }

    static double element(double a, double b) {
      return a / b;
    }

    static double elementRe(double aRe, double aIm, double bRe, double bIm) {
      return ComplexElements.divRe(aRe, aIm, bRe, bIm);
    }

    static double elementIm(double aRe, double aIm, double bRe, double bIm) {
      return ComplexElements.divIm(aRe, aIm, bRe, bIm);
    }

    default Tangent jvp(TensorEmit e, Primal a, Primal b, Output y, Tangent da, Tangent db) {
      DType t = dtype();
      // (a/b)/b rather than (a/b)·(1/b), which overflows for a subnormal b (see Scalar.Div)
      return e.add(e.mul(t, e.recip(t, b), da), e.neg(e.mul(t, e.div(t, y, b), db)));
    }

    /**
     * From {@code y·b = a}: {@code y_k = (a_k − Σ_{0<j<k} y_j·b_{k−j}) / b_0 − (y_0/b_0)·b_k}, the
     * last term's factor a quotient as in the JVP.
     */
    default Tangent taylor(TensorEmit e, Series a, Series b, Series y, int k) {
      DType t = dtype();
      Tangent sum = a.get(k);
      for (int j = 1; j < k; j++) {
        if (!y.isZero(j)) {
          sum = e.add(sum, e.neg(e.mul(t, y.factor(j), b.get(k - j))));
        }
      }
      return e.add(
          e.mul(t, sum, e.recip(t, b.primal())),
          e.neg(e.mul(t, e.div(t, y.primal(), b.primal()), b.get(k))));
    }
  }

  /** {@code 1 / x}; {@code dy = −y²·dx}. */
  @Primitive(elementwise = true)
  interface Recip {
    DType dtype();

    static DType dtype(TensorType x) {
      return x.dtype();
    }

    static TensorType type(TensorType x) {
      return x;
    }

    default Tensor eval(Tensor x) {
      ShapeMath.expectDtype("Recip", dtype(), x);
      return Elementwise.div(Tensor.ones(x.dtype(), x.shape()), x);
    }

    static double element(double x) {
      return 1.0 / x;
    }

    static double elementRe(double re, double im) {
      return ComplexElements.divRe(1.0, 0.0, re, im);
    }

    static double elementIm(double re, double im) {
      return ComplexElements.divIm(1.0, 0.0, re, im);
    }

    default Tangent jvp(TensorEmit e, Output y, Tangent dx) {
      return e.neg(e.mul(dtype(), e.mul(dtype(), y, y), dx));
    }

    /** From {@code y·x = 1}: {@code y_k = −y_0·Σ_{j<k} y_j·x_{k−j}}. */
    default Tangent taylor(TensorEmit e, Series x, Series y, int k) {
      DType t = dtype();
      Tangent sum = e.mul(t, y.primal(), x.get(k));
      for (int j = 1; j < k; j++) {
        if (!y.isZero(j)) {
          sum = e.add(sum, e.mul(t, y.factor(j), x.get(k - j)));
        }
      }
      return e.neg(e.mul(t, sum, y.primal()));
    }
  }

  /** {@code eˣ}; {@code dy = y·dx}. */
  @Primitive(elementwise = true)
  interface Exp {
    DType dtype();

    static DType dtype(TensorType x) {
      return x.dtype();
    }

    static TensorType type(TensorType x) {
      return x;
    }

    default Tensor eval(Tensor x) {
      ShapeMath.expectDtype("Exp", dtype(), x);
      return Elementwise.exp(x);
    }

    static double element(double x) {
      return Math.exp(x);
    }

    /** {@code element} over a block, vectorised: {@link VectorMath#exp}. */
    static void block(double[] x, int xOff, double[] y, int yOff, int n) {
      VectorMath.exp(x, xOff, y, yOff, n);
    }

    static double elementRe(double re, double im) {
      return ComplexElements.expRe(re, im);
    }

    static double elementIm(double re, double im) {
      return ComplexElements.expIm(re, im);
    }

    default Tangent jvp(TensorEmit e, Output y, Tangent dx) {
      return e.mul(dtype(), y, dx);
    }

    /** From {@code y' = y·x'}: {@code k·y_k = Σ_{j<k} y_j·x'_{k−1−j}}. */
    default Tangent taylor(TensorEmit e, Series x, Series y, int k) {
      DType t = dtype();
      Tangent sum = e.mul(t, y.primal(), x.derivative(k - 1));
      for (int j = 1; j < k; j++) {
        if (!y.isZero(j)) {
          sum = e.add(sum, e.mul(t, y.factor(j), x.derivative(k - 1 - j)));
        }
      }
      return k == 1 ? sum : e.scale(1.0 / k, sum);
    }
  }

  /** Natural logarithm (principal branch for c128); {@code dy = (1/x)·dx}. */
  @Primitive(elementwise = true)
  interface Log {
    DType dtype();

    static DType dtype(TensorType x) {
      return x.dtype();
    }

    static TensorType type(TensorType x) {
      return x;
    }

    default Tensor eval(Tensor x) {
      ShapeMath.expectDtype("Log", dtype(), x);
      return Elementwise.log(x);
    }

    static double element(double x) {
      return Math.log(x);
    }

    /** {@code element} over a block, vectorised: {@link VectorMath#log}. */
    static void block(double[] x, int xOff, double[] y, int yOff, int n) {
      VectorMath.log(x, xOff, y, yOff, n);
    }

    static double elementRe(double re, double im) {
      return ComplexElements.logRe(re, im);
    }

    static double elementIm(double re, double im) {
      return ComplexElements.logIm(re, im);
    }

    default Tangent jvp(TensorEmit e, Primal x, Tangent dx) {
      return e.mul(dtype(), e.recip(dtype(), x), dx);
    }

    /**
     * From {@code x·y' = x'}: {@code k·y_k = (x'_{k−1} − Σ_{1≤j<k} x_j·y'_{k−1−j}) / x_0}, with
     * {@code y'_m = (m+1)·y_{m+1}}.
     */
    default Tangent taylor(TensorEmit e, Series x, Series y, int k) {
      DType t = dtype();
      Tangent sum = Tangent.zero();
      for (int j = 1; j < k; j++) {
        if (!x.isZero(j)) {
          sum = e.add(sum, e.mul(t, x.factor(j), y.derivative(k - 1 - j)));
        }
      }
      Primal inverse = e.recip(t, x.primal());
      Tangent scaled = e.add(x.derivative(k - 1), e.neg(sum));
      return e.mul(t, scaled, k == 1 ? inverse : e.scale(1.0 / k, inverse));
    }
  }

  /** {@code sin x}; {@code dy = cos x·dx}. */
  @Primitive(elementwise = true)
  interface Sin {
    DType dtype();

    static DType dtype(TensorType x) {
      return x.dtype();
    }

    static TensorType type(TensorType x) {
      return x;
    }

    default Tensor eval(Tensor x) {
      ShapeMath.expectDtype("Sin", dtype(), x);
      return Elementwise.sin(x);
    }

    static double element(double x) {
      return Math.sin(x);
    }

    /** {@code element} over a block, vectorised: {@link VectorMath#sin}. */
    static void block(double[] x, int xOff, double[] y, int yOff, int n) {
      VectorMath.sin(x, xOff, y, yOff, n);
    }

    static double elementRe(double re, double im) {
      return ComplexElements.sinRe(re, im);
    }

    static double elementIm(double re, double im) {
      return ComplexElements.sinIm(re, im);
    }

    default Tangent jvp(TensorEmit e, Primal x, Tangent dx) {
      return e.mul(dtype(), e.cos(dtype(), x), dx);
    }
  }

  /** {@code cos x}; {@code dy = −sin x·dx}. */
  @Primitive(elementwise = true)
  interface Cos {
    DType dtype();

    static DType dtype(TensorType x) {
      return x.dtype();
    }

    static TensorType type(TensorType x) {
      return x;
    }

    default Tensor eval(Tensor x) {
      ShapeMath.expectDtype("Cos", dtype(), x);
      return Elementwise.cos(x);
    }

    static double element(double x) {
      return Math.cos(x);
    }

    /** {@code element} over a block, vectorised: {@link VectorMath#cos}. */
    static void block(double[] x, int xOff, double[] y, int yOff, int n) {
      VectorMath.cos(x, xOff, y, yOff, n);
    }

    static double elementRe(double re, double im) {
      return ComplexElements.cosRe(re, im);
    }

    static double elementIm(double re, double im) {
      return ComplexElements.cosIm(re, im);
    }

    default Tangent jvp(TensorEmit e, Primal x, Tangent dx) {
      return e.mul(dtype(), e.neg(e.sin(dtype(), x)), dx);
    }
  }

  /**
   * {@code tanh x}; {@code dy = sech²x·dx}, from {@link Sech}: relatively accurate where {@code y}
   * nears ±1, as {@code (1 − y²)·dx} is not (see {@code Scalar.Tanh}).
   */
  @Primitive(elementwise = true)
  interface Tanh {
    DType dtype();

    static DType dtype(TensorType x) {
      return x.dtype();
    }

    static TensorType type(TensorType x) {
      return x;
    }

    default Tensor eval(Tensor x) {
      ShapeMath.expectDtype("Tanh", dtype(), x);
      return Elementwise.tanh(x);
    }

    static double element(double x) {
      return Math.tanh(x);
    }

    /** {@code element} over a block, vectorised: {@link VectorMath#tanh}. */
    static void block(double[] x, int xOff, double[] y, int yOff, int n) {
      VectorMath.tanh(x, xOff, y, yOff, n);
    }

    static double elementRe(double re, double im) {
      return ComplexElements.tanhRe(re, im);
    }

    static double elementIm(double re, double im) {
      return ComplexElements.tanhIm(re, im);
    }

    default Tangent jvp(TensorEmit e, Primal x, Tangent dx) {
      Primal sech = e.sech(dtype(), x);
      return e.mul(dtype(), e.mul(dtype(), sech, sech), dx);
    }
  }

  /**
   * {@code sech x = 1 / cosh x} ({@code Hyperbolic.sech} for f64; poles at {@code ±iπ/2 + kπi} for
   * c128); {@code dy = −(y·tanh x)·dx}. It gives {@link Tanh}'s derivative.
   */
  @Primitive(elementwise = true)
  interface Sech {
    DType dtype();

    static DType dtype(TensorType x) {
      return x.dtype();
    }

    static TensorType type(TensorType x) {
      return x;
    }

    default Tensor eval(Tensor x) {
      ShapeMath.expectDtype("Sech", dtype(), x);
      return Elementwise.sech(x);
    }

    static double element(double x) {
      return Hyperbolic.sech(x);
    }

    /** {@code element} over a block, its exponential vectorised: {@link VectorMath#sech}. */
    static void block(double[] x, int xOff, double[] y, int yOff, int n) {
      VectorMath.sech(x, xOff, y, yOff, n);
    }

    static double elementRe(double re, double im) {
      return ComplexElements.sechRe(re, im);
    }

    static double elementIm(double re, double im) {
      return ComplexElements.sechIm(re, im);
    }

    default Tangent jvp(TensorEmit e, Primal x, Output y, Tangent dx) {
      return e.neg(e.mul(dtype(), e.mul(dtype(), y, e.tanh(dtype(), x)), dx));
    }
  }

  /** Square root (principal branch for c128); {@code dy = dx / (2y)}, with {@code 2y = y + y}. */
  @Primitive(elementwise = true)
  interface Sqrt {
    DType dtype();

    static DType dtype(TensorType x) {
      return x.dtype();
    }

    static TensorType type(TensorType x) {
      return x;
    }

    default Tensor eval(Tensor x) {
      ShapeMath.expectDtype("Sqrt", dtype(), x);
      return Elementwise.sqrt(x);
    }

    static double element(double x) {
      return Math.sqrt(x);
    }

    static double elementRe(double re, double im) {
      return ComplexElements.sqrtRe(re, im);
    }

    static double elementIm(double re, double im) {
      return ComplexElements.sqrtIm(re, im);
    }

    default Tangent jvp(TensorEmit e, Output y, Tangent dx) {
      return e.mul(dtype(), e.recip(dtype(), e.add(y, y)), dx);
    }

    /**
     * From {@code y·y = x}: {@code 2·y_0·y_k = x_k − Σ_{1≤j<k} y_j·y_{k−j}}, each product of the
     * symmetric sum made once.
     */
    default Tangent taylor(TensorEmit e, Series x, Series y, int k) {
      DType t = dtype();
      Tangent half = Tangent.zero(); // the terms j < k − j, each standing for two
      for (int j = 1; 2 * j < k; j++) {
        if (!y.isZero(j)) {
          half = e.add(half, e.mul(t, y.factor(j), y.get(k - j)));
        }
      }
      Tangent sum = e.add(half, half);
      if (k % 2 == 0 && !y.isZero(k / 2)) {
        sum = e.add(sum, e.mul(t, y.factor(k / 2), y.get(k / 2)));
      }
      return e.mul(t, e.add(x.get(k), e.neg(sum)), e.recip(t, e.add(y.primal(), y.primal())));
    }
  }

  /**
   * {@code factor · x} for a real {@code factor}, every element (both parts of a c128 element)
   * scaled: the scale primitive, with which Taylor mode turns derivative series into Taylor
   * coefficients. Linear; the generated code gives it its rules.
   */
  @Primitive(scale = true, elementwise = true)
  interface Scale {
    double factor();

    default Tensor eval(Tensor x) {
      return Elementwise.scale(x, factor());
    }

    default double element(double x) {
      return factor() * x;
    }

    default double elementRe(double re, double im) {
      return factor() * re;
    }

    default double elementIm(double re, double im) {
      return factor() * im;
    }

    static TensorType type(TensorType x) {
      return x;
    }
  }

  /**
   * Zeros of {@code x}'s shape and dtype (0 + 0i for c128): the zero primitive, which gives a
   * derivative that does not depend on the differentiated inputs as a value. It has no rules: its
   * derivative is zero.
   */
  @Primitive(zero = true, elementwise = true)
  interface ZerosLike {
    static Tensor eval(Tensor x) {
      return Tensor.zeros(x.dtype(), x.shape());
    }

    static double element(double x) {
      return 0.0;
    }

    static double elementRe(double re, double im) {
      return 0.0;
    }

    static double elementIm(double re, double im) {
      return 0.0;
    }

    static TensorType type(TensorType x) {
      return x;
    }
  }

  // ------------------------------------------------------------------------------------------
  // Piecewise functions, f64 only. Their derivatives weigh tangents by 0, ±1 or ½ (Sign, Step:
  // piecewise constant, derivative zero), with JAX's values at the kinks: |x|′ = 0 at 0, and a tie
  // of max or min gives each operand half.

  /**
   * {@code |x|}, as f64: of an f64 tensor its absolute value, {@code d|x| = sign(x)·dx}, 0 at {@code
   * x = ±0}; of a c128 tensor its modulus ({@link Math#hypot}, which neither overflows nor
   * underflows in between), {@code d|z| = Re(conj(z/|z|)·dz)}, with {@code z/|z|} taken as 0 where
   * {@code z = 0}, so the first derivative there is 0 (the second is that of {@code Re(conj(z)·dz)},
   * not 0 as for f64). Both as JAX's {@code abs}.
   */
  @Primitive(elementwise = true)
  interface Abs {
    DType dtype();

    static DType dtype(TensorType x) {
      return x.dtype();
    }

    static TensorType type(TensorType x) {
      return x.withDtype(DType.F64);
    }

    default Tensor eval(Tensor x) {
      ShapeMath.expectDtype("Abs", dtype(), x);
      return Elementwise.abs(x);
    }

    static double element(double x) {
      return Math.abs(x);
    }

    /** The result is f64: a fusion backend reads this part alone. */
    static double elementRe(double re, double im) {
      return Math.hypot(re, im);
    }

    /** The imaginary part of a real result, which a fusion backend does not read. */
    static double elementIm(double re, double im) {
      return 0.0;
    }

    default Tangent jvp(TensorEmit e, Primal x, Output y, Tangent dx) {
      if (!dtype().isComplex()) {
        return e.mul(DType.F64, e.sign(x), dx);
      }
      // the unit z/|z| by a division, right where |z| is subnormal and 1/|z| overflows, and 0
      // where |z| is 0: there the divisor is 1, |z| plus the mask of |z| > 0 being false (JAX's
      // _replace_zero), which no derivative goes through
      Primal divisor = e.add(y, e.mask(false, y));
      Primal unit = e.div(DType.C128, x, e.toComplex(divisor));
      return e.real(e.mul(DType.C128, e.conj(unit), dx));
    }
  }

  /**
   * {@code sign(x)}, f64: −1, ±0 (the sign of zero kept) or 1, NaN for NaN ({@link Math#signum});
   * piecewise constant, so its derivative is zero.
   */
  @Primitive(elementwise = true)
  interface Sign {
    static TensorType type(TensorType x) {
      return TypeRules.expect(x, DType.F64);
    }

    static Tensor eval(Tensor x) {
      return Elementwise.sign(x);
    }

    static double element(double x) {
      return Math.signum(x);
    }

    static Tangent jvp(Tangent dx) {
      return Tangent.zero();
    }
  }

  /**
   * The unit step of {@code a − b}, by comparison ({@link Elementwise#step(double, double)}): 1
   * where {@code a > b}, 0 where {@code a < b}, ½ where equal, NaN where unordered; f64,
   * piecewise constant, so its derivative is zero. {@link Max} and {@link Min} weigh their
   * operands' tangents by it; {@code step(x, zerosLike(x))} is the Heaviside step.
   */
  @Primitive(elementwise = true)
  interface Step {
    static TensorType type(TensorType a, TensorType b) {
      return TypeRules.expect(TypeRules.same(a, b), DType.F64);
    }

    static Tensor eval(Tensor a, Tensor b) {
      return Elementwise.step(a, b);
    }

    static double element(double a, double b) {
      return Elementwise.step(a, b);
    }

    static Tangent jvp(Tangent da, Tangent db) {
      return Tangent.zero();
    }
  }

  /**
   * {@code max(a, b)} elementwise, f64, NaN where either is NaN ({@link Math#max}); {@code d max =
   * step(a, b)·da + step(b, a)·db}: the larger operand's tangent, half of each at a tie (JAX's
   * {@code maximum}). {@code max(x, zerosLike(x))} is ReLU.
   */
  @Primitive(elementwise = true)
  interface Max {
    static TensorType type(TensorType a, TensorType b) {
      return TypeRules.expect(TypeRules.same(a, b), DType.F64);
    }

    static Tensor eval(Tensor a, Tensor b) {
      return Elementwise.max(a, b);
    }

    static double element(double a, double b) {
      return Math.max(a, b);
    }

    static Tangent jvp(TensorEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(DType.F64, e.step(a, b), da), e.mul(DType.F64, e.step(b, a), db));
    }
  }

  /**
   * {@code min(a, b)} elementwise, f64, NaN where either is NaN ({@link Math#min}); {@code d min =
   * step(b, a)·da + step(a, b)·db}: the smaller operand's tangent, half of each at a tie.
   */
  @Primitive(elementwise = true)
  interface Min {
    static TensorType type(TensorType a, TensorType b) {
      return TypeRules.expect(TypeRules.same(a, b), DType.F64);
    }

    static Tensor eval(Tensor a, Tensor b) {
      return Elementwise.min(a, b);
    }

    static double element(double a, double b) {
      return Math.min(a, b);
    }

    static Tangent jvp(TensorEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(DType.F64, e.step(b, a), da), e.mul(DType.F64, e.step(a, b), db));
    }
  }

  // ------------------------------------------------------------------------------------------
  // Branching on data, f64 only: comparisons give masks of 1 and 0, and Select picks by one. The
  // masks are piecewise constant, so their derivative is zero; Select's is the chosen operand's.

  /**
   * 1 where {@code a > b}, else 0 (also where unordered: the comparison is false), f64; piecewise
   * constant, so its derivative is zero. A predicate for {@link Select}: {@code
   * x.greater(y).select(x, y)} is {@code max}.
   */
  @Primitive(elementwise = true)
  interface Greater {
    static TensorType type(TensorType a, TensorType b) {
      return TypeRules.expect(TypeRules.same(a, b), DType.F64);
    }

    static Tensor eval(Tensor a, Tensor b) {
      return Elementwise.greater(a, b);
    }

    static double element(double a, double b) {
      return a > b ? 1 : 0;
    }

    static Tangent jvp(Tangent da, Tangent db) {
      return Tangent.zero();
    }
  }

  /**
   * {@code a} where {@code p > 0}, else {@code b} (a NaN {@code p} picks {@code b}), elementwise,
   * f64: JAX's {@code select}, whose predicate is a tensor of numbers such as the mask {@link
   * Greater} gives. Its derivative is the chosen operand's, {@code mask(p)·da + mask'(p)·db} with
   * masks of 1 and 0 ({@link Mask}): exact for finite tangents; an infinite or NaN tangent of the
   * operand not chosen still makes it NaN (0·∞), as in JAX, where the branch not taken is
   * differentiated too.
   */
  @Primitive(elementwise = true)
  interface Select {
    static TensorType type(TensorType p, TensorType a, TensorType b) {
      return TypeRules.expect(TypeRules.same(TypeRules.same(p, a), b), DType.F64);
    }

    static Tensor eval(Tensor p, Tensor a, Tensor b) {
      return Elementwise.select(p, a, b);
    }

    static double element(double p, double a, double b) {
      return p > 0 ? a : b;
    }

    static Tangent jvp(TensorEmit e, Primal p, Tangent dp, Tangent da, Tangent db) {
      return e.add(
          e.mul(DType.F64, e.mask(true, p), da), e.mul(DType.F64, e.mask(false, p), db));
    }
  }

  /**
   * The mask {@link Select} weighs its operands' tangents by, f64: where {@code positive()}, 1
   * where {@code p > 0}, else 0; otherwise the complement, 1 where {@code p > 0} is false (NaN
   * included). Piecewise constant, so its derivative is zero.
   */
  @Primitive(elementwise = true)
  interface Mask {
    boolean positive();

    static TensorType type(TensorType p) {
      return TypeRules.expect(p, DType.F64);
    }

    default Tensor eval(Tensor p) {
      return Elementwise.mask(p, positive());
    }

    default double element(double p) {
      return (p > 0) == positive() ? 1 : 0;
    }

    static Tangent jvp(Tangent dp) {
      return Tangent.zero();
    }
  }

  // ------------------------------------------------------------------------------------------
  // Functions accurate near zero, f64 only, and stop_gradient

  /**
   * {@code ln(1 + x)}, f64, accurate where {@code x} is small ({@link Math#log1p}); {@code d = dx
   * / (1 + x)}, with the factor computed by {@link Recip1p}.
   */
  @Primitive(elementwise = true)
  interface Log1p {
    static TensorType type(TensorType x) {
      return TypeRules.expect(x, DType.F64);
    }

    static Tensor eval(Tensor x) {
      return Elementwise.log1p(x);
    }

    static double element(double x) {
      return Math.log1p(x);
    }

    static Tangent jvp(TensorEmit e, Primal x, Tangent dx) {
      return e.mul(DType.F64, e.recip1p(x), dx);
    }
  }

  /** {@code 1 / (1 + x)}, f64, the derivative of {@link Log1p}; {@code dy = −y²·dx}. */
  @Primitive(elementwise = true)
  interface Recip1p {
    static TensorType type(TensorType x) {
      return TypeRules.expect(x, DType.F64);
    }

    static Tensor eval(Tensor x) {
      return Elementwise.recip1p(x);
    }

    static double element(double x) {
      return 1 / (1 + x);
    }

    static Tangent jvp(TensorEmit e, Output y, Tangent dx) {
      return e.neg(e.mul(DType.F64, e.mul(DType.F64, y, y), dx));
    }
  }

  /**
   * {@code eˣ − 1}, f64, accurate where {@code x} is small ({@link Math#expm1}); {@code d =
   * eˣ·dx}.
   */
  @Primitive(elementwise = true)
  interface Expm1 {
    static TensorType type(TensorType x) {
      return TypeRules.expect(x, DType.F64);
    }

    static Tensor eval(Tensor x) {
      return Elementwise.expm1(x);
    }

    static double element(double x) {
      return Math.expm1(x);
    }

    static Tangent jvp(TensorEmit e, Primal x, Tangent dx) {
      return e.mul(DType.F64, e.exp(DType.F64, x), dx);
    }
  }

  /**
   * {@code x^p} for a real exponent {@code p} fixed when the function is traced, f64, as {@link
   * Math#pow} (JAX's {@code x ** p} for a Python number {@code p}): NaN for a negative {@code x}
   * and a non-integer {@code p}, {@code 0^p} ∞ for {@code p < 0}. {@code d = p·x^(p−1)·dx}, a
   * {@code Pow} of its own, so every order is one; for {@code p = 0} (the constant 1) the
   * derivative is zero everywhere, at {@code x = 0} too, where {@code 0·0^(−1)} would be NaN, as
   * JAX's rule has it; for {@code p = 1}, {@code dx}.
   */
  @Primitive(elementwise = true)
  interface Pow {
    double exponent();

    static TensorType type(TensorType x) {
      return TypeRules.expect(x, DType.F64);
    }

    default Tensor eval(Tensor x) {
      return Elementwise.pow(x, exponent());
    }

    default double element(double x) {
      return Math.pow(x, exponent());
    }

    default Tangent jvp(TensorEmit e, Primal x, Tangent dx) {
      double p = exponent();
      if (p == 0) {
        return Tangent.zero();
      }
      if (p == 1) {
        return dx;
      }
      return e.mul(DType.F64, e.scale(p, e.pow(p - 1, x)), dx);
    }
  }

  /**
   * {@code x} itself, of any dtype, through which no derivative flows (JAX's {@code
   * stop_gradient}): every derivative of it, of every order, is zero, so a value computed from data
   * can enter a differentiated function as a constant (a target, a running statistic, a detached
   * estimate).
   *
   * <p>In the eager runtime it differs from {@code detach()}, which makes a value that requires no
   * gradient (a backward from it is an error): a stopped value stays on the tape, so a backward
   * through it runs and adds nothing behind it. The gradient checker compares derivatives with
   * the function's differences, so a function using it fails there by design, naming {@code
   * StopGradient}: check its parts without it.
   */
  @Primitive(elementwise = true)
  interface StopGradient {
    static TensorType type(TensorType x) {
      return x;
    }

    static Tensor eval(Tensor x) {
      return x;
    }

    static double element(double x) {
      return x;
    }

    static double elementRe(double re, double im) {
      return re;
    }

    static double elementIm(double re, double im) {
      return im;
    }

    static Tangent jvp(Tangent dx) {
      return Tangent.zero();
    }
  }

  // ------------------------------------------------------------------------------------------
  // A reduction that chooses, f64 only

  /**
   * The largest element over {@code axes} (strictly increasing, once normalized), which are
   * dropped, f64: XLA's {@code reduce_max}, compared as {@link Max} compares (NaN wins, +0 above
   * −0; −∞ over empty axes). Its derivative is the tangent at the maximum's place, shared equally
   * by a tie (JAX's chooser rule, and {@link Max}'s half to each of two): the places are those the
   * maximum equals ({@link Step} of ½ there, 0 below), each weighted by one over their count,
   * so the tangent is {@code reduceSum(weight·dx)}, linear in {@code dx} with a fixed weight.
   * Where the maximum is NaN every step is NaN, and so is the derivative, as in JAX.
   */
  @Primitive
  interface ReduceMax {
    int[] axes();

    int[] operandShape();

    static int[] operandShape(TensorType x) {
      return x.dims();
    }

    /** The axes counted from the start and sorted, as {@link ReduceSum#axes(TensorType, int[])}. */
    static int[] axes(TensorType x, int[] axes) {
      return ReduceSum.axes(x, axes);
    }

    static TensorType type(TensorType x, int[] axes) {
      return TypeRules.reduceSum(TypeRules.expect(x, DType.F64), axes);
    }

    static boolean isIdentity(TensorType x, int[] axes) {
      return axes.length == 0;
    }

    default Tensor eval(Tensor x) {
      ShapeMath.expectShape("ReduceMax", "operand", operandShape(), x);
      return Reductions.reduceMax(x, axes());
    }

    default Tangent jvp(TensorEmit e, Primal x, Output y, Tangent dx) {
      int[] shape = operandShape();
      int[] kept = ShapeMath.remaining(shape.length, axes());
      int[] keptShape = ShapeMath.take(shape, kept);
      Primal max = e.broadcastInDim(shape, kept, keptShape, y);
      // ½ at the maximum's places, 0 below it (NaN where unordered): over the places' sum, the
      // weight of each is one over their count
      Primal at = e.step(x, max);
      Primal count = e.reduceSum(axes(), shape, at);
      Primal weight = e.div(DType.F64, at, e.broadcastInDim(shape, kept, keptShape, count));
      return e.reduceSum(axes(), shape, e.mul(DType.F64, weight, dx));
    }
  }

  // ------------------------------------------------------------------------------------------
  // The imaginary part, and its adjoint

  /**
   * The imaginary part of a c128 tensor, as f64, as JAX's {@code jnp.imag}: real-linear; its
   * adjoint embeds a real cotangent as {@code i·ct} ({@code ⟨ct, Im z⟩ = Re Σ conj(i·ct)·z},
   * {@link ToImaginary}). An f64 value has none: its type rule refuses one (use {@code
   * zerosLike()}).
   */
  @Primitive(multilinear = true, elementwise = true)
  interface Imag {
    static Tensor eval(Tensor x) {
      ShapeMath.expectDtype("Imag", DType.C128, x);
      return Elementwise.imag(x);
    }

    /** The result is f64: a fusion backend reads this part alone. */
    static double elementRe(double re, double im) {
      return im;
    }

    /** The imaginary part of a real result, which a fusion backend does not read. */
    static double elementIm(double re, double im) {
      return 0.0;
    }

    static TensorType type(TensorType x) {
      return TypeRules.expect(x, DType.C128).withDtype(DType.F64);
    }

    static Tangent jvp(TensorEmit e, Tangent dx) {
      return e.imag(dx);
    }

    static Cotangents transpose(TensorEmit e, Tangent ct) {
      return Cotangents.of(e.toImaginary(ct));
    }
  }

  /**
   * An f64 tensor as the imaginary part of a c128 one, {@code 0 + x·i}; its adjoint is {@link
   * Imag}.
   */
  @Primitive(multilinear = true, elementwise = true)
  interface ToImaginary {
    static Tensor eval(Tensor x) {
      ShapeMath.expectDtype("ToImaginary", DType.F64, x);
      return Elementwise.complex(Tensor.zeros(DType.F64, x.shape()), x);
    }

    /** The f64 operand arrives as {@code (x, 0.0)}. */
    static double elementRe(double re, double im) {
      return 0.0;
    }

    static double elementIm(double re, double im) {
      return re;
    }

    static TensorType type(TensorType x) {
      return TypeRules.expect(x, DType.F64).withDtype(DType.C128);
    }

    static Tangent jvp(TensorEmit e, Tangent dx) {
      return e.toImaginary(dx);
    }

    static Cotangents transpose(TensorEmit e, Tangent ct) {
      return Cotangents.of(e.imag(ct));
    }
  }

  // ------------------------------------------------------------------------------------------
  // Composites: methods of the generated TensorBuilder (first parameter a TensorBuilder) and
  // TensorValue (first parameter a TensorValue), written with the primitives' fluent methods

  /**
   * Declares the input {@code name} (keyed {@link InputKey#user(String) InputKey.user(name)}) of
   * the given dtype and dimensions; no dimensions for a scalar: {@code b.input("x", DType.F64, 3)}.
   *
   * @throws IllegalArgumentException if a dimension is negative
   * @throws io.github.tidu4j.graph.GraphException if the graph already declares {@code name}
   */
  static TensorValue input(TensorBuilder b, String name, DType dtype, int... dims) {
    try {
      return input(b, name, new TensorType(dtype, TypeRules.shapeOf(dims)));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("input " + name + ": " + e.getMessage(), e);
    }
  }

  /** Declares the input {@code name} (keyed {@code InputKey.user(name)}) of type {@code type}. */
  static TensorValue input(TensorBuilder b, String name, TensorType type) {
    return b.input(InputKey.user(name), type);
  }

  /**
   * A constant: an input keyed by a fresh {@link InputKey.Constant} that carries {@code value}
   * ({@link InputKey.Constant#value()}, a {@code ConstantInput}). It is an input of every program
   * compiled from the graph like any other: positional evaluation ({@code evaluate(Tensor...)},
   * in {@code inputKeys()} order) must pass it, while evaluation by key binds it to its own value
   * where the bindings leave it out, and a binding for its key overrides that value. This is how a
   * traced function's closed-over tensors enter its graph; they are never differentiated: {@code
   * x.mul(b.constant(Tensor.vector(2, 3)))}.
   */
  static TensorValue constant(TensorBuilder b, Tensor value) {
    return b.input(InputKey.constant(value), TensorType.of(value));
  }

  /**
   * The constants of the graph {@code b} builds, by key, in creation order: what its constant
   * inputs are bound to (evaluation binds each to its key's value where the bindings leave it out,
   * {@code ConstantInput}).
   */
  static Map<InputKey.Constant, Tensor> constants(TensorBuilder b) {
    Map<InputKey.Constant, Tensor> constants = new LinkedHashMap<>();
    GraphBuilder<TensorOp> graph = b.graph();
    for (int id = 0; id < graph.valueCount(); id++) {
      if (graph.valueKey(id) instanceof ValueKey.Input input
          && input.key() instanceof InputKey.Constant constant) {
        constants.put(constant, constant.value());
      }
    }
    return constants;
  }

  /**
   * A constant of {@code type} with every element {@code value} (real part, for c128): a rank-0
   * constant broadcast to the type's shape ({@link BroadcastInDim}), as JAX broadcasts a Python
   * number, so that a compiled function holds one number per literal rather than a tensor the size
   * of its operand (fused loops read the broadcast number in place).
   */
  static TensorValue constant(TensorBuilder b, TensorType type, double value) {
    Tensor number =
        type.dtype() == DType.C128 ? Tensor.complexScalar(value, 0) : Tensor.scalar(value);
    TensorValue scalar = constant(b, number);
    return type.rank() == 0 ? scalar : scalar.broadcastInDim(type.dims());
  }

  /**
   * Einstein summation over graph values, lowered by the einsum planner to {@code ReduceSum},
   * {@code Reshape}, {@code DotGeneral} and {@code TransposeAxes} nodes (greedy contraction
   * order); differentiable like any other graph. Never conjugates: {@code b.einsum("ij,jk->ik",
   * a, m)}.
   *
   * @throws IllegalArgumentException if the specification is malformed or does not fit the
   *     operands' shapes, or the operands' dtypes differ
   */
  static TensorValue einsum(TensorBuilder b, String spec, TensorValue... operands) {
    return einsum(b, spec, ContractionOrder.GREEDY, operands);
  }

  /** {@code einsum(spec, operands)} with a given contraction order. */
  static TensorValue einsum(
      TensorBuilder b, String spec, ContractionOrder order, TensorValue... operands) {
    return Einsum.evaluate(
        EinsumSpec.parse(spec), order, new GraphEinsumBackend(), Arrays.asList(operands));
  }

  /**
   * {@code a − b}, as {@code a + (−b)}; same dtype and shape. The operands are checked first, by
   * {@code Add}'s type rule, so that a mismatch names {@code sub} and {@code b}, not {@code Add}
   * and {@code Neg(b)}.
   */
  static TensorValue sub(TensorValue a, TensorValue b) {
    TensorType[] types = a.builder().typesOf("sub", a, b);
    try {
      Add.type(types[0], types[1]);
    } catch (IllegalArgumentException problem) {
      throw a.builder().rejected("sub", problem, a, b);
    }
    return a.add(b.neg());
  }

  /** {@code x + c} for a constant tensor {@code c} of the same type. */
  static TensorValue add(TensorValue x, Tensor c) {
    return x.add(TypeRules.constantLike("Add", x, c));
  }

  /** {@code x − c} for a constant tensor {@code c} of the same type. */
  static TensorValue sub(TensorValue x, Tensor c) {
    return x.sub(TypeRules.constantLike("sub", x, c));
  }

  /** {@code x · c} elementwise, for a constant tensor {@code c} of the same type. */
  static TensorValue mul(TensorValue x, Tensor c) {
    return x.mul(TypeRules.constantLike("Mul", x, c));
  }

  /** {@code x / c} elementwise, for a constant tensor {@code c} of the same type. */
  static TensorValue div(TensorValue x, Tensor c) {
    return x.div(TypeRules.constantLike("Div", x, c));
  }

  /** {@code x + c} for a real number {@code c}, added to every element. */
  static TensorValue add(TensorValue x, double c) {
    return x.add(x.builder().constant(x.type(), c));
  }

  /** {@code x · c} for a real number {@code c}, every element scaled: {@link Scale}. */
  static TensorValue mul(TensorValue x, double c) {
    return x.scale(c);
  }

  /** {@code x − c} for a real number {@code c}, subtracted from every element. */
  static TensorValue sub(TensorValue x, double c) {
    return x.sub(x.builder().constant(x.type(), c));
  }

  /**
   * {@code x / c} for a real number {@code c}, every element divided by it (a division, not a
   * product with {@code 1 / c}, whose last bits may differ).
   */
  static TensorValue div(TensorValue x, double c) {
    return x.div(x.builder().constant(x.type(), c));
  }

  /** {@code x · x} elementwise, as JAX's {@code jnp.square}. */
  static TensorValue square(TensorValue x) {
    return x.mul(x);
  }

  /**
   * The mean of every element, as JAX's {@code jnp.mean(x)}: the sum divided by the number of
   * elements, a rank-0 value (NaN for an empty {@code x}, as in JAX).
   */
  static TensorValue mean(TensorValue x) {
    TensorValue sum = x.sum();
    return sum.div(sum.builder().constant(sum.type(), x.type().shape().size()));
  }

  /**
   * The mean over {@code axes} (in any order, negative ones counted from the end), which are
   * dropped, as JAX's {@code jnp.mean(x, axis)}: the sum over them divided by the number of
   * elements each sum takes (NaN where that is 0, as in JAX); an
   * empty {@code axes} array gives {@code x}, and {@code x.mean()} with no argument is the mean of
   * every element.
   *
   * <pre>{@code
   * TensorValue rowMeans = scores.mean(1);   // f64[4]: the mean of each row
   * }</pre>
   */
  static TensorValue mean(TensorValue x, int... axes) {
    TensorType type = x.builder().typesOf("mean", x)[0];
    int[] normalized;
    try {
      normalized = ReduceSum.axes(type, axes);
      TypeRules.reduceSum(type, normalized);
    } catch (IllegalArgumentException problem) {
      throw x.builder().rejected("mean", problem, x);
    }
    if (normalized.length == 0) {
      return x;
    }
    long count = 1;
    for (int axis : normalized) {
      count *= type.dims()[axis];
    }
    TensorValue sum = x.reduceSum(axes);
    return sum.div(sum.builder().constant(sum.type(), count));
  }

  /**
   * The smallest element over {@code axes}, which are dropped, as JAX's {@code jnp.min(x, axis)},
   * f64: {@code −max(−x)}, so its derivative is {@link ReduceMax}'s (shared evenly between tied
   * minima); an empty {@code axes} array gives {@code x}, and an empty axis +∞.
   */
  static TensorValue reduceMin(TensorValue x, int... axes) {
    expectReducible("reduceMin", x, axes);
    return x.neg().reduceMax(axes).neg();
  }

  /** The smallest element of {@code x}, over every axis, as JAX's {@code jnp.min(x)}: rank 0. */
  static TensorValue reduceMin(TensorValue x) {
    return reduceMin(x, ShapeMath.range(0, x.type().rank()));
  }

  /**
   * {@code log σ(x) = −softplus(−x)} elementwise, f64, as JAX's {@code log_sigmoid}: finite where
   * {@code σ(x)} underflows ({@code ≈ x} for {@code x ≪ 0}), where {@code log(sigmoid(x))} gives
   * −∞.
   */
  static TensorValue logSigmoid(TensorValue x) {
    expectF64("logSigmoid", x);
    return x.neg().softplus().neg();
  }

  /**
   * {@code log(exp(a) + exp(b))} elementwise, f64, as JAX's {@code logaddexp}, without overflow or
   * cancellation: where both operands are finite, {@code m + log1p(expm1(hi − m) + exp(lo − m))}
   * for the larger one {@code hi} (its value {@code m} held fixed for the derivative) and the other
   * {@code lo}: {@code m + log1p(exp(lo − hi))} in value, exact to the last bits where the result
   * is near 0, and in every derivative (the second at a tie too) that of the plain formula: the
   * operands' softmax weights, {@code ½} each where they are equal. An infinite operand, as
   * log-space code keeps for an impossible event, gives the limit: the larger operand, whose
   * derivative is 1 and the other's 0, or for two equal infinities their mean, {@code ½} each
   * ({@code logaddexp(−∞, −∞)} is −∞ with finite derivatives, where the plain formula's are NaN).
   * A NaN operand gives NaN, and NaN derivatives.
   */
  static TensorValue logaddexp(TensorValue a, TensorValue b) {
    TensorType[] types = a.builder().typesOf("logaddexp", a, b);
    try {
      TypeRules.expect(TypeRules.same(types[0], types[1]), DType.F64);
    } catch (IllegalArgumentException problem) {
      throw a.builder().rejected("logaddexp", problem, a, b);
    }
    // each branch reads operands it cannot make a NaN derivative of where it is not taken: the
    // smooth one 0 in place of an operand that is not finite, the limit one derivatives of 1 or
    // ½, the NaN one 0 where no operand is NaN
    TensorValue aAbove = a.greater(b);
    TensorValue finite = finite(a).mul(finite(b));
    TensorValue fa = finite.select(a, a.zerosLike());
    TensorValue fb = finite.select(b, b.zerosLike());
    TensorValue hi = aAbove.select(fa, fb);
    TensorValue lo = aAbove.select(fb, fa);
    TensorValue m = hi.stopGradient();
    TensorValue smooth = hi.sub(m).expm1().add(lo.sub(m).exp()).log1p().add(m);
    TensorValue mean = a.mul(0.5).add(b.mul(0.5));
    TensorValue limit = aAbove.select(a, b.greater(a).select(b, mean));
    TensorValue numbers = notNaN(a).mul(notNaN(b));
    TensorValue sum = numbers.select(a.zerosLike(), a.add(b));
    return numbers.select(finite.select(smooth, limit), sum.mul(sum));
  }

  /** 1 where {@code x} is a number (±∞ included), 0 where it is NaN, elementwise, f64. */
  private static TensorValue notNaN(TensorValue x) {
    return x.less(Double.POSITIVE_INFINITY).add(x.greater(Double.NEGATIVE_INFINITY)).greater(0.0);
  }

  /** 1 where {@code x} is finite, 0 where it is infinite or NaN, elementwise, f64. */
  private static TensorValue finite(TensorValue x) {
    return x.abs().less(Double.POSITIVE_INFINITY);
  }

  /**
   * The matrix product with a constant tensor {@code m}, as {@link #matmul(TensorValue,
   * TensorValue)} with {@code m} a constant of the function (closed over, not differentiated).
   */
  static TensorValue matmul(TensorValue a, Tensor m) {
    return a.matmul(a.builder().constant(m));
  }

  /**
   * {@code max(x, 0)} elementwise, f64: ReLU, whose derivative is {@code step(x, 0)}: 0 below 0,
   * 1 above, ½ at 0 ({@link Max}'s tie).
   */
  static TensorValue relu(TensorValue x) {
    return x.max(x.zerosLike());
  }

  /** {@code max(x, c)} elementwise, f64, for a real number {@code c}. */
  static TensorValue max(TensorValue x, double c) {
    return x.max(x.builder().constant(x.type(), c));
  }

  /** {@code min(x, c)} elementwise, f64, for a real number {@code c}. */
  static TensorValue min(TensorValue x, double c) {
    return x.min(x.builder().constant(x.type(), c));
  }

  /** 1 where {@code a < b}, else 0, elementwise, f64: {@code b.greater(a)}. */
  static TensorValue less(TensorValue a, TensorValue b) {
    return b.greater(a);
  }

  /** 1 where {@code x > c} for a real number {@code c}, else 0, elementwise, f64. */
  static TensorValue greater(TensorValue x, double c) {
    return x.greater(x.builder().constant(x.type(), c));
  }

  /** 1 where {@code x < c} for a real number {@code c}, else 0, elementwise, f64. */
  static TensorValue less(TensorValue x, double c) {
    return x.builder().constant(x.type(), c).greater(x);
  }

  /** {@code min(max(x, lo), hi)} elementwise, f64: {@code x} held within {@code [lo, hi]}. */
  static TensorValue clamp(TensorValue x, double lo, double hi) {
    if (!(lo <= hi)) {
      throw new IllegalArgumentException("clamp: lo " + lo + " is not at most hi " + hi);
    }
    return x.max(lo).min(hi);
  }

  /** Sums every element: a rank-0 value. */
  static TensorValue sum(TensorValue x) {
    return x.reduceSum(ShapeMath.range(0, x.type().rank()));
  }

  /**
   * Sums every element, as {@link #sum} does and as JAX's {@code jnp.sum(x)} (no axis given)
   * does: a rank-0 value. The call with no argument is this method; the primitive's {@code
   * x.reduceSum(axes)} sums over the axes given, so an empty array ({@code new int[0]}, from code
   * that computes the axes) sums over none and returns {@code x}, as {@code jnp.sum(x, axis=())}
   * does.
   */
  static TensorValue reduceSum(TensorValue x) {
    return sum(x);
  }

  /**
   * The largest element of {@code x}, over every axis, as JAX's {@code jnp.max(x)}: a rank-0
   * value ({@link ReduceMax}; {@code x.reduceMax(axes)} takes the axes, and an empty array none).
   */
  static TensorValue reduceMax(TensorValue x) {
    return x.reduceMax(ShapeMath.range(0, x.type().rank()));
  }

  /**
   * {@code log Σ exp(x)} over every axis, as JAX's {@code logsumexp(x)}, without overflow: the sum
   * is taken of {@code exp(x − m)} for the maximum {@code m} and {@code m} added back, with no
   * derivative through {@code m} (the result does not depend on it). A rank-0 value.
   */
  static TensorValue logsumexp(TensorValue x) {
    return logsumexp(x, ShapeMath.range(0, x.type().rank()));
  }

  /**
   * {@code log Σ exp(x)} over {@code axes}, which are dropped, as JAX's {@code logsumexp(x, axis)},
   * without overflow: {@code m + log Σ exp(x − m)} with {@code m} the maximum over the axes where
   * it is finite and 0 elsewhere (so all −∞ gives −∞, as the plain formula), held fixed for the
   * derivative, which is {@code softmax}'s. An empty {@code axes} array gives {@code x}.
   *
   * <pre>{@code
   * TensorValue scores = b.input("scores", DType.F64, 4, 10);
   * TensorValue lse = scores.logsumexp(1);   // f64[4]: log Σ_j exp(scores[i, j])
   * }</pre>
   */
  static TensorValue logsumexp(TensorValue x, int... axes) {
    expectReducible("logsumexp", x, axes);
    return checkedLogsumexp(x, axes);
  }

  /**
   * {@code exp(x) / Σ exp(x)} along {@code axis}, as JAX's {@code softmax(x, axis)}, without
   * overflow (the maximum along the axis subtracted first, with no derivative through it): each
   * slice along {@code axis} is positive and sums to 1.
   *
   * <pre>{@code
   * TensorValue p = scores.softmax(1);   // each row of p sums to 1
   * }</pre>
   */
  static TensorValue softmax(TensorValue x, int axis) {
    int[] axes = {axis};
    expectReducible("softmax", x, axes);
    TensorValue e = x.sub(broadcastBack(shift(x, axes), x, axes)).exp();
    return e.div(broadcastBack(e.reduceSum(axes), x, axes));
  }

  /**
   * {@code x − logsumexp(x)} along {@code axis}, as JAX's {@code log_softmax(x, axis)}: the log of
   * {@code softmax}, accurate where the softmax underflows.
   */
  static TensorValue logSoftmax(TensorValue x, int axis) {
    int[] axes = {axis};
    expectReducible("logSoftmax", x, axes);
    return x.sub(broadcastBack(checkedLogsumexp(x, axes), x, axes));
  }

  /**
   * {@code log(1 + exp(x))} elementwise, f64, as JAX's {@code softplus}, without overflow or
   * cancellation: {@code x + log1p(exp(−x))} where {@code x > 0}, else {@code log1p(exp(x))}, each
   * branch smooth and given an operand it cannot overflow on, so every derivative is finite and
   * right, at 0 too (½, ¼, 0, …: the logistic sigmoid and its derivatives).
   */
  static TensorValue softplus(TensorValue x) {
    expectF64("softplus", x);
    TensorValue positive = x.greater(0.0);
    TensorValue zero = x.zerosLike();
    // each branch reads x only where it is taken, 0 elsewhere: the branch not taken is
    // differentiated too, and exp(1000) there would make its derivative NaN
    TensorValue above = positive.select(x, zero);
    TensorValue below = positive.select(zero, x);
    return positive.select(above.add(above.neg().exp().log1p()), below.exp().log1p());
  }

  /**
   * The logistic sigmoid {@code 1 / (1 + exp(−x))} elementwise, f64, as JAX's {@code sigmoid}:
   * computed as {@code exp(−softplus(−x))}, so neither it nor its derivative {@code σ(x)·σ(−x)}
   * overflows (a NaN from ∞/∞ where {@code 1 / (1 + exp(−x))} is differentiated directly at
   * {@code x = −1000}).
   */
  static TensorValue sigmoid(TensorValue x) {
    expectF64("sigmoid", x);
    return x.neg().softplus().neg().exp();
  }

  /** {@code x}, checked to be f64 for the composite {@code name}, whose error names it if not. */
  private static void expectF64(String name, TensorValue x) {
    TensorType type = x.builder().typesOf(name, x)[0];
    try {
      TypeRules.expect(type, DType.F64);
    } catch (IllegalArgumentException problem) {
      throw x.builder().rejected(name, problem, x);
    }
  }

  /**
   * {@code x} and {@code axes}, checked to be an f64 value and axes it can be reduced over for the
   * composite {@code name}, whose error names it if not (rather than the reduction inside it).
   */
  private static void expectReducible(String name, TensorValue x, int[] axes) {
    TensorType type = x.builder().typesOf(name, x)[0];
    try {
      TypeRules.reduceSum(TypeRules.expect(type, DType.F64), ReduceSum.axes(type, axes));
    } catch (IllegalArgumentException problem) {
      throw x.builder().rejected(name, problem, x);
    }
  }

  /** {@link #logsumexp(TensorValue, int...)} of an {@code x} and {@code axes} already checked. */
  private static TensorValue checkedLogsumexp(TensorValue x, int[] axes) {
    TensorValue shift = shift(x, axes);
    return x.sub(broadcastBack(shift, x, axes)).exp().reduceSum(axes).log().add(shift);
  }

  /**
   * The shift of an overflow-safe log-sum over {@code axes}: the maximum where it is finite, else
   * 0, with no derivative through it (the result does not depend on it).
   */
  private static TensorValue shift(TensorValue x, int[] axes) {
    return finiteOrZero(x.reduceMax(axes)).stopGradient();
  }

  /** {@code m} where it is finite, else 0: the shift of an overflow-safe log-sum. */
  private static TensorValue finiteOrZero(TensorValue m) {
    return finite(m).select(m, m.zerosLike());
  }

  /**
   * {@code r}, the result of a reduction of {@code x} over {@code axes}, broadcast back to {@code
   * x}'s shape along the kept axes.
   */
  private static TensorValue broadcastBack(TensorValue r, TensorValue x, int[] axes) {
    int[] dims = x.type().dims();
    int[] normalized = ReduceSum.axes(x.type(), axes);
    return r.broadcastInDim(dims, ShapeMath.remaining(dims.length, normalized));
  }

  /**
   * Permutes the axes: axis {@code k} of the result is axis {@code perm[k]} of {@code x}, a
   * negative one counted from the end ({@code x.transpose(-1, 0)} swaps the axes of a matrix).
   * With no {@code perm}, reverses the axes, as NumPy's {@code x.transpose()} and JAX's {@code
   * x.T}: {@code [rank − 1, …, 0]}, so an f64[2, 3, 4] value becomes f64[4, 3, 2], and a value of
   * rank 0 or 1 is returned as it is.
   */
  static TensorValue transpose(TensorValue x, int... perm) {
    if (perm.length == 0) {
      int rank = x.type().rank();
      int[] reversed = new int[rank];
      for (int k = 0; k < rank; k++) {
        reversed[k] = rank - 1 - k;
      }
      return x.transposeAxes(reversed);
    }
    return x.transposeAxes(perm);
  }

  /**
   * {@code x} broadcast to {@code shape}, as NumPy's {@code np.broadcast_to} and JAX's {@code
   * jnp.broadcast_to}: the axes of {@code x} align with the last axes of {@code shape}, and each
   * has the length of the axis it aligns with or length 1, which is repeated along it; the leading
   * axes of {@code shape} are new. One {@link BroadcastInDim} node, whose transpose sums the
   * repeated elements back, so a gradient through it is the sum over the broadcast axes. A
   * {@code shape} equal to {@code x}'s returns {@code x} itself, adding no node.
   *
   * <pre>{@code
   * TensorValue h = b.input("h", DType.F64, 3, 4);
   * TensorValue bias = b.input("bias", DType.F64, 4);
   * TensorValue s = b.input("s", DType.F64);
   * TensorValue y = h.add(bias.broadcastTo(3, 4));        // bias added to every row
   * TensorValue z = h.mul(s.broadcastTo(h.type().dims())); // every element scaled by s
   * }</pre>
   *
   * <p>There is no implicit broadcasting: {@code h.add(bias)} is refused, and this is the
   * explicit step NumPy takes for it.
   *
   * @throws IllegalArgumentException naming both shapes if {@code shape} has a negative
   *     dimension or fewer axes than {@code x}, or an axis of {@code x} has a length that is
   *     neither 1 nor that of the axis of {@code shape} it aligns with
   */
  static TensorValue broadcastTo(TensorValue x, int... shape) {
    TensorType type = x.type();
    int[] dims = type.dims();
    String refused =
        "broadcastTo: " + type + " cannot be broadcast to " + Arrays.toString(shape) + ": ";
    for (int d : shape) {
      if (d < 0) {
        throw new IllegalArgumentException(refused + "a dimension is negative");
      }
    }
    if (shape.length < dims.length) {
      throw new IllegalArgumentException(
          refused + "the target has rank " + shape.length + ", lower than the operand's "
              + dims.length);
    }
    // operand axis i aligns with target axis i + offset: the operand's axes are the target's last
    int offset = shape.length - dims.length;
    for (int i = 0; i < dims.length; i++) {
      int length = shape[i + offset];
      if (dims[i] != 1 && dims[i] != length) {
        throw new IllegalArgumentException(
            refused + "axis " + i + " of length " + dims[i] + " aligns with axis " + (i + offset)
                + " of length " + length + " (an axis broadcasts if its length is 1 or the"
                + " target's)");
      }
    }
    return x.broadcastInDim(shape, ShapeMath.range(offset, shape.length));
  }

  /**
   * {@code x} broadcast to the shape of {@code other}: {@code x.broadcastTo(other.type().dims())},
   * as in {@code h.add(bias.broadcastLike(h))}. Only the shape of {@code other} is read; its dtype
   * may differ.
   *
   * @throws IllegalArgumentException as {@link #broadcastTo(TensorValue, int...)}
   */
  static TensorValue broadcastLike(TensorValue x, TensorValue other) {
    return broadcastTo(x, other.type().dims());
  }

  /** {@code DotGeneral} without batch axes. */
  static TensorValue dotGeneral(
      TensorValue lhs, TensorValue rhs, int[] lhsContracting, int[] rhsContracting) {
    return lhs.dotGeneral(rhs, lhsContracting, rhsContracting, new int[0], new int[0]);
  }

  /**
   * The matrix product, as NumPy's {@code a @ b}, by one {@link DotGeneral}: the last axis of
   * {@code a} contracts with the last axis of a vector {@code b}, else with its second to last.
   * A vector times a vector is a rank-0 value, a matrix times a vector a vector, a vector times a
   * matrix a vector, a matrix times a matrix a matrix; operands of rank 3 or more are stacks of
   * matrices, whose leading (batch) axes broadcast as NumPy's do (aligned from the right, each
   * pair equal or one of them 1), and the result is {@code [batch…, m, n]} (without {@code m} or
   * {@code n} for a vector operand). A stack times a single matrix or vector, or a single one
   * times a stack, multiplies every matrix of the stack and copies nothing; stacks whose batch
   * axes differ are broadcast to their common batch shape first ({@code broadcastTo}).
   *
   * <pre>{@code
   * TensorValue a = b.input("a", DType.F64, 2, 3);
   * TensorValue m = b.input("m", DType.F64, 3, 4);
   * TensorValue v = b.input("v", DType.F64, 3);
   * TensorValue am = a.matmul(m);   // f64[2, 4]
   * TensorValue av = a.matmul(v);   // f64[2]
   * }</pre>
   *
   * @throws IllegalArgumentException if an operand has rank 0, the batch axes do not broadcast, or
   *     the contracted axes differ in length (naming both operands' types), or the dtypes differ
   */
  static TensorValue matmul(TensorValue a, TensorValue b) {
    TensorType ta = a.type();
    TensorType tb = b.type();
    String operands = " (operands " + ta + ", " + tb + ")";
    int ra = ta.rank();
    int rb = tb.rank();
    if (ra == 0 || rb == 0) {
      throw new IllegalArgumentException(
          "matmul: takes operands of rank 1 or more; use mul to scale by a rank-0 value"
              + operands);
    }
    if (ta.dtype() != tb.dtype()) {
      throw new IllegalArgumentException(
          "matmul: the operands' dtypes differ, " + ta.dtype() + " and " + tb.dtype()
              + " (toComplex() makes an f64 operand c128)" + operands);
    }
    int contractA = ra - 1;
    int contractB = rb == 1 ? 0 : rb - 2;
    int lengthA = ta.dims()[contractA];
    int lengthB = tb.dims()[contractB];
    if (lengthA != lengthB) {
      throw new IllegalArgumentException(
          "matmul: contracted axes differ in length, " + lengthA + " (axis " + contractA
              + " of a) and " + lengthB + " (axis " + contractB + " of b)" + operands);
    }
    // the batch axes are all but the last two of a stack; a vector or a matrix has none
    int[] batchA = Arrays.copyOf(ta.dims(), Math.max(ra - 2, 0));
    int[] batchB = Arrays.copyOf(tb.dims(), Math.max(rb - 2, 0));
    int[] contractsA = {contractA};
    int[] contractsB = {contractB};
    if (batchA.length == 0 || batchB.length == 0) {
      // no batch axes to pair: DotGeneral gives a's free axes, then b's, which is [batch…, m, n]
      // except for a matrix a times a stack b, whose m comes first and moves behind b's batch
      TensorValue product = dotGeneral(a, b, contractsA, contractsB);
      if (ra != 2 || batchB.length == 0) {
        return product;
      }
      int[] perm = new int[product.type().rank()];
      for (int i = 0; i < batchB.length; i++) {
        perm[i] = i + 1;
      }
      perm[batchB.length] = 0;
      perm[batchB.length + 1] = batchB.length + 1;
      return product.transpose(perm);
    }
    int[] batch = broadcastBatch(batchA, batchB, operands);
    TensorValue left = Arrays.equals(batchA, batch) ? a : a.broadcastTo(withBatch(batch, ta));
    TensorValue right = Arrays.equals(batchB, batch) ? b : b.broadcastTo(withBatch(batch, tb));
    int[] batchAxes = ShapeMath.range(0, batch.length);
    int[] contractsLeft = {batch.length + 1};
    int[] contractsRight = {batch.length};
    return left.dotGeneral(right, contractsLeft, contractsRight, batchAxes, batchAxes);
  }

  /** NumPy's broadcast of two batch shapes, aligned from the right; refused naming both. */
  private static int[] broadcastBatch(int[] a, int[] b, String operands) {
    int[] batch = new int[Math.max(a.length, b.length)];
    for (int i = 1; i <= batch.length; i++) {
      int da = i <= a.length ? a[a.length - i] : 1;
      int db = i <= b.length ? b[b.length - i] : 1;
      if (da != db && da != 1 && db != 1) {
        throw new IllegalArgumentException(
            "matmul: batch axes " + Arrays.toString(a) + " and " + Arrays.toString(b)
                + " do not broadcast (aligned from the right, each pair of lengths must be equal"
                + " or one of them 1)" + operands);
      }
      batch[batch.length - i] = da == 1 ? db : da;
    }
    return batch;
  }

  /** {@code batch} followed by the matrix axes (the last two) of {@code type}. */
  private static int[] withBatch(int[] batch, TensorType type) {
    int[] dims = type.dims();
    int[] shape = Arrays.copyOf(batch, batch.length + 2);
    shape[batch.length] = dims[dims.length - 2];
    shape[batch.length + 1] = dims[dims.length - 1];
    return shape;
  }

  /** The element type. */
  static DType dtype(TensorValue x) {
    return x.type().dtype();
  }

  /** The shape. */
  static Shape shape(TensorValue x) {
    return x.type().shape();
  }

  /** The number of axes. */
  static int rank(TensorValue x) {
    return x.type().rank();
  }

  /**
   * Whether {@code x} is an input of its graph, whatever its key: one {@code b.input("x", …)}
   * declared (keyed {@code InputKey.user("x")}), a constant, or one the low-level {@code
   * b.input(Object key, TensorType type)} declared by a key of the caller's.
   */
  static boolean isInput(TensorValue x) {
    return inputKeyObject(x) != null;
  }

  /**
   * The key to bind input {@code x} to when evaluating: the {@link InputKey} it is declared by,
   * {@code InputKey.user("x")} for {@code b.input("x", …)}, so {@code Map.of(x.inputKey(), …)}
   * and {@code ValueKey.input(x.inputKey())} bind and name it.
   *
   * @throws IllegalStateException if {@code x} is not an input, or is an input the low-level
   *     {@code b.input(Object key, TensorType type)} keyed by an object that is not an {@code
   *     InputKey}: the message prints that key and says to bind the input by it or to declare the
   *     input keyed by an {@code InputKey}
   */
  static InputKey inputKey(TensorValue x) {
    Object key = inputKeyObject(x);
    if (key == null) {
      throw new IllegalStateException(x + " is not an input");
    }
    if (key instanceof InputKey inputKey) {
      return inputKey;
    }
    // a name is quoted as Java source would spell it, so the advice reads as code to paste
    String spelled =
        key instanceof String name
            ? "\"" + name.replace("\\", "\\\\").replace("\"", "\\\"") + "\""
            : null;
    String given =
        spelled != null
            ? spelled
            : ValueDescription.text(key) + " (a " + key.getClass().getName() + ")";
    String bind = spelled != null ? spelled : "key";
    String name = spelled != null ? spelled : "name";
    throw new IllegalStateException(
        x + " is an input keyed by " + given + ", not by an InputKey, so it has no inputKey():"
            + " bind it by that key (Map.of(" + bind + ", …), ValueKey.input(" + bind + ")), or"
            + " declare it keyed by an InputKey: b.input(" + name + ", type) keys it"
            + " InputKey.user(" + name + ")");
  }

  /** The key {@code x} is declared by, if it is an input of its graph; else {@code null}. */
  private static Object inputKeyObject(TensorValue x) {
    return x.ref() instanceof ValueRef.Local local
            && x.builder().graph().valueKey(local.id()) instanceof ValueKey.Input input
        ? input.key()
        : null;
  }
}
