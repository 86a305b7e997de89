package io.github.tidu4j.ad.eager;

import io.github.tidu4j.ad.Primitive;
import io.github.tidu4j.ad.RuleContext;
import io.github.tidu4j.graph.ConstantInput;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphOperation;
import java.util.List;
import java.util.Map;

/**
 * Eager (tape, PyTorch-style) differentiation over one primitive set: each operation on the set's
 * eager values ({@link EagerValue}; generated per set as {@code EagerX}) runs at once, and if an
 * operand requires grad it is recorded, as an invocation of a small graph of the set, so that
 * {@link EagerValue#backward()} can linearize and transpose it later. A set's runtime comes from
 * its generated eager class: {@code EagerTensor.newRuntime()}, {@code EagerScalar.newRuntime()};
 * for a set with a rule context type ({@code @PrimitiveSet(context = Cfg.class)}), {@code
 * EagerX.newRuntime(ctx)} gives a runtime whose backward and Taylor passes pass {@code ctx} to the
 * rules that declare it (one made without a context passes none, and such a rule then fails with
 * an {@link io.github.tidu4j.ad.ADRuleError} saying how to pass one).
 *
 * <pre>{@code
 * EagerRuntime<Tensor, EagerTensor> rt = EagerTensor.newRuntime();
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
 * <p><b>Evaluation.</b> Forward and backward programs run on {@link EagerSet#runners()}: for the
 * generated {@code newRuntime()}, tiered runners ({@code TieredRunners}) that start each program on
 * the set's generated switch evaluator and move it to bytecode once hot; {@code
 * newRuntime(runners)} chooses one tier ({@code newRuntime(XEvaluator::new)}) or other options.
 * Every tier gives results bit-identical to the reference interpreter.
 *
 * <p><b>Released graphs.</b> As in PyTorch, a backward pass releases the recorded operations it
 * went through ({@link Trace.Invocation#release()}: the operand values they saved for backward are
 * dropped), unless it is asked to retain the graph ({@code backward(true)}, {@code backward(seed,
 * true)}, {@link #backward(Map, boolean)}). Any later backward that would go through a released
 * operation throws an {@link IllegalStateException} starting {@code "graph already released"} and
 * naming the operation, before anything runs or any gradient changes. This is checked
 * structurally, so it is slightly stricter than PyTorch, which lets a second backward through
 * operations that saved nothing (an addition) succeed.
 *
 * <p><b>The tape is segmented.</b> Operations are recorded into the runtime's current {@link
 * Segment} (a {@link Trace}); a new segment starts after every backward pass and whenever the
 * current one holds {@value #SEGMENT_LIMIT} invocations (or the limit given to the generated {@code
 * newRuntime(int)}). A segment is only reachable from the values it produced (and newer segments
 * that consumed them), so the operations of a training step, and the values they saved, are
 * garbage once the step's values are: the tape does not grow with the number of steps. Backward
 * walks the segments newest first, each value's cotangents summed in one running sum in reverse
 * recording order across segments as within one, so where the tape is cut (by the limit, or by
 * other threads recording into a shared runtime) changes no bit of a gradient; nothing recurses on
 * the length of the tape.
 *
 * <p><b>Caching.</b> The graph of each operation is built once per (operation, attributes, operand
 * types) and reused (at most 1024 kept, least recently used evicted), so the recorder's analysis
 * and the executor's compiled forward program, both cached per graph object, are reused by every
 * later call. Backward passes share a cache of transposed linearizations ({@link BackwardPlans},
 * as many entries as operation graphs): each operation graph is linearized and transposed once per
 * (active inputs, seeded outputs), and the executor remembers each transposed graph's program, so
 * a training loop's later backward passes only evaluate. These caches belong to the set, not to
 * one runtime: every runtime of the set shares them, and the runtimes on one runners object (every
 * runtime of the generated {@code newRuntime()}, whose runners are made at its first call) share
 * their compiled programs too, counting their calls together towards bytecode. So a runtime made
 * per request, per test or per thread finds what the runtimes before it built; only its tape and
 * its values are its own. The caches go with the set's classes (held by its operation class).
 *
 * <p>Thread-safe: operations and backward passes may run on several threads; a backward pass sees
 * the operations recorded before it started. A pass that releases the graph claims the recorded
 * operations it goes through before it runs, in one atomic step each: of two such passes through
 * the same operations at once, one runs and the other fails up front with the "graph already
 * released" error it would get after it, and no gradient gets both. A pass that retains the graph
 * running while another releases it fails, naming the released value, if it reads one.
 *
 * @param <V> the operand type: what variables and constants hold ({@code Tensor}, {@code Double})
 * @param <E> the set's eager value type ({@code EagerTensor}, {@code EagerScalar})
 */
public abstract class EagerRuntime<V, E extends EagerValue<V, E>> {
  /** The number of invocations after which a runtime starts a new tape segment, by default. */
  public static final int SEGMENT_LIMIT = 4096;

  EagerRuntime() {}

  /**
   * A new runtime over the set {@code set}, with an empty tape; what the generated {@code
   * EagerX.newRuntime()} returns.
   *
   * @param set what the set gives eager mode
   * @return the runtime
   * @param <Op> the operation type
   * @param <C> the rule context type
   * @param <T> the abstract type
   * @param <V> the operand type
   * @param <E> the eager value type
   */
  public static <Op extends Primitive<Op, C>, C, T, V, E extends EagerValue<V, E>>
      EagerRuntime<V, E> create(EagerSet<Op, C, T, V, E> set) {
    return create(set, SEGMENT_LIMIT);
  }

  /**
   * A new runtime starting a new tape segment every {@code segmentLimit} invocations.
   *
   * @param set what the set gives eager mode
   * @param segmentLimit the invocations per segment, at least 1
   * @return the runtime
   * @throws IllegalArgumentException if {@code segmentLimit} is less than 1
   * @param <Op> the operation type
   * @param <C> the rule context type
   * @param <T> the abstract type
   * @param <V> the operand type
   * @param <E> the eager value type
   */
  public static <Op extends Primitive<Op, C>, C, T, V, E extends EagerValue<V, E>>
      EagerRuntime<V, E> create(EagerSet<Op, C, T, V, E> set, int segmentLimit) {
    return new EagerEngine<>(set, segmentLimit, null);
  }

  /**
   * A new runtime whose backward and Taylor passes give {@code context} to every rule that
   * declares the set's context parameter; what the generated {@code EagerX.newRuntime(ctx)} of a
   * set with a context type returns. Runtimes of one set share their backward plans and Taylor
   * expansions, each made per context (told apart by {@code equals}), so a runtime never runs a
   * derivative made with another's context.
   *
   * @param set what the set gives eager mode
   * @param segmentLimit the invocations per segment, at least 1
   * @param context the context, an instance of the set's context type
   * @return the runtime
   * @throws NullPointerException if {@code context} is null
   * @throws IllegalArgumentException if {@code segmentLimit} is less than 1, or {@code context} is
   *     not an instance of the set's context type (a caller that erased the types)
   * @param <Op> the operation type
   * @param <C> the rule context type
   * @param <T> the abstract type
   * @param <V> the operand type
   * @param <E> the eager value type
   */
  public static <Op extends Primitive<Op, C>, C, T, V, E extends EagerValue<V, E>>
      EagerRuntime<V, E> create(EagerSet<Op, C, T, V, E> set, int segmentLimit, C context) {
    RuleContext.check(set.operationType(), context, "EagerRuntime.create");
    return new EagerEngine<>(set, segmentLimit, context);
  }

  // ------------------------------------------------------------------------------------------
  // Leaves

  /**
   * A variable: a leaf that requires grad, whose {@link EagerValue#grad()} accumulates the
   * gradients of the backward passes that reach it.
   *
   * <pre>{@code
   * EagerTensor w = rt.variable(Tensor.zeros(DType.F64, 3, 2));
   * }</pre>
   *
   * @param value its value
   * @return the variable
   */
  public abstract E variable(V value);

  /**
   * A constant: a leaf that requires no grad. Operations on constants only are run but not
   * recorded, and never get a gradient.
   *
   * <pre>{@code
   * EagerTensor data = rt.constant(Tensor.vector(0.5, 1.5));
   * }</pre>
   *
   * @param value its value
   * @return the constant
   */
  public abstract E constant(V value);

  // ------------------------------------------------------------------------------------------
  // Operations beyond the eager value's methods

  /**
   * Runs {@code graph} (self-contained, for example built with the set's fluent builder) on {@code
   * inputs} as one recorded operation, with as many results as the graph has outputs: a fused
   * function, or one with several outputs. Unlike the eager values' methods, the graph carries no
   * abstract types; operands of the wrong type fail in the kernel that first meets them.
   *
   * <pre>{@code
   * TensorBuilder b = TensorBuilder.create();
   * TensorValue v = b.input("v", DType.F64, 3);
   * Graph<TensorOp> f = b.build(v.sin(), v.exp().sum());
   * List<EagerTensor> out = rt.call(f, List.of(x));   // sin x, Σ exp x
   * }</pre>
   *
   * @param graph a graph of the runtime's set
   * <p>An input whose key is a {@link ConstantInput} (the constant a builder adds for a value the
   * graph closes over, such as {@code v.mul(Tensor.vector(2, 3))}) is bound to its own value when
   * {@code inputs} leaves it out, as an eager operation's constants are.
   *
   * @param inputs one value per graph input, in the order of {@link Graph#inputKeys()} (the
   *     builder's declaration order), or one per input that is not a {@link ConstantInput}
   * @return one value per graph output, in order
   * @throws IllegalArgumentException if the graph holds operations of another set, the number of
   *     inputs is wrong, the graph refers to other graphs, or an input belongs to another runtime
   */
  public abstract List<E> call(Graph<?> graph, List<E> inputs);

  /**
   * Runs the operation {@code operation} with {@code attributes} on {@code operands}: its cached
   * graph (built by {@code definition} on a miss), recorded if an operand requires grad. The
   * generated eager value classes call this; their methods are the way to apply an operation.
   *
   * @param operation the operation's name, part of the cache key
   * @param attributes its attributes, part of the cache key (arrays compare by content; the
   *     runtime keeps the array, so pass copies)
   * @param definition builds the operation's graph from its operands
   * @param operands the operands
   * @return the outputs, in slot order
   * @throws IllegalArgumentException if the definition rejects the operands' types, naming the
   *     primitive, or an operand belongs to another runtime
   * @param <O> the operation type of the runtime's set
   * @param <U> the abstract type of the runtime's set
   */
  public abstract <O extends GraphOperation, U> List<E> apply(
      String operation, Object[] attributes, EagerOperation<O, U> definition, List<E> operands);

  // ------------------------------------------------------------------------------------------
  // Backward

  /**
   * Back-propagates from several values at once (each with its own cotangent seed, summed where
   * they meet) and adds the gradients to the variables reached: {@code torch.autograd.backward}.
   * Unless {@code retainGraph}, the recorded operations it goes through are released, and a later
   * backward through any of them throws. Variables not reached keep their gradient.
   *
   * <pre>{@code
   * List<EagerTensor> out = rt.call(f, List.of(x));
   * rt.backward(Map.of(out.get(0), Tensor.vector(1, 0, 0), out.get(1), Tensor.scalar(1)), false);
   * }</pre>
   *
   * @param seeds the cotangent of each root: of the root's abstract type
   * @param retainGraph whether to keep the recorded operations for another backward
   * @throws IllegalArgumentException if {@code seeds} is empty, a root belongs to another runtime,
   *     or a seed's abstract type differs from its root's
   * @throws IllegalStateException if a root does not require grad, or depends on a recorded
   *     operation that an earlier backward released ({@code "graph already released"})
   * @throws io.github.tidu4j.ad.ADRuleError naming the primitive and the rule if a rule the pass
   *     needs is missing or fails
   */
  public abstract void backward(Map<E, V> seeds, boolean retainGraph);

  // ------------------------------------------------------------------------------------------
  // Taylor mode

  /**
   * The Taylor coefficients {@code y_0 … y_order} of {@code outputs} along the line {@code x + t·v}
   * of {@code inputs} ({@code y_k = y^(k)(0) / k!} of {@code y(t)}; {@code k!·y_k} is the k-th
   * derivative along {@code v}), from the operations recorded between them: the forward-mode
   * counterpart of {@link #backward(Map, boolean)}, derived from the same JVP rules as {@code
   * AD.taylor}, one recorded operation at a time. Other values the outputs depend on are held
   * fixed; {@code y_0} is each output's value, and a coefficient that is zero (the output does not
   * depend on the inputs, or a polynomial of lower degree) is the zero of the output's type.
   * Nothing is released, so a backward through the same operations may follow.
   *
   * <pre>{@code
   * EagerRuntime<Double, EagerScalar> rt = EagerScalar.newRuntime();
   * EagerScalar x = rt.variable(0.5);
   * EagerScalar y = x.mul(x).sin();
   * List<Double> c = rt.taylor(List.of(y), List.of(x), List.of(1.0), 3).get(0);
   * // sin(x²), 2x·cos(x²), (d²/dx² sin(x²)) / 2, (d³/dx³ sin(x²)) / 6 at x = 0.5
   * }</pre>
   *
   * @param outputs the values to expand, of this runtime
   * @param inputs the values the line moves, distinct, each requiring grad (a variable, or a value
   *     computed from one: the expansion stops there)
   * @param directions the direction {@code v} of each input, of its type
   * @param order the highest order, 0 or more
   * @return per output, its {@code order + 1} coefficients
   * @throws IllegalArgumentException if the order is negative, the sizes of {@code inputs} and
   *     {@code directions} differ, an input repeats, a value belongs to another runtime, or a
   *     direction's type differs from its input's
   * @throws IllegalStateException if an input does not require grad, or an output depends on a
   *     recorded operation that an earlier backward released ({@code "graph already released"})
   * @throws io.github.tidu4j.ad.ADRuleError naming the primitive if a JVP rule is missing, broken,
   *     or emits an operation Taylor mode cannot expand
   * @throws io.github.tidu4j.graph.GraphException if the order is 2 or more and the primitive set
   *     declares no scale primitive
   */
  public abstract List<List<V>> taylor(
      List<E> outputs, List<E> inputs, List<V> directions, int order);

  /**
   * The segment operations are recorded into now.
   *
   * @return the current segment
   */
  public abstract Segment<?, V, E> currentSegment();

  /**
   * How many operation graphs this runtime's calls have built: one per (operation, attributes,
   * operand types) that no runtime of the set had built before (or that was evicted since); a
   * training loop's later steps build none.
   *
   * @return the number of operation graphs built
   */
  public abstract long operationGraphsBuilt();

  /** The seed 1 of {@code root}, which must be a real scalar. */
  abstract V unitSeed(E root);

  /** The sum of two gradients of one value. */
  abstract V addGradients(V a, V b);
}
