package io.github.tidu4j.ad.func;

import io.github.tidu4j.ad.Primitive;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Transforms of {@link Traceable} functions, themselves traceable, so they compose to any order:
 * {@code grad(grad(f))}, {@code jvp(grad(f))}, {@code outputs(jvp(grad(f)), 1)} (a
 * Hessian-vector product). Staging one stages its argument and applies one {@link Transforms}
 * step. The results are values (records): equal transforms of equal functions are equal, which
 * is what lets {@link FunctionCache} reuse compiled programs.
 *
 * <pre>{@code
 * Traceable<Op, T, V> g = Transformed.grad(f, domain, false, 0);
 * Traceable<Op, T, V> hvp = Transformed.outputs(Transformed.jvp(g, 0), 1);
 * }</pre>
 */
public final class Transformed {
  private Transformed() {}

  /** {@link Transforms#jvp} of {@code f}; see there for the signature. */
  public static <P extends Primitive<P, ?>, T, V> Traceable<P, T, V> jvp(
      Traceable<P, T, V> f, int... argnums) {
    Transforms.checkArgnums("jvp of " + f.describe(), f.arity(), argnums);
    return new Jvp<>(f, list(argnums));
  }

  /** {@link Transforms#vjp} of {@code f}; {@code outputs} is {@code f}'s number of outputs. */
  public static <P extends Primitive<P, ?>, T, V> Traceable<P, T, V> vjp(
      Traceable<P, T, V> f, int outputs, int... argnums) {
    Transforms.checkArgnums("vjp of " + f.describe(), f.arity(), argnums);
    return new Vjp<>(f, outputs, list(argnums));
  }

  /**
   * {@link Transforms#grad} of {@code f}, after checking with {@code domain} that {@code f}'s
   * output is one {@code grad} may seed.
   */
  public static <P extends Primitive<P, ?>, T, V> Traceable<P, T, V> grad(
      Traceable<P, T, V> f, Domain<P, T, V> domain, boolean withValue, int... argnums) {
    Transforms.checkArgnums("grad of " + f.describe(), f.arity(), argnums);
    return new Grad<>(f, domain, withValue, list(argnums));
  }

  /** {@code f} with only the outputs at {@code indices}, in that order. */
  public static <P extends Primitive<P, ?>, T, V> Traceable<P, T, V> outputs(
      Traceable<P, T, V> f, int... indices) {
    return new Outputs<>(f, list(indices));
  }

  private static List<Integer> list(int[] values) {
    return Arrays.stream(values).boxed().toList();
  }

  private static int[] array(List<Integer> values) {
    return values.stream().mapToInt(Integer::intValue).toArray();
  }

  private static String args(List<Integer> argnums) {
    return argnums.equals(List.of(0))
        ? ""
        : ", argnums=" + argnums.stream().map(String::valueOf).collect(Collectors.joining(",", "(", ")"));
  }

  private record Jvp<P extends Primitive<P, ?>, T, V>(Traceable<P, T, V> f, List<Integer> argnums)
      implements Traceable<P, T, V> {
    @Override
    public int arity() {
      return f.arity() + argnums.size();
    }

    @Override
    public Staged<P, T, V> stage(List<T> inputTypes) {
      Traceable.checkArity(this, inputTypes);
      List<T> primal = inputTypes.subList(0, f.arity());
      for (int i = 0; i < argnums.size(); i++) {
        T p = primal.get(argnums.get(i));
        T t = inputTypes.get(f.arity() + i);
        if (!p.equals(t)) {
          throw new IllegalArgumentException(
              describe() + ": tangent " + i + " has type " + t + " but its primal (input "
                  + argnums.get(i) + ") has type " + p);
        }
      }
      return Transforms.jvp(f.stage(primal), array(argnums));
    }

    @Override
    public String describe() {
      return "jvp(" + f.describe() + args(argnums) + ")";
    }
  }

  private record Vjp<P extends Primitive<P, ?>, T, V>(
      Traceable<P, T, V> f, int outputs, List<Integer> argnums) implements Traceable<P, T, V> {
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
      return Transforms.vjp(primal, array(argnums));
    }

    @Override
    public String describe() {
      return "vjp(" + f.describe() + args(argnums) + ")";
    }
  }

  private record Grad<P extends Primitive<P, ?>, T, V>(
      Traceable<P, T, V> f, Domain<P, T, V> domain, boolean withValue, List<Integer> argnums)
      implements Traceable<P, T, V> {
    @Override
    public int arity() {
      return f.arity();
    }

    @Override
    public Staged<P, T, V> stage(List<T> inputTypes) {
      Traceable.checkArity(this, inputTypes);
      Staged<P, T, V> primal = f.stage(inputTypes);
      if (primal.outputs().size() != 1) {
        throw new IllegalArgumentException(
            describe() + ": grad needs a function with one output, but " + f.describe()
                + " has " + primal.outputs().size() + "; use vjp");
      }
      String problem = domain.gradOutputProblem(primal.outputTypes().get(0));
      if (problem != null) {
        throw new IllegalArgumentException(describe() + ": " + problem);
      }
      return Transforms.grad(primal, withValue, array(argnums));
    }

    @Override
    public String describe() {
      return (withValue ? "valueAndGrad(" : "grad(") + f.describe() + args(argnums) + ")";
    }
  }

  private record Outputs<P extends Primitive<P, ?>, T, V>(
      Traceable<P, T, V> f, List<Integer> indices) implements Traceable<P, T, V> {
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
