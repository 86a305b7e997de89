package io.github.tidu4j.primitives.einsum;

/**
 * The order in which an {@link EinsumPlan} contracts its operands pairwise. The order changes the
 * cost, not the result (beyond rounding): {@link EinsumPlan#multiplyAdds()} tells what a plan's
 * contractions cost.
 *
 * <p>Every order first sums away every index that only one operand has and the output lacks, so no
 * contraction carries an axis nobody needs.
 *
 * <pre>{@code
 * Tensor abc = Einsum.einsum("ij,jk,kl->il", ContractionOrder.LEFT_TO_RIGHT, a, b, c);
 * }</pre>
 *
 * <p>{@link #GREEDY}, the default, and {@link #LEFT_TO_RIGHT} can each cost far more than the
 * best order. In this chain greedy contracts {@code cd,de} first, as its result (100 × 100) is the
 * smallest, and pays 10⁹ multiply-adds for it, 50 times what {@link #OPTIMAL} (and, here,
 * left-to-right) needs in all:
 *
 * <pre>{@code
 * int[][] shapes = {{1, 2000}, {2000, 100}, {100, 100000}, {100000, 100}};
 * EinsumSpec chain = EinsumSpec.parse("ab,bc,cd,de->ae");
 * chain.plan(ContractionOrder.GREEDY, shapes).multiplyAdds();    // 1000210000: cd,de first
 * chain.plan(ContractionOrder.OPTIMAL, shapes).multiplyAdds();   // 20200000: from the left
 * }</pre>
 */
public enum ContractionOrder {
  /**
   * At each step, contract the pair of operands whose result has the fewest elements; ties go to
   * the pair with the fewer multiply-adds, then to the leftmost pair. The result takes the place of
   * the pair's left operand. This is opt_einsum's "greedy" strategy with the result size as cost:
   * it avoids large intermediates (in {@code "ij,jk,k->i"} it contracts {@code jk,k} first instead
   * of forming the {@code ik} matrix) and costs {@code O(n³)} pair evaluations for {@code n}
   * operands, which is nothing next to the contractions themselves. A heuristic: a small result
   * can be dear to make (see above), and on random specifications of three to six operands it
   * costs more than twice the least in a few cases in a hundred, up to some fifteen times as much;
   * use {@link #OPTIMAL} where the contractions are large.
   */
  GREEDY,

  /**
   * Contract operands 0 and 1, then that result with operand 2, and so on: numpy's order without
   * {@code optimize}. Predictable, and sometimes much more expensive than {@link #GREEDY} or
   * {@link #OPTIMAL}.
   */
  LEFT_TO_RIGHT,

  /**
   * The order of least total multiply-adds ({@link EinsumPlan#multiplyAdds()}, exactly what the
   * plan's {@code DotGeneral} steps cost) over every pairwise order, outer products included,
   * whose intermediates a tensor can hold (if there is one; if there is none, planning fails as
   * for the other orders, naming an intermediate that is too large). Found by
   * dynamic programming over the subsets of the operands, as opt_einsum's "dp" strategy (numpy's
   * {@code optimize='optimal'} finds the same minimum by search): planning takes time and memory
   * growing as {@code 3ⁿ} and {@code 2ⁿ} for {@code n} operands, microseconds for a few operands,
   * milliseconds for ten, tens of milliseconds for fourteen. More than fourteen operands are
   * refused ({@code IllegalArgumentException}) rather than planned for seconds or silently planned
   * another way: use {@link #GREEDY} for those. Worth it for an einsum whose contractions are large
   * or that runs many times; for a small einsum run once, {@link #GREEDY} plans as fast and its
   * order rarely matters.
   */
  OPTIMAL
}
