package io.github.tidu4j.ad.eager;

import io.github.tidu4j.ad.Primitive;
import io.github.tidu4j.ad.func.Domain;
import io.github.tidu4j.graph.ProgramRunner;
import java.util.Objects;
import java.util.function.Function;

/**
 * What eager mode needs to know of one primitive set: its operation type, any of its operations
 * (whose accumulator sums gradients), its {@link Domain} (the abstract type of a value, the seed
 * {@code 1} of a scalar, which outputs {@code backward()} accepts without a seed), the runner of
 * its compiled programs (the generated switch evaluator, so forward and backward run without
 * interpretation) and how to wrap a computed value in the set's eager value class.
 *
 * <p>The processor writes one per set, in the generated eager value class ({@code EagerX}), which
 * hands it to {@link EagerRuntime#create(EagerSet)}; a user does not build one.
 *
 * <pre>{@code
 * // in the generated EagerReal:
 * private static final EagerSet<RealOp, Void, ScalarType, Double, EagerReal> SET =
 *     new EagerSet<>(RealOp.class, RealOp.ADD, ScalarDomain.INSTANCE, RealEvaluator::new, EagerReal::new);
 * public static EagerRuntime<Double, EagerReal> newRuntime() { … }
 * }</pre>
 *
 * @param operationType the set's operation class ({@code XOp})
 * @param anyOperation an operation of the set; its {@link Primitive#add()} sums gradients
 * @param domain abstract types, zeros and ones of the set's values
 * @param runners makes the runner of a compiled program of the set
 * @param values wraps a computed value as the set's eager value
 * @param <Op> the operation type
 * @param <C> the rule context type
 * @param <T> the abstract type
 * @param <V> the operand type
 * @param <E> the eager value type
 */
public record EagerSet<Op extends Primitive<Op, C>, C, T, V, E extends EagerValue<V, E>>(
    Class<Op> operationType,
    Op anyOperation,
    Domain<T, V> domain,
    ProgramRunner.Factory<Op, V> runners,
    Function<EagerValue.Origin<V, E>, E> values) {

  /** Checks that nothing is {@code null}. */
  public EagerSet {
    Objects.requireNonNull(operationType, "operationType");
    Objects.requireNonNull(anyOperation, "anyOperation");
    Objects.requireNonNull(domain, "domain");
    Objects.requireNonNull(runners, "runners");
    Objects.requireNonNull(values, "values");
  }

  /**
   * This set with {@code runners} as the runner of its compiled programs: how a generated {@code
   * EagerX.newRuntime(runners)} chooses the tier its programs run on (the switch evaluator alone,
   * below).
   *
   * <pre>{@code
   * EagerRuntime<Double, EagerScalar> switchOnly = EagerScalar.newRuntime(ScalarEvaluator::new);
   * }</pre>
   *
   * @param runners makes the runner of a compiled program of the set
   * @return the same set over {@code runners}
   */
  public EagerSet<Op, C, T, V, E> withRunners(ProgramRunner.Factory<Op, V> runners) {
    return new EagerSet<>(operationType, anyOperation, domain, runners, values);
  }
}
