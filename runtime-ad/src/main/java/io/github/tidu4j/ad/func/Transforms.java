package io.github.tidu4j.ad.func;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.Primitive;
import io.github.tidu4j.graph.GraphException;
import io.github.tidu4j.graph.ValueDescription;
import java.util.List;
import java.util.Objects;

/**
 * The functional transforms, generic over a primitive set: {@link #jvp}, {@link #vjp}, {@link
 * #grad} and output selection ({@link #outputs}) of {@link Traceable} functions. The results are
 * themselves traceable, so they compose to any order: {@code grad(grad(f))}, {@code jvp(grad(f))},
 * {@code outputs(jvp(grad(f)), 1)} (a Hessian-vector product). Staging one stages its argument and
 * adds one {@code resolve → linearize (→ linearTranspose)} step over the graphs before it. The
 * results are values (records): equal transforms of equal functions are equal, which is what lets
 * {@link FunctionCache} reuse compiled programs. {@link ScalarAutodiff} and the tensor set's
 * {@code TensorAutodiff} are thin front ends over these.
 *
 * <pre>{@code
 * Traceable<Op, T, V> g = Transforms.grad(f, domain, false, 0);
 * Traceable<Op, T, V> hvp = Transforms.outputs(Transforms.jvp(g, 0), 1);
 * }</pre>
 *
 * <p><b>The rule context.</b> A set declaring a context type ({@code @PrimitiveSet(context =
 * Cfg.class)}, so its operations are {@code Primitive<Op, Cfg>}) passes a context to every rule
 * that declares a parameter of it. Each differentiating transform has an overload taking one after
 * the function, typed by the set ({@code jvp(f, ctx, argnums)}, {@code grad(f, ctx, domain,
 * withValue, argnums)}, …); it passes that context to every rule its step calls, the rules of the
 * graphs of the function it transforms included (a transform of a transform passes its own). The
 * context is part of the transform's value: transforms with contexts that are not {@code equals}
 * are different functions, compiled apart, so a cache never runs a program made with another
 * context. The overloads without one pass none, and a rule declaring the context then fails with
 * an {@link ADRuleError} ({@link ADRuleError.Reason#MISSING_CONTEXT}) rather than read {@code
 * null}.
 */
public final class Transforms {
  private Transforms() {}

  /**
   * Checks {@code argnums} for the transform {@code transform} of {@code f}, one built on those of
   * this class, as they check theirs: each in range, none repeated.
   *
   * @throws IllegalArgumentException naming the transform and {@code f} ({@code "hvp of f: argnum
   *     2 is out of range for a function of 2 inputs"})
   */
  public static void checkArgnums(String transform, Traceable<?, ?, ?> f, int... argnums) {
    TransformSteps.checkArgnums(transform, f, argnums);
  }

  /**
   * The JVP of {@code f} with respect to the inputs {@code argnums}: it takes {@code f}'s inputs
   * followed by one tangent per {@code argnums} entry (of its primal's type), and returns {@code
   * f}'s outputs followed by one tangent per output (a symbolic zero where the output does not
   * depend on the differentiated inputs).
   *
   * @throws IllegalArgumentException if {@code argnums} is out of range or repeats an index
   */
  public static <P extends Primitive<P, ?>, T, V> Traceable<P, T, V> jvp(
      Traceable<P, T, V> f, int... argnums) {
    TransformSteps.checkArgnums("jvp", f, argnums);
    return new Jvp<>(f, list(argnums), null);
  }

  /**
   * As {@link #jvp(Traceable, int...)}, passing {@code ctx} to the rules that declare the set's
   * context.
   *
   * @throws NullPointerException if {@code ctx} is null
   */
  public static <P extends Primitive<P, C>, C, T, V> Traceable<P, T, V> jvp(
      Traceable<P, T, V> f, C ctx, int... argnums) {
    return inContext(jvp(f, argnums), requireContext(ctx));
  }

  /**
   * The VJP of {@code f}, which has {@code outputs} outputs, with respect to the inputs {@code
   * argnums}: it takes {@code f}'s inputs followed by one cotangent per output (of the output's
   * type), and returns {@code f}'s outputs followed by one cotangent per {@code argnums} entry (a
   * symbolic zero where no output depends on that input).
   *
   * @throws IllegalArgumentException if {@code outputs} is less than 1, or {@code argnums} is out
   *     of range or repeats an index
   */
  public static <P extends Primitive<P, ?>, T, V> Traceable<P, T, V> vjp(
      Traceable<P, T, V> f, int outputs, int... argnums) {
    if (outputs < 1) {
      throw new IllegalArgumentException(
          "vjp of " + f.describe() + ": it is given " + outputs + " outputs of " + f.describe()
              + "; give their number, 1 or more");
    }
    TransformSteps.checkArgnums("vjp", f, argnums);
    return new Vjp<>(f, outputs, list(argnums), null);
  }

  /**
   * As {@link #vjp(Traceable, int, int...)}, passing {@code ctx} to the rules that declare the
   * set's context.
   *
   * @throws NullPointerException if {@code ctx} is null
   */
  public static <P extends Primitive<P, C>, C, T, V> Traceable<P, T, V> vjp(
      Traceable<P, T, V> f, C ctx, int outputs, int... argnums) {
    return inContext(vjp(f, outputs, argnums), requireContext(ctx));
  }

  /**
   * The gradient of {@code f}'s single output with respect to the inputs {@code argnums}: it takes
   * {@code f}'s inputs and returns {@code f}'s output (if {@code withValue}) followed by one
   * gradient per {@code argnums} entry. The cotangent seed is bound to the unit of the output's
   * type; {@code domain} says whether the output is one {@code grad} may seed (checked when
   * staged).
   *
   * @throws IllegalArgumentException if {@code argnums} is out of range or repeats an index
   */
  public static <P extends Primitive<P, ?>, T, V> Traceable<P, T, V> grad(
      Traceable<P, T, V> f, Domain<T, V> domain, boolean withValue, int... argnums) {
    TransformSteps.checkArgnums(withValue ? "valueAndGrad" : "grad", f, argnums);
    return new Grad<>(f, domain, withValue, list(argnums), null);
  }

  /**
   * As {@link #grad(Traceable, Domain, boolean, int...)}, passing {@code ctx} to the rules that
   * declare the set's context.
   *
   * <pre>{@code
   * Traceable<TunedOp, ScalarType, Double> g =
   *     Transforms.grad(f.traceable(), new Slope(3.0), ScalarDomain.INSTANCE, false, 0);
   * }</pre>
   *
   * @throws NullPointerException if {@code ctx} is null
   */
  public static <P extends Primitive<P, C>, C, T, V> Traceable<P, T, V> grad(
      Traceable<P, T, V> f, C ctx, Domain<T, V> domain, boolean withValue, int... argnums) {
    return inContext(grad(f, domain, withValue, argnums), requireContext(ctx));
  }

  /**
   * The Hessian-vector product of {@code f}, whose single output must be one {@code grad} may seed
   * ({@code domain} says), with respect to the inputs {@code argnums} (every input if none are
   * given): forward over reverse, JAX's {@code jvp(grad(f, argnums), primals, tangents)} with a
   * zero tangent for every input not selected. It takes {@code f}'s inputs {@code x_0, …,
   * x_{n-1}} followed by one direction {@code v_i} per {@code argnums} entry, of that input's type,
   * and returns, per entry {@code i}, {@code Σ_j ∂²f/∂x_i∂x_j · v_j}, the sum over the selected
   * inputs {@code j}: the Hessian with respect to the selected inputs times the stacked
   * directions, split back by input. The inputs not selected are held fixed and take no direction.
   *
   * @throws IllegalArgumentException if {@code f} has no inputs, or {@code argnums} is out of range
   *     or repeats an index
   */
  public static <P extends Primitive<P, ?>, T, V> Traceable<P, T, V> hvp(
      Traceable<P, T, V> f, Domain<T, V> domain, int... argnums) {
    Objects.requireNonNull(argnums, "argnums");
    int[] selected = argnums.length == 0 ? range(0, f.arity()) : argnums;
    if (selected.length == 0) {
      throw new IllegalArgumentException(
          "hvp of " + f.describe() + ": it has no inputs to differentiate");
    }
    TransformSteps.checkArgnums("hvp", f, selected);
    return new Hvp<>(f, domain, list(selected), null);
  }

  /**
   * As {@link #hvp(Traceable, Domain, int...)}, passing {@code ctx} to the rules that declare the
   * set's context (those of both its steps).
   *
   * @throws NullPointerException if {@code ctx} is null
   */
  public static <P extends Primitive<P, C>, C, T, V> Traceable<P, T, V> hvp(
      Traceable<P, T, V> f, C ctx, Domain<T, V> domain, int... argnums) {
    return inContext(hvp(f, domain, argnums), requireContext(ctx));
  }

  /**
   * Taylor mode of {@code f} along the line {@code x + t·v} of the inputs {@code argnums}, to order
   * {@code order}: it takes {@code f}'s inputs followed by one direction {@code v} per {@code
   * argnums} entry (of its primal's type), and returns, output by output of {@code f}, the {@code
   * order + 1} Taylor coefficients {@code y_k = y^(k)(0) / k!} of {@code y(t) = f(x + t·v)}, k = 0
   * … order, or the derivatives {@code y^(k)(0)} themselves if {@code derivatives} (a symbolic
   * zero where one is zero). Staged by {@link io.github.tidu4j.ad.AD#taylor}: one graph of O(K²)
   * operations per primal operation, where K nested {@link #jvp}s make 2^K terms. Orders of 2 or
   * more need the set's scale primitive ({@code @Primitive(scale = true)}).
   *
   * <pre>{@code
   * Traceable<Op, T, V> d = Transforms.taylor(f, 4, true, 0);   // (x, v) -> f, f'·v, …, f''''[v,v,v,v]
   * }</pre>
   *
   * @throws IllegalArgumentException if {@code order} is negative, or {@code argnums} is out of
   *     range or repeats an index
   */
  public static <P extends Primitive<P, ?>, T, V> Traceable<P, T, V> taylor(
      Traceable<P, T, V> f, int order, boolean derivatives, int... argnums) {
    if (derivatives) {
      TaylorStep.checkDerivativeOrder("derivatives of " + f.describe(), order);
    } else {
      TaylorStep.checkOrder("taylor of " + f.describe(), order);
    }
    TransformSteps.checkArgnums("taylor", f, argnums);
    return new Taylor<>(f, order, derivatives, false, list(argnums), null);
  }

  /**
   * As {@link #taylor(Traceable, int, boolean, int...)}, passing {@code ctx} to the rules that
   * declare the set's context.
   *
   * @throws NullPointerException if {@code ctx} is null
   */
  public static <P extends Primitive<P, C>, C, T, V> Traceable<P, T, V> taylor(
      Traceable<P, T, V> f, C ctx, int order, boolean derivatives, int... argnums) {
    return inContext(taylor(f, order, derivatives, argnums), requireContext(ctx));
  }

  /**
   * The derivatives of orders 0 to {@code order} of {@code f} with respect to its input {@code
   * argnum}, the other inputs held fixed: it takes {@code f}'s inputs and returns, output by
   * output, {@code f, ∂f, …, ∂^order f}. It is {@link #taylor} with the direction bound to the
   * unit of the input's type (1 for a real; a tensor of ones, so for a function applied
   * elementwise the outputs are the elementwise derivatives). For orders of 4 and more it expands
   * along a power of two times the unit and scales the coefficients back, so that a small
   * high-order derivative does not underflow in its Taylor coefficient {@code f⁽ᵏ⁾/k!} first (at
   * order 170, down to derivatives of about 10⁻²⁵⁷: {@code ScalarAutodiff#derivatives}); wherever
   * neither underflows, the values are {@code taylor}'s coefficients times {@code k!}, bit for bit.
   *
   * <pre>{@code
   * Traceable<Op, T, V> d = Transforms.derivatives(f, 8, 0);   // x -> f(x), f'(x), …, f⁽⁸⁾(x)
   * }</pre>
   *
   * @throws IllegalArgumentException if {@code order} is negative or above 170 (whose k! a double
   *     cannot hold), or {@code argnum} is out of range
   */
  public static <P extends Primitive<P, ?>, T, V> Traceable<P, T, V> derivatives(
      Traceable<P, T, V> f, int order, int argnum) {
    TaylorStep.checkDerivativeOrder("derivatives of " + f.describe(), order);
    TransformSteps.checkArgnums("derivatives", f, new int[] {argnum});
    return new Taylor<>(f, order, true, true, List.of(argnum), null);
  }

  /**
   * As {@link #derivatives(Traceable, int, int)}, passing {@code ctx} to the rules that declare
   * the set's context.
   *
   * @throws NullPointerException if {@code ctx} is null
   */
  public static <P extends Primitive<P, C>, C, T, V> Traceable<P, T, V> derivatives(
      Traceable<P, T, V> f, C ctx, int order, int argnum) {
    return inContext(derivatives(f, order, argnum), requireContext(ctx));
  }

  /**
   * {@code f} with only the outputs at {@code indices}, in that order (an index past {@code f}'s
   * outputs is reported when it is traced, the first time its outputs are known).
   *
   * @throws IllegalArgumentException if an index is negative
   */
  public static <P extends Primitive<P, ?>, T, V> Traceable<P, T, V> outputs(
      Traceable<P, T, V> f, int... indices) {
    for (int index : indices) {
      if (index < 0) {
        throw new IllegalArgumentException(
            "outputs of " + f.describe() + ": output index " + index + " is negative");
      }
    }
    return new Outputs<>(f, list(indices));
  }

  /**
   * {@code transform}, made by a method of this class, passing {@code context} to the rules its
   * step calls; {@link ScalarAutodiff#withContext} checks the context's type, which its own type
   * cannot say, before it calls this.
   */
  static <P extends Primitive<P, ?>, T, V> Traceable<P, T, V> inContext(
      Traceable<P, T, V> transform, Object context) {
    return transform instanceof Transform<P, T, V> t ? t.withContext(context) : transform;
  }

  private static <C> C requireContext(C ctx) {
    return Objects.requireNonNull(
        ctx, "ctx: pass the set's context, or use the overload without one");
  }

  // loops rather than streams here, in range and in array: a stream loads dozens of classes and
  // links lambdas, which a fresh JVM pays for on its first transform
  private static List<Integer> list(int[] values) {
    Integer[] boxed = new Integer[values.length];
    for (int i = 0; i < values.length; i++) {
      boxed[i] = values[i];
    }
    return List.of(boxed);
  }

  /**
   * Checks that the inputs after the first {@code arity} (a tangent or direction per argnum) have
   * the types of the primal inputs they go with, naming the transform ({@code describe}) if not.
   */
  private static <T> void checkLikePrimals(
      String describe, String what, List<T> inputTypes, int arity, List<Integer> argnums) {
    for (int i = 0; i < argnums.size(); i++) {
      T p = inputTypes.get(argnums.get(i));
      T t = inputTypes.get(arity + i);
      if (!p.equals(t)) {
        throw new IllegalArgumentException(
            describe + ": " + what + " " + i + " has type " + t + " but its primal (input "
                + argnums.get(i) + ") has type " + p);
      }
    }
  }

  /** {@code from, from + 1, …, to − 1}. */
  private static int[] range(int from, int to) {
    int[] range = new int[to - from];
    for (int i = 0; i < range.length; i++) {
      range[i] = from + i;
    }
    return range;
  }

  private static int[] array(List<Integer> values) {
    int[] array = new int[values.size()];
    for (int i = 0; i < array.length; i++) {
      array[i] = values.get(i);
    }
    return array;
  }

  /**
   * A transform's arguments beyond its function, for {@code describe()}: the argnums unless they
   * are the default {@code (0)}, and the context if it has one, as {@link ValueDescription#text}
   * quotes it, cut to {@value #CONTEXT_SHOWN} characters (a record's reads whole; any object's is
   * bounded).
   */
  private static String args(List<Integer> argnums, Object context) {
    String args =
        argnums.equals(List.of(0))
            ? ""
            : ", argnums=" + ValueDescription.listed(argnums, "(", ",", ")");
    return context == null
        ? args
        : args + ", context=" + ValueDescription.text(context, CONTEXT_SHOWN);
  }

  /** The most characters of a context's {@code toString()} a description shows. */
  private static final int CONTEXT_SHOWN = 60;

  /**
   * The order of the outermost Taylor transform ({@link #taylor}, {@link #derivatives}) in the
   * chain of transforms {@code f} is, or -1 if there is none: what makes a compiled program large
   * beyond its function's size, for {@link OutOfHeap}'s message.
   */
  static int taylorOrder(Traceable<?, ?, ?> f) {
    for (Traceable<?, ?, ?> t = f; t instanceof Transform<?, ?, ?> transform; t = transform.f()) {
      if (t instanceof Taylor<?, ?, ?> taylor) {
        return taylor.order();
      }
    }
    return -1;
  }

  /** A transform of one function {@code f}: its origin is {@code f}'s. */
  private interface Transform<P extends Primitive<P, ?>, T, V> extends Traceable<P, T, V> {
    /** The function transformed. */
    Traceable<P, T, V> f();

    /** This transform passing {@code context} to the rules its step calls. */
    Transform<P, T, V> withContext(Object context);

    @Override
    default Class<?> origin() {
      return f().origin();
    }
  }

  private record Jvp<P extends Primitive<P, ?>, T, V>(
      Traceable<P, T, V> f, List<Integer> argnums, Object context)
      implements Transform<P, T, V> {
    @Override
    public Transform<P, T, V> withContext(Object context) {
      return new Jvp<>(f, argnums, context);
    }

    @Override
    public int arity() {
      return f.arity() + argnums.size();
    }

    @Override
    public Staged<P, T, V> stage(List<T> inputTypes) {
      Traceable.checkArity(this, inputTypes);
      List<T> primal = inputTypes.subList(0, f.arity());
      checkLikePrimals(describe(), "tangent", inputTypes, f.arity(), argnums);
      return TransformSteps.jvp(f.stage(primal), context, array(argnums));
    }

    @Override
    public String describe() {
      return "jvp(" + f.describe() + args(argnums, context) + ")";
    }
  }

  private record Vjp<P extends Primitive<P, ?>, T, V>(
      Traceable<P, T, V> f, int outputs, List<Integer> argnums, Object context)
      implements Transform<P, T, V> {
    @Override
    public Transform<P, T, V> withContext(Object context) {
      return new Vjp<>(f, outputs, argnums, context);
    }

    @Override
    public int arity() {
      return f.arity() + outputs;
    }

    @Override
    public Staged<P, T, V> stage(List<T> inputTypes) {
      Traceable.checkArity(this, inputTypes);
      Staged<P, T, V> primal = f.stage(inputTypes.subList(0, f.arity()));
      if (primal.outputs().size() != outputs) {
        throw new IllegalArgumentException(
            describe() + ": expected " + outputs + " outputs of " + f.describe() + ", found "
                + primal.outputs().size());
      }
      for (int i = 0; i < outputs; i++) {
        T o = primal.outputTypes().get(i);
        T c = inputTypes.get(f.arity() + i);
        if (!o.equals(c)) {
          throw new IllegalArgumentException(
              describe() + ": cotangent " + i + " has type " + c + " but output " + i + " has type "
                  + o);
        }
      }
      return TransformSteps.vjp(primal, context, array(argnums));
    }

    @Override
    public String describe() {
      return "vjp(" + f.describe() + args(argnums, context) + ")";
    }
  }

  private record Grad<P extends Primitive<P, ?>, T, V>(
      Traceable<P, T, V> f,
      Domain<T, V> domain,
      boolean withValue,
      List<Integer> argnums,
      Object context)
      implements Transform<P, T, V> {
    @Override
    public Transform<P, T, V> withContext(Object context) {
      return new Grad<>(f, domain, withValue, argnums, context);
    }

    @Override
    public int arity() {
      return f.arity();
    }

    @Override
    public Staged<P, T, V> stage(List<T> inputTypes) {
      Traceable.checkArity(this, inputTypes);
      Staged<P, T, V> primal = f.stage(inputTypes);
      checkOneSeedableOutput(describe(), "grad", f, domain, primal);
      return TransformSteps.grad(primal, context, withValue, array(argnums));
    }

    /**
     * Refuses a function {@code transform} (grad, or hvp, which takes grad's steps) cannot seed
     * with 1: one of several outputs, or one whose type the domain cannot seed.
     */
    static <P extends Primitive<P, ?>, T, V> void checkOneSeedableOutput(
        String described, String transform, Traceable<P, T, V> f, Domain<T, V> domain,
        Staged<P, T, V> primal) {
      boolean grad = transform.equals("grad");
      if (primal.outputs().size() != 1) {
        throw new IllegalArgumentException(
            described + ": " + transform + " needs a function with one output, but "
                + f.describe() + " has " + primal.outputs().size()
                + (grad ? "; choose one with outputs(f, index), or use vjp"
                    : "; choose one with outputs(f, index)"));
      }
      String problem = domain.gradOutputProblem(primal.outputTypes().get(0));
      if (problem != null) {
        throw new IllegalArgumentException(
            described + ": " + transform + " seeds its output with 1, so " + problem
                + (grad ? ", or use vjp with an explicit cotangent" : ""));
      }
    }

    @Override
    public String describe() {
      return (withValue ? "valueAndGrad(" : "grad(")
          + f.describe()
          + args(argnums, context)
          + ")";
    }

    // equals and hashCode written out, as a record derives them: the derived ones link through
    // method handles, which costs a fresh JVM milliseconds on its first call
    @Override
    public boolean equals(Object o) {
      return o instanceof Grad<?, ?, ?> other
          && Objects.equals(f, other.f)
          && Objects.equals(domain, other.domain)
          && withValue == other.withValue
          && Objects.equals(argnums, other.argnums)
          && Objects.equals(context, other.context);
    }

    @Override
    public int hashCode() {
      int h = 31 * Objects.hashCode(f) + Objects.hashCode(domain);
      h = (31 * h + Boolean.hashCode(withValue)) * 31 + Objects.hashCode(argnums);
      return 31 * h + Objects.hashCode(context);
    }
  }

  private record Taylor<P extends Primitive<P, ?>, T, V>(
      Traceable<P, T, V> f,
      int order,
      boolean derivatives,
      boolean unitDirections,
      List<Integer> argnums,
      Object context)
      implements Transform<P, T, V> {
    @Override
    public Transform<P, T, V> withContext(Object context) {
      return new Taylor<>(f, order, derivatives, unitDirections, argnums, context);
    }

    @Override
    public int arity() {
      return f.arity() + (unitDirections ? 0 : argnums.size());
    }

    @Override
    public Staged<P, T, V> stage(List<T> inputTypes) {
      Traceable.checkArity(this, inputTypes);
      List<T> primal = inputTypes.subList(0, f.arity());
      if (!unitDirections) {
        checkLikePrimals(describe(), "direction", inputTypes, f.arity(), argnums);
      }
      Staged<P, T, V> staged = f.stage(primal);
      try {
        return TaylorStep.taylor(
            staged, context, order, derivatives, unitDirections, array(argnums));
      } catch (GraphException e) {
        // name the transform whose expansion failed (the set lacks a scale primitive, say)
        throw new GraphException(describe() + ": " + e.getMessage(), e);
      }
    }

    @Override
    public String describe() {
      return (unitDirections ? "derivatives(" : derivatives ? "taylorDerivatives(" : "taylor(")
          + f.describe() + ", order=" + order + args(argnums, context) + ")";
    }
  }

  /**
   * The Hessian-vector product ({@link #hvp}): {@code outputs(jvp(grad(f, argnums), argnums),
   * tangents)}, each step passing {@code context}, described as {@code hvp(f…)}, so that messages
   * name what the user asked for.
   */
  private record Hvp<P extends Primitive<P, ?>, T, V>(
      Traceable<P, T, V> f, Domain<T, V> domain, List<Integer> argnums, Object context)
      implements Transform<P, T, V> {
    @Override
    public Transform<P, T, V> withContext(Object context) {
      return new Hvp<>(f, domain, argnums, context);
    }

    /**
     * The composition: grad(f, argnums) returns one gradient per argnum; its JVP along the
     * directions of the same inputs returns those gradients, then their tangents, the products.
     */
    private Traceable<P, T, V> composed() {
      int[] selected = array(argnums);
      Traceable<P, T, V> grad = inContext(grad(f, domain, false, selected), context);
      Traceable<P, T, V> jvp = inContext(jvp(grad, selected), context);
      return outputs(jvp, range(selected.length, 2 * selected.length));
    }

    @Override
    public int arity() {
      return f.arity() + argnums.size();
    }

    @Override
    public Staged<P, T, V> stage(List<T> inputTypes) {
      Traceable.checkArity(this, inputTypes);
      // f's own outputs and the directions are checked here, so that a message about them names
      // hvp, not its grad or jvp
      Grad.checkOneSeedableOutput(
          describe(), "hvp", f, domain, f.stage(inputTypes.subList(0, f.arity())));
      checkLikePrimals(describe(), "direction", inputTypes, f.arity(), argnums);
      return composed().stage(inputTypes);
    }

    @Override
    public String describe() {
      return "hvp(" + f.describe() + args(argnums, context) + ")";
    }

    // written out, as Grad's are
    @Override
    public boolean equals(Object o) {
      return o instanceof Hvp<?, ?, ?> other
          && Objects.equals(f, other.f)
          && Objects.equals(domain, other.domain)
          && argnums.equals(other.argnums)
          && Objects.equals(context, other.context);
    }

    @Override
    public int hashCode() {
      return Objects.hash(f, domain, argnums, context);
    }
  }

  private record Outputs<P extends Primitive<P, ?>, T, V>(
      Traceable<P, T, V> f, List<Integer> indices) implements Transform<P, T, V> {
    // selects outputs, calling no rule
    @Override
    public Transform<P, T, V> withContext(Object context) {
      return this;
    }

    @Override
    public int arity() {
      return f.arity();
    }

    @Override
    public Staged<P, T, V> stage(List<T> inputTypes) {
      Staged<P, T, V> staged = f.stage(inputTypes);
      for (int i : indices) {
        if (i < 0 || i >= staged.outputs().size()) {
          throw new IllegalArgumentException(
              describe() + ": output " + i + " is out of range; " + f.describe() + " has "
                  + staged.outputs().size());
        }
      }
      return staged.selectOutputs(array(indices));
    }

    @Override
    public String describe() {
      return f.describe() + indices;
    }
  }
}
