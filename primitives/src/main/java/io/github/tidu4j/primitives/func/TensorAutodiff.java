package io.github.tidu4j.primitives.func;

import io.github.tidu4j.ad.check.CheckedFunction;
import io.github.tidu4j.ad.check.GradientCheckFailure;
import io.github.tidu4j.ad.check.GradientChecker;
import io.github.tidu4j.ad.check.Mode;
import io.github.tidu4j.ad.func.FluentFunction;
import io.github.tidu4j.ad.func.FunctionCache;
import io.github.tidu4j.ad.func.Staged;
import io.github.tidu4j.ad.func.Transforms;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.ProgramRunner;
import io.github.tidu4j.graph.SystemProperties;
import io.github.tidu4j.graph.bytecode.KernelSet;
import io.github.tidu4j.graph.bytecode.TieredRunners;
import io.github.tidu4j.primitives.FusionTier;
import io.github.tidu4j.primitives.TensorDomain;
import io.github.tidu4j.primitives.TensorEvaluator;
import io.github.tidu4j.primitives.TensorFusion;
import io.github.tidu4j.primitives.TensorKernels;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.TensorType;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Shape;
import io.github.tidu4j.primitives.tensor.Tensor;
import io.github.tidu4j.graph.fusion.FusionParallelism;
import io.github.tidu4j.primitives.tensor.VectorMath;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import java.util.stream.IntStream;

/**
 * The functional API over the tensor set, in the manner of JAX: trace a Java function into a
 * graph, then {@link #jvp}, {@link #vjp}, {@link #grad}, {@link #hessianVectorProduct hvp},
 * {@link #jacobian} and Taylor-mode {@link #derivatives} — each built as {@code resolve → linearize (→ linearTranspose)} over the
 * graphs before it, with no physical merge between transforms, and compiled once per input types
 * and cached. The tensor counterpart of {@link io.github.tidu4j.ad.func.ScalarAutodiff}: both are
 * thin front ends over the generic {@link Transforms}.
 *
 * <pre>{@code
 * import static io.github.tidu4j.primitives.func.TensorAutodiff.*;
 *
 * Tensor a = Tensor.vector(2, 3);
 * Fn f = x -> x.mul(a).exp().sum();                        // Σ exp(aᵢ·xᵢ)
 * Tensor g = grad(f).apply(Tensor.vector(1, 2));           // [2e², 3e⁶]
 * JvpResult r = jvp(f, Tensor.vector(1, 2), Tensor.vector(1, 0));
 * Tensor hv = hessianVectorProduct(f, Tensor.vector(1, 2), Tensor.vector(1, 1));   // [4e², 9e⁶]
 * Tensor d3 = grad(grad(grad(function(x -> x.mul(2.0).exp())))).apply(Tensor.scalar(0));
 * }</pre>
 *
 * <p>Functions of several inputs select what to differentiate with {@code argnums} (as in JAX:
 * {@code grad} defaults to input 0, {@code jvp}/{@code vjp} to all). Tensors a function closes
 * over are constants of its graph, captured when it is traced, and never differentiated.
 * Transforms compose by applying them to functions ({@code jvp(grad(f))}); a transformed function
 * takes concrete tensors, so traced code cannot call one on its traced values.
 * Compiled programs are cached by function (the same lambda object and transforms) and input
 * types; {@link #cacheStats()} counts compilations.
 *
 * <p><b>What a function reads is fixed when it is traced</b>, as in JAX: a function's body runs to
 * build a graph when a transform of it is first called for an input type, and later calls run the
 * compiled program. Each transform traces it ({@code f}, {@code grad(f)} and {@code vjp(f)} each
 * run the body once per input type), and so does a call after the cache has dropped the compiled
 * function. A field or variable the body reads (an instance field, a static, a captured local)
 * gives its value at that trace: a change is seen only by traces made after it, so {@code f} and
 * {@code grad(f)} traced on either side of it disagree. Pass what changes between calls (a
 * minibatch, a learning rate) as an argument ({@code function((Fn2) (w, batch) -> …)}). The body
 * sees no numbers (traced values have none), so a Java {@code if} or loop on its inputs' values
 * cannot be written; loops over Java counts are unrolled into the graph. And a lambda that captures
 * values is a new object, so a new function, each time its expression runs: made anew for every
 * call, it is traced and compiled on every call ({@code cacheStats().hits()} stays 0; a warning
 * is logged after {@value FunctionCache#COMPILATIONS_WARNED} compilations of one lambda class).
 * The cache holds at most {@value FunctionCache#DEFAULT_ENTRIES} compiled functions (system
 * property {@value FunctionCache#ENTRIES_PROPERTY}) and at most an eighth of the maximum heap in
 * the tensors they close over (system property {@value #CACHE_BYTES_PROPERTY}; a tensor several
 * functions close over counts once), the least recently used dropped first. It is one for the
 * process and holds what its functions close over, their classes' loaders included, until it
 * drops them or {@link #clearCache()} empties it: a server that unloads a plug-in calls that. A program with
 * elementwise instructions starts on the generated {@link TensorEvaluator} and, once its calls have processed enough elements
 * ({@link FusionTier}: at once for large tensors, after many calls for tiny ones; {@value
 * TieredRunners#WORK_THRESHOLD_PROPERTY} sets how many), runs fused in {@link TensorFusion#set()}
 * (each region one generated loop, its transcendental operations over blocks, split across
 * threads when large): its values are then the unfused ones except for the last bits of full sums
 * (added in lane order; see {@link TensorFusion}) and, where {@code jdk.incubator.vector} is
 * resolved ({@code --add-modules jdk.incubator.vector}) on x86_64, of transcendental results
 * ({@code exp}, {@code log}, {@code sin}, {@code cos}, {@code tanh} and {@code sech} vectorised,
 * each within 2 ulp of the unfused kernel's, 5 for {@code tanh} and {@code sech}; otherwise
 * computed as unfused). The system
 * property {@value #FUSION_PROPERTY} chooses: {@code exact} fuses in {@link
 * TensorFusion#exactSet()}, whose values are the unfused ones bit for bit; {@code false} does not
 * fuse. Other programs run tiered ({@link TieredRunners}): on the generated {@link
 * TensorEvaluator}, then, once one has been called often, as bytecode compiled in the background;
 * the system properties {@value TieredRunners#THRESHOLD_PROPERTY} and {@value
 * TieredRunners#MAX_INSTRUCTIONS_PROPERTY}, read when this class is initialised, set when. The
 * fused tier's {@code tidu4j.vectormath}, {@code tidu4j.fusion.threads} and {@code
 * tidu4j.fusion.threshold} are checked then too, fusion on or off. An
 * invalid value of any of these properties makes that initialisation fail: the first use of the
 * class throws an {@link ExceptionInInitializerError} whose cause, an {@link
 * IllegalArgumentException}, names the property and the value.
 */
public final class TensorAutodiff {
  /**
   * The system property choosing how the programs of every {@link TensorFunction} run fused, read
   * when this class is initialised: {@code true} (the default) in {@link TensorFusion#set()},
   * {@code exact} in {@link TensorFusion#exactSet()} (the unfused values bit for bit), {@code
   * false} not fused: {@code java -Dtidu4j.autodiff.fusion=exact …} gives the unfused values.
   */
  public static final String FUSION_PROPERTY = "tidu4j.autodiff.fusion";

  /** How programs with elementwise regions run: {@value #FUSION_PROPERTY}, {@code true} if unset. */
  static final String FUSION = SystemProperties.choice(FUSION_PROPERTY, "true", "exact", "false");

  static {
    // the fused tier's own properties, read once a program is hot: a bad value fails here, as
    // this class's do, not as a failed promotion or inside a fused loop; with fusion off too, so
    // that a misspelt value is never silently without effect
    VectorMath.implementationProperty();
    FusionParallelism.checkProperties();
  }

  /**
   * The system property bounding the bytes of the tensors the cached compiled functions close
   * over (a long, at least 0), read when this class is initialised; an eighth of {@link
   * Runtime#maxMemory()} if unset. The function compiled last is kept whatever it holds.
   */
  public static final String CACHE_BYTES_PROPERTY = "tidu4j.autodiff.cacheBytes";

  /** How the programs of every {@link TensorFunction} run, and the tiers they are promoted with. */
  private static final Tiered TIERED = tiered(FUSION, null);

  /** Compiled programs of every {@link TensorFunction}, by function and input types. */
  static final FunctionCache<TensorOp, TensorType, Tensor> CACHE =
      new FunctionCache<>(
          TensorDomain.INSTANCE,
          TIERED.runners(),
          FunctionCache.entriesProperty(),
          cacheBytes(System.getProperty(CACHE_BYTES_PROPERTY), Runtime.getRuntime().maxMemory()));

  private TensorAutodiff() {}

  /**
   * The cache's byte bound: {@code property} as a long of at least 0, or {@code maxMemory / 8} if
   * it is {@code null}.
   *
   * @throws IllegalArgumentException naming {@value #CACHE_BYTES_PROPERTY} if it is not such a
   *     number
   */
  static long cacheBytes(String property, long maxMemory) {
    return SystemProperties.parse(
        CACHE_BYTES_PROPERTY, property, maxMemory / 8, 0, Long.MAX_VALUE, "a number of bytes");
  }

  /**
   * The runners of compiled functions: tiered towards bytecode, and, for a program with elementwise
   * instructions, towards its fused form ({@link FusionTier}) in {@link TensorFusion#set()} for
   * {@code "true"}, in {@link TensorFusion#exactSet()} for {@code "exact"}; only towards bytecode
   * for {@code "false"}.
   *
   * @throws IllegalArgumentException naming the property if {@code fusion} is another value
   */
  static ProgramRunner.Factory<TensorOp, Tensor> runners(String fusion) {
    return runners(fusion, null);
  }

  /**
   * The runners of programs and the tiers they promote programs with: {@code bytecode} for
   * programs without elementwise instructions, {@code fused} (null when fusion is off) for those
   * with.
   */
  record Tiered(
      ProgramRunner.Factory<TensorOp, Tensor> runners,
      TieredRunners<TensorOp, Tensor> bytecode,
      TieredRunners<TensorOp, Tensor> fused) {}

  /**
   * {@link #runners(String)} with the fusion tier's options set by {@code options} (for tests: a
   * threshold of 1 fuses every program before its first call); {@code null} keeps the defaults.
   */
  static ProgramRunner.Factory<TensorOp, Tensor> runners(
      String fusion,
      UnaryOperator<TieredRunners.Builder<TensorOp, Tensor>> options) {
    return tiered(fusion, options).runners();
  }

  /** {@link #runners(String, UnaryOperator)} with the tiers it promotes programs with. */
  static Tiered tiered(
      String fusion,
      UnaryOperator<TieredRunners.Builder<TensorOp, Tensor>> options) {
    Tiers tiers = new Tiers();
    TieredRunners<TensorOp, Tensor> bytecode = TieredRunners.of(tiers, tiers);
    return switch (fusion) {
      case "true", "exact" -> {
        TieredRunners.Builder<TensorOp, Tensor> b =
            FusionTier.builder(tiers, FusionTier.fusionSet(fusion.equals("exact")), bytecode);
        TieredRunners<TensorOp, Tensor> fused = (options == null ? b : options.apply(b)).build();
        yield new Tiered(FusionTier.runners(fused, bytecode), bytecode, fused);
      }
      case "false" -> new Tiered(bytecode, bytecode, null);
      default -> throw new IllegalArgumentException(
          "-D" + FUSION_PROPERTY + "=" + fusion + ": expected true, exact or false");
    };
  }

  /**
   * The first tier ({@link TensorEvaluator}) and the bytecode tier's kernel set ({@link
   * TensorKernels}), written as a class rather than as the method references {@code
   * TensorEvaluator::new} and {@code TensorKernels::kernelSet}: each of those would spin a class
   * when this class is initialised, which a first call in a fresh JVM pays for.
   */
  private static final class Tiers
      implements ProgramRunner.Factory<TensorOp, Tensor>, Supplier<KernelSet<TensorOp>> {
    @Override
    public ProgramRunner<Tensor> prepare(CompiledProgram<TensorOp> program) {
      return new TensorEvaluator(program);
    }

    @Override
    public KernelSet<TensorOp> get() {
      return TensorKernels.kernelSet();
    }
  }

  // ------------------------------------------------------------------------------------------
  // Lifting user code

  /** {@code f} as a function to transform and call; its input is traced as {@code x}. */
  public static TensorFunction function(Fn f) {
    return new TensorFunction(FluentFunction.unary(TensorTracer.INSTANCE, requireNonNull(f)));
  }

  /** {@code f} as a function of two inputs, traced as {@code x0, x1}. */
  public static TensorFunction function(Fn2 f) {
    return new TensorFunction(FluentFunction.binary(TensorTracer.INSTANCE, requireNonNull(f)));
  }

  /**
   * {@code f} as a function of {@code arity} inputs (traced as {@code x0, x1, …}) and any number of
   * outputs.
   */
  public static TensorFunction function(int arity, FnN f) {
    if (arity < 0) {
      throw new IllegalArgumentException("arity must not be negative: " + arity);
    }
    return new TensorFunction(FluentFunction.of(TensorTracer.INSTANCE, arity, requireNonNull(f)));
  }

  // ------------------------------------------------------------------------------------------
  // Reverse mode

  /** The gradient of a scalar-valued {@code f}; see {@link #grad(TensorFunction, int...)}. */
  public static TensorFunction grad(Fn f) {
    return grad(function(f));
  }

  /**
   * The gradient of {@code f}, whose single output must be a real scalar ({@code f64[]}), with
   * respect to the inputs {@code argnums} (input 0 if none are given). It takes {@code f}'s inputs
   * and returns one gradient per {@code argnums} entry, of that input's type. For a complex input
   * {@code z = x + iy} the gradient is {@code ∂f/∂x + i·∂f/∂y}, the direction of steepest ascent
   * ({@code |z|²} gives {@code 2z}, as in PyTorch); JAX's {@code grad} gives its conjugate, so a
   * JAX update {@code z - lr * conj(g)} is {@code z - lr * g} here.
   *
   * <pre>{@code
   * Tensor g = grad(function((Fn2) (u, v) -> u.mul(v).sum()), 1).apply(x, y);   // = x
   * }</pre>
   *
   * @throws IllegalArgumentException if an argnum is out of range or repeated; when called, if
   *     the output is not a real scalar
   */
  public static TensorFunction grad(TensorFunction f, int... argnums) {
    return new TensorFunction(
        Transforms.grad(f.traceable(), TensorDomain.INSTANCE, false, orFirst(argnums)));
  }

  /**
   * As {@link #grad(TensorFunction, int...)}, but the function returns {@code f}'s value first,
   * then the gradients: one compiled program for both.
   */
  public static TensorFunction valueAndGrad(TensorFunction f, int... argnums) {
    return new TensorFunction(
        Transforms.grad(f.traceable(), TensorDomain.INSTANCE, true, orFirst(argnums)));
  }

  /**
   * {@code f} with only the outputs at {@code indices}, in that order: how one output of a function
   * of several is given to {@link #grad} or {@link #hvp}, which take functions of one output.
   *
   * <pre>{@code
   * TensorFunction both = function(1, in -> List.of(in.get(0).sin().sum(), in.get(0).cos()));
   * Tensor g = grad(outputs(both, 0)).apply(x);   // cos x
   * }</pre>
   *
   * @throws IllegalArgumentException if an index is negative; when called, if an index is past
   *     {@code f}'s outputs
   */
  public static TensorFunction outputs(TensorFunction f, int... indices) {
    return new TensorFunction(Transforms.outputs(f.traceable(), indices));
  }

  /**
   * {@code f} and its pullback at {@code primals} (one per input), with respect to every input.
   *
   * <pre>{@code
   * Vjp v = vjp(function(t -> t.sin()), x);
   * Tensor ct = v.pullback(Tensor.ones(DType.F64, 3)).get(0);   // cos x
   * }</pre>
   */
  public static Vjp vjp(TensorFunction f, Tensor... primals) {
    List<Tensor> values = f.applyAll(primals);
    TensorFunction pullback =
        new TensorFunction(
            Transforms.outputs(
                Transforms.vjp(f.traceable(), values.size(), all(f.arity())),
                IntStream.range(values.size(), values.size() + f.arity()).toArray()));
    return new Vjp(pullback, List.of(primals), values);
  }

  /** {@link #vjp(TensorFunction, Tensor...)} of a one-input function. */
  public static Vjp vjp(Fn f, Tensor x) {
    return vjp(function(f), x);
  }

  /**
   * The VJP of {@code f} as a function: it takes {@code f}'s inputs followed by one cotangent per
   * output ({@code outputs} of them) and returns {@code f}'s outputs followed by one cotangent per
   * {@code argnums} entry (every input if none are given).
   */
  public static TensorFunction vjp(TensorFunction f, int outputs, int... argnums) {
    return new TensorFunction(
        Transforms.vjp(
            f.traceable(), outputs, argnums.length == 0 ? all(f.arity()) : argnums));
  }

  // ------------------------------------------------------------------------------------------
  // Forward mode

  /**
   * The JVP of {@code f} as a function: it takes {@code f}'s inputs followed by one tangent per
   * {@code argnums} entry (every input if none are given) and returns {@code f}'s outputs followed
   * by their tangents.
   *
   * <pre>{@code
   * TensorFunction hvp = jvp(grad(f));     // (x, v) -> (∇f(x), H(x)·v)
   * }</pre>
   */
  public static TensorFunction jvp(TensorFunction f, int... argnums) {
    return new TensorFunction(
        Transforms.jvp(f.traceable(), argnums.length == 0 ? all(f.arity()) : argnums));
  }

  /**
   * The outputs of {@code f} at {@code primals} and their directional derivatives along {@code
   * tangents} (one per input, each of its input's type).
   */
  public static JvpResult jvp(TensorFunction f, List<Tensor> primals, List<Tensor> tangents) {
    if (primals.size() != f.arity() || tangents.size() != f.arity()) {
      throw new IllegalArgumentException(
          "jvp of " + f.describe() + " takes " + f.arity() + " primals and as many tangents, got "
              + primals.size() + " and " + tangents.size());
    }
    List<Tensor> args = new ArrayList<>(primals);
    args.addAll(tangents);
    List<Tensor> out = jvp(f).applyAll(args);
    int n = out.size() / 2;
    return new JvpResult(out.subList(0, n), out.subList(n, out.size()));
  }

  /** {@link #jvp(TensorFunction, List, List)} of a one-input function. */
  public static JvpResult jvp(Fn f, Tensor x, Tensor t) {
    return jvp(function(f), List.of(x), List.of(t));
  }

  // ------------------------------------------------------------------------------------------
  // Taylor mode

  /**
   * The derivatives of orders 0 to {@code order} of {@code f} with respect to its input {@code
   * argnum} (input 0 if none is given), the others held fixed, in one Taylor-mode program: the
   * direction is a tensor of ones, so for a function applied elementwise, output k is the
   * elementwise k-th derivative. It takes {@code f}'s inputs and returns {@code order + 1} tensors
   * per output of {@code f}.
   *
   * <pre>{@code
   * List<Tensor> d = derivatives(function(x -> x.sin()), 3).applyAll(Tensor.vector(0, 1));
   * // sin x, cos x, -sin x, -cos x, elementwise
   * }</pre>
   *
   * <p>The derivative of order {@code k} is a Taylor coefficient times {@code k!}; the
   * coefficients are taken along a power of two times the unit direction, so that the coefficient
   * of a derivative a double holds does not underflow first (the 170th derivative of {@code
   * exp(0.1·x)}, 10⁻¹⁷⁰, comes out right). At the other end of the range, a call of high order may overflow in a
   * derivative above about 10²⁹⁵.
   *
   * @throws IllegalArgumentException if {@code order} is negative or above 170 (whose k! a double
   *     cannot hold), or {@code argnum} is out of range or more than one is given
   */
  public static TensorFunction derivatives(TensorFunction f, int order, int... argnum) {
    if (argnum.length > 1) {
      throw new IllegalArgumentException(
          "derivatives of " + f.describe() + " are taken with respect to one input, but "
              + argnum.length + " are given; use taylor for a direction over several");
    }
    return new TensorFunction(
        Transforms.derivatives(f.traceable(), order, argnum.length == 0 ? 0 : argnum[0]));
  }

  /**
   * The Taylor coefficients of orders 0 to {@code order} of {@code f} along the line {@code x +
   * t·v} of the inputs {@code argnums} (every input if none are given): it takes {@code f}'s
   * inputs followed by one direction per {@code argnums} entry and returns, output by output, the
   * coefficients {@code y_k = y^(k)(0) / k!} of {@code y(t) = f(x + t·v)}.
   *
   * <pre>{@code
   * TensorFunction t = taylor(function(x -> x.exp().sum()), 2);
   * List<Tensor> c = t.applyAll(Tensor.vector(0, 0), Tensor.vector(1, 2));   // 2, 3, 2.5
   * }</pre>
   *
   * @throws IllegalArgumentException if {@code order} is negative, or {@code argnums} is out of
   *     range or repeats an index
   */
  public static TensorFunction taylor(TensorFunction f, int order, int... argnums) {
    return new TensorFunction(
        Transforms.taylor(
            f.traceable(), order, false, argnums.length == 0 ? all(f.arity()) : argnums));
  }

  // ------------------------------------------------------------------------------------------
  // Second order and Jacobians

  /**
   * The Hessian-vector product of a scalar-valued {@code f} with respect to every input: {@link
   * #hvp(TensorFunction, int...)} with no {@code argnums}, which for a one-input {@code f} is the
   * function {@code (x, v) -> H(x)·v}.
   */
  public static TensorFunction hvp(TensorFunction f) {
    return hvp(f, new int[0]);
  }

  /**
   * The Hessian-vector product of {@code f}, whose single output must be a real scalar ({@code
   * f64[]}), with respect to the inputs {@code argnums} (every input if none are given): forward
   * over reverse, JAX's {@code jvp(grad(f, argnums), primals, tangents)} with a zero tangent for
   * every input not selected. It takes {@code f}'s inputs {@code x_0, …, x_{n-1}} followed by one
   * direction {@code v_i} per {@code argnums} entry, of that input's type, and returns, per entry
   * {@code i}, {@code Σ_j ∂²f/∂x_i∂x_j · v_j}, the sum over the selected inputs {@code j}: the
   * Hessian with respect to the selected inputs times the stacked directions, split back by input.
   * The inputs not selected are held fixed and take no direction.
   *
   * <pre>{@code
   * TensorFunction f = function((Fn2) (x, y) -> x.sin().mul(y).mul(y).sum());   // Σ sin(x)·y²
   * List<Tensor> both = hvp(f).applyAll(x, y, vx, vy);  // [H_xx·vx + H_xy·vy, H_yx·vx + H_yy·vy]
   * Tensor onlyY = hvp(f, 1).apply(x, y, vy);            // H_yy·vy = 2 sin(x)·vy
   * }</pre>
   *
   * @throws IllegalArgumentException if {@code f} has no inputs, or an argnum is out of range or
   *     repeated; when called, if the output is not a real scalar
   */
  public static TensorFunction hvp(TensorFunction f, int... argnums) {
    return new TensorFunction(Transforms.hvp(f.traceable(), TensorDomain.INSTANCE, argnums));
  }

  /**
   * {@code H(x)·v} for a scalar-valued one-input {@code f}; see {@link #hvp(TensorFunction,
   * int...)}, which takes functions of several inputs.
   *
   * @throws IllegalArgumentException if {@code f} does not have one input, or its output is not a
   *     real scalar
   */
  public static Tensor hessianVectorProduct(TensorFunction f, Tensor x, Tensor v) {
    if (f.arity() != 1) {
      throw new IllegalArgumentException(
          "hessianVectorProduct takes a function of one input, but " + f.describe() + " has "
              + f.arity() + "; use hvp(f, argnums)");
    }
    return hvp(f).apply(x, v);
  }

  /** {@code H(x)·v} for a scalar-valued {@code f}; see {@link #hvp}. */
  public static Tensor hessianVectorProduct(Fn f, Tensor x, Tensor v) {
    return hessianVectorProduct(function(f), x, v);
  }

  /**
   * The Jacobian of a one-input, one-output f64 function at {@code x}, for small sizes: a tensor
   * of shape {@code output shape ++ input shape} with {@code J[i…, j…] = ∂yᵢ/∂xⱼ}. Built row by
   * row in reverse mode when the output is no larger than the input, column by column in forward
   * mode otherwise; either way one compiled program, run once per row or column.
   *
   * @throws IllegalArgumentException if {@code f} does not have one input and one output, or
   *     either is not f64, or the Jacobian has more entries than a Java array holds
   */
  public static Tensor jacobian(TensorFunction f, Tensor x) {
    if (f.arity() != 1) {
      throw new IllegalArgumentException(
          "jacobian takes a function of one input, but " + f.describe() + " has " + f.arity());
    }
    List<Tensor> ys = f.applyAll(x);
    if (ys.size() != 1) {
      throw new IllegalArgumentException(
          "jacobian takes a function of one output, but " + f.describe() + " has " + ys.size());
    }
    Tensor y = ys.get(0);
    if (x.dtype() != DType.F64 || y.dtype() != DType.F64) {
      throw new IllegalArgumentException(
          "jacobian is defined here for f64 inputs and outputs, but " + f.describe() + " maps "
              + TensorType.of(x) + " to " + TensorType.of(y));
    }
    int m = y.size();
    int n = x.size();
    if ((long) m * n > Tensor.MAX_DATA_LENGTH) {
      throw new IllegalArgumentException(
          "the jacobian of " + f.describe() + ", which maps " + TensorType.of(x) + " to "
              + TensorType.of(y) + ", has " + m + " × " + n + " = " + (long) m * n
              + " entries, more than a Java array holds; take vjp or jvp products instead");
    }
    double[] jac = new double[m * n];
    if (m <= n) {
      TensorFunction rows = new TensorFunction(
          Transforms.outputs(Transforms.vjp(f.traceable(), 1, 0), 1));
      for (int i = 0; i < m; i++) {
        double[] row = rows.apply(x, unit(y.shape(), i)).toDoubleArray();
        System.arraycopy(row, 0, jac, i * n, n);
      }
    } else {
      TensorFunction columns = new TensorFunction(
          Transforms.outputs(Transforms.jvp(f.traceable(), 0), 1));
      for (int j = 0; j < n; j++) {
        double[] column = columns.apply(x, unit(x.shape(), j)).toDoubleArray();
        for (int i = 0; i < m; i++) {
          jac[i * n + j] = column[i];
        }
      }
    }
    int[] shape = IntStream.concat(
        IntStream.of(y.shape().dims()), IntStream.of(x.shape().dims())).toArray();
    return Tensor.of(jac, shape);
  }

  /** {@link #jacobian(TensorFunction, Tensor)} of {@code f}. */
  public static Tensor jacobian(Fn f, Tensor x) {
    return jacobian(function(f), x);
  }

  /**
   * The Hessian of a scalar-valued f64 function of one input at {@code x}, for small sizes (JAX's
   * {@code hessian}): the Jacobian of its gradient, a tensor of shape {@code x shape ++ x shape}
   * with {@code H[i…, j…] = ∂²f/∂xᵢ∂xⱼ}, one compiled program ({@code grad} then reverse mode) run
   * once per row. For {@code H·v} alone, {@link #hessianVectorProduct} costs one such run.
   *
   * <pre>{@code
   * Tensor h = hessian(x -> x.mul(x).sum().mul(x.sin().sum()), Tensor.vector(0.5, 1));
   * }</pre>
   *
   * @throws IllegalArgumentException if {@code f} does not have one input and one rank-0 output,
   *     either is not f64, or the Hessian has more entries than a Java array holds
   */
  public static Tensor hessian(TensorFunction f, Tensor x) {
    if (x.dtype() != DType.F64) {
      throw new IllegalArgumentException(
          "hessian is defined here for f64 inputs, but " + f.describe() + " is given "
              + TensorType.of(x));
    }
    try {
      return jacobian(grad(f), x);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "hessian of " + f.describe() + " (the jacobian of its gradient): " + e.getMessage(), e);
    }
  }

  /** {@link #hessian(TensorFunction, Tensor)} of {@code f}. */
  public static Tensor hessian(Fn f, Tensor x) {
    return hessian(function(f), x);
  }

  // ------------------------------------------------------------------------------------------
  // Checking derivatives

  /**
   * Checks the derivatives of {@code f} at {@code args} up to {@code order}, as JAX's {@code
   * check_grads(f, args, order)}: at every order, the JVP against central differences along a
   * random direction and the VJP by the dot-product test, with the tensor set's tolerances ({@link
   * GradientChecker}, in {@link Mode#BOTH}). The directions come from a fixed seed, so a failure
   * repeats. What {@code f} closes over is held fixed.
   *
   * <pre>{@code
   * checkGrads(function(x -> x.tanh().mul(x).sum()), 2, Tensor.vector(0.3, -1.2));
   * }</pre>
   *
   * @throws GradientCheckFailure naming the derivative, the order and the mode out of tolerance
   * @throws IllegalArgumentException if {@code args} are not one value per input of {@code f}, or
   *     {@code order} is below 1
   */
  public static void checkGrads(TensorFunction f, int order, Tensor... args) {
    if (args.length != f.arity()) {
      throw new IllegalArgumentException(
          "checkGrads of " + f.describe() + ": it takes " + f.arity() + " input"
              + (f.arity() == 1 ? "" : "s") + ", but " + args.length + " are given");
    }
    TensorType[] types = new TensorType[args.length];
    for (int i = 0; i < args.length; i++) {
      types[i] = TensorType.of(args[i]);
    }
    Staged<TensorOp, TensorType, Tensor> staged = f.staged(types);
    Map<Object, Tensor> point = new HashMap<>();
    for (int i = 0; i < args.length; i++) {
      point.put(staged.inputs().get(i).key(), args[i]);
    }
    staged.constants().forEach((input, value) -> point.put(input.key(), value));
    staged.seeds()
        .forEach((input, seed) -> point.put(input.key(), seed.value(TensorDomain.INSTANCE)));
    GradientChecker.<TensorOp, Void, Tensor>check(
        CheckedFunction.of(staged.graphs(), staged.inputs(), staged.liveOutputs()),
        point,
        TensorDomain.INSTANCE,
        order,
        Mode.BOTH,
        null,
        new Random(0));
  }

  /** {@link #checkGrads(TensorFunction, int, Tensor...)} of {@code function(f)}. */
  public static void checkGrads(Fn f, int order, Tensor x) {
    checkGrads(function(f), order, x);
  }

  // ------------------------------------------------------------------------------------------
  // The cache

  /** Counters of the shared cache of compiled programs. */
  public static FunctionCache.Stats cacheStats() {
    return CACHE.stats();
  }

  /**
   * Counters of the tiers the shared cache's programs are promoted to once hot: {@code bytecode}
   * for programs without elementwise instructions, {@code fused} for those with (null if {@value
   * #FUSION_PROPERTY} is {@code false}). A promotion that fails leaves its program on the first
   * tier, with the same values; {@link TieredRunners.Stats#failed()} and {@link
   * TieredRunners.Stats#lastFailure()} say so, where a service looks for why programs stay slow.
   *
   * @param bytecode the bytecode tier's counters
   * @param fused the fused tier's counters, or null
   */
  public record TierStats(TieredRunners.Stats bytecode, TieredRunners.Stats fused) {}

  /** The counters of the tiers of the shared cache's programs; see {@link TierStats}. */
  public static TierStats tierStats() {
    return new TierStats(
        TIERED.bytecode().stats(), TIERED.fused() == null ? null : TIERED.fused().stats());
  }

  /**
   * The bytes of the tensors the shared cache's compiled functions close over, at most {@value
   * #CACHE_BYTES_PROPERTY} bytes.
   */
  public static long cacheBytes() {
    return CACHE.constantBytes();
  }

  /** Empties the shared cache of compiled programs (the counters keep counting). */
  public static void clearCache() {
    CACHE.clear();
  }

  // ------------------------------------------------------------------------------------------

  private static Tensor unit(Shape shape, int index) {
    double[] data = new double[shape.size()];
    data[index] = 1;
    return Tensor.of(data, shape);
  }

  private static int[] orFirst(int[] argnums) {
    return argnums.length == 0 ? new int[] {0} : argnums;
  }

  // a loop, not an IntStream: a stream loads dozens of classes and links lambdas, which a fresh
  // JVM pays for on its first grad
  private static int[] all(int arity) {
    int[] all = new int[arity];
    for (int i = 0; i < arity; i++) {
      all[i] = i;
    }
    return all;
  }

  private static <T> T requireNonNull(T f) {
    if (f == null) {
      throw new NullPointerException("the function is null");
    }
    return f;
  }
}
