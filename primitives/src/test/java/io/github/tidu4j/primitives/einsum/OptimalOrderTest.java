package io.github.tidu4j.primitives.einsum;

import static io.github.tidu4j.primitives.einsum.EinsumSpecTest.assertRejects;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.primitives.einsum.EinsumStep.DotGeneral;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link ContractionOrder#OPTIMAL} against a brute-force search over every pairwise order, with its
 * own model of what a contraction costs and keeps, and against the plans' own {@link
 * EinsumPlan#multiplyAdds()}, computed from the steps' shapes.
 */
class OptimalOrderTest {

  private static final int[][] CHAIN = {{1, 2000}, {2000, 100}, {100, 100000}, {100000, 100}};

  /** A random specification of two to six operands over seven indices, sizes in [1, 6]. */
  private record Case(
      String spec, List<String> inputs, String output, Map<Character, Integer> size) {
    int[][] shapes() {
      int[][] shapes = new int[inputs.size()][];
      for (int p = 0; p < shapes.length; p++) {
        shapes[p] = new int[inputs.get(p).length()];
        for (int k = 0; k < shapes[p].length; k++) {
          shapes[p][k] = size.get(inputs.get(p).charAt(k));
        }
      }
      return shapes;
    }
  }

  private static Case randomCase(Random rng) {
    String pool = "abcdefg";
    int n = 2 + rng.nextInt(5);
    List<String> inputs = new ArrayList<>();
    StringBuilder output = new StringBuilder();
    Map<Character, Integer> size = new HashMap<>();
    for (int p = 0; p < n; p++) {
      int rank = rng.nextInt(4);
      StringBuilder term = new StringBuilder();
      while (term.length() < rank) {
        char c = pool.charAt(rng.nextInt(pool.length()));
        if (term.indexOf(String.valueOf(c)) < 0) {
          term.append(c);
          size.computeIfAbsent(c, x -> 1 + rng.nextInt(6));
          if (output.indexOf(String.valueOf(c)) < 0 && rng.nextInt(3) == 0) {
            output.append(c);
          }
        }
      }
      inputs.add(term.toString());
    }
    return new Case(String.join(",", inputs) + "->" + output, inputs, output.toString(), size);
  }

  /**
   * The least total multiply-adds over every sequence of pairwise contractions of {@code ops}:
   * contracting two costs the product of the sizes of the indices either has, and keeps those the
   * output or another operand has.
   */
  private static long bruteForce(
      List<Set<Character>> ops, String output, Map<Character, Integer> size) {
    if (ops.size() < 2) {
      return 0;
    }
    long best = Long.MAX_VALUE;
    for (int i = 0; i < ops.size(); i++) {
      for (int j = i + 1; j < ops.size(); j++) {
        Set<Character> union = new HashSet<>(ops.get(i));
        union.addAll(ops.get(j));
        long work = 1;
        for (char c : union) {
          work *= size.get(c);
        }
        List<Set<Character>> rest = new ArrayList<>(ops);
        rest.remove(j);
        rest.remove(i);
        Set<Character> kept = new HashSet<>();
        for (char c : union) {
          if (output.indexOf(c) >= 0 || rest.stream().anyMatch(o -> o.contains(c))) {
            kept.add(c);
          }
        }
        rest.add(kept);
        best = Math.min(best, work + bruteForce(rest, output, size));
      }
    }
    return best;
  }

  /** The operands' index sets once indices only one operand has and the output lacks are summed. */
  private static List<Set<Character>> reduced(Case c) {
    List<Set<Character>> ops = new ArrayList<>();
    for (int p = 0; p < c.inputs().size(); p++) {
      Set<Character> kept = new HashSet<>();
      for (char l : c.inputs().get(p).toCharArray()) {
        boolean elsewhere = false;
        for (int q = 0; q < c.inputs().size(); q++) {
          elsewhere |= q != p && c.inputs().get(q).indexOf(l) >= 0;
        }
        if (elsewhere || c.output().indexOf(l) >= 0) {
          kept.add(l);
        }
      }
      ops.add(kept);
    }
    return ops;
  }

  @Test
  void optimalCostIsTheBruteForceMinimumAndNoMoreThanTheOtherOrders() {
    Random rng = new Random(11);
    int greedyDearer = 0;
    for (int trial = 0; trial < 300; trial++) {
      Case c = randomCase(rng);
      EinsumSpec spec = EinsumSpec.parse(c.spec());
      long optimal = spec.plan(ContractionOrder.OPTIMAL, c.shapes()).multiplyAdds();
      long greedy = spec.plan(ContractionOrder.GREEDY, c.shapes()).multiplyAdds();
      long leftToRight = spec.plan(ContractionOrder.LEFT_TO_RIGHT, c.shapes()).multiplyAdds();
      assertEquals(bruteForce(reduced(c), c.output(), c.size()), optimal, c.toString());
      assertTrue(optimal <= greedy, c.toString());
      assertTrue(optimal <= leftToRight, c.toString());
      greedyDearer += greedy > optimal ? 1 : 0;
    }
    assertTrue(greedyDearer > 0, "the cases include some where greedy is not optimal");
  }

  @Test
  void optimalResultsAgreeWithTheOtherOrders() {
    Random rng = new Random(12);
    for (int trial = 0; trial < 100; trial++) {
      Case c = randomCase(rng);
      DType dtype = rng.nextBoolean() ? DType.F64 : DType.C128;
      int[][] shapes = c.shapes();
      Tensor[] ops = new Tensor[shapes.length];
      for (int p = 0; p < ops.length; p++) {
        ops[p] = Tensor.random(dtype, shapes[p], rng);
      }
      Tensor optimal = Einsum.einsum(c.spec(), ContractionOrder.OPTIMAL, ops);
      for (ContractionOrder other :
          List.of(ContractionOrder.GREEDY, ContractionOrder.LEFT_TO_RIGHT)) {
        Tensor x = Einsum.einsum(c.spec(), other, ops);
        assertTrue(optimal.allClose(x, 1e-12, 1e-12), () -> c + " " + other);
      }
    }
  }

  @Test
  void theChainWhereGreedyIsFiftyTimesDearerIsContractedFromTheLeft() {
    EinsumSpec chain = EinsumSpec.parse("ab,bc,cd,de->ae");
    EinsumPlan greedy = chain.plan(ContractionOrder.GREEDY, CHAIN);
    EinsumPlan optimal = chain.plan(ContractionOrder.OPTIMAL, CHAIN);
    // greedy: cd,de (1e9), ab,bc (2e5), ac,ce (1e4); optimal: ab,bc (2e5), ac,cd (1e7), ad,de (1e7)
    assertEquals(1_000_210_000L, greedy.multiplyAdds());
    assertEquals(20_200_000L, optimal.multiplyAdds());
    List<DotGeneral> dots = optimal.stepsOfType(DotGeneral.class);
    assertEquals(List.of(0, 4, 5), dots.stream().map(DotGeneral::lhs).toList());
    assertEquals(List.of(1, 2, 3), dots.stream().map(DotGeneral::rhs).toList());
  }

  @Test
  void multiplyAddsCountEveryAxisOfEachDotOnce() {
    // matmul: 2·3·4; batched: 5·2·3·4; one operand: no dot
    EinsumPlan matmul = EinsumSpec.parse("ij,jk->ik").plan(new int[] {2, 3}, new int[] {3, 4});
    assertEquals(24, matmul.multiplyAdds());
    EinsumPlan batched =
        EinsumSpec.parse("bij,bjk->bik").plan(new int[] {5, 2, 3}, new int[] {5, 3, 4});
    assertEquals(120, batched.multiplyAdds());
    assertEquals(0, EinsumSpec.parse("ij->ji").plan(new int[] {2, 3}).multiplyAdds());
  }

  @Test
  void optimalRefusesMoreOperandsThanItsLimit() {
    int limit = EinsumPlanner.MAX_OPTIMAL_OPERANDS;
    assertEquals(14, limit);
    int[][] atLimit = new int[limit][];
    StringBuilder spec = new StringBuilder();
    for (int p = 0; p < limit + 1; p++) {
      spec.append(p == 0 ? "" : ",").append("ab");
    }
    Arrays.setAll(atLimit, p -> new int[] {2, 3});
    String fits = spec.substring(3) + "->a";
    EinsumPlan plan = EinsumSpec.parse(fits).plan(ContractionOrder.OPTIMAL, atLimit);
    assertEquals(limit - 1, plan.stepsOfType(DotGeneral.class).size());
    int[][] over = Arrays.copyOf(atLimit, limit + 1);
    over[limit] = new int[] {2, 3};
    assertRejects(
        () -> EinsumSpec.parse(spec + "->a").plan(ContractionOrder.OPTIMAL, over),
        "einsum \"" + spec + "->a\": ContractionOrder.OPTIMAL plans at most 14 operands",
        "this einsum has 15; use ContractionOrder.GREEDY");
  }

  @Test
  void optimalPlansSpecsOfMoreThanSixtyFourIndices() {
    // 52 letters and 14 ellipsis dimensions: the planner's index sets span two 64-bit words
    String letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    String[] terms = {letters.substring(0, 20), letters.substring(15, 40), letters.substring(35)};
    String spec = "..." + terms[0] + ",..." + terms[1] + ",..." + terms[2] + "->...a";
    Random rng = new Random(13);
    Tensor[] ops = new Tensor[3];
    int[][] shapes = new int[3][];
    for (int p = 0; p < 3; p++) {
      shapes[p] = new int[14 + terms[p].length()];
      Arrays.fill(shapes[p], 1);
      for (int k = 0; k < terms[p].length(); k++) {
        shapes[p][14 + k] = "apJ".indexOf(terms[p].charAt(k)) >= 0 ? 2 : 1;
      }
      ops[p] = Tensor.random(DType.F64, shapes[p], rng);
    }
    EinsumSpec parsed = EinsumSpec.parse(spec);
    long optimal = parsed.plan(ContractionOrder.OPTIMAL, shapes).multiplyAdds();
    assertEquals(8, optimal);
    assertEquals(parsed.plan(ContractionOrder.GREEDY, shapes).multiplyAdds(), optimal);
    assertTrue(optimal < parsed.plan(ContractionOrder.LEFT_TO_RIGHT, shapes).multiplyAdds());
    Tensor expected = Einsum.einsum(spec, ContractionOrder.LEFT_TO_RIGHT, ops);
    assertTrue(Einsum.einsum(spec, ContractionOrder.OPTIMAL, ops).allClose(expected, 1e-12, 1e-12));
  }
}
