package io.github.tidu4j.primitives.func;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.func.CompiledFunction;
import io.github.tidu4j.ad.func.FluentFunction;
import io.github.tidu4j.ad.func.FunctionCache;
import io.github.tidu4j.ad.func.FunctionNames;
import io.github.tidu4j.ad.func.Staged;
import io.github.tidu4j.ad.func.Traceable;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.TensorType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.Arrays;
import java.util.List;

/**
 * A traced tensor function or a transform of one, callable on tensors: the first call with given
 * input types stages it as graphs, flattens and compiles it; later calls with the same types run
 * the cached program ({@link TensorAutodiff#cacheStats()}). Transforms of it ({@link
 * TensorAutodiff#grad}, {@link TensorAutodiff#jvp}, …) are {@code TensorFunction}s too, so they
 * compose to any order.
 *
 * <pre>{@code
 * TensorFunction f = TensorAutodiff.function(x -> x.sin().mul(x).sum());
 * TensorFunction g = TensorAutodiff.grad(f);
 * Tensor gx = g.apply(Tensor.vector(1, 2, 3));                 // sin x + x cos x
 * Tensor hx = TensorAutodiff.grad(TensorAutodiff.grad(f)).apply(Tensor.scalar(0.5));
 * }</pre>
 *
 * <p>Equal functions (the same lambda, the same transforms) share compiled programs. Immutable and
 * thread-safe.
 */
public final class TensorFunction {
  private final Traceable<TensorOp, TensorType, Tensor> traceable;
  // the compiled function its last call ran: a call of the same types skips the cache's lookup
  private final FunctionCache.Memo<TensorOp, TensorType, Tensor> memo = new FunctionCache.Memo<>();

  TensorFunction(Traceable<TensorOp, TensorType, Tensor> traceable) {
    this.traceable = traceable;
  }

  /** The function as the generic runtime sees it. */
  public Traceable<TensorOp, TensorType, Tensor> traceable() {
    return traceable;
  }

  /** The number of inputs. */
  public int arity() {
    return traceable.arity();
  }

  /**
   * Its single output for {@code args}.
   *
   * @throws IllegalArgumentException if the arguments do not fit (count, dtype, shape; named), or
   *     the traced code rejects them
   * @throws IllegalStateException if the function has more than one output (use {@link
   *     #applyAll})
   * @throws ADRuleError if a differentiation rule is missing or broken
   */
  public Tensor apply(Tensor... args) {
    return FunctionCache.single(traceable, applyAll(args));
  }

  /** All of its outputs for {@code args}, in order. */
  public List<Tensor> applyAll(Tensor... args) {
    return applyAll(Arrays.asList(args));
  }

  /** All of its outputs for {@code args}, in order. */
  public List<Tensor> applyAll(List<Tensor> args) {
    return TensorAutodiff.CACHE.call(traceable, args, memo);
  }

  /**
   * The function staged as graphs for {@code inputTypes}, to look at ({@link
   * io.github.tidu4j.graph.GraphPrinter}) or transform further by hand. Not cached.
   */
  public Staged<TensorOp, TensorType, Tensor> staged(TensorType... inputTypes) {
    return traceable.stageNamed(List.of(inputTypes));
  }

  /**
   * The compiled program for {@code inputTypes} (cached; compiled on first use). Its inputs are the
   * function's arguments, then the tensors it closes over, then the seeds of its transforms ({@code
   * grad}'s cotangent 1): a derivative's program takes more inputs than the function has
   * arguments, which {@code apply} binds ({@link CompiledFunction#program()}).
   */
  public CompiledProgram<TensorOp> program(TensorType... inputTypes) {
    return compiled(List.of(inputTypes)).program();
  }

  /** A description of the transform chain, e.g. {@code grad(grad(f))}. */
  public String describe() {
    return traceable.describe();
  }

  /**
   * This function under the name {@code name} in descriptions and messages, where a function is
   * otherwise {@code f}: {@code grad(loss)}, {@code compiling grad(loss) for [f64[3]] ran out of
   * heap}. It is the same function (equal to this one, sharing its cached programs); name it
   * before transforming it, since a transform is described by what it transforms.
   *
   * <pre>{@code
   * TensorFunction loss = function(x -> x.tanh().mul(x).sum()).named("loss");
   * String described = grad(loss).describe();   // "grad(loss)"
   * }</pre>
   *
   * @throws IllegalArgumentException if {@code name} is blank, or this is a transform ({@code
   *     grad(f)}), whose name comes from the function it transforms
   */
  public TensorFunction named(String name) {
    String checked = FunctionNames.check(name, describe());
    if (!(traceable instanceof FluentFunction<TensorOp, TensorType, Tensor, ?> traced)) {
      throw FunctionNames.transformNotNamed(describe(), name);
    }
    return new TensorFunction(traced.named(checked));
  }

  CompiledFunction<TensorOp, TensorType, Tensor> compiled(List<TensorType> types) {
    return TensorAutodiff.CACHE.get(traceable, types);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TensorFunction f && f.traceable.equals(traceable);
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
