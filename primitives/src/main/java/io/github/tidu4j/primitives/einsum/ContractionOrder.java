package io.github.tidu4j.primitives.einsum;

/**
 * The order in which an {@link EinsumPlan} contracts its operands pairwise.
 *
 * <p>Both orders first sum away every index that only one operand has and the output lacks, so no
 * contraction carries an axis nobody needs.
 *
 * <pre>{@code
 * Tensor abc = Einsum.einsum("ij,jk,kl->il", ContractionOrder.LEFT_TO_RIGHT, a, b, c);
 * }</pre>
 */
public enum ContractionOrder {
  /**
   * At each step, contract the pair of operands whose result has the fewest elements; ties go to
   * the pair with the fewer multiply-adds, then to the leftmost pair. The result takes the place of
   * the pair's left operand. This is opt_einsum's "greedy" strategy with the result size as cost:
   * it avoids large intermediates (in {@code "ij,jk,k->i"} it contracts {@code jk,k} first instead
   * of forming the {@code ik} matrix) and costs {@code O(n³)} pair evaluations for {@code n}
   * operands, which is nothing next to the contractions themselves.
   */
  GREEDY,

  /**
   * Contract operands 0 and 1, then that result with operand 2, and so on: numpy's order without
   * {@code optimize}. Predictable, and sometimes much more expensive than {@link #GREEDY}.
   */
  LEFT_TO_RIGHT
}
