package io.github.tidu4j.primitives.einsum;

import java.util.Arrays;

/**
 * One operation of an {@link EinsumPlan}. Values are numbered: the plan's inputs are {@code %0 …
 * %(n−1)}, and the step at index {@code s} of {@link EinsumPlan#steps()} produces value {@code
 * %(n+s)}, which is its {@link #result()}. The attributes follow the tensor kernels (XLA
 * semantics): {@code ReduceSum} drops its strictly increasing axes, {@code Transpose} puts operand
 * axis {@code perm[k]} at output axis {@code k}, {@code Reshape} keeps the row-major order, and
 * {@code DotGeneral}'s result axes are the batch axes, then the lhs free axes in order, then the
 * rhs free axes in order.
 *
 * <p>Steps are immutable values with structural equality; array attributes are copied in and out.
 *
 * <pre>{@code
 * EinsumPlan plan = EinsumSpec.parse("ij,jk->ik").plan(new int[] {2, 3}, new int[] {3, 4});
 * for (EinsumStep step : plan.steps()) {
 *   if (step instanceof EinsumStep.DotGeneral dot) { ... }   // %2 = dotGeneral(%0, %1, …)
 * }
 * }</pre>
 */
public sealed interface EinsumStep {

  /** The value this step produces. */
  int result();

  /** The values this step reads, in operand order. */
  int[] operands();

  /** {@code result = reduceSum(operand, axes)}. */
  record ReduceSum(int result, int operand, int[] axes) implements EinsumStep {
    public ReduceSum {
      axes = axes.clone();
    }

    @Override
    public int[] axes() {
      return axes.clone();
    }

    @Override
    public int[] operands() {
      return new int[] {operand};
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof ReduceSum r
          && r.result == result
          && r.operand == operand
          && Arrays.equals(r.axes, axes);
    }

    @Override
    public int hashCode() {
      return 31 * (31 * result + operand) + Arrays.hashCode(axes);
    }

    @Override
    public String toString() {
      return "%" + result + " = reduceSum(%" + operand + ", axes=" + Arrays.toString(axes) + ")";
    }
  }

  /** {@code result = transpose(operand, perm)}. */
  record Transpose(int result, int operand, int[] perm) implements EinsumStep {
    public Transpose {
      perm = perm.clone();
    }

    @Override
    public int[] perm() {
      return perm.clone();
    }

    @Override
    public int[] operands() {
      return new int[] {operand};
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Transpose t
          && t.result == result
          && t.operand == operand
          && Arrays.equals(t.perm, perm);
    }

    @Override
    public int hashCode() {
      return 31 * (31 * result + operand) + Arrays.hashCode(perm);
    }

    @Override
    public String toString() {
      return "%" + result + " = transpose(%" + operand + ", perm=" + Arrays.toString(perm) + ")";
    }
  }

  /**
   * {@code result = reshape(operand, shape)}. The planner uses it only to drop size-1 ellipsis
   * dimensions that broadcast against a larger size in another operand.
   */
  record Reshape(int result, int operand, int[] shape) implements EinsumStep {
    public Reshape {
      shape = shape.clone();
    }

    @Override
    public int[] shape() {
      return shape.clone();
    }

    @Override
    public int[] operands() {
      return new int[] {operand};
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Reshape r
          && r.result == result
          && r.operand == operand
          && Arrays.equals(r.shape, shape);
    }

    @Override
    public int hashCode() {
      return 31 * (31 * result + operand) + Arrays.hashCode(shape);
    }

    @Override
    public String toString() {
      return "%" + result + " = reshape(%" + operand + ", shape=" + Arrays.toString(shape) + ")";
    }
  }

  /** {@code result = dotGeneral(lhs, rhs, lhsContracting, rhsContracting, lhsBatch, rhsBatch)}. */
  record DotGeneral(
      int result,
      int lhs,
      int rhs,
      int[] lhsContracting,
      int[] rhsContracting,
      int[] lhsBatch,
      int[] rhsBatch)
      implements EinsumStep {
    public DotGeneral {
      lhsContracting = lhsContracting.clone();
      rhsContracting = rhsContracting.clone();
      lhsBatch = lhsBatch.clone();
      rhsBatch = rhsBatch.clone();
    }

    @Override
    public int[] lhsContracting() {
      return lhsContracting.clone();
    }

    @Override
    public int[] rhsContracting() {
      return rhsContracting.clone();
    }

    @Override
    public int[] lhsBatch() {
      return lhsBatch.clone();
    }

    @Override
    public int[] rhsBatch() {
      return rhsBatch.clone();
    }

    @Override
    public int[] operands() {
      return new int[] {lhs, rhs};
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof DotGeneral d
          && d.result == result
          && d.lhs == lhs
          && d.rhs == rhs
          && Arrays.equals(d.lhsContracting, lhsContracting)
          && Arrays.equals(d.rhsContracting, rhsContracting)
          && Arrays.equals(d.lhsBatch, lhsBatch)
          && Arrays.equals(d.rhsBatch, rhsBatch);
    }

    @Override
    public int hashCode() {
      int h = 31 * (31 * result + lhs) + rhs;
      h = 31 * h + Arrays.hashCode(lhsContracting);
      h = 31 * h + Arrays.hashCode(rhsContracting);
      h = 31 * h + Arrays.hashCode(lhsBatch);
      return 31 * h + Arrays.hashCode(rhsBatch);
    }

    @Override
    public String toString() {
      return "%"
          + result
          + " = dotGeneral(%"
          + lhs
          + ", %"
          + rhs
          + ", lhsContracting="
          + Arrays.toString(lhsContracting)
          + ", rhsContracting="
          + Arrays.toString(rhsContracting)
          + ", lhsBatch="
          + Arrays.toString(lhsBatch)
          + ", rhsBatch="
          + Arrays.toString(rhsBatch)
          + ")";
    }
  }
}
