package io.github.tidu4j.primitives.einsum;

import static io.github.tidu4j.primitives.einsum.EinsumSpecTest.assertRejects;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class EinsumTest {

  /** Tight: the plan and the reference only sum the same products in different orders. */
  private static final double TOL = 1e-12;

  private static final String[] SPECS = {
    "ij,jk->ik", // matmul
    "ij,jk->ki", // matmul, transposed result
    "bij,bjk->bik", // batched matmul
    "bij,bjk->kbi",
    "i,j->ij", // outer product
    "i,j->ji",
    "ij->", // sums
    "ij->i",
    "ij->j",
    "ijk->jk",
    "ijk->ki",
    "ij->ji", // transpose
    "ijk->kij",
    "ij->ij", // identity
    "i,i->", // dot
    "i,i->i", // elementwise
    "ij,ij->ij",
    "ij,ji->ij",
    "ij,jk,kl->il", // three operands
    "ij,jk,kl->li",
    "ijk,kl->ijl",
    "ijk,kl->lji",
    "bij,bj->bi", // batch + contract mixes
    "bhqd,bhkd->bhqk", // attention scores
    "bhqk,bhkd->bhqd",
    "abc,bcd->ad",
    "abc,cda->bd",
    "ij,jk,j->ik", // an index in all three operands
    "i,ij,j->", // bilinear form
    "ijk,jl->il", // k reduced early
    "ijk,l->il", // j, k reduced early, then outer
    "ab,bc,cd,de,ef->af", // a chain of five
    "a,b,c,abc->", // greedy contracts the vectors into the big tensor
    "ba,ac->cb",
    "->", // a scalar
    ",->",
    ",i->i",
    "Ab,bA->A", // upper and lower case are different indices
    "ij,jk", // implicit outputs
    "ba",
    "i,i",
    "bij,bjk",
  };

  /** Operands for {@code spec} with a random size in [1, 4] per index. */
  private static Tensor[] operands(String spec, boolean complex, Random rng) {
    String inputs = spec.split("->", -1)[0];
    Map<Character, Integer> sizes = new HashMap<>();
    List<Tensor> out = new ArrayList<>();
    for (String term : inputs.split(",", -1)) {
      int[] shape = new int[term.length()];
      for (int k = 0; k < shape.length; k++) {
        shape[k] = sizes.computeIfAbsent(term.charAt(k), c -> 1 + rng.nextInt(4));
      }
      out.add(Tensor.random(ReferenceEinsum.dtypeOf(complex), shape, rng));
    }
    return out.toArray(new Tensor[0]);
  }

  private static void assertMatchesReference(
      String spec, String explicitSpec, Tensor[] ops, ContractionOrder order) {
    Tensor expected = ReferenceEinsum.einsum(explicitSpec, ops);
    Tensor actual = Einsum.einsum(spec, order, ops);
    assertTrue(
        actual.allClose(expected, TOL, TOL),
        () ->
            spec
                + " ("
                + order
                + ")\n expected "
                + expected
                + "\n but was "
                + actual
                + "\n plan:\n"
                + EinsumSpec.parse(spec).plan(order, shapesOf(ops)));
  }

  private static int[][] shapesOf(Tensor[] ops) {
    int[][] shapes = new int[ops.length][];
    for (int p = 0; p < ops.length; p++) {
      shapes[p] = ops[p].shape().dims();
    }
    return shapes;
  }

  @Test
  void matchesTheReferenceOnManySpecs() {
    Random rng = new Random(1);
    for (String spec : SPECS) {
      String explicit = EinsumSpec.parse(spec).toString();
      for (boolean complex : new boolean[] {false, true}) {
        for (int trial = 0; trial < 3; trial++) {
          Tensor[] ops = operands(explicit, complex, rng);
          for (ContractionOrder order : ContractionOrder.values()) {
            assertMatchesReference(spec, explicit, ops, order);
          }
        }
      }
    }
  }

  @Test
  void matchesTheReferenceOnRandomSpecs() {
    Random rng = new Random(2);
    String pool = "abcdefgH";
    for (int trial = 0; trial < 400; trial++) {
      int nOperands = 1 + rng.nextInt(4);
      StringBuilder spec = new StringBuilder();
      StringBuilder used = new StringBuilder();
      for (int p = 0; p < nOperands; p++) {
        spec.append(p == 0 ? "" : ",");
        int rank = rng.nextInt(4);
        String term = "";
        while (term.length() < rank) {
          char c = pool.charAt(rng.nextInt(pool.length()));
          if (term.indexOf(c) < 0) {
            term += c;
          }
        }
        spec.append(term);
        for (char c : term.toCharArray()) {
          if (used.indexOf(String.valueOf(c)) < 0 && rng.nextBoolean()) {
            used.append(c); // a random subset of the indices, in random order, as the output
          }
        }
      }
      String s = spec + "->" + used;
      Tensor[] ops = operands(s, rng.nextBoolean(), rng);
      for (ContractionOrder order : ContractionOrder.values()) {
        assertMatchesReference(s, s, ops, order);
      }
    }
  }

  @Test
  void handComputedValues() {
    Tensor a = Tensor.of(new double[] {1, 2, 3, 4, 5, 6}, 2, 3);
    Tensor b = Tensor.of(new double[] {1, 0, 0, 1, 1, 1}, 3, 2);
    assertEquals(Tensor.of(new double[] {4, 5, 10, 11}, 2, 2), Einsum.einsum("ij,jk->ik", a, b));
    assertEquals(Tensor.of(new double[] {1, 4, 2, 5, 3, 6}, 3, 2), Einsum.einsum("ij->ji", a));
    assertEquals(Tensor.scalar(21), Einsum.einsum("ij->", a));
    assertEquals(Tensor.vector(6, 15), Einsum.einsum("ij->i", a));
    assertEquals(Tensor.scalar(11), Einsum.einsum("i,i", Tensor.vector(1, 2), Tensor.vector(3, 4)));
    assertEquals(
        Tensor.vector(3, 8), Einsum.einsum("i,i->i", Tensor.vector(1, 2), Tensor.vector(3, 4)));
  }

  @Test
  void identityReturnsTheOperand() {
    Tensor a = Tensor.random(DType.F64, new int[] {2, 3}, new Random(3));
    assertSame(a, Einsum.einsum("ij->ij", a));
  }

  @Test
  void complexOperandsAreNotConjugated() {
    Tensor z = Tensor.complex(new double[] {0, 1, 1, 1}, 2); // [i, 1+i]
    // Σ z_k² = i² + (1+i)² = -1 + 2i; a conjugating dot would give |i|² + |1+i|² = 3
    Tensor dot = Einsum.einsum("i,i->", z, z);
    assertEquals(Tensor.complexScalar(-1, 2), dot);
    Tensor m = Tensor.complex(new double[] {0, 1, 2, 0, 0, -1, 1, 1}, 2, 2); // [[i, 2], [-i, 1+i]]
    // (m·m)[0][0] = i·i + 2·(-i) = -1 - 2i
    Tensor mm = Einsum.einsum("ij,jk->ik", m, m);
    assertEquals(-1, mm.getRe(0, 0), 0);
    assertEquals(-2, mm.getIm(0, 0), 0);
  }

  @Test
  void ellipsisMatchesSpelledOutIndices() {
    Random rng = new Random(4);
    for (boolean complex : new boolean[] {false, true}) {
      DType dt = ReferenceEinsum.dtypeOf(complex);
      Tensor a = Tensor.random(dt, new int[] {2, 5, 3, 4}, rng);
      Tensor b = Tensor.random(dt, new int[] {2, 5, 4, 3}, rng);
      assertClose(
          ReferenceEinsum.einsum("xyij,xyjk->xyik", a, b),
          Einsum.einsum("...ij,...jk->...ik", a, b));
      assertClose(
          ReferenceEinsum.einsum("xyij,xyjk->xyik", a, b), Einsum.einsum("...ij,...jk", a, b));
      assertClose(ReferenceEinsum.einsum("xyij->jixy", a), Einsum.einsum("...ij->ji...", a));
      assertClose(ReferenceEinsum.einsum("xyij->xyji", a), Einsum.einsum("...ij->...ji", a));
      assertClose(ReferenceEinsum.einsum("xyij->xy", a), Einsum.einsum("...ij->...", a));
      // an ellipsis in the middle of a term
      assertClose(ReferenceEinsum.einsum("xyij->yix", a), Einsum.einsum("x...j->...x", a));
    }
  }

  @Test
  void ellipsisDimensionsBroadcast() {
    Random rng = new Random(5);
    for (boolean complex : new boolean[] {false, true}) {
      DType dt = ReferenceEinsum.dtypeOf(complex);
      Tensor a = Tensor.random(dt, new int[] {2, 1, 3, 4}, rng);
      Tensor b = Tensor.random(dt, new int[] {5, 4, 3}, rng);
      // b has one ellipsis dimension (5), aligned with a's second (1): numpy broadcasting
      assertClose(
          ReferenceEinsum.einsum("xyij,yjk->xyik", a, b),
          Einsum.einsum("...ij,...jk->...ik", a, b));
      Tensor c = Tensor.random(dt, new int[] {1, 3}, rng);
      Tensor d = Tensor.random(dt, new int[] {4, 3}, rng);
      assertClose(
          ReferenceEinsum.einsum("xi,xi->xi", c, d), Einsum.einsum("...i,...i->...i", c, d));
      // size 1 everywhere stays size 1
      Tensor e = Tensor.random(dt, new int[] {1, 3}, rng);
      assertClose(ReferenceEinsum.einsum("xi,xi->x", c, e), Einsum.einsum("...i,...i->...", c, e));
    }
  }

  @Test
  void zeroSizedIndices() {
    Tensor a = Tensor.zeros(DType.F64, 2, 0);
    Tensor b = Tensor.zeros(DType.F64, 0, 3);
    assertEquals(Tensor.zeros(DType.F64, 2, 3), Einsum.einsum("ij,jk->ik", a, b));
    assertEquals(Tensor.zeros(DType.F64, 0, 2), Einsum.einsum("ij->ji", a));
    assertEquals(Tensor.scalar(0), Einsum.einsum("ij->", a));
  }

  @Test
  void evaluateRunsThePlanThroughAnyBackend() {
    List<String> calls = new ArrayList<>();
    EinsumBackend<Tensor> recording =
        new EinsumBackend<>() {
          private final TensorEinsumBackend eager = TensorEinsumBackend.INSTANCE;

          @Override
          public int[] shape(Tensor x) {
            return eager.shape(x);
          }

          @Override
          public Tensor reduceSum(Tensor x, int[] axes) {
            calls.add("reduceSum");
            return eager.reduceSum(x, axes);
          }

          @Override
          public Tensor transpose(Tensor x, int[] perm) {
            calls.add("transpose");
            return eager.transpose(x, perm);
          }

          @Override
          public Tensor reshape(Tensor x, int[] shape) {
            calls.add("reshape");
            return eager.reshape(x, shape);
          }

          @Override
          public Tensor dotGeneral(Tensor l, Tensor r, int[] lc, int[] rc, int[] lb, int[] rb) {
            calls.add("dotGeneral");
            return eager.dotGeneral(l, r, lc, rc, lb, rb);
          }
        };
    Random rng = new Random(6);
    Tensor a = Tensor.random(DType.F64, new int[] {2, 3, 4}, rng);
    Tensor b = Tensor.random(DType.F64, new int[] {3, 5}, rng);
    Tensor viaBackend = Einsum.evaluate("ijk,jl->li", recording, a, b);
    assertEquals(List.of("reduceSum", "dotGeneral"), calls); // swapped operands: no transpose
    assertEquals(Einsum.einsum("ijk,jl->li", a, b), viaBackend);
    assertClose(ReferenceEinsum.einsum("ijk,jl->li", a, b), viaBackend);
  }

  @Test
  void greedyAndLeftToRightAgree() {
    Random rng = new Random(7);
    Tensor x = Tensor.random(DType.C128, new int[] {6, 2}, rng);
    Tensor y = Tensor.random(DType.C128, new int[] {2, 6}, rng);
    Tensor z = Tensor.random(DType.C128, new int[] {6, 2}, rng);
    Tensor greedy = Einsum.einsum("ij,jk,kl->il", ContractionOrder.GREEDY, x, y, z);
    Tensor leftToRight = Einsum.einsum("ij,jk,kl->il", ContractionOrder.LEFT_TO_RIGHT, x, y, z);
    assertClose(leftToRight, greedy);
  }

  @Test
  void mixedDtypesAreRejectedUpFrontNamingTheSpecAndTheOperands() {
    Tensor a = Tensor.zeros(DType.F64, 2, 3);
    Tensor b = Tensor.zeros(DType.C128, 3, 4);
    String expected =
        "einsum \"ij,jk->ik\": operand dtypes differ; there is no implicit promotion"
            + " (operands f64[2, 3], c128[3, 4])";
    List<org.junit.jupiter.api.function.Executable> calls = new ArrayList<>();
    calls.add(() -> Einsum.einsum("ij,jk->ik", a, b));
    for (ContractionOrder order : ContractionOrder.values()) {
      calls.add(() -> Einsum.einsum("ij,jk->ik", order, a, b));
    }
    calls.add(() -> Einsum.evaluate("ij,jk->ik", TensorEinsumBackend.INSTANCE, a, b));
    EinsumPlan plan = EinsumSpec.parse("ij,jk->ik").plan(new int[] {2, 3}, new int[] {3, 4});
    calls.add(() -> plan.evaluate(TensorEinsumBackend.INSTANCE, a, b));
    for (org.junit.jupiter.api.function.Executable call : calls) {
      assertEquals(expected, assertThrows(IllegalArgumentException.class, call).getMessage());
    }
    // three operands, of which only the last differs: still named before anything runs
    Tensor v = Tensor.zeros(DType.F64, 3);
    Tensor z = Tensor.zeros(DType.C128, 3);
    assertRejects(
        () -> Einsum.einsum("i,j,k->i", v, v, z),
        "einsum \"i,j,k->i\": operand dtypes differ",
        "(operands f64[3], f64[3], c128[3])");
  }

  private static void assertClose(Tensor expected, Tensor actual) {
    assertTrue(
        actual.allClose(expected, TOL, TOL), () -> "expected " + expected + "\n but was " + actual);
  }
}
