package io.github.tidu4j.primitives.eager;

import io.github.tidu4j.ad.eager.BackwardPlans;
import io.github.tidu4j.ad.eager.EagerInput;
import io.github.tidu4j.ad.eager.EagerKey;
import io.github.tidu4j.ad.eager.EagerOutput;
import io.github.tidu4j.ad.eager.InterpreterExecutor;
import io.github.tidu4j.ad.eager.KeySource;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.TensorType;
import io.github.tidu4j.primitives.TensorValue;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Eager (tape, PyTorch-style) differentiation of {@link Tensor} computations, built on runtime-ad's
 * eager module ({@link io.github.tidu4j.ad.eager}): each operation on {@link EagerTensor}s runs at
 * once, and if an operand requires grad it is recorded, as an invocation of a small {@link
 * io.github.tidu4j.primitives.TensorBuilder} graph, so that {@link EagerTensor#backward()} can
 * linearize and transpose it later.
 *
 * <pre>{@code
 * EagerRuntime rt = EagerRuntime.create();
 * EagerTensor x = rt.variable(Tensor.vector(1, 2, 3));
 * EagerTensor c = rt.constant(Tensor.vector(1, 1, 1));
 * EagerTensor loss = x.mul(x).add(c).sum();
 * loss.backward();
 * x.grad();   // [2, 4, 6]
 * c.grad();   // null: constants require no grad
 * }</pre>
 *
 * <p>A training loop creates its variables, computes a loss, back-propagates, and steps:
 *
 * <pre>{@code
 * Tensor w = Tensor.vector(0, 0);
 * EagerTensor xs = rt.constant(Tensor.matrix(new double[][] {{1, 2}, {3, 4}, {5, 6}}));
 * EagerTensor ys = rt.constant(Tensor.vector(5, 11, 17));
 * for (int step = 0; step < 100; step++) {
 *   EagerTensor wv = rt.variable(w);
 *   EagerTensor err = xs.dotGeneral(wv, new int[] {1}, new int[] {0}).sub(ys);
 *   err.mul(err).sum().backward();
 *   w = Elementwise.sub(w, Elementwise.scale(wv.grad(), 0.01));
 * }
 * }</pre>
 *
 * <p><b>Released graphs.</b> As in PyTorch, a backward pass releases the recorded operations it
 * went through (runtime-ad's {@link io.github.tidu4j.ad.eager.Trace.Invocation#release()}: the
 * operand values they saved for backward are dropped), unless it is asked to retain the graph
 * ({@code backward(true)}, {@code backward(seed, true)}, {@link #backward(Map, boolean)}). Any
 * later backward that would go through a released operation throws an {@link IllegalStateException}
 * starting {@code "graph already released"} and naming the operation, before anything runs or any
 * gradient changes. This is checked structurally, so it is slightly stricter than PyTorch, which
 * lets a second backward through operations that saved nothing (an addition) succeed.
 *
 * <p><b>The tape is segmented.</b> Operations are recorded into the runtime's current segment (a
 * runtime-ad {@code Trace}); a new segment starts after every backward pass and whenever the
 * current one holds {@value #SEGMENT_LIMIT} invocations. A segment is only reachable from the
 * values it produced (and newer segments that consumed them), so the operations of a training step,
 * and the tensors they saved, are garbage once the step's values are: the tape does not grow with
 * the number of steps. Backward walks the segments newest first; nothing recurses on the length of
 * the tape.
 *
 * <p><b>Caching.</b> The graph of each operation is built once per (operation, attributes, operand
 * types) and reused (at most 1024 kept, least recently used evicted), so the recorder's analysis
 * and the executor's compiled forward program, both cached per graph object, are reused by every
 * later call. Backward passes share a cache of transposed linearizations ({@link
 * io.github.tidu4j.ad.eager.BackwardPlans}, as many entries as operation graphs): each operation
 * graph is linearized and transposed once per (active inputs, seeded outputs) for the runtime's
 * life, and the executor remembers each transposed graph's program, so a training loop's later
 * backward passes only evaluate.
 *
 * <p>Thread-safe: operations and backward passes may run on several threads; a backward pass sees
 * the operations recorded before it started. Two passes through the same recorded operations should
 * not run at the same time unless both retain the graph (the released check and the release are not
 * one atomic step).
 */
public final class EagerRuntime {
  /** The number of invocations after which the runtime starts a new tape segment. */
  public static final int SEGMENT_LIMIT = 4096;

  private static final int OP_CACHE_SIZE = 1024;

  private final KeySource keys = new KeySource();
  private final InterpreterExecutor<TensorOp, Tensor> executor =
      InterpreterExecutor.of(TensorOp.ADD);
  private final OpCache ops = new OpCache(OP_CACHE_SIZE);
  private final BackwardPlans plans = new BackwardPlans(OP_CACHE_SIZE);
  private final int segmentLimit;
  private final AtomicLong segmentIds = new AtomicLong();
  private final AtomicReference<Segment> current;

  private EagerRuntime(int segmentLimit) {
    if (segmentLimit < 1) {
      throw new IllegalArgumentException("segmentLimit must be at least 1, was " + segmentLimit);
    }
    this.segmentLimit = segmentLimit;
    this.current = new AtomicReference<>(newSegment());
  }

  /** A new runtime, with an empty tape. */
  public static EagerRuntime create() {
    return new EagerRuntime(SEGMENT_LIMIT);
  }

  /** A runtime starting a new segment every {@code segmentLimit} invocations (for tests). */
  static EagerRuntime withSegmentLimit(int segmentLimit) {
    return new EagerRuntime(segmentLimit);
  }

  // ------------------------------------------------------------------------------------------
  // Leaves

  /**
   * A variable: a leaf that requires grad, whose {@link EagerTensor#grad()} accumulates the
   * gradients of the backward passes that reach it.
   *
   * <pre>{@code
   * EagerTensor w = rt.variable(Tensor.zeros(DType.F64, 3, 2));
   * }</pre>
   */
  public EagerTensor variable(Tensor value) {
    return new EagerTensor(this, keys.next(), Objects.requireNonNull(value, "value"), true, null);
  }

  /**
   * A constant: a leaf that requires no grad. Operations on constants only are run but not
   * recorded, and never get a gradient.
   *
   * <pre>{@code
   * EagerTensor data = rt.constant(Tensor.vector(0.5, 1.5));
   * }</pre>
   */
  public EagerTensor constant(Tensor value) {
    return new EagerTensor(this, keys.next(), Objects.requireNonNull(value, "value"), false, null);
  }

  // ------------------------------------------------------------------------------------------
  // Operations beyond EagerTensor's

  /**
   * Einstein summation, as {@link io.github.tidu4j.primitives.TensorBuilder#einsum(String,
   * TensorValue...)} (lowered to {@code DotGeneral}, {@code ReduceSum}, {@code Reshape} and {@code
   * TransposeAxes}; never conjugates), recorded as one operation.
   *
   * <pre>{@code
   * EagerTensor c = rt.einsum("ij,jk->ik", a, b);
   * }</pre>
   *
   * @throws IllegalArgumentException if there are no operands, the specification is malformed or
   *     does not fit the operands, their dtypes differ, or an operand belongs to another runtime
   */
  public EagerTensor einsum(String spec, EagerTensor... operands) {
    Objects.requireNonNull(spec, "spec");
    if (operands.length == 0) {
      throw new IllegalArgumentException("einsum " + spec + ": needs at least one operand");
    }
    return apply("einsum " + spec, new int[0][], in -> in[0].builder().einsum(spec, in), operands);
  }

  /**
   * Runs {@code graph} (self-contained, for example built with {@link
   * io.github.tidu4j.primitives.TensorBuilder}) on {@code inputs} as one recorded operation, with
   * as many results as the graph has outputs: a fused function, or one with several outputs. Unlike
   * the operations of {@link EagerTensor}, the graph carries no static types; operands of the wrong
   * dtype or shape fail in the kernel that first meets them.
   *
   * <pre>{@code
   * TensorBuilder b = TensorBuilder.create();
   * TensorValue v = b.input("v", DType.F64, 3);
   * Graph<TensorOp> f = b.build(v.sin(), v.exp().sum());
   * List<EagerTensor> out = rt.call(f, x);   // sin x, Σ exp x
   * }</pre>
   *
   * @param inputs one value per graph input, in the order of {@link Graph#inputKeys()} (the
   *     builder's declaration order)
   * @return one value per graph output, in order
   * @throws IllegalArgumentException if the number of inputs is wrong, the graph refers to other
   *     graphs, or an input belongs to another runtime
   */
  public List<EagerTensor> call(Graph<TensorOp> graph, EagerTensor... inputs) {
    Objects.requireNonNull(graph, "graph");
    for (EagerTensor input : inputs) {
      own(input);
    }
    return record(graph, inputs);
  }

  // ------------------------------------------------------------------------------------------
  // Backward

  /**
   * Back-propagates from several values at once (each with its own cotangent seed, summed where
   * they meet) and adds the gradients to the variables reached: {@code torch.autograd.backward}.
   * Unless {@code retainGraph}, the recorded operations it goes through are released, and a later
   * backward through any of them throws. Variables not reached keep their gradient.
   *
   * <pre>{@code
   * List<EagerTensor> out = rt.call(f, x);
   * rt.backward(Map.of(out.get(0), Tensor.vector(1, 0, 0), out.get(1), Tensor.scalar(1)), false);
   * }</pre>
   *
   * @param seeds the cotangent of each root: same dtype and shape as the root's value
   * @throws IllegalArgumentException if {@code seeds} is empty, a root belongs to another runtime,
   *     or a seed's dtype or shape differ from its root's
   * @throws IllegalStateException if a root does not require grad, or depends on a recorded
   *     operation that an earlier backward released ({@code "graph already released"})
   * @throws io.github.tidu4j.ad.ADRuleError naming the primitive and the rule if a rule the pass
   *     needs is missing or fails
   */
  public void backward(Map<EagerTensor, Tensor> seeds, boolean retainGraph) {
    Objects.requireNonNull(seeds, "seeds");
    if (seeds.isEmpty()) {
      throw new IllegalArgumentException("backward needs at least one value to start from");
    }
    for (Map.Entry<EagerTensor, Tensor> e : seeds.entrySet()) {
      EagerTensor root = own(e.getKey());
      Tensor seed = Objects.requireNonNull(e.getValue(), "seed");
      if (!root.requiresGrad()) {
        throw new IllegalStateException(
            root.key()
                + " does not require grad: it was computed from constants only (rt.constant,"
                + " detach(), or operations on those), so there is nothing to back-propagate to;"
                + " make the values to differentiate with respect to rt.variable(...)");
      }
      TensorType type = root.type();
      if (!type.matches(seed)) {
        throw new IllegalArgumentException(
            "the seed of "
                + root.key()
                + " must have its dtype and shape, "
                + type
                + ", but it is "
                + TensorType.of(seed));
      }
    }
    try {
      BackwardPass.run(seeds, retainGraph, executor, plans);
    } finally {
      Segment segment = current.get();
      if (segment.trace().size() > 0) {
        current.compareAndSet(segment, newSegment());
      }
    }
  }

  // ------------------------------------------------------------------------------------------

  @Override
  public String toString() {
    return "EagerRuntime["
        + keys.issued()
        + " values, "
        + ops.size()
        + " operation graphs cached, segment "
        + current.get()
        + "]";
  }

  /**
   * Runs the operation {@code operation} with {@code attributes} on {@code operands}: its cached
   * graph (built from {@code definition} on a miss), recorded if an operand requires grad.
   */
  EagerTensor apply(
      String operation,
      int[][] attributes,
      OpCache.Definition definition,
      EagerTensor... operands) {
    TensorType[] types = new TensorType[operands.length];
    for (int i = 0; i < operands.length; i++) {
      types[i] = own(operands[i]).type();
    }
    OpGraph op = ops.get(new OpKey(operation, attributes, types), definition);
    if (op.isIdentity()) {
      return operands[op.alias()];
    }
    return record(op.graph(), operands).get(0);
  }

  private List<EagerTensor> record(Graph<TensorOp> graph, EagerTensor[] operands) {
    Segment segment = current.get();
    List<EagerInput<Tensor>> inputs = new ArrayList<>(operands.length);
    for (EagerTensor operand : operands) {
      inputs.add(new EagerInput<>(operand.key(), operand.value(), operand.requiresGrad()));
    }
    List<EagerOutput<Tensor>> outputs = segment.recorder().record(graph, inputs);
    boolean recorded = false;
    List<EagerTensor> results = new ArrayList<>(outputs.size());
    for (EagerOutput<Tensor> output : outputs) {
      boolean grad = output.requiresGrad();
      recorded |= grad;
      results.add(
          new EagerTensor(
              this, (EagerKey) output.key(), output.value(), grad, grad ? segment : null));
    }
    if (recorded) {
      for (EagerTensor operand : operands) {
        if (operand.requiresGrad()) {
          segment.consumed(operand);
        }
      }
      if (segment.trace().size() >= segmentLimit) {
        current.compareAndSet(segment, newSegment());
      }
    }
    return Collections.unmodifiableList(results);
  }

  private EagerTensor own(EagerTensor value) {
    Objects.requireNonNull(value, "value");
    if (value.runtime() != this) {
      throw new IllegalArgumentException(
          value.key()
              + " ("
              + value.type()
              + ") belongs to another EagerRuntime; values of two runtimes cannot be mixed (bring"
              + " it over as rt.constant(x.value()) or rt.variable(x.value()))");
    }
    return value;
  }

  private Segment newSegment() {
    return new Segment(segmentIds.incrementAndGet(), keys, executor);
  }

  /** The sum of two gradients of one value. */
  Tensor addGradients(Tensor a, Tensor b) {
    return executor.addOperands(a, b);
  }

  /** The segment operations are recorded into now. */
  Segment currentSegment() {
    return current.get();
  }

  /** The cache of operation graphs. */
  OpCache ops() {
    return ops;
  }
}
