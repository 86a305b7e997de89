package io.github.tidu4j.primitives;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.tidu4j.ad.check.CheckedFunction;
import io.github.tidu4j.ad.check.GradientChecker;
import io.github.tidu4j.ad.check.Mode;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphPrinter;
import io.github.tidu4j.primitives.einsum.ContractionOrder;
import io.github.tidu4j.primitives.einsum.Einsum;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Einsum lowered to graph nodes: the graph computes exactly (bit for bit) what eager {@link
 * Einsum#einsum} computes, since both run the same plan through the same kernels, and it is
 * differentiable to second order through the rules of the primitives it lowers to.
 */
class EinsumGraphTest {

  static Stream<Arguments> specs() {
    List<Arguments> cases = new ArrayList<>();
    Object[][] table = {
      {"ij,jk->ik", new int[][] {{2, 3}, {3, 4}}},
      {"bij,bjk->bik", new int[][] {{2, 2, 3}, {2, 3, 4}}},
      {"i,i->", new int[][] {{3}, {3}}},
      {"i,j->ij", new int[][] {{2}, {3}}},
      {"ij->ji", new int[][] {{2, 3}}},
      {"ij->", new int[][] {{2, 3}}},
      {"ijk->kj", new int[][] {{2, 3, 4}}},
      {"ij,ij->i", new int[][] {{2, 3}, {2, 3}}},
      {"ij,jk,kl->il", new int[][] {{2, 3}, {3, 4}, {4, 5}}},
      {"abc,cd->abd", new int[][] {{2, 3, 4}, {4, 5}}},
      {"abc,bcd->ad", new int[][] {{2, 3, 4}, {3, 4, 2}}},
      {"...ij,...jk->...ik", new int[][] {{2, 2, 3}, {2, 3, 2}}},
      {"ij,k->jik", new int[][] {{1, 3}, {2}}},
    };
    for (Object[] row : table) {
      for (DType dtype : List.of(DType.F64, DType.C128)) {
        cases.add(Arguments.of(row[0], dtype, row[1]));
      }
    }
    return cases.stream();
  }

  private record Built(Graph<TensorOp> graph, Map<Object, Tensor> point, Tensor[] operands) {}

  private static Built build(String spec, DType dtype, int[][] shapes, ContractionOrder order) {
    Random random = new Random(spec.hashCode());
    TensorBuilder b = TensorBuilder.create();
    TensorValue[] values = new TensorValue[shapes.length];
    Tensor[] operands = new Tensor[shapes.length];
    Map<Object, Tensor> point = new HashMap<>();
    for (int i = 0; i < shapes.length; i++) {
      values[i] = b.input("x" + i, dtype, shapes[i]);
      operands[i] = Tensor.random(dtype, shapes[i], random);
      point.put(values[i].inputKey(), operands[i]);
    }
    return new Built(b.build(b.einsum(spec, order, values)), point, operands);
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("specs")
  void graphEqualsEagerEinsum(String spec, DType dtype, int[][] shapes) {
    for (ContractionOrder order : ContractionOrder.values()) {
      Built built = build(spec, dtype, shapes, order);
      Tensor expected = Einsum.einsum(spec, order, built.operands());
      Tensor actual =
          TestEvaluators.eval1(built.graph(), built.graph().outputKey(0), built.point());
      assertEquals(expected, actual, GraphPrinter.print(built.graph()));
    }
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("specs")
  void einsumGraphsAreDifferentiableToSecondOrder(String spec, DType dtype, int[][] shapes) {
    Built built = build(spec, dtype, shapes, ContractionOrder.GREEDY);
    GradientChecker.<TensorOp, Void, Tensor>of(TensorDomain.INSTANCE)
        .withEvaluator(TestEvaluators.ALL_TIERS)
        .check(
            CheckedFunction.of(built.graph()),
            built.point(),
            2,
            Mode.BOTH,
            null,
            new Random(spec.hashCode() + dtype.ordinal()));
  }

  @Test
  void matrixProductIsOneDotGeneral() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue a = b.input("a", DType.F64, 2, 3);
    TensorValue m = b.input("m", DType.F64, 3, 4);
    TensorValue c = b.einsum("ij,jk->ik", a, m);
    assertEquals(TensorType.of(DType.F64, 2, 4), c.type());
    Graph<TensorOp> g = b.build(c);
    assertEquals(1, g.nodeCount(), GraphPrinter.print(g));
    assertEquals(1, TestEvaluators.count(g, "DotGeneral"));
  }

  @Test
  void transposedOutputAddsATransposeNode() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue a = b.input("a", DType.F64, 2, 2, 3);
    TensorValue m = b.input("m", DType.F64, 2, 3, 4);
    // DotGeneral puts the batch axis first; the requested order needs a transpose after it
    Graph<TensorOp> g = b.build(b.einsum("bij,bjk->ibk", a, m));
    assertEquals(1, TestEvaluators.count(g, "DotGeneral"));
    assertEquals(1, TestEvaluators.count(g, "TransposeAxes"), GraphPrinter.print(g));
  }

  @Test
  void mixedDtypesAreRejectedWithTheMessageEagerEinsumGives() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue a = b.input("a", DType.F64, 2, 3);
    TensorValue m = b.input("m", DType.C128, 3, 4);
    String expected =
        "einsum \"ij,jk->ik\": operand dtypes differ; there is no implicit promotion"
            + " (operands f64[2, 3], c128[3, 4])";
    IllegalArgumentException traced =
        assertThrows(IllegalArgumentException.class, () -> b.einsum("ij,jk->ik", a, m));
    assertEquals(expected, traced.getMessage());
    IllegalArgumentException eager =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                Einsum.einsum(
                    "ij,jk->ik", Tensor.zeros(DType.F64, 2, 3), Tensor.zeros(DType.C128, 3, 4)));
    assertEquals(expected, eager.getMessage());
  }
}
