package io.github.tidu4j.primitives.einsum;

import static io.github.tidu4j.primitives.einsum.EinsumSpecTest.assertRejects;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.primitives.einsum.EinsumStep.DotGeneral;
import io.github.tidu4j.primitives.einsum.EinsumStep.ReduceSum;
import io.github.tidu4j.primitives.einsum.EinsumStep.Reshape;
import io.github.tidu4j.primitives.einsum.EinsumStep.Transpose;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.List;
import org.junit.jupiter.api.Test;

class EinsumPlanTest {

  private static final int[] NONE = {};

  private static int[] s(int... dims) {
    return dims;
  }

  private static EinsumPlan plan(String spec, int[]... shapes) {
    return EinsumSpec.parse(spec).plan(shapes);
  }

  private static DotGeneral dot(
      int result, int lhs, int rhs, int[] lc, int[] rc, int[] lb, int[] rb) {
    return new DotGeneral(result, lhs, rhs, lc, rc, lb, rb);
  }

  @Test
  void matmulIsOneDotGeneralWithoutTranspose() {
    EinsumPlan p = plan("ij,jk->ik", s(2, 3), s(3, 4));
    assertEquals(List.of(dot(2, 0, 1, s(1), s(0), NONE, NONE)), p.steps());
    assertArrayEquals(s(2, 4), p.outputShape());
    assertEquals(2, p.result());
    assertEquals("ik", p.labels(2));
  }

  @Test
  void lastContractionSwapsOperandsInsteadOfTransposing() {
    EinsumPlan p = plan("ij,jk->ki", s(2, 3), s(3, 4));
    assertEquals(List.of(dot(2, 1, 0, s(0), s(1), NONE, NONE)), p.steps());
    assertArrayEquals(s(4, 2), p.outputShape());
  }

  @Test
  void batchedMatmulHasBatchAxes() {
    EinsumPlan p = plan("bij,bjk->bik", s(5, 2, 3), s(5, 3, 4));
    assertEquals(List.of(dot(2, 0, 1, s(2), s(1), s(0), s(0))), p.steps());
    assertArrayEquals(s(5, 2, 4), p.outputShape());
  }

  @Test
  void batchAxesFollowTheOutputInTheLastContraction() {
    // batch labels b, c appear in lhs as "cb" but the output wants "bc"
    EinsumPlan p = plan("cbi,bci->bc", s(2, 3, 4), s(3, 2, 4));
    assertEquals(List.of(dot(2, 0, 1, s(2), s(2), s(1, 0), s(0, 1))), p.steps());
  }

  @Test
  void elementwiseProductIsABatchOnlyDot() {
    assertEquals(List.of(dot(2, 0, 1, NONE, NONE, s(0), s(0))), plan("i,i->i", s(3), s(3)).steps());
    assertEquals(List.of(dot(2, 0, 1, s(0), s(0), NONE, NONE)), plan("i,i->", s(3), s(3)).steps());
    assertEquals(
        List.of(dot(2, 0, 1, NONE, NONE, NONE, NONE)), plan("i,j->ij", s(3), s(4)).steps());
  }

  @Test
  void singleOperandLowersToReduceAndTranspose() {
    assertEquals(List.of(new Transpose(1, 0, s(1, 0))), plan("ij->ji", s(2, 3)).steps());
    assertEquals(List.of(new ReduceSum(1, 0, s(0, 1))), plan("ij->", s(2, 3)).steps());
    assertEquals(List.of(new ReduceSum(1, 0, s(1))), plan("ij->i", s(2, 3)).steps());
    assertEquals(
        List.of(new ReduceSum(1, 0, s(1)), new Transpose(2, 1, s(1, 0))),
        plan("ijk->ki", s(2, 3, 4)).steps());
  }

  @Test
  void identityHasNoSteps() {
    EinsumPlan p = plan("ij->ij", s(2, 3));
    assertEquals(List.of(), p.steps());
    assertEquals(0, p.result());
    assertArrayEquals(s(2, 3), p.outputShape());
  }

  @Test
  void indicesOnlyOneOperandHasAreReducedBeforeContracting() {
    EinsumPlan p = plan("ijk,jl->il", s(2, 3, 4), s(3, 5));
    assertEquals(
        List.of(new ReduceSum(2, 0, s(2)), dot(3, 2, 1, s(1), s(0), NONE, NONE)), p.steps());
    // both operands reduced, then a dot product of what remains
    EinsumPlan q = plan("ab,bc->", s(2, 3), s(3, 4));
    assertEquals(
        List.of(
            new ReduceSum(2, 0, s(0)),
            new ReduceSum(3, 1, s(1)),
            dot(4, 2, 3, s(0), s(0), NONE, NONE)),
        q.steps());
  }

  @Test
  void greedyContractsTheSmallestResultFirst() {
    int[] ij = s(10, 10);
    int[] jk = s(10, 10);
    int[] k = s(10);
    // greedy: jk·k -> j (10 elements) before ij·jk -> ik (100)
    EinsumPlan greedy = plan("ij,jk,k->i", ij, jk, k);
    assertEquals(
        List.of(dot(3, 1, 2, s(1), s(0), NONE, NONE), dot(4, 0, 3, s(1), s(0), NONE, NONE)),
        greedy.steps());
    EinsumPlan leftToRight =
        EinsumSpec.parse("ij,jk,k->i").plan(ContractionOrder.LEFT_TO_RIGHT, ij, jk, k);
    assertEquals(
        List.of(dot(3, 0, 1, s(1), s(0), NONE, NONE), dot(4, 3, 2, s(1), s(0), NONE, NONE)),
        leftToRight.steps());
    assertEquals(ContractionOrder.LEFT_TO_RIGHT, leftToRight.order());
  }

  @Test
  void greedyChainFollowsTheSizes() {
    // i=8, j=2, k=8, l=2: jk·kl -> jl (4 elements) beats ij·jk -> ik (64)
    EinsumPlan p = plan("ij,jk,kl->il", s(8, 2), s(2, 8), s(8, 2));
    assertEquals(
        List.of(dot(3, 1, 2, s(1), s(0), NONE, NONE), dot(4, 0, 3, s(1), s(0), NONE, NONE)),
        p.steps());
    // i=2, j=8, k=2, l=8: ij·jk -> ik (4) first
    EinsumPlan q = plan("ij,jk,kl->il", s(2, 8), s(8, 2), s(2, 8));
    assertEquals(
        List.of(dot(3, 0, 1, s(1), s(0), NONE, NONE), dot(4, 3, 2, s(1), s(0), NONE, NONE)),
        q.steps());
  }

  @Test
  void sharedIndexNeededLaterIsABatchAxisThenContracted() {
    // j is shared by all three: a batch axis in the first dot, contracted in the second
    EinsumPlan p =
        EinsumSpec.parse("ij,jk,j->ik")
            .plan(ContractionOrder.LEFT_TO_RIGHT, s(2, 3), s(3, 4), s(3));
    assertEquals(
        List.of(dot(3, 0, 1, NONE, NONE, s(1), s(0)), dot(4, 3, 2, s(0), s(0), NONE, NONE)),
        p.steps());
    assertEquals("jik", p.labels(3));
    assertEquals("ik", p.labels(4));
  }

  @Test
  void finalTransposeWhenNoOperandOrderFits() {
    EinsumPlan p = plan("bij,bjk->kbi", s(5, 2, 3), s(5, 3, 4));
    assertEquals(
        List.of(dot(2, 0, 1, s(2), s(1), s(0), s(0)), new Transpose(3, 2, s(2, 0, 1))), p.steps());
    assertArrayEquals(s(4, 5, 2), p.outputShape());
  }

  @Test
  void ellipsisBatchDimensions() {
    EinsumPlan p = plan("...ij,...jk->...ik", s(7, 2, 3), s(7, 3, 4));
    assertEquals(List.of(dot(2, 0, 1, s(2), s(1), s(0), s(0))), p.steps());
    assertEquals("(0)ij", p.labels(0));
    assertArrayEquals(s(7, 2, 4), p.outputShape());
    // no ellipsis dimensions at all
    assertEquals(
        List.of(dot(2, 0, 1, s(1), s(0), NONE, NONE)),
        plan("...ij,...jk->...ik", s(2, 3), s(3, 4)).steps());
  }

  @Test
  void ellipsisBroadcastDropsSizeOneAxesByReshape() {
    EinsumPlan p = plan("...ij,...jk->...ik", s(2, 1, 3, 4), s(5, 4, 6));
    assertEquals(
        List.of(
            new Reshape(2, 0, s(2, 3, 4)),
            dot(3, 2, 1, s(2), s(1), NONE, NONE),
            new Transpose(4, 3, s(0, 2, 1, 3))),
        p.steps());
    assertEquals("(0)(1)ij", p.labels(0));
    assertEquals("(1)jk", p.labels(1));
    assertEquals("(0)ij", p.labels(2));
    assertArrayEquals(s(2, 5, 3, 6), p.outputShape());
  }

  @Test
  void toStringListsEveryValue() {
    String expected =
        String.join(
            "\n",
            "EinsumPlan \"ijk,jl->il\" (GREEDY)",
            "  %0 = input 0 : ijk [2, 3, 4]",
            "  %1 = input 1 : jl [3, 5]",
            "  %2 = reduceSum(%0, axes=[2]) : ij [2, 3]",
            "  %3 = dotGeneral(%2, %1, lhsContracting=[1], rhsContracting=[0], lhsBatch=[],"
                + " rhsBatch=[]) : il [2, 5]",
            "  return %3");
    assertEquals(expected, plan("ijk, jl -> il", s(2, 3, 4), s(3, 5)).toString());
  }

  @Test
  void stepsAreValuesWithDefensiveCopies() {
    int[] axes = {0, 1};
    ReduceSum r = new ReduceSum(1, 0, axes);
    axes[0] = 7;
    assertArrayEquals(s(0, 1), r.axes());
    r.axes()[0] = 9;
    assertArrayEquals(s(0, 1), r.axes());
    assertEquals(new ReduceSum(1, 0, s(0, 1)), r);
    assertEquals(new ReduceSum(1, 0, s(0, 1)).hashCode(), r.hashCode());
    assertArrayEquals(s(0, 1), dot(2, 0, 1, NONE, NONE, NONE, NONE).operands());
    EinsumPlan p = plan("bij,bjk->bik", s(5, 2, 3), s(5, 3, 4));
    assertEquals(1, p.stepsOfType(DotGeneral.class).size());
    assertEquals(0, p.stepsOfType(Transpose.class).size());
  }

  @Test
  void planShapesChainThroughAShapeOnlyBackend() {
    // A backend over shapes checks every step's attributes against its operands' shapes, as a
    // graph backend would, and reproduces the plan's value shapes.
    String[] specs = {
      "ij,jk->ik",
      "ij,jk->ki",
      "bij,bjk->kbi",
      "ijk,jl->li",
      "ij,jk,kl,lm->mi",
      "a,b,c,abc->",
      "...ij,...jk->...ik",
      "i...,j...->...ij"
    };
    int[][][] shapes = {
      {s(2, 3), s(3, 4)},
      {s(2, 3), s(3, 4)},
      {s(5, 2, 3), s(5, 3, 4)},
      {s(2, 3, 4), s(3, 5)},
      {s(2, 3), s(3, 4), s(4, 5), s(5, 6)},
      {s(2), s(3), s(4), s(2, 3, 4)},
      {s(2, 1, 3, 4), s(5, 4, 6)},
      {s(2, 7, 1), s(3, 6)},
    };
    ShapeBackend backend = new ShapeBackend();
    for (int c = 0; c < specs.length; c++) {
      for (ContractionOrder order : ContractionOrder.values()) {
        EinsumPlan p = EinsumSpec.parse(specs[c]).plan(order, shapes[c]);
        int[] out = p.evaluate(backend, shapes[c]);
        assertArrayEquals(p.outputShape(), out, specs[c]);
        assertTrue(p.steps().size() >= 1, specs[c]);
      }
    }
  }

  // -----------------------------------------------------------------------------------------------
  // Validation against shapes

  @Test
  void rejectsOperandCountMismatch() {
    assertRejects(
        () -> plan("ij,jk->ik", s(2, 3)),
        "einsum \"ij,jk->ik\"",
        "the spec has 2 input operands but 1 was given");
    assertRejects(
        () -> plan("ij->ji", s(2, 3), s(3, 2)), "the spec has 1 input operand but 2 were given");
    assertRejects(
        () -> Einsum.einsum("ij,jk->ik", io.github.tidu4j.primitives.tensor.Tensor.vector(1)),
        "the spec has 2 input operands but 1 was given");
  }

  @Test
  void rejectsRankMismatch() {
    assertRejects(
        () -> plan("ij,jk->ik", s(2, 3), s(3)),
        "einsum \"ij,jk->ik\"",
        "operand 1 has shape [3] of rank 1, but its subscripts \"jk\" name 2 axes");
    assertRejects(
        () -> plan("ij->", s(2, 3, 4)),
        "operand 0 has shape [2, 3, 4] of rank 3, but its subscripts \"ij\" name 2 axes");
    assertRejects(
        () -> plan("...ij->...", s(4)),
        "operand 0 has shape [4] of rank 1, but its subscripts \"...ij\" need at least 2 axes");
  }

  @Test
  void rejectsInconsistentIndexSizes() {
    assertRejects(
        () -> plan("ij,jk->ik", s(2, 3), s(4, 5)),
        "einsum \"ij,jk->ik\"",
        "index 'j' has size 3 in operand 0 (shape [2, 3]) but size 4 in operand 1 (shape [4, 5])");
    assertRejects(
        () -> plan("i,j,i->", s(2), s(3), s(5)),
        "index 'i' has size 2 in operand 0 (shape [2]) but size 5 in operand 2 (shape [5])");
  }

  @Test
  void rejectsEllipsisDimensionsThatDoNotBroadcast() {
    assertRejects(
        () -> plan("...i,...i->...i", s(2, 3), s(4, 3)),
        "the ellipsis dimensions of operand 0 (shape [2, 3]) and operand 1 (shape [4, 3])"
            + " do not broadcast: 2 vs 4");
  }

  @Test
  void rejectsEllipsisDimensionsMissingFromExplicitOutput() {
    assertRejects(
        () -> plan("...ij->ij", s(5, 2, 3)),
        "einsum \"...ij->ij\"",
        "the inputs' ellipses cover 1 dimension (shapes [5, 2, 3]) but the output \"ij\" has no"
            + " '...'");
    // an ellipsis that covers nothing needs no place in the output
    assertEquals(List.of(), plan("...ij->ij", s(2, 3)).steps());
  }

  @Test
  void rejectsNegativeDimensions() {
    assertRejects(() -> plan("i->i", s(-1)), "operand 0 has a negative dimension: shape [-1]");
  }

  @Test
  void evaluateRejectsOperandsOfOtherShapes() {
    EinsumPlan p = plan("ij,jk->ik", s(2, 3), s(3, 4));
    assertRejects(
        () -> p.evaluate(new ShapeBackend(), s(2, 3), s(3, 5)),
        "einsum \"ij,jk->ik\"",
        "the plan was made for operand 1 of shape [3, 4], but it has shape [3, 5]");
    assertRejects(
        () -> p.evaluate(new ShapeBackend(), new int[][] {s(2, 3)}),
        "the plan takes 2 operands but 1 was given");
  }

  @Test
  void rejectsAnOutputNoTensorCanHoldAtPlanTime() {
    String expected =
        "einsum \"i,j,k->ijk\": the output \"ijk\" would have shape [2048, 2048, 1024]:"
            + " 4294967296 elements, more than a tensor holds (Integer.MAX_VALUE)";
    for (ContractionOrder order : ContractionOrder.values()) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> EinsumSpec.parse("i,j,k->ijk").plan(order, s(2048), s(2048), s(1024)));
      assertEquals(expected, e.getMessage());
    }
    Tensor v = Tensor.ones(DType.F64, 2048);
    Tensor w = Tensor.ones(DType.F64, 1024);
    IllegalArgumentException eager =
        assertThrows(IllegalArgumentException.class, () -> Einsum.einsum("i,j,k->ijk", v, v, w));
    assertEquals(expected, eager.getMessage());
  }

  @Test
  void rejectsAnIntermediateNoTensorCanHoldNamingTheOperandsItContracts() {
    int[][] shapes = {s(2000, 1), s(2000, 1), s(2000, 1), s(2000)};
    // left to right contracts ai,bi (-> abi, 4e6 elements), then abi,ci (-> abc, 8e9)
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> EinsumSpec.parse("ai,bi,ci,c->ab").plan(ContractionOrder.LEFT_TO_RIGHT, shapes));
    assertEquals(
        "einsum \"ai,bi,ci,c->ab\": contracting operands 0, 1 and 2 (\"ai\", \"bi\", \"ci\")"
            + " makes an intermediate \"abc\" of shape [2000, 2000, 2000]: 8000000000"
            + " elements, more than a tensor holds (Integer.MAX_VALUE); the output \"ab\" has"
            + " shape [2000, 2000], and another ContractionOrder may avoid the intermediate",
        e.getMessage());
    // greedy contracts ci,c first and never forms it
    assertArrayEquals(
        s(2000, 2000), EinsumSpec.parse("ai,bi,ci,c->ab").plan(shapes).outputShape());
  }
}
