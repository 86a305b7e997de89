package io.github.tidu4j.ad.func;

import io.github.tidu4j.ad.Primitive;
import io.github.tidu4j.graph.EvaluableGraphOperation;
import io.github.tidu4j.graph.ProgramRunner;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.stream.IntStream;

/**
 * The functional API for any primitive set over {@code double} — the shipped scalar set or one a
 * user declares with {@code @PrimitiveSet(operand = double.class)}: trace a function written
 * against a {@link io.github.tidu4j.graph.GraphBuilder}, then take {@link #grad}, {@link #jvp} and
 * {@link #vjp} of it, composably, each compiled once and cached.
 *
 * <pre>{@code
 * ScalarAutodiff<ScalarOp> ad = ScalarAutodiff.of(ScalarOp.class, ScalarEvaluator::new);
 * ScalarFunction<ScalarOp> f = ad.function(ScalarValue.unary(x -> x.sin().mul(x)));   // fluent
 * double d2 = ad.grad(ad.grad(f)).apply(0.5);     // (x sin x)'' = 2 cos x − x sin x
 * }</pre>
 *
 * @param <P> the primitive set
 */
public final class ScalarAutodiff<P extends Primitive<P, ?> & EvaluableGraphOperation<Double>> {
  private final FunctionCache<P, ScalarType, Double> cache;

  private ScalarAutodiff(ProgramRunner.Factory<P, Double> runners) {
    this.cache = new FunctionCache<>(ScalarDomain.INSTANCE, runners, 256);
  }

  /**
   * The functional API for {@code set}, evaluated by the reference {@link
   * io.github.tidu4j.graph.Interpreter}.
   *
   * @param set the primitive set's operation class, for type inference only
   */
  public static <P extends Primitive<P, ?> & EvaluableGraphOperation<Double>> ScalarAutodiff<P> of(
      Class<P> set) {
    Objects.requireNonNull(set, "set");
    return new ScalarAutodiff<P>(ProgramRunner.interpreter());
  }

  /**
   * The functional API for {@code set}, its programs run by {@code runners}: typically the set's
   * generated evaluator, {@code ScalarEvaluator::new}.
   */
  public static <P extends Primitive<P, ?> & EvaluableGraphOperation<Double>> ScalarAutodiff<P> of(
      Class<P> set, ProgramRunner.Factory<P, Double> runners) {
    Objects.requireNonNull(set, "set");
    return new ScalarAutodiff<>(Objects.requireNonNull(runners, "runners"));
  }

  /** {@code body} as a function of one input, traced as {@code x}. */
  public ScalarFunction<P> function(ScalarBody.Unary<P> body) {
    return wrap(new ScalarTraced<>(Objects.requireNonNull(body, "body"), 1));
  }

  /** {@code body} as a function of {@code arity} inputs, traced as {@code x0, x1, …}. */
  public ScalarFunction<P> function(int arity, ScalarBody<P> body) {
    if (arity < 0) {
      throw new IllegalArgumentException("arity must not be negative: " + arity);
    }
    return wrap(new ScalarTraced<>(Objects.requireNonNull(body, "body"), arity));
  }

  /**
   * The gradient of single-output {@code f} with respect to the inputs {@code argnums} (input 0 if
   * none are given): it takes {@code f}'s inputs and returns one derivative per entry.
   */
  public ScalarFunction<P> grad(ScalarFunction<P> f, int... argnums) {
    return wrap(Transforms.grad(
        own(f).traceable(), ScalarDomain.INSTANCE, false, argnums.length == 0 ? new int[] {0} : argnums));
  }

  /**
   * The JVP of {@code f}: it takes {@code f}'s inputs followed by one tangent per {@code argnums}
   * entry (every input if none are given) and returns {@code f}'s outputs followed by their
   * tangents.
   */
  public ScalarFunction<P> jvp(ScalarFunction<P> f, int... argnums) {
    return wrap(Transforms.jvp(
        own(f).traceable(), argnums.length == 0 ? all(f.arity()) : argnums));
  }

  /**
   * The VJP of {@code f}, which has {@code outputs} outputs: it takes {@code f}'s inputs followed
   * by one cotangent per output and returns {@code f}'s outputs followed by one cotangent per
   * {@code argnums} entry (every input if none are given).
   */
  public ScalarFunction<P> vjp(ScalarFunction<P> f, int outputs, int... argnums) {
    return wrap(Transforms.vjp(
        own(f).traceable(), outputs, argnums.length == 0 ? all(f.arity()) : argnums));
  }

  /** {@code f} with only the outputs at {@code indices}, in that order. */
  public ScalarFunction<P> outputs(ScalarFunction<P> f, int... indices) {
    return wrap(Transforms.outputs(own(f).traceable(), indices));
  }

  /** Counters of this instance's cache of compiled programs. */
  public FunctionCache.Stats cacheStats() {
    return cache.stats();
  }

  private ScalarFunction<P> wrap(Traceable<P, ScalarType, Double> t) {
    return new ScalarFunction<>(t, this);
  }

  private ScalarFunction<P> own(ScalarFunction<P> f) {
    Objects.requireNonNull(f, "f");
    if (f.owner() != this) {
      throw new IllegalArgumentException(f.describe() + " belongs to another ScalarAutodiff");
    }
    return f;
  }

  CompiledFunction<P, ScalarType, Double> compiled(Traceable<P, ScalarType, Double> f) {
    return cache.get(f, Collections.nCopies(f.arity(), ScalarType.F64));
  }

  List<Double> call(Traceable<P, ScalarType, Double> f, List<Double> args) {
    return cache.call(f, args);
  }

  private static int[] all(int arity) {
    return IntStream.range(0, arity).toArray();
  }
}
