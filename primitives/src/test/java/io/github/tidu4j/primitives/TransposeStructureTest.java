package io.github.tidu4j.primitives;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.tidu4j.ad.AD;
import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The transposes emit what JAX's rules emit: the operations of each transposed graph, with their
 * dimension numbers, worked out by hand from {@code _reduce_sum_transpose_rule}, {@code
 * _broadcast_in_dim_transpose_rule} and {@code _dot_general_transpose_lhs/rhs}, and the
 * sum-over-broadcast values they compute.
 */
class TransposeStructureTest {

  /** The operations of the VJP graph of {@code body} with respect to input {@code wrt}. */
  private static List<TensorOp> transposeOps(
      DType dtype, int[][] shapes, int wrt, Function<List<TensorValue>, TensorValue> body) {
    return ops(vjp(dtype, shapes, wrt, body).graph());
  }

  private static LinearizedGraph<TensorOp> vjp(
      DType dtype, int[][] shapes, int wrt, Function<List<TensorValue>, TensorValue> body) {
    TensorBuilder b = TensorBuilder.create();
    List<TensorValue> in = new ArrayList<>();
    for (int i = 0; i < shapes.length; i++) {
      in.add(b.input("x" + i, dtype, shapes[i]));
    }
    Graph<TensorOp> f = b.build(body.apply(in));
    LinearizedGraph<TensorOp> jvp =
        AD.linearize(
            Graphs.resolve(f), f.outputKeys(), List.of(ValueKey.input(in.get(wrt).inputKey())));
    return AD.linearTranspose(jvp);
  }

  private static List<TensorOp> ops(Graph<TensorOp> g) {
    List<TensorOp> ops = new ArrayList<>();
    for (int node = 0; node < g.nodeCount(); node++) {
      ops.add(g.operation(node));
    }
    return ops;
  }

  private static int[] a(int... values) {
    return values;
  }

  @Test
  void reduceSumTransposesToBroadcastInDimOverTheKeptAxes() {
    assertEquals(
        List.of(TensorOp.broadcastInDim(a(2, 1, 3), a(1), a(1))),
        transposeOps(DType.F64, new int[][] {{2, 1, 3}}, 0, in -> in.get(0).reduceSum(2, 0)));
  }

  @Test
  void broadcastInDimTransposesToReduceSumThenReshapeForLengthOneAxes() {
    // operand (3, 1) → (2, 3, 1, 4) along (1, 2): unit_dims [1], bdims (1,), axes (0, 2, 3)
    assertEquals(
        List.of(
            TensorOp.reduceSum(a(0, 2, 3), a(2, 3, 1, 4)),
            TensorOp.reshape(a(3, 1), a(3))),
        transposeOps(
            DType.F64,
            new int[][] {{3, 1}},
            0,
            in -> in.get(0).broadcastInDim(a(2, 3, 1, 4), 1, 2)));
    // no length-1 operand axis: no reshape
    assertEquals(
        List.of(TensorOp.reduceSum(a(0), a(4, 3))),
        transposeOps(DType.F64, new int[][] {{3}}, 0, in -> in.get(0).broadcastInDim(a(4, 3), 1)));
  }

  @Test
  void broadcastCotangentsAreSummedOverEveryRepeat() {
    // [3, 1] → [2, 3, 1, 4]: each operand element is repeated 2·4 = 8 times
    LinearizedGraph<TensorOp> vjp =
        vjp(DType.F64, new int[][] {{3, 1}}, 0, in -> in.get(0).broadcastInDim(a(2, 3, 1, 4), 1, 2));
    Map<Object, Tensor> point = new HashMap<>();
    point.put(InputKey.user("x0"), Tensor.of(new double[] {1, 2, 3}, 3, 1));
    double[] ct = new double[24];
    for (int i = 0; i < ct.length; i++) {
      ct[i] = i;
    }
    point.put(vjp.linearInput(0), Tensor.of(ct, 2, 3, 1, 4));
    // element j sums ct[i, j, 0, k] over i and k: Σ_k (4j + k) + Σ_k (12 + 4j + k)
    Tensor expected = Tensor.of(new double[] {0 + 6 + 12 * 4 + 6, 16 + 6 + 64 + 6, 32 + 6 + 80 + 6}, 3, 1);
    assertEquals(expected, TestEvaluators.eval1(vjp.graph(), vjp.linearOutput(0), point));
  }

  @Test
  void reshapeAndTransposeInvertThemselves() {
    assertEquals(
        List.of(TensorOp.reshape(a(2, 3), a(6))),
        transposeOps(DType.F64, new int[][] {{2, 3}}, 0, in -> in.get(0).reshape(6)));
    assertEquals(
        List.of(TensorOp.transposeAxes(a(1, 2, 0))),
        transposeOps(DType.F64, new int[][] {{2, 3, 4}}, 0, in -> in.get(0).transpose(2, 0, 1)));
  }

  /** lhs [4, 2, 3], rhs [3, 2, 5], contracting (2)/(0), batch (1)/(1): result [2, 4, 5]. */
  private static TensorValue batchNotLeading(List<TensorValue> in) {
    return in.get(0).dotGeneral(in.get(1), a(2), a(0), a(1), a(1));
  }

  @Test
  void dotGeneralLhsTransposeIsJaxs() {
    // x_kept [0], y_kept [2]; ans_batch [0], ans_y [2]; out_axes argsort([1, 0, 2]) = [1, 0, 2]
    assertEquals(
        List.of(
            TensorOp.dotGeneral(a(2), a(2), a(0), a(1), a(2, 4, 5), a(3, 2, 5), DType.F64),
            TensorOp.transposeAxes(a(1, 0, 2))),
        transposeOps(
            DType.F64, new int[][] {{4, 2, 3}, {3, 2, 5}}, 0, TransposeStructureTest::batchNotLeading));
  }

  @Test
  void dotGeneralRhsTransposeIsJaxsWithTheAnswerSwapped() {
    // swapped: x_kept [2], y_kept [0]; ans_batch [0], ans_y [1]; out_axes argsort([1, 2, 0])
    assertEquals(
        List.of(
            TensorOp.dotGeneral(a(1), a(0), a(0), a(1), a(2, 4, 5), a(4, 2, 3), DType.F64),
            TensorOp.transposeAxes(a(2, 0, 1))),
        transposeOps(
            DType.F64, new int[][] {{4, 2, 3}, {3, 2, 5}}, 1, TransposeStructureTest::batchNotLeading));
  }

  @Test
  void complexDotGeneralTransposeConjugatesTheFixedOperandOnly() {
    List<TensorOp> ops =
        transposeOps(
            DType.C128, new int[][] {{4, 2, 3}, {3, 2, 5}}, 0, TransposeStructureTest::batchNotLeading);
    assertEquals(
        List.of(
            TensorOp.CONJ,
            TensorOp.dotGeneral(a(2), a(2), a(0), a(1), a(2, 4, 5), a(3, 2, 5), DType.C128),
            TensorOp.transposeAxes(a(1, 0, 2))),
        ops);
  }

  @Test
  void matmulTransposesNeedNoTranspose() {
    // [2, 3]·[3, 4]: ct_lhs = ct·rhsᵀ = dot(ct, rhs, (1)/(1)); ct_rhs = lhsᵀ·ct = dot(ct, lhs,
    // (0)/(0)) transposed back to [3, 4]
    int[][] shapes = {{2, 3}, {3, 4}};
    assertEquals(
        List.of(TensorOp.dotGeneral(a(1), a(1), a(), a(), a(2, 4), a(3, 4), DType.F64)),
        transposeOps(DType.F64, shapes, 0, in -> in.get(0).dotGeneral(in.get(1), a(1), a(0))));
    assertEquals(
        List.of(
            TensorOp.dotGeneral(a(0), a(0), a(), a(), a(2, 4), a(2, 3), DType.F64),
            TensorOp.transposeAxes(a(1, 0))),
        transposeOps(DType.F64, shapes, 1, in -> in.get(0).dotGeneral(in.get(1), a(1), a(0))));
  }
}
