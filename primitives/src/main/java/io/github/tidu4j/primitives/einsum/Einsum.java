package io.github.tidu4j.primitives.einsum;

import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Einstein summation: {@link #einsum} on tensors now, {@link #evaluate} through any {@link
 * EinsumBackend}. Each call parses the specification ({@link EinsumSpec}), plans it for the
 * operands' shapes ({@link EinsumPlan}, {@link ContractionOrder#GREEDY} unless told otherwise) and
 * runs the plan's reductions, pairwise {@code dotGeneral}s and transposes through the backend.
 *
 * <pre>{@code
 * Tensor a = Tensor.of(new double[] {1, 2, 3, 4, 5, 6}, 2, 3);
 * Tensor b = Tensor.of(new double[] {1, 0, 0, 1, 1, 1}, 3, 2);
 * Einsum.einsum("ij,jk->ik", a, b);   // [[4, 5], [10, 11]]: the matrix product
 * Einsum.einsum("ij->ji", a);         // the transpose
 * Einsum.einsum("ij->", a);           // 21.0 (rank 0)
 * Einsum.einsum("i,i", Tensor.vector(1, 2), Tensor.vector(3, 4));   // 11.0: implicit "i,i->"
 * }</pre>
 *
 * <p>Complex operands are multiplied as they are: einsum never conjugates.
 */
public final class Einsum {

  private Einsum() {}

  /**
   * Evaluates {@code spec} eagerly on tensors of one dtype (f64 or c128).
   *
   * @throws IllegalArgumentException if the specification is malformed or does not fit the operands
   *     (see {@link EinsumSpec#parse} and {@link EinsumSpec#plan(int[]...)}), or the operands'
   *     dtypes differ
   */
  public static Tensor einsum(String spec, Tensor... operands) {
    return evaluate(spec, TensorEinsumBackend.INSTANCE, operands);
  }

  /** {@link #einsum(String, Tensor...)} with a given contraction order. */
  public static Tensor einsum(String spec, ContractionOrder order, Tensor... operands) {
    return evaluate(
        EinsumSpec.parse(spec), order, TensorEinsumBackend.INSTANCE, Arrays.asList(operands));
  }

  /**
   * Evaluates {@code spec} on {@code operands} through {@code backend}, contracting greedily.
   *
   * @throws IllegalArgumentException as {@link #einsum(String, Tensor...)}
   */
  @SafeVarargs
  public static <T> T evaluate(String spec, EinsumBackend<T> backend, T... operands) {
    List<T> list = new ArrayList<>(operands.length);
    for (T x : operands) {
      list.add(x); // element by element: handing the varargs array on would be an unsafe use
    }
    return evaluate(EinsumSpec.parse(spec), ContractionOrder.GREEDY, backend, list);
  }

  /**
   * Plans {@code spec} for the operands' shapes (as {@code backend} reports them) with {@code
   * order}, and runs the plan through {@code backend}.
   *
   * @throws IllegalArgumentException as {@link #einsum(String, Tensor...)}; the dtypes are checked
   *     before planning, where {@code backend} reports them ({@link EinsumBackend#dtype})
   */
  public static <T> T evaluate(
      EinsumSpec spec,
      ContractionOrder order,
      EinsumBackend<T> backend,
      List<? extends T> operands) {
    Objects.requireNonNull(backend, "backend");
    int[][] shapes = new int[operands.size()][];
    for (int p = 0; p < shapes.length; p++) {
      shapes[p] = backend.shape(Objects.requireNonNull(operands.get(p), "operand"));
    }
    checkDtypes(spec, backend, operands);
    return spec.plan(order, shapes).evaluate(backend, operands);
  }

  /**
   * Rejects operands of different dtypes (as {@code backend} reports them; operands whose dtype it
   * does not know are not compared), naming the specification and every operand's type, e.g.
   * {@code einsum "ij,jk->ik": operand dtypes differ; there is no implicit promotion (operands
   * f64[3, 4], c128[4, 5])}. The one check behind every entry point, eager or traced.
   */
  static <T> void checkDtypes(
      EinsumSpec spec, EinsumBackend<T> backend, List<? extends T> operands) {
    DType first = null;
    boolean differ = false;
    for (T x : operands) {
      DType d = backend.dtype(x);
      if (first == null) {
        first = d;
      } else if (d != null && d != first) {
        differ = true;
      }
    }
    if (!differ) {
      return;
    }
    StringBuilder types = new StringBuilder();
    for (T x : operands) {
      DType d = backend.dtype(x);
      types.append(types.length() == 0 ? "" : ", ")
          .append(d == null ? "?" : d.toString())
          .append(Arrays.toString(backend.shape(x)));
    }
    throw EinsumSpec.error(
        spec.source(),
        "operand dtypes differ; there is no implicit promotion (operands " + types + ")");
  }
}
