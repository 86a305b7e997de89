package com.example;

import io.github.tidu4j.ad.eager.EagerOperation;
import io.github.tidu4j.ad.eager.EagerRuntime;
import io.github.tidu4j.ad.eager.EagerSet;
import io.github.tidu4j.ad.eager.EagerValue;
import io.github.tidu4j.ad.func.ScalarDomain;
import io.github.tidu4j.ad.func.ScalarType;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.ProgramRunner;
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.graph.bytecode.TieredRunners;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import javax.annotation.processing.Generated;

/**
 * A value of {@link Real} computed eagerly, PyTorch style: every method runs its operation at
 * once on the value, and records it if an operand requires grad, so that {@code backward()}
 * propagates gradients back to the runtime's variables.
 * The operations are those of {@link RealValue};
 * the state and backward methods are {@code EagerValue}'s.
 *
 * <pre>{@code
 * EagerRuntime<Double, EagerReal> rt = EagerReal.newRuntime();
 * EagerReal x = rt.variable(3.0);
 * x.add(x).backward();
 * x.grad();   // 2.0
 * }</pre>
 *
 * <p>Immutable apart from its gradient; thread-safe.
 */
@Generated("io.github.tidu4j.processor.PrimitiveSetProcessor")
public final class EagerReal extends EagerValue<Double, EagerReal> {
  /**
   * The attributes of an operation that has none, one array for all.
   */
  private static final Object[] NO_ATTRIBUTES = {};

  /**
   * The set as eager runtimes take it: its operation type, its domain, its switch evaluator
   * and this class's constructor.
   */
  private static final EagerSet<RealOp, Void, ScalarType, Double, EagerReal> SET = new EagerSet<>(RealOp.class, RealOp.ADD, ScalarDomain.INSTANCE, RealEvaluator::new, EagerReal::new);

  /**
   * The runners {@link #tieredRunners()} makes once and shares; empty until its first call.
   */
  private static final AtomicReference<ProgramRunner.Factory<RealOp, Double>> TIERED = new AtomicReference<>();

  /**
   * A value made by {@code origin}'s runtime, the one maker of eager values.
   *
   * @param origin the runtime, key, value and tape position of the new value
   */
  private EagerReal(EagerValue.Origin<Double, EagerReal> origin) {
    super(origin);
  }

  /**
   * The runners of {@code newRuntime()}: made at its first call, which reads the tier settings,
   * and shared by every runtime it makes, so that they share their compiled programs and
   * move them to bytecode together (of two made by racing first calls, one is kept).
   *
   * @return the shared runners
   */
  private static ProgramRunner.Factory<RealOp, Double> tieredRunners() {
    if (TIERED.get() == null) {
      TIERED.compareAndSet(null, TieredRunners.<RealOp, Double>of(RealEvaluator::new, RealKernels::kernelSet));
    }
    return TIERED.get();
  }

  /**
   * A new runtime of eager values of this set, with an empty tape, running its programs tiered: on
   * {@link RealEvaluator} first, as bytecode over {@link RealKernels#kernelSet()} once hot
   * ({@link TieredRunners#of}).
   *
   * @return the runtime
   */
  public static EagerRuntime<Double, EagerReal> newRuntime() {
    return newRuntime(tieredRunners());
  }

  /**
   * A new runtime of eager values of this set, starting a new tape segment every
   * {@code segmentLimit} invocations, running its programs tiered: on
   * {@link RealEvaluator} first, as bytecode over {@link RealKernels#kernelSet()} once hot
   * ({@link TieredRunners#of}).
   *
   * @param segmentLimit the invocations per segment, at least 1
   * @return the runtime
   * @throws IllegalArgumentException if {@code segmentLimit} is less than 1
   */
  public static EagerRuntime<Double, EagerReal> newRuntime(int segmentLimit) {
    return newRuntime(tieredRunners(), segmentLimit);
  }

  /**
   * A new runtime of eager values of this set, with an empty tape, running its programs with
   * {@code runners}: {@code RealEvaluator::new} for the switch evaluator alone, a configured
   * {@link TieredRunners} for other tier options.
   *
   * @param runners makes the runner of each compiled program
   * @return the runtime
   */
  public static EagerRuntime<Double, EagerReal> newRuntime(
      ProgramRunner.Factory<RealOp, Double> runners) {
    return EagerRuntime.create(SET.withRunners(runners));
  }

  /**
   * A new runtime of eager values of this set, starting a new tape segment every
   * {@code segmentLimit} invocations, running its programs with
   * {@code runners}: {@code RealEvaluator::new} for the switch evaluator alone, a configured
   * {@link TieredRunners} for other tier options.
   *
   * @param runners makes the runner of each compiled program
   * @param segmentLimit the invocations per segment, at least 1
   * @return the runtime
   * @throws IllegalArgumentException if {@code segmentLimit} is less than 1
   */
  public static EagerRuntime<Double, EagerReal> newRuntime(
      ProgramRunner.Factory<RealOp, Double> runners, int segmentLimit) {
    return EagerRuntime.create(SET.withRunners(runners), segmentLimit);
  }

  /**
   * Applies {@link Real.Add} to this value (its operand {@code a}) and {@code b}, at once.
   *
   * @param b the operand {@code b}
   * @return its output
   * @throws IllegalArgumentException if an operand belongs to another runtime
   */
  public EagerReal add(EagerReal b) {
    return apply("add", NO_ATTRIBUTES, in -> in[0].add(in[1]), this, b);
  }

  /**
   * Applies {@link Real.Mul} to this value (its operand {@code a}) and {@code b}, at once.
   *
   * @param b the operand {@code b}
   * @return its output
   * @throws IllegalArgumentException if an operand belongs to another runtime
   */
  public EagerReal mul(EagerReal b) {
    return apply("mul", NO_ATTRIBUTES, in -> in[0].mul(in[1]), this, b);
  }

  /**
   * Applies {@link Real.Exp} to this value (its operand {@code x}), at once.
   *
   * @return its output
   */
  public EagerReal exp() {
    return apply("exp", NO_ATTRIBUTES, in -> in[0].exp(), this);
  }

  /**
   * Applies {@link Real.Scale} to this value (its operand {@code x}), at once.
   *
   * @param factor the attribute {@code factor}
   * @return its output
   */
  public EagerReal scale(double factor) {
    return apply("scale", new Object[] {factor}, in -> in[0].scale(factor), this);
  }

  /**
   * Applies {@link Real.SinCos} to this value (its operand {@code x}), at once; its outputs in slot order.
   *
   * @return its outputs, in slot order
   */
  public List<EagerReal> sinCos() {
    return applyMulti("sinCos", NO_ATTRIBUTES, in -> in[0].sinCos(), this);
  }

  /**
   * Applies {@link Real.ZerosLike} to this value (its operand {@code x}), at once.
   *
   * @return its output
   */
  public EagerReal zerosLike() {
    return apply("zerosLike", NO_ATTRIBUTES, in -> in[0].zerosLike(), this);
  }

  /**
   * Runs the single-output operation {@code name}, built by {@code body} with the fluent API,
   * on {@code operands}.
   *
   * @param name the operation's name, part of the cache key
   * @param attributes its attributes, part of the cache key
   * @param body the operation on the operands' fluent values
   * @param operands the operands, at least one
   * @return its output
   */
  private static EagerReal apply(String name, Object[] attributes,
      Function<RealValue[], RealValue> body, EagerReal... operands) {
    return applyMulti(name, attributes, in -> List.of(body.apply(in)), operands).get(0);
  }

  /**
   * Runs the operation {@code name}, built by {@code body} with the fluent API, on {@code
   * operands}, by the runtime of the first.
   *
   * @param name the operation's name, part of the cache key
   * @param attributes its attributes, part of the cache key
   * @param body the operation on the operands' fluent values
   * @param operands the operands, at least one
   * @return its outputs, in slot order
   */
  private static List<EagerReal> applyMulti(String name, Object[] attributes,
      Function<RealValue[], List<RealValue>> body, EagerReal... operands) {
    EagerOperation<RealOp, ScalarType> definition =
        (GraphBuilder<RealOp> graph, List<ValueRef> refs, List<ScalarType> types) -> {
      RealBuilder b = RealBuilder.on(graph);
      RealValue[] values = new RealValue[refs.size()];
      for (int i = 0; i < values.length; i++) {
        values[i] = b.value(refs.get(i));
      }
      List<RealValue> outputs = body.apply(values);
      List<ValueRef> result = new ArrayList<>(outputs.size());
      for (RealValue output : outputs) {
        result.add(output.ref());
      }
      return result;
    };
    for (int i = 0; i < operands.length; i++) {
      if (operands[i] == null) {
        throw new NullPointerException(name + " operand " + i + " is null");
      }
    }
    return operands[0].runtime().apply(name, attributes, definition, List.of(operands));
  }
}
