package io.github.tidu4j.ad.func;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.Primitive;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.EvaluableGraphOperation;
import java.util.Collections;
import java.util.List;

/**
 * A traced function over a {@code double} primitive set, or a transform of one, made by a {@link
 * ScalarAutodiff}: callable on doubles (compiled on first call, then cached), and transformable
 * again.
 *
 * <pre>{@code
 * ScalarFunction<ScalarOp> f = ad.function(ScalarValue.unary(x -> x.exp()));
 * double y = f.apply(1.0);                           // e
 * double d3 = ad.grad(ad.grad(ad.grad(f))).apply(1.0);   // e
 * System.out.println(GraphPrinter.print(ad.grad(f).staged().graphs().get(0)));
 * }</pre>
 *
 * @param <P> the primitive set
 */
public final class ScalarFunction<P extends Primitive<P, ?> & EvaluableGraphOperation<Double>> {
  private final Traceable<P, ScalarType, Double> traceable;
  private final ScalarAutodiff<P> owner;

  // the compiled function its last call ran: a call skips the cache's lookup
  private final FunctionCache.Memo<P, ScalarType, Double> memo = new FunctionCache.Memo<>();

  ScalarFunction(Traceable<P, ScalarType, Double> traceable, ScalarAutodiff<P> owner) {
    this.traceable = traceable;
    this.owner = owner;
  }

  /** The function as the generic runtime sees it. */
  public Traceable<P, ScalarType, Double> traceable() {
    return traceable;
  }

  /** The number of inputs. */
  public int arity() {
    return traceable.arity();
  }

  /**
   * Its single output at {@code args}.
   *
   * @throws IllegalArgumentException if the number of arguments is wrong
   * @throws IllegalStateException if it has several outputs (use {@link #applyAll})
   * @throws ADRuleError if a rule is missing or broken
   */
  public double apply(double... args) {
    return FunctionCache.single(traceable, owner.call(traceable, ScalarDomain.box(args), memo));
  }

  /** All of its outputs at {@code args}, in order. */
  public double[] applyAll(double... args) {
    return owner.call(traceable, ScalarDomain.box(args), memo).stream()
        .mapToDouble(Double::doubleValue)
        .toArray();
  }

  /** The function staged as graphs, to print or export (not cached). */
  public Staged<P, ScalarType, Double> staged() {
    return traceable.stageNamed(Collections.nCopies(arity(), ScalarType.F64));
  }

  /**
   * The compiled program (cached; compiled on first use). Its inputs are the function's arguments,
   * then any values it closes over, then the unit seeds of its transforms ({@code grad}'s cotangent
   * 1): a derivative's program takes more inputs than the function has arguments, which {@link
   * #apply} binds ({@link CompiledFunction#program()}).
   */
  public CompiledProgram<P> program() {
    return owner.compiled(traceable).program();
  }

  /** A description of the transform chain, e.g. {@code grad(grad(f))}. */
  public String describe() {
    return traceable.describe();
  }

  /**
   * This function under the name {@code name} in descriptions and messages, where a function is
   * otherwise {@code f}: {@code grad(loss)}, {@code compiling grad(loss) for [f64] ran out of
   * heap}. It is the same function (equal to this one, sharing its cached programs); name it
   * before transforming it, since a transform is described by what it transforms.
   *
   * <pre>{@code
   * ScalarFunction<ScalarOp> loss =
   *     ad.function(ScalarValue.unary(y -> y.sin().mul(y))).named("loss");
   * String described = ad.grad(loss).describe();   // "grad(loss)"
   * }</pre>
   *
   * @throws IllegalArgumentException if {@code name} is blank, or this is a transform ({@code
   *     ad.grad(f)}), whose name comes from the function it transforms
   */
  public ScalarFunction<P> named(String name) {
    String checked = FunctionNames.check(name, describe());
    if (!(traceable instanceof ScalarTraced<P> traced)) {
      throw FunctionNames.transformNotNamed(describe(), name);
    }
    return new ScalarFunction<>(
        new ScalarTraced<>(traced.body(), traced.arity(), checked, traced.member()), owner);
  }

  ScalarAutodiff<P> owner() {
    return owner;
  }

  @Override
  public boolean equals(Object o) {
    // front ends sharing a cache (ScalarAutodiff.withContext) share their functions
    return o instanceof ScalarFunction<?> f
        && f.owner.sharesCacheWith(owner)
        && f.traceable.equals(traceable);
  }

  @Override
  public int hashCode() {
    return traceable.hashCode();
  }

  @Override
  public String toString() {
    return describe();
  }
}
