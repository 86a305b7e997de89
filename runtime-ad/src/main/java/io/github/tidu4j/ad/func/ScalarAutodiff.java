package io.github.tidu4j.ad.func;

import io.github.tidu4j.ad.Primitive;
import io.github.tidu4j.ad.RuleContext;
import io.github.tidu4j.graph.EvaluableGraphOperation;
import io.github.tidu4j.graph.ProgramRunner;
import io.github.tidu4j.graph.bytecode.KernelSet;
import io.github.tidu4j.graph.bytecode.TieredRunners;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.IntStream;

/**
 * The functional API for any primitive set over {@code double} — the shipped scalar set or one a
 * user declares with {@code @PrimitiveSet(operand = double.class)}: trace a function written
 * against a {@link io.github.tidu4j.graph.GraphBuilder}, then take {@link #grad}, {@link #jvp},
 * {@link #vjp} and Taylor-mode {@link #derivatives} of it, composably, each compiled once and
 * cached.
 *
 * <pre>{@code
 * ScalarAutodiff<ScalarOp> ad = ScalarAutodiff.of(ScalarOp.class, ScalarEvaluator::new);
 * ScalarFunction<ScalarOp> f = ad.function(ScalarValue.unary(x -> x.sin().mul(x)));   // fluent
 * double d2 = ad.grad(ad.grad(f)).apply(0.5);     // (x sin x)'' = 2 cos x − x sin x
 * double[] d = ad.derivatives(f, 4).applyAll(0.5);   // (x sin x)^(k) for k = 0 to 4, one program
 * }</pre>
 *
 * <p><b>What a function reads is fixed when it is traced</b>, as in JAX: its body runs to build a
 * graph when a transform of it ({@code f}, {@code grad(f)}, …, each) is first called, and again
 * only if the cache ({@value FunctionCache#DEFAULT_ENTRIES} compiled functions, {@value
 * FunctionCache#ENTRIES_PROPERTY}) has dropped it; later calls run the compiled program.
 * A field the body reads gives its value at that trace, so pass what changes as an argument. The
 * body sees no numbers, so a Java {@code if} on an input's value cannot be written (a branch
 * belongs in a primitive, whose rules give its derivative); loops over Java counts are unrolled.
 *
 * <p><b>How programs run</b> is the choice of the factory: {@link #of(Class, ProgramRunner.Factory,
 * Supplier)} runs them tiered (the set's switch evaluator first, its bytecode once a program is
 * called often: {@link TieredRunners}, configured by the system properties {@value
 * TieredRunners#THRESHOLD_PROPERTY} and {@value TieredRunners#MAX_INSTRUCTIONS_PROPERTY}); {@link
 * #of(Class, ProgramRunner.Factory)} runs them with the runner given: the switch evaluator alone,
 * a {@link TieredRunners} built with other options, or the bytecode tier from the first call
 * ({@link io.github.tidu4j.graph.bytecode.BytecodeCompiler#runners()}).
 *
 * <p><b>The rule context</b> of a set that declares one ({@code @PrimitiveSet(context =
 * Cfg.class)}) reaches its rules through {@link #withContext}: a front end whose transforms pass
 * it, sharing this one's functions and cache. A program is compiled per context (contexts are told
 * apart by {@code equals}); a rule declaring the context, called by a transform of a front end
 * given none, fails with an {@link io.github.tidu4j.ad.ADRuleError} saying so.
 *
 * @param <P> the primitive set
 */
public final class ScalarAutodiff<P extends Primitive<P, ?> & EvaluableGraphOperation<Double>> {
  private final Class<P> set;
  // an operation of the set, which the graphs of this front end's functions name their set by
  private final P member;
  private final FunctionCache<P, ScalarType, Double> cache;
  private final ProgramRunner.Factory<P, Double> runners;
  // passed to the rules by every transform this front end makes; null for none
  private final Object context;

  private ScalarAutodiff(Class<P> set, ProgramRunner.Factory<P, Double> runners) {
    this.set = set;
    this.member = memberOf(set);
    this.runners = runners;
    this.cache = new FunctionCache<>(ScalarDomain.INSTANCE, runners, FunctionCache.entriesProperty());
    this.context = null;
  }

  private ScalarAutodiff(ScalarAutodiff<P> shared, Object context) {
    this.set = shared.set;
    this.member = shared.member;
    this.runners = shared.runners;
    this.cache = shared.cache;
    this.context = context;
  }

  /**
   * The functional API for {@code set}, evaluated by the reference {@link
   * io.github.tidu4j.graph.Interpreter}.
   *
   * @param set the primitive set's operation class, which also says its context type ({@link
   *     #withContext})
   */
  public static <P extends Primitive<P, ?> & EvaluableGraphOperation<Double>> ScalarAutodiff<P> of(
      Class<P> set) {
    Objects.requireNonNull(set, "set");
    return new ScalarAutodiff<P>(set, ProgramRunner.interpreter());
  }

  /**
   * The functional API for {@code set}, its programs run by {@code runners}: typically the set's
   * generated evaluator, {@code ScalarEvaluator::new}.
   */
  public static <P extends Primitive<P, ?> & EvaluableGraphOperation<Double>> ScalarAutodiff<P> of(
      Class<P> set, ProgramRunner.Factory<P, Double> runners) {
    Objects.requireNonNull(set, "set");
    return new ScalarAutodiff<>(set, Objects.requireNonNull(runners, "runners"));
  }

  /**
   * The functional API for {@code set}, its programs run tiered: on {@code firstTier}, the set's
   * generated evaluator, then, once a program has been called {@link TieredRunners#threshold()}
   * times, as bytecode over the kernel set {@code kernels} gives (asked for then, so a process
   * that never promotes a program never builds it), compiled in the background ({@link TieredRunners#of}
   * with its default options, which the system properties {@value
   * TieredRunners#THRESHOLD_PROPERTY} and {@value TieredRunners#MAX_INSTRUCTIONS_PROPERTY}
   * override). A function called once never generates bytecode; one called often ends on it. The
   * results are the same bit for bit on either tier.
   *
   * <pre>{@code
   * ScalarAutodiff<ScalarOp> ad = ScalarAutodiff.of(ScalarOp.class, ScalarEvaluator::new, ScalarKernels::kernelSet);
   * }</pre>
   *
   * @throws IllegalArgumentException if a tier system property is not a valid value
   */
  public static <P extends Primitive<P, ?> & EvaluableGraphOperation<Double>> ScalarAutodiff<P> of(
      Class<P> set, ProgramRunner.Factory<P, Double> firstTier, Supplier<KernelSet<P>> kernels) {
    Objects.requireNonNull(set, "set");
    return new ScalarAutodiff<>(set, TieredRunners.of(
        Objects.requireNonNull(firstTier, "firstTier"), Objects.requireNonNull(kernels, "kernels")));
  }

  /**
   * A front end whose transforms ({@link #grad}, {@link #jvp}, {@link #vjp}, {@link #derivatives},
   * {@link #taylor}, …) pass {@code context} to every rule that declares the set's context
   * parameter. It shares this front end's cache and runners, and functions of either may be
   * transformed by the other; a transform's context is part of it, so the same transform with
   * contexts that are not {@code equals} compiles twice, never runs the other's program. The rules
   * read the context when a transform is staged and its program keeps what they read: pass an
   * immutable value (a record), and a new one for a new setting.
   *
   * <pre>{@code
   * ScalarAutodiff<TunedOp> ad = ScalarAutodiff.of(TunedOp.class, TunedEvaluator::new);
   * ScalarFunction<TunedOp> f = ad.function(TunedValue.unary(x -> x.ramp().mul(x)));
   * double d = ad.withContext(new Slope(3.0)).grad(f).apply(2.0);   // Ramp's rule reads the slope 3: (3 + 1)·2
   * }</pre>
   *
   * @param context an instance of the set's context type (of {@code Slope} for a set declared
   *     {@code @PrimitiveSet(context = Slope.class)})
   * @throws NullPointerException if {@code context} is null
   * @throws IllegalArgumentException naming the set's context type if {@code context} is not an
   *     instance of it, or the set declares none
   */
  public ScalarAutodiff<P> withContext(Object context) {
    return new ScalarAutodiff<>(this, RuleContext.check(set, context, "ScalarAutodiff.withContext"));
  }

  /** The context this front end's transforms pass to the rules, if it has one ({@link #withContext}). */
  public Optional<Object> context() {
    return Optional.ofNullable(context);
  }

  /** {@code body} as a function of one input, traced as {@code x}. */
  public ScalarFunction<P> function(ScalarBody.Unary<P> body) {
    return wrap(new ScalarTraced<>(Objects.requireNonNull(body, "body"), 1, member));
  }

  /**
   * {@code body} as a function of two inputs, traced as {@code x0, x1}: {@code
   * ad.function(ScalarValue.binary((x, y) -> x.max(y)))}.
   */
  public ScalarFunction<P> function(ScalarBody.Binary<P> body) {
    return wrap(new ScalarTraced<>(Objects.requireNonNull(body, "body"), 2, member));
  }

  /** {@code body} as a function of {@code arity} inputs, traced as {@code x0, x1, …}. */
  public ScalarFunction<P> function(int arity, ScalarBody<P> body) {
    if (arity < 0) {
      throw new IllegalArgumentException("arity must not be negative: " + arity);
    }
    return wrap(new ScalarTraced<>(Objects.requireNonNull(body, "body"), arity, member));
  }

  /**
   * The gradient of single-output {@code f} with respect to the inputs {@code argnums} (input 0 if
   * none are given): it takes {@code f}'s inputs and returns one derivative per entry.
   */
  public ScalarFunction<P> grad(ScalarFunction<P> f, int... argnums) {
    return wrapTransform(Transforms.grad(
        own(f).traceable(), ScalarDomain.INSTANCE, false, argnums.length == 0 ? new int[] {0} : argnums));
  }

  /**
   * As {@link #grad}, but the function returns {@code f}'s value first, then the derivatives: one
   * compiled program for both.
   */
  public ScalarFunction<P> valueAndGrad(ScalarFunction<P> f, int... argnums) {
    return wrapTransform(Transforms.grad(
        own(f).traceable(), ScalarDomain.INSTANCE, true, argnums.length == 0 ? new int[] {0} : argnums));
  }

  /**
   * The Hessian-vector product of single-output {@code f} with respect to the inputs {@code
   * argnums} (every input if none are given), forward over reverse: it takes {@code f}'s inputs
   * followed by one direction {@code v_i} per {@code argnums} entry and returns, per entry {@code
   * i}, {@code Σ_j ∂²f/∂x_i∂x_j · v_j} ({@link Transforms#hvp}).
   *
   * <pre>{@code
   * ScalarFunction<ScalarOp> f = ad.function(ScalarValue.binary((x, y) -> x.sin().mul(y).mul(y)));
   * double[] hv = ad.hvp(f).applyAll(x, y, vx, vy);   // H·(vx, vy), cross terms included
   * }</pre>
   *
   * @throws IllegalArgumentException if {@code f} has no inputs, or an argnum is out of range or
   *     repeated
   */
  public ScalarFunction<P> hvp(ScalarFunction<P> f, int... argnums) {
    return wrapTransform(Transforms.hvp(own(f).traceable(), ScalarDomain.INSTANCE, argnums));
  }

  /**
   * The JVP of {@code f}: it takes {@code f}'s inputs followed by one tangent per {@code argnums}
   * entry (every input if none are given) and returns {@code f}'s outputs followed by their
   * tangents.
   */
  public ScalarFunction<P> jvp(ScalarFunction<P> f, int... argnums) {
    return wrapTransform(Transforms.jvp(
        own(f).traceable(), argnums.length == 0 ? all(f.arity()) : argnums));
  }

  /**
   * The VJP of {@code f}, which has {@code outputs} outputs: it takes {@code f}'s inputs followed
   * by one cotangent per output and returns {@code f}'s outputs followed by one cotangent per
   * {@code argnums} entry (every input if none are given).
   */
  public ScalarFunction<P> vjp(ScalarFunction<P> f, int outputs, int... argnums) {
    return wrapTransform(Transforms.vjp(
        own(f).traceable(), outputs, argnums.length == 0 ? all(f.arity()) : argnums));
  }

  /**
   * The derivatives {@code f, f', …, f^(order)} of {@code f} with respect to its input {@code
   * argnum} (input 0 if none is given), the others held fixed, in one Taylor-mode program: it
   * takes {@code f}'s inputs and returns {@code order + 1} values per output of {@code f}.
   *
   * <pre>{@code
   * ScalarFunction<ScalarOp> f = ad.function(ScalarValue.unary(x -> x.scale(2.0).exp()));
   * double[] d = ad.derivatives(f, 8).applyAll(0.5);   // d[k] = 2^k·e
   * }</pre>
   *
   * <p>The derivative of order {@code k} is a Taylor coefficient times {@code k!}; the
   * coefficients are taken along a power of two times the unit direction, so that the coefficient
   * of a small high-order derivative does not underflow first (the 170th derivative of {@code
   * exp(0.1·x)}, 10⁻¹⁷⁰, comes out right). One power serves every order of a call, so in a call of
   * order 170 the coefficients of the highest orders are still up to about 10⁻⁵¹ times their
   * derivatives, and a derivative there below about 10⁻²⁵⁷ loses bits (the 145th of {@code
   * exp(0.01·x)}, 10⁻²⁹⁰, comes out 0; a call of order 120 has every derivative of it right). At
   * the other end of the range, a call of high order may overflow in a derivative above about
   * 10²⁹⁵.
   *
   * @throws IllegalArgumentException if {@code order} is negative or above 170 (whose k! a double
   *     cannot hold), or {@code argnum} is out of range or more than one is given
   */
  public ScalarFunction<P> derivatives(ScalarFunction<P> f, int order, int... argnum) {
    if (argnum.length > 1) {
      throw new IllegalArgumentException(
          "derivatives of " + f.describe() + " are taken with respect to one input, but "
              + argnum.length + " are given; use taylor for a direction over several");
    }
    return wrapTransform(Transforms.derivatives(own(f).traceable(), order, argnum.length == 0 ? 0 : argnum[0]));
  }

  /**
   * The Taylor coefficients of orders 0 to {@code order} of {@code f} along the line {@code x +
   * t·v} of the inputs {@code argnums} (every input if none are given): it takes {@code f}'s
   * inputs followed by one direction per {@code argnums} entry and returns, output by output, the
   * coefficients {@code y_k = y^(k)(0) / k!} of {@code y(t) = f(x + t·v)}.
   *
   * <pre>{@code
   * ScalarFunction<ScalarOp> g = ad.function(2, (b, x) -> List.of(b.apply(ScalarOp.MUL, x.get(0), x.get(1))));
   * double[] c = ad.taylor(g, 2).applyAll(0.5, 2.0, 1.0, -1.0);   // (x0 + t)(x1 - t): 1, 1.5, -1
   * }</pre>
   *
   * @throws IllegalArgumentException if {@code order} is negative, or {@code argnums} is out of
   *     range or repeats an index
   */
  public ScalarFunction<P> taylor(ScalarFunction<P> f, int order, int... argnums) {
    return wrapTransform(Transforms.taylor(
        own(f).traceable(), order, false, argnums.length == 0 ? all(f.arity()) : argnums));
  }

  /**
   * As {@link #taylor}, with the directional derivatives {@code y^(k)(0) = k!·y_k} in place of the
   * coefficients: the k-th is {@code D^k f(x)[v, …, v]}.
   */
  public ScalarFunction<P> directionalDerivatives(
      ScalarFunction<P> f, int order, int... argnums) {
    return wrapTransform(Transforms.taylor(
        own(f).traceable(), order, true, argnums.length == 0 ? all(f.arity()) : argnums));
  }

  /** {@code f} with only the outputs at {@code indices}, in that order. */
  public ScalarFunction<P> outputs(ScalarFunction<P> f, int... indices) {
    return wrap(Transforms.outputs(own(f).traceable(), indices));
  }

  /** Counters of this instance's cache of compiled programs. */
  public FunctionCache.Stats cacheStats() {
    return cache.stats();
  }

  /**
   * The counters of the bytecode tier its programs are promoted to once hot (promotions, failures,
   * the last failure: where a program that stays slow says why), if it runs them tiered ({@link
   * #of(Class, ProgramRunner.Factory, Supplier)}, or runners that are a {@link TieredRunners});
   * empty otherwise.
   */
  public Optional<TieredRunners.Stats> tierStats() {
    return runners instanceof TieredRunners<?, ?> tiered
        ? Optional.of(tiered.stats())
        : Optional.empty();
  }

  /** For example {@code ScalarAutodiff[tiered, 3 compiled, 12 hits]}. */
  @Override
  public String toString() {
    FunctionCache.Stats stats = cache.stats();
    return "ScalarAutodiff["
        + (runners instanceof TieredRunners<?, ?> ? "tiered" : "one tier")
        + (context == null ? "" : ", context " + context)
        + ", "
        + stats.compilations()
        + " compiled, "
        + stats.hits()
        + " hits]";
  }

  private ScalarFunction<P> wrap(Traceable<P, ScalarType, Double> t) {
    return new ScalarFunction<>(t, this);
  }

  /** {@code transform}, passing this front end's context to the rules if it has one. */
  private ScalarFunction<P> wrapTransform(Traceable<P, ScalarType, Double> transform) {
    return wrap(context == null ? transform : Transforms.inContext(transform, context));
  }

  private ScalarFunction<P> own(ScalarFunction<P> f) {
    Objects.requireNonNull(f, "f");
    // front ends sharing a cache (withContext) share their functions
    if (!f.owner().sharesCacheWith(this)) {
      throw new IllegalArgumentException(f.describe() + " belongs to another ScalarAutodiff");
    }
    return f;
  }

  /** Whether {@code other} is this front end or one made from it by {@link #withContext}. */
  boolean sharesCacheWith(ScalarAutodiff<?> other) {
    return other.cache == cache;
  }

  CompiledFunction<P, ScalarType, Double> compiled(Traceable<P, ScalarType, Double> f) {
    return cache.get(f, Collections.nCopies(f.arity(), ScalarType.F64));
  }

  List<Double> call(
      Traceable<P, ScalarType, Double> f,
      List<Double> args,
      FunctionCache.Memo<P, ScalarType, Double> memo) {
    return cache.call(f, args, memo);
  }

  private static int[] all(int arity) {
    return IntStream.range(0, arity).toArray();
  }

  /**
   * An operation of {@code set}: a constant of the set's generated operation class, which declares
   * one for each primitive without attributes (the accumulator is always one); {@code null} for a
   * class with none that can be read. Traced graphs name their set by it, so that a function of no
   * operation (one returning its input twice) can be transposed.
   */
  private static <P> P memberOf(Class<P> set) {
    for (Field field : set.getFields()) {
      if (Modifier.isStatic(field.getModifiers()) && set.isAssignableFrom(field.getType())) {
        try {
          return set.cast(field.get(null));
        } catch (IllegalAccessException | RuntimeException e) {
          return null; // a package its module does not export: such a graph names no set
        }
      }
    }
    return null;
  }
}
