package io.github.tidu4j.primitives;

import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.ValueDescription;
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.primitives.einsum.ContractionOrder;
import io.github.tidu4j.primitives.einsum.Einsum;
import io.github.tidu4j.primitives.einsum.EinsumSpec;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Shape;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/**
 * Builds graphs of the {@link TensorPrimitives} with static types: every value is a {@link
 * TensorValue} carrying its dtype and shape, every operation infers its result's type and fills
 * in the attributes its rules need (operand shapes, dtype), and a mistake is reported at the call
 * that made it: an {@link IllegalArgumentException} naming the primitive and the operand types, for
 * a shape mismatch, an axis out of range or listed twice, an invalid permutation or broadcast, or
 * mixed dtypes. There is no implicit broadcasting ({@link #broadcastInDim}) and no implicit dtype
 * promotion ({@link #toComplex}).
 *
 * <pre>{@code
 * TensorBuilder b = TensorBuilder.create();
 * TensorValue a = b.input("a", DType.F64, 2);
 * TensorValue x = b.input("x", DType.F64, 2);
 * TensorValue y = a.mul(x).exp().reduceSum(0);          // Σ exp(a·x), rank 0
 * Graph<TensorOp> f = b.build(y);
 *
 * CompiledProgram<TensorOp> p = Graphs.compile(Graphs.materialize(f));
 * Tensor out = new TensorEvaluator(p).evaluate(
 *     Map.of(a.inputKey(), Tensor.vector(2, 3), x.inputKey(), Tensor.vector(1, 2)))[0];
 * }</pre>
 *
 * <p>The result is an ordinary {@code Graph<TensorOp>}: resolve, linearize, transpose, materialize,
 * compile and evaluate it with the runtime, the {@link io.github.tidu4j.graph.Interpreter} or the
 * generated {@link TensorEvaluator}. Inputs are keyed {@link InputKey#user(String)}.
 *
 * <p>Operations that would not change their operand return it without adding a node: {@code
 * reduceSum} over no axes, {@code transpose} by the identity, {@code reshape} to the same shape,
 * {@code broadcastInDim} to the same shape, {@code conj} of an f64 value.
 *
 * <p>Not thread-safe; builds one graph.
 */
public final class TensorBuilder {
  private static final AtomicLong CONSTANT_IDS = new AtomicLong();

  private final GraphBuilder<TensorOp> graph = Graph.builder();
  private final Map<InputKey.Constant, Tensor> constants = new LinkedHashMap<>();
  private final List<TensorType> types = new ArrayList<>();
  private final Set<String> inputNames = new HashSet<>();
  private boolean built;

  private TensorBuilder() {}

  /** A new builder. */
  public static TensorBuilder create() {
    return new TensorBuilder();
  }

  // ------------------------------------------------------------------------------------------
  // Inputs

  /**
   * Declares the input {@code name} (keyed {@code InputKey.user(name)}) of the given dtype and
   * dimensions; no dimensions for a scalar.
   *
   * @throws IllegalArgumentException if the name is empty or declared already, or a dimension is
   *     negative
   */
  public TensorValue input(String name, DType dtype, int... dims) {
    return input(name, new TensorType(dtype, shapeOf("input " + name, dims)));
  }

  /** Declares the input {@code name} of type {@code type}. */
  public TensorValue input(String name, TensorType type) {
    Objects.requireNonNull(type, "type");
    checkOpen();
    InputKey.User key = InputKey.user(name);
    if (!inputNames.add(name)) {
      throw new IllegalArgumentException("input " + name + " is declared twice");
    }
    return record(graph.input(key), type, key);
  }

  /**
   * A constant: an input keyed by a fresh {@link InputKey.Constant} whose value is {@code value},
   * listed in {@link #constants()} for whoever runs the graph to bind. This is how a traced
   * function's closed-over tensors enter its graph; they are never differentiated.
   *
   * <pre>{@code
   * TensorValue y = x.mul(b.constant(Tensor.vector(2, 3)));
   * }</pre>
   */
  public TensorValue constant(Tensor value) {
    Objects.requireNonNull(value, "value");
    checkOpen();
    InputKey.Constant key = new InputKey.Constant(CONSTANT_IDS.incrementAndGet());
    constants.put(key, value);
    return record(graph.input(key), TensorType.of(value), key);
  }

  /** A constant of {@code type} with every element {@code value} (real part, for c128). */
  public TensorValue constant(TensorType type, double value) {
    return constant(Tensor.full(type.dtype(), value, type.shape()));
  }

  /** The constants created so far, by key, in creation order. */
  public Map<InputKey.Constant, Tensor> constants() {
    return Collections.unmodifiableMap(constants);
  }

  // ------------------------------------------------------------------------------------------
  // Elementwise

  /** {@code a + b}; same dtype and shape. */
  public TensorValue add(TensorValue a, TensorValue b) {
    TensorType t = sameType("Add", a, b);
    return apply(TensorOp.ADD, t, a, b);
  }

  /** {@code a − b}, as {@code a + (−b)}; same dtype and shape. */
  public TensorValue sub(TensorValue a, TensorValue b) {
    sameType("Add", a, b);
    return add(a, neg(b));
  }

  /** {@code a · b} elementwise; same dtype and shape. */
  public TensorValue mul(TensorValue a, TensorValue b) {
    TensorType t = sameType("Mul", a, b);
    return apply(TensorOp.mul(t.dtype()), t, a, b);
  }

  /** {@code a / b} elementwise; same dtype and shape. */
  public TensorValue div(TensorValue a, TensorValue b) {
    TensorType t = sameType("Div", a, b);
    return apply(TensorOp.div(t.dtype()), t, a, b);
  }

  /** {@code −x}. */
  public TensorValue neg(TensorValue x) {
    return apply(TensorOp.NEG, own(x).type(), x);
  }

  /** Zeros of {@code x}'s dtype and shape. */
  public TensorValue zerosLike(TensorValue x) {
    return apply(TensorOp.ZEROS_LIKE, own(x).type(), x);
  }

  /** The complex conjugate; {@code x} itself for f64. */
  public TensorValue conj(TensorValue x) {
    return own(x).dtype().isComplex() ? apply(TensorOp.CONJ, x.type(), x) : x;
  }

  /** The real part of a c128 value, as f64. */
  public TensorValue real(TensorValue x) {
    if (!own(x).dtype().isComplex()) {
      throw error("Real", "takes a c128 operand", x);
    }
    return apply(TensorOp.REAL, x.type().withDtype(DType.F64), x);
  }

  /** An f64 value as c128, {@code x + 0i}: the explicit promotion. */
  public TensorValue toComplex(TensorValue x) {
    if (own(x).dtype().isComplex()) {
      throw error("ToComplex", "takes an f64 operand", x);
    }
    return apply(TensorOp.TO_COMPLEX, x.type().withDtype(DType.C128), x);
  }

  /** {@code 1 / x}. */
  public TensorValue recip(TensorValue x) {
    return apply(TensorOp.recip(own(x).dtype()), x.type(), x);
  }

  /** {@code eˣ}. */
  public TensorValue exp(TensorValue x) {
    return apply(TensorOp.exp(own(x).dtype()), x.type(), x);
  }

  /** Natural logarithm (principal branch for c128). */
  public TensorValue log(TensorValue x) {
    return apply(TensorOp.log(own(x).dtype()), x.type(), x);
  }

  /** {@code sin x}. */
  public TensorValue sin(TensorValue x) {
    return apply(TensorOp.sin(own(x).dtype()), x.type(), x);
  }

  /** {@code cos x}. */
  public TensorValue cos(TensorValue x) {
    return apply(TensorOp.cos(own(x).dtype()), x.type(), x);
  }

  /** {@code tanh x}. */
  public TensorValue tanh(TensorValue x) {
    return apply(TensorOp.tanh(own(x).dtype()), x.type(), x);
  }

  /** Square root (principal branch for c128). */
  public TensorValue sqrt(TensorValue x) {
    return apply(TensorOp.sqrt(own(x).dtype()), x.type(), x);
  }

  // ------------------------------------------------------------------------------------------
  // Layout and reductions

  /**
   * Sums over {@code axes} (distinct, any order), which are dropped; {@code x} itself for no axes.
   *
   * @throws IllegalArgumentException if an axis is out of range or listed twice
   */
  public TensorValue reduceSum(TensorValue x, int... axes) {
    TensorType t = own(x).type();
    boolean[] seen = new boolean[t.rank()];
    for (int axis : axes) {
      if (axis < 0 || axis >= t.rank()) {
        throw error("ReduceSum", "axis " + axis + " is out of range for rank " + t.rank(), x);
      }
      if (seen[axis]) {
        throw error("ReduceSum", "axis " + axis + " is listed twice in " + Arrays.toString(axes), x);
      }
      seen[axis] = true;
    }
    if (axes.length == 0) {
      return x;
    }
    int[] sorted = axes.clone();
    Arrays.sort(sorted);
    int[] dims = t.dims();
    int[] kept = ShapeMath.take(dims, ShapeMath.remaining(dims.length, sorted));
    return apply(
        TensorOp.reduceSum(sorted, dims), new TensorType(t.dtype(), Shape.of(kept)), x);
  }

  /** Sums every element: a rank-0 value. */
  public TensorValue sum(TensorValue x) {
    return reduceSum(x, ShapeMath.range(0, own(x).type().rank()));
  }

  /**
   * XLA's {@code BroadcastInDim}: operand axis {@code i} becomes axis {@code
   * broadcastDimensions[i]} of the result, of dimensions {@code shape}; it must have length 1 (and
   * is repeated) or the length of that axis. {@code broadcastDimensions} is strictly increasing.
   *
   * <pre>{@code
   * TensorValue rows = v.broadcastInDim(new int[] {4, 3}, 1);   // v: f64[3] → f64[4, 3]
   * }</pre>
   *
   * @throws IllegalArgumentException if {@code broadcastDimensions} does not have one entry per
   *     operand axis, is not strictly increasing within the result's rank, or maps an axis to an
   *     incompatible length
   */
  public TensorValue broadcastInDim(TensorValue x, int[] shape, int... broadcastDimensions) {
    TensorType t = own(x).type();
    Shape target = shapeOf("BroadcastInDim", shape);
    int[] dims = t.dims();
    String primitive = "BroadcastInDim to " + target;
    if (broadcastDimensions.length != dims.length) {
      throw error(
          primitive,
          "broadcastDimensions "
              + Arrays.toString(broadcastDimensions)
              + " must have one entry per operand axis ("
              + dims.length
              + ")",
          x);
    }
    for (int i = 0; i < dims.length; i++) {
      int d = broadcastDimensions[i];
      if (d < 0 || d >= shape.length) {
        throw error(
            primitive,
            "broadcast dimension " + d + " is out of range for the result rank " + shape.length,
            x);
      }
      if (i > 0 && d <= broadcastDimensions[i - 1]) {
        throw error(
            primitive,
            "broadcastDimensions " + Arrays.toString(broadcastDimensions)
                + " must be strictly increasing",
            x);
      }
      if (dims[i] != 1 && dims[i] != shape[d]) {
        throw error(
            primitive,
            "operand axis " + i + " of length " + dims[i] + " can only map to a result axis of"
                + " length " + dims[i] + " (or have length 1), but result axis " + d
                + " has length " + shape[d],
            x);
      }
    }
    if (Arrays.equals(dims, shape)) {
      return x; // strictly increasing and of the same rank: the identity map
    }
    return apply(
        TensorOp.broadcastInDim(shape, broadcastDimensions, dims),
        new TensorType(t.dtype(), target),
        x);
  }

  /**
   * Permutes the axes: axis {@code k} of the result is axis {@code perm[k]} of {@code x}.
   *
   * @throws IllegalArgumentException if {@code perm} is not a permutation of {@code x}'s axes
   */
  public TensorValue transpose(TensorValue x, int... perm) {
    TensorType t = own(x).type();
    boolean[] seen = new boolean[t.rank()];
    boolean valid = perm.length == t.rank();
    for (int i = 0; valid && i < perm.length; i++) {
      valid = perm[i] >= 0 && perm[i] < t.rank() && !seen[perm[i]];
      if (valid) {
        seen[perm[i]] = true;
      }
    }
    if (!valid) {
      throw error(
          "TransposeAxes",
          "perm " + Arrays.toString(perm) + " is not a permutation of the " + t.rank() + " axes",
          x);
    }
    if (ShapeMath.isIdentity(perm)) {
      return x;
    }
    int[] dims = t.dims();
    return apply(
        TensorOp.transposeAxes(perm),
        new TensorType(t.dtype(), Shape.of(ShapeMath.take(dims, perm))),
        x);
  }

  /**
   * The same elements in row-major order with dimensions {@code shape}.
   *
   * @throws IllegalArgumentException if the number of elements differs
   */
  public TensorValue reshape(TensorValue x, int... shape) {
    TensorType t = own(x).type();
    Shape target = shapeOf("Reshape", shape);
    if (target.size() != t.shape().size()) {
      throw error(
          "Reshape",
          "cannot reshape " + t.shape().size() + " elements to " + target + " (" + target.size()
              + " elements)",
          x);
    }
    if (target.equals(t.shape())) {
      return x;
    }
    return apply(TensorOp.reshape(shape, t.dims()), new TensorType(t.dtype(), target), x);
  }

  /** {@link #dotGeneral(TensorValue, TensorValue, int[], int[], int[], int[])} without batch axes. */
  public TensorValue dotGeneral(
      TensorValue lhs, TensorValue rhs, int[] lhsContracting, int[] rhsContracting) {
    return dotGeneral(lhs, rhs, lhsContracting, rhsContracting, new int[0], new int[0]);
  }

  /**
   * XLA's {@code DotGeneral}: sums {@code lhs · rhs} over each pair of contracting axes and runs
   * over each pair of batch axes; the result's axes are the batch axes, then the free axes of
   * {@code lhs}, then those of {@code rhs}. No operand is conjugated.
   *
   * <pre>{@code
   * TensorValue c = b.dotGeneral(a, m, new int[] {1}, new int[] {0});   // matrix product
   * }</pre>
   *
   * @throws IllegalArgumentException if the dtypes differ, paired lists have different lengths, an
   *     axis is out of range or used twice in one operand, or paired axes have different lengths
   */
  public TensorValue dotGeneral(
      TensorValue lhs,
      TensorValue rhs,
      int[] lhsContracting,
      int[] rhsContracting,
      int[] lhsBatch,
      int[] rhsBatch) {
    TensorType l = own(lhs).type();
    TensorType r = own(rhs).type();
    String dims =
        " (contracting "
            + Arrays.toString(lhsContracting)
            + "/"
            + Arrays.toString(rhsContracting)
            + ", batch "
            + Arrays.toString(lhsBatch)
            + "/"
            + Arrays.toString(rhsBatch)
            + ")";
    if (l.dtype() != r.dtype()) {
      throw error("DotGeneral", "operand dtypes differ; there is no implicit promotion", lhs, rhs);
    }
    if (lhsContracting.length != rhsContracting.length || lhsBatch.length != rhsBatch.length) {
      throw error("DotGeneral", "lhs and rhs axis lists differ in length" + dims, lhs, rhs);
    }
    checkAxes("lhs", l.rank(), lhs, rhs, dims, lhsContracting, lhsBatch);
    checkAxes("rhs", r.rank(), lhs, rhs, dims, rhsContracting, rhsBatch);
    int[] ld = l.dims();
    int[] rd = r.dims();
    checkPaired("contracting", ld, rd, lhsContracting, rhsContracting, lhs, rhs, dims);
    checkPaired("batch", ld, rd, lhsBatch, rhsBatch, lhs, rhs, dims);
    int[] result =
        ShapeMath.dotGeneralShape(ld, rd, lhsContracting, rhsContracting, lhsBatch, rhsBatch);
    return apply(
        TensorOp.dotGeneral(
            lhsContracting, rhsContracting, lhsBatch, rhsBatch, ld, rd, l.dtype()),
        new TensorType(l.dtype(), Shape.of(result)),
        lhs,
        rhs);
  }

  /**
   * Einstein summation over graph values, lowered by the einsum planner to {@code ReduceSum},
   * {@code Reshape}, {@code DotGeneral} and {@code TransposeAxes} nodes of this graph (greedy
   * contraction order); differentiable like any other graph. Never conjugates.
   *
   * <pre>{@code
   * TensorValue c = b.einsum("ij,jk->ik", a, m);
   * }</pre>
   *
   * @throws IllegalArgumentException if the specification is malformed or does not fit the
   *     operands' shapes, or the operands' dtypes differ
   */
  public TensorValue einsum(String spec, TensorValue... operands) {
    return einsum(spec, ContractionOrder.GREEDY, operands);
  }

  /** {@link #einsum(String, TensorValue...)} with a given contraction order. */
  public TensorValue einsum(String spec, ContractionOrder order, TensorValue... operands) {
    for (TensorValue operand : operands) {
      own(operand);
      if (operand.dtype() != operands[0].dtype()) {
        throw error("einsum " + spec, "operand dtypes differ; there is no implicit promotion", operands);
      }
    }
    return Einsum.evaluate(
        EinsumSpec.parse(spec), order, new GraphEinsumBackend(this), Arrays.asList(operands));
  }

  // ------------------------------------------------------------------------------------------
  // Building

  /** Builds the graph with {@code outputs}, in order; the builder cannot be used afterwards. */
  public Graph<TensorOp> build(TensorValue... outputs) {
    return build(Arrays.asList(outputs));
  }

  /** Builds the graph with {@code outputs}, in order; the builder cannot be used afterwards. */
  public Graph<TensorOp> build(List<TensorValue> outputs) {
    checkOpen();
    for (TensorValue output : outputs) {
      graph.output(own(output).ref());
    }
    built = true;
    return graph.build();
  }

  // ------------------------------------------------------------------------------------------

  private TensorValue apply(TensorOp op, TensorType result, TensorValue... operands) {
    checkOpen();
    ValueRef[] refs = new ValueRef[operands.length];
    for (int i = 0; i < operands.length; i++) {
      refs[i] = own(operands[i]).ref();
    }
    return record(graph.apply(op, refs), result, null);
  }

  private TensorValue record(ValueRef.Local ref, TensorType type, InputKey key) {
    if (ref.id() != types.size()) {
      throw new IllegalStateException("value ids out of step: " + ref.id() + " vs " + types.size());
    }
    types.add(type);
    return new TensorValue(this, ref, type, key);
  }

  private TensorValue own(TensorValue value) {
    Objects.requireNonNull(value, "value");
    if (value.builder() != this) {
      throw new IllegalArgumentException(value + " belongs to another TensorBuilder");
    }
    return value;
  }

  private void checkOpen() {
    if (built) {
      throw new IllegalStateException("this builder has already built its graph");
    }
  }

  private TensorType sameType(String primitive, TensorValue a, TensorValue b) {
    TensorType ta = own(a).type();
    TensorType tb = own(b).type();
    if (ta.dtype() != tb.dtype()) {
      throw error(
          primitive,
          "operand dtypes differ; there is no implicit promotion (convert with toComplex)",
          a,
          b);
    }
    if (!ta.shape().equals(tb.shape())) {
      throw error(
          primitive,
          "operand shapes differ; there is no implicit broadcasting (broadcast with"
              + " broadcastInDim)",
          a,
          b);
    }
    return ta;
  }

  private void checkAxes(
      String side, int rank, TensorValue lhs, TensorValue rhs, String dims, int[]... lists) {
    boolean[] seen = new boolean[rank];
    for (int[] list : lists) {
      for (int axis : list) {
        if (axis < 0 || axis >= rank) {
          throw error(
              "DotGeneral",
              side + " axis " + axis + " is out of range for rank " + rank + dims,
              lhs,
              rhs);
        }
        if (seen[axis]) {
          throw error("DotGeneral", side + " axis " + axis + " is used twice" + dims, lhs, rhs);
        }
        seen[axis] = true;
      }
    }
  }

  private void checkPaired(
      String kind,
      int[] ld,
      int[] rd,
      int[] lhsAxes,
      int[] rhsAxes,
      TensorValue lhs,
      TensorValue rhs,
      String dims) {
    for (int i = 0; i < lhsAxes.length; i++) {
      if (ld[lhsAxes[i]] != rd[rhsAxes[i]]) {
        throw error(
            "DotGeneral",
            kind + " axes lhs " + lhsAxes[i] + " (length " + ld[lhsAxes[i]] + ") and rhs "
                + rhsAxes[i] + " (length " + rd[rhsAxes[i]] + ") differ in length" + dims,
            lhs,
            rhs);
      }
    }
  }

  private static Shape shapeOf(String what, int[] dims) {
    for (int d : dims) {
      if (d < 0) {
        throw new IllegalArgumentException(
            what + ": dimensions " + Arrays.toString(dims) + " must be non-negative");
      }
    }
    return Shape.of(dims);
  }

  /** {@code "Mul: operand shapes differ; … (operands f64[2], f64[3])"}. */
  private IllegalArgumentException error(
      String primitive, String problem, TensorValue... operands) {
    String types =
        Arrays.stream(operands).map(this::describe).collect(Collectors.joining(", "));
    return new IllegalArgumentException(
        primitive + ": " + problem + " (operand" + (operands.length == 1 ? " " : "s ") + types + ")");
  }

  /**
   * An operand for an error message: where it comes from and its type, as {@code Sin(x): f64[2]}
   * (see {@link ValueDescription}); described only when the error is raised.
   */
  private String describe(TensorValue v) {
    if (v.builder() != this) {
      return v.type().toString();
    }
    return ValueDescription.of(graph.valueKey(v.ref().id())) + ": " + v.type();
  }
}
