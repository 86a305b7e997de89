package io.github.tidu4j.primitives.einsum;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import org.junit.jupiter.api.Test;

/**
 * The Javadoc examples of the einsum package, as written there (codegen-tests'
 * JavadocExamplesCompiledTest holds them to it), with the results their comments state.
 */
class JavadocExamplesTest {
  private final Tensor a = Tensor.of(new double[] {1, 2, 3, 4, 5, 6}, 2, 3);
  private final Tensor b = Tensor.of(new double[] {1, 0, 0, 1, 1, 1}, 3, 2);
  private final Tensor c = Tensor.of(new double[] {1, 2, 3, 4}, 2, 2);

  @Test
  void contractionOrder() {
    Tensor abc = Einsum.einsum("ij,jk,kl->il", ContractionOrder.LEFT_TO_RIGHT, a, b, c);
    assertEquals(Einsum.einsum("ij,jk,kl->il", a, b, c), abc);
  }

  @Test
  void contractionOrderCosts() {
    int[][] shapes = {{1, 2000}, {2000, 100}, {100, 100000}, {100000, 100}};
    EinsumSpec chain = EinsumSpec.parse("ab,bc,cd,de->ae");
    chain.plan(ContractionOrder.GREEDY, shapes).multiplyAdds();    // 1000210000: cd,de first
    chain.plan(ContractionOrder.OPTIMAL, shapes).multiplyAdds();   // 20200000: from the left
    assertEquals(1000210000L, chain.plan(ContractionOrder.GREEDY, shapes).multiplyAdds());
    assertEquals(20200000L, chain.plan(ContractionOrder.OPTIMAL, shapes).multiplyAdds());
  }

  @Test
  void einsum() {
    Tensor a = Tensor.of(new double[] {1, 2, 3, 4, 5, 6}, 2, 3);
    Tensor b = Tensor.of(new double[] {1, 0, 0, 1, 1, 1}, 3, 2);
    Einsum.einsum("ij,jk->ik", a, b);   // [[4, 5], [10, 11]]: the matrix product
    Einsum.einsum("ij->ji", a);         // the transpose
    Einsum.einsum("ij->", a);           // 21.0 (rank 0)
    Einsum.einsum("i,i", Tensor.vector(1, 2), Tensor.vector(3, 4));   // 11.0: implicit "i,i->"
    assertEquals(Tensor.matrix(new double[][] {{4, 5}, {10, 11}}), Einsum.einsum("ij,jk->ik", a, b));
    assertEquals(Tensor.matrix(new double[][] {{1, 4}, {2, 5}, {3, 6}}), Einsum.einsum("ij->ji", a));
    assertEquals(Tensor.scalar(21), Einsum.einsum("ij->", a));
    assertEquals(Tensor.scalar(11),
        Einsum.einsum("i,i", Tensor.vector(1, 2), Tensor.vector(3, 4)));
  }

  @Test
  void einsumBackend() {
    Tensor a = Tensor.ones(DType.F64, 2, 2, 3);
    Tensor b = Tensor.ones(DType.F64, 2, 3, 4);
    EinsumBackend<Tensor> eager = TensorEinsumBackend.INSTANCE;
    Tensor c = Einsum.evaluate("bij,bjk->bik", eager, a, b);
    // a graph backend would return the graph values of the emitted operations instead
    assertEquals(Einsum.einsum("bij,bjk->bik", a, b), c);
  }

  @Test
  void einsumPlan() {
    EinsumPlan plan = EinsumSpec.parse("ij,jk->ik").plan(new int[] {2, 3}, new int[] {3, 4});
    plan.steps();   // [%2 = dotGeneral(%0, %1, lhsContracting=[1], rhsContracting=[0],
    //                  lhsBatch=[], rhsBatch=[])]
    plan.outputShape();   // [2, 4]
    Tensor c = plan.evaluate(TensorEinsumBackend.INSTANCE,
        Tensor.ones(DType.F64, 2, 3), Tensor.ones(DType.F64, 3, 4));
    assertEquals("[%2 = dotGeneral(%0, %1, lhsContracting=[1], rhsContracting=[0],"
        + " lhsBatch=[], rhsBatch=[])]", plan.steps().toString());
    assertArrayEquals(new int[] {2, 4}, plan.outputShape());
    assertEquals(3.0, c.get(1, 3));
  }

  @Test
  void einsumSpec() {
    EinsumSpec mm = EinsumSpec.parse("ij,jk->ik");
    mm.operandCount();                    // 2
    mm.input(1);                          // "jk"
    EinsumSpec.parse("ij,jk").output();   // "ik"  (implicit output)
    EinsumSpec.parse("ba").output();      // "ab"  (implicit output is sorted: a transpose)
    EinsumSpec.parse("...ij,...jk->...ik").hasEllipsis();   // true
    assertEquals(2, mm.operandCount());
    assertEquals("jk", mm.input(1));
    assertEquals("ik", EinsumSpec.parse("ij,jk").output());
    assertEquals("ab", EinsumSpec.parse("ba").output());
    assertTrue(EinsumSpec.parse("...ij,...jk->...ik").hasEllipsis());
  }

  @Test
  void tensorEinsumBackend() {
    Tensor c = Einsum.evaluate("ij,jk->ik", TensorEinsumBackend.INSTANCE, a, b);
    // the same as Einsum.einsum("ij,jk->ik", a, b)
    assertEquals(Einsum.einsum("ij,jk->ik", a, b), c);
  }
}
