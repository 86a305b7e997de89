package io.github.tidu4j.primitives.eager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.eager.EagerRuntime;
import io.github.tidu4j.primitives.EagerTensor;
import io.github.tidu4j.primitives.tensor.Tensor;
import org.junit.jupiter.api.Test;

/**
 * The composites of the tensor set as generated eager methods: those that add constants to their
 * graph ({@code x.add(2.0)}, {@code x.mul(c)}) bind them, and differentiate as the constant
 * requires no grad; a builder composite ({@code einsum}) is a static method run by its first
 * operand's runtime.
 */
class EagerCompositesTest {
  private final EagerRuntime<Tensor, EagerTensor> rt = EagerTensor.newRuntime();

  @Test
  void aCompositeReadingARealConstantBindsIt() {
    EagerTensor x = rt.variable(Tensor.vector(1, 2, 3));
    EagerTensor y = x.mul(x).add(2.0).mul(3.0);
    assertEquals(Tensor.vector(9, 18, 33), y.value());
    y.sum().backward();
    assertEquals(Tensor.vector(6, 12, 18), x.grad());
  }

  @Test
  void aCompositeReadingATensorConstantBindsItAndCachesPerValue() {
    EagerTensor x = rt.variable(Tensor.vector(1, 2));
    EagerTensor y = x.mul(Tensor.vector(10, 20)).sub(Tensor.vector(1, 1)).div(Tensor.vector(2, 4));
    assertEquals(Tensor.vector(4.5, 9.75), y.value());
    y.sum().backward();
    assertEquals(Tensor.vector(5, 5), x.grad());

    long built = rt.operationGraphsBuilt();
    x.mul(Tensor.vector(10, 20));
    assertEquals(built, rt.operationGraphsBuilt(), "an equal constant reuses the graph");
    assertEquals(Tensor.vector(3.25, 8.5), x.mul(Tensor.vector(3.25, 4.25)).value(), "another builds anew");
    assertEquals(built + 1, rt.operationGraphsBuilt());
  }

  @Test
  void aConstantOfTheWrongShapeIsRejectedNamingThePrimitive() {
    EagerTensor x = rt.variable(Tensor.vector(1, 2));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> x.add(Tensor.vector(1, 2, 3)));
    assertTrue(e.getMessage().startsWith("Add: "), e.getMessage());
  }

  @Test
  void einsumIsAStaticMethodRunByItsOperandsRuntime() {
    EagerTensor a = rt.variable(Tensor.matrix(new double[][] {{1, 2}, {3, 4}}));
    EagerTensor v = rt.constant(Tensor.vector(1, -1));
    EagerTensor y = EagerTensor.einsum("ij,j->i", a, v);
    assertEquals(Tensor.vector(-1, -1), y.value());
    y.sum().backward();
    assertEquals(Tensor.matrix(new double[][] {{1, -1}, {1, -1}}), a.grad());
    IllegalArgumentException none =
        assertThrows(IllegalArgumentException.class, () -> EagerTensor.einsum("->"));
    assertTrue(none.getMessage().contains("einsum: needs at least one operand"), none.getMessage());
  }
}
