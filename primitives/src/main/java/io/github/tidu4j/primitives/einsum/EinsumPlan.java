package io.github.tidu4j.primitives.einsum;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * An einsum lowered, for fixed operand shapes, to a straight-line sequence of {@link EinsumStep}s:
 * {@code ReduceSum}, {@code Reshape}, pairwise {@code DotGeneral}s and a final {@code Transpose}.
 * Plain data: tests can assert what a specification lowers to, and {@link #evaluate} runs it
 * through any {@link EinsumBackend}.
 *
 * <pre>{@code
 * EinsumPlan plan = EinsumSpec.parse("ij,jk->ik").plan(new int[] {2, 3}, new int[] {3, 4});
 * plan.steps();   // [%2 = dotGeneral(%0, %1, lhsContracting=[1], rhsContracting=[0],
 *                 //                  lhsBatch=[], rhsBatch=[])]
 * plan.outputShape();   // [2, 4]
 * Tensor c = plan.evaluate(TensorEinsumBackend.INSTANCE,
 *     Tensor.ones(DType.F64, 2, 3), Tensor.ones(DType.F64, 3, 4));
 * }</pre>
 *
 * <p>Values are numbered as {@link EinsumStep} describes: inputs {@code %0 … %(n−1)}, then one
 * value per step. For each value the plan records its shape and its labels, the einsum indices of
 * its axes (letters; the dimensions an ellipsis covers print as {@code (0)}, {@code (1)}, … counted
 * from the leftmost ellipsis dimension of the output). A plan with no steps returns its only input.
 */
public final class EinsumPlan {

  private final EinsumSpec spec;
  private final ContractionOrder order;
  private final int operandCount;
  private final List<EinsumStep> steps;
  private final String[] labels;
  private final int[][] shapes;

  EinsumPlan(
      EinsumSpec spec,
      ContractionOrder order,
      int operandCount,
      List<EinsumStep> steps,
      String[] labels,
      int[][] shapes) {
    this.spec = spec;
    this.order = order;
    this.operandCount = operandCount;
    this.steps = List.copyOf(steps);
    this.labels = labels;
    this.shapes = shapes;
  }

  /** The specification this plan implements. */
  public EinsumSpec spec() {
    return spec;
  }

  /** The contraction order the plan was made with. */
  public ContractionOrder order() {
    return order;
  }

  /** The number of input operands. */
  public int operandCount() {
    return operandCount;
  }

  /** The shape input {@code p} must have. */
  public int[] inputShape(int p) {
    Objects.checkIndex(p, operandCount);
    return shapes[p].clone();
  }

  /** The steps, in execution order; step {@code s} produces value {@code operandCount() + s}. */
  public List<EinsumStep> steps() {
    return steps;
  }

  /** The steps of one kind, in order, e.g. {@code stepsOfType(EinsumStep.DotGeneral.class)}. */
  public <S extends EinsumStep> List<S> stepsOfType(Class<S> kind) {
    List<S> out = new ArrayList<>();
    for (EinsumStep s : steps) {
      if (kind.isInstance(s)) {
        out.add(kind.cast(s));
      }
    }
    return out;
  }

  /** The number of values: inputs plus steps. */
  public int valueCount() {
    return shapes.length;
  }

  /** The value the plan returns: the last step's result, or input 0 if there are no steps. */
  public int result() {
    return shapes.length - 1;
  }

  /** The shape of the result. */
  public int[] outputShape() {
    return shapes[result()].clone();
  }

  /** The shape of value {@code v}. */
  public int[] shape(int v) {
    return shapes[v].clone();
  }

  /** The einsum labels of value {@code v}'s axes, e.g. {@code "ik"} or {@code "(0)ij"}. */
  public String labels(int v) {
    return labels[v];
  }

  /**
   * The multiply-adds of the plan's {@code DotGeneral} steps, summed: for each, the product of the
   * sizes of its batch, contracting and both operands' free axes. This is the cost {@link
   * ContractionOrder#OPTIMAL} minimises; the reductions, reshapes and transpose are not counted
   * (they touch each element once, and are the same or nearly the same for every order).
   * Saturates at {@link Long#MAX_VALUE}.
   */
  public long multiplyAdds() {
    long total = 0;
    for (EinsumStep.DotGeneral d : stepsOfType(EinsumStep.DotGeneral.class)) {
      long work = 1;
      for (int dim : shapes[d.lhs()]) {
        work = saturatingMultiply(work, dim);
      }
      int[] rhs = shapes[d.rhs()];
      for (int k = 0; k < rhs.length; k++) {
        if (EinsumSpec.indexOf(d.rhsContracting(), k) < 0
            && EinsumSpec.indexOf(d.rhsBatch(), k) < 0) {
          work = saturatingMultiply(work, rhs[k]);
        }
      }
      total = total + work < 0 ? Long.MAX_VALUE : total + work;
    }
    return total;
  }

  private static long saturatingMultiply(long a, long b) {
    long hi = Math.multiplyHigh(a, b);
    long lo = a * b;
    return (hi != 0 || lo < 0) ? Long.MAX_VALUE : lo;
  }

  /**
   * Runs the plan through {@code backend}.
   *
   * @throws IllegalArgumentException if the number of operands or an operand's shape (as the
   *     backend reports it) differs from what the plan was made for, or the operands' dtypes
   *     differ
   */
  @SafeVarargs
  public final <T> T evaluate(EinsumBackend<T> backend, T... operands) {
    List<T> list = new ArrayList<>(operands.length);
    for (T x : operands) {
      list.add(x); // element by element: handing the varargs array on would be an unsafe use
    }
    return evaluate(backend, list);
  }

  /** Runs the plan through {@code backend}; see {@link #evaluate(EinsumBackend, Object[])}. */
  public <T> T evaluate(EinsumBackend<T> backend, List<? extends T> operands) {
    Objects.requireNonNull(backend, "backend");
    if (operands.size() != operandCount) {
      throw EinsumSpec.error(
          spec.source(),
          "the plan takes "
              + EinsumSpec.plural(operandCount, "operand")
              + " but "
              + operands.size()
              + (operands.size() == 1 ? " was" : " were")
              + " given");
    }
    List<T> values = new ArrayList<>(shapes.length);
    for (int p = 0; p < operandCount; p++) {
      T x = Objects.requireNonNull(operands.get(p), "operand");
      int[] shape = backend.shape(x);
      if (!Arrays.equals(shape, shapes[p])) {
        throw EinsumSpec.error(
            spec.source(),
            "the plan was made for operand "
                + p
                + " of shape "
                + Arrays.toString(shapes[p])
                + ", but it has shape "
                + Arrays.toString(shape));
      }
      values.add(x);
    }
    Einsum.checkDtypes(spec, backend, values);
    for (EinsumStep step : steps) {
      values.add(apply(backend, step, values));
    }
    return values.get(values.size() - 1);
  }

  private static <T> T apply(EinsumBackend<T> backend, EinsumStep step, List<T> values) {
    if (step instanceof EinsumStep.DotGeneral d) {
      return backend.dotGeneral(
          values.get(d.lhs()),
          values.get(d.rhs()),
          d.lhsContracting(),
          d.rhsContracting(),
          d.lhsBatch(),
          d.rhsBatch());
    } else if (step instanceof EinsumStep.ReduceSum r) {
      return backend.reduceSum(values.get(r.operand()), r.axes());
    } else if (step instanceof EinsumStep.Transpose t) {
      return backend.transpose(values.get(t.operand()), t.perm());
    } else if (step instanceof EinsumStep.Reshape r) {
      return backend.reshape(values.get(r.operand()), r.shape());
    }
    throw new AssertionError("unknown einsum step " + step);
  }

  /**
   * The specification, the order, and one line per value with its labels and shape, e.g.
   *
   * <pre>
   * EinsumPlan "ij,jk->ik" (GREEDY)
   *   %0 = input 0 : ij [2, 3]
   *   %1 = input 1 : jk [3, 4]
   *   %2 = dotGeneral(%0, %1, lhsContracting=[1], rhsContracting=[0], lhsBatch=[], rhsBatch=[])
   *        : ik [2, 4]
   *   return %2
   * </pre>
   *
   * (without the line break before {@code : ik}).
   */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    sb.append("EinsumPlan \"").append(spec).append("\" (").append(order).append(")\n");
    for (int v = 0; v < shapes.length; v++) {
      sb.append("  ");
      if (v < operandCount) {
        sb.append('%').append(v).append(" = input ").append(v);
      } else {
        sb.append(steps.get(v - operandCount));
      }
      sb.append(" : ").append(labels[v]).append(' ').append(Arrays.toString(shapes[v]));
      sb.append('\n');
    }
    return sb.append("  return %").append(result()).toString();
  }
}
