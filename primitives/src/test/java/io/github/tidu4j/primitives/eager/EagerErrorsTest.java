package io.github.tidu4j.primitives.eager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.eager.EagerRuntime;
import io.github.tidu4j.primitives.EagerTensor;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.primitives.TensorBuilder;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.TensorValue;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import org.junit.jupiter.api.Test;
import java.util.List;
import java.util.Map;

/** Every misuse fails with an exception whose message says what is wrong. */
class EagerErrorsTest {
  private final EagerRuntime<Tensor, EagerTensor> rt = EagerTensor.newRuntime();

  private static void assertMessage(Exception e, String... parts) {
    for (String part : parts) {
      assertTrue(e.getMessage().contains(part), "expected \"" + part + "\" in: " + e.getMessage());
    }
  }

  @Test
  void backwardWithoutASeedNeedsAScalar() {
    EagerTensor x = rt.variable(Tensor.vector(1, 2, 3));
    EagerTensor y = x.exp();
    IllegalStateException e = assertThrows(IllegalStateException.class, y::backward);
    assertMessage(
        e,
        "backward() without a seed seeds " + y.key() + " with 1",
        "a real scalar (f64[]) is needed, but the output is f64[3]; reduce it (sum())",
        "or pass a seed of type f64[3] with backward(seed)");
    assertNull(x.grad());
  }

  @Test
  void backwardWithoutASeedNeedsARealScalar() {
    EagerTensor z = rt.variable(Tensor.complexScalar(1, 2));
    EagerTensor y = z.mul(z);
    IllegalStateException e = assertThrows(IllegalStateException.class, y::backward);
    assertMessage(e, "is needed, but the output is c128[]; take its real part (real())");
  }

  @Test
  void aSeedOfTheWrongShapeIsRejected() {
    EagerTensor x = rt.variable(Tensor.vector(1, 2, 3));
    EagerTensor y = x.exp();
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> y.backward(Tensor.vector(1, 2)));
    assertMessage(e, "the seed of " + y.key(), "f64[3]", "but it is f64[2]");
    assertNull(x.grad());
  }

  @Test
  void aSeedOfTheWrongDtypeIsRejected() {
    EagerTensor x = rt.variable(Tensor.vector(1, 2));
    EagerTensor y = x.exp();
    Tensor complexSeed = Tensor.complex(new double[] {1, 0, 1, 0}, 2);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> y.backward(complexSeed));
    assertMessage(e, "the seed of " + y.key(), "f64[2]", "but it is c128[2]");
  }

  @Test
  void aSecondBackwardThroughAReleasedGraphThrows() {
    EagerTensor x = rt.variable(Tensor.vector(1, 2));
    EagerTensor y = x.mul(x);
    EagerTensor loss = y.sum();
    loss.backward();
    assertEquals(Tensor.vector(2, 4), x.grad());

    IllegalStateException e = assertThrows(IllegalStateException.class, loss::backward);
    assertMessage(e, "graph already released", "backward from " + loss.key(), "retainGraph=true");
    assertEquals(Tensor.vector(2, 4), x.grad(), "a failed backward changes no gradient");

    // a new loss through the released product fails too, naming it
    IllegalStateException again =
        assertThrows(IllegalStateException.class, () -> y.exp().sum().backward());
    assertMessage(again, "graph already released", "[Mul]", y.key().toString());
  }

  @Test
  void retainGraphAllowsAnotherBackwardThroughTheSameOperations() {
    EagerTensor x = rt.variable(Tensor.vector(1, 2));
    EagerTensor loss = x.mul(x).sum();
    loss.backward(true);
    loss.backward(Tensor.scalar(1), true);
    loss.backward(); // the last one may release
    assertEquals(Tensor.vector(6, 12), x.grad());
    assertThrows(IllegalStateException.class, loss::backward);
  }

  @Test
  void backwardFromAValueThatRequiresNoGradThrows() {
    EagerTensor c = rt.constant(Tensor.scalar(3));
    EagerTensor y = c.exp();
    IllegalStateException e = assertThrows(IllegalStateException.class, y::backward);
    assertMessage(e, y.key() + " does not require grad", "rt.variable");
  }

  /**
   * A shape error names the operands as the user's values ({@code e2: f64[2]}), not as the inputs
   * of the cached operation graph ({@code a}, {@code b}), which a user's own variables may be
   * called.
   */
  @Test
  void aShapeErrorNamesTheOperandsAsTheUsersValues() {
    EagerTensor w = rt.variable(Tensor.vector(1, 2, 3));
    EagerTensor b = rt.variable(Tensor.vector(1, 2));
    EagerTensor h = w.sin();
    IllegalArgumentException mul = assertThrows(IllegalArgumentException.class, () -> b.mul(h));
    assertMessage(mul, "Mul: operand shapes differ", b.key() + ": f64[2]", h.key() + ": f64[3]");
    IllegalArgumentException reshape =
        assertThrows(IllegalArgumentException.class, () -> h.reshape(2, 2));
    assertMessage(reshape, h.key() + ": f64[3]");
    assertEquals(Tensor.vector(4, 10), b.mul(rt.constant(Tensor.vector(4, 5))).value(),
        "the operation still runs on operands that fit");
  }

  @Test
  void mixingValuesOfTwoRuntimesThrows() {
    EagerRuntime<Tensor, EagerTensor> other = EagerTensor.newRuntime();
    EagerTensor x = rt.variable(Tensor.vector(1, 2));
    EagerTensor foreign = other.variable(Tensor.vector(3, 4));

    IllegalArgumentException op =
        assertThrows(IllegalArgumentException.class, () -> x.mul(foreign));
    // both runtimes number their values from e1: the message says which operand is foreign
    assertMessage(op, "operand 2 of 2 of mul, " + foreign.key() + " (f64[2]), belongs to another"
        + " EagerRuntime");

    IllegalArgumentException einsum =
        assertThrows(IllegalArgumentException.class, () -> EagerTensor.einsum("i,i->", x, foreign));
    assertMessage(einsum, "belongs to another EagerRuntime");

    EagerTensor foreignLoss = foreign.sum();
    IllegalArgumentException backward =
        assertThrows(
            IllegalArgumentException.class,
            () -> rt.backward(Map.of(foreignLoss, Tensor.scalar(1)), false));
    assertMessage(backward, "belongs to another EagerRuntime");

    TensorBuilder b = TensorBuilder.create();
    TensorValue v = b.input("v", DType.F64, 2);
    Graph<TensorOp> f = b.build(v.exp());
    assertThrows(IllegalArgumentException.class, () -> rt.call(f, List.of(foreign)));
  }

  @Test
  void aShapeMismatchNamesThePrimitiveAndTheOperandTypes() {
    EagerTensor x = rt.variable(Tensor.vector(1, 2));
    EagerTensor y = rt.variable(Tensor.vector(1, 2, 3));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> x.mul(y));
    // by the user's values, not the cached operation graph's inputs a and b
    assertMessage(
        e, "Mul: operand shapes differ", "(operands " + x.key() + ": f64[2], " + y.key()
            + ": f64[3])");
    assertEquals(0, rt.currentSegment().size(), "nothing was recorded");
  }

  @Test
  void aDtypeMismatchNamesThePrimitive() {
    EagerTensor x = rt.variable(Tensor.vector(1, 2));
    EagerTensor z = rt.variable(Tensor.complex(new double[] {1, 0, 2, 0}, 2));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> x.add(z));
    assertMessage(e, "Add: operand dtypes differ", "toComplex");
  }

  @Test
  void badAxesAndShapesAreReportedByTheBuilder() {
    EagerTensor m = rt.variable(Tensor.zeros(DType.F64, 2, 3));
    assertMessage(
        assertThrows(IllegalArgumentException.class, () -> m.reduceSum(2)),
        "ReduceSum: axis 2 is out of range for rank 2");
    assertMessage(
        assertThrows(IllegalArgumentException.class, () -> m.reshape(4)),
        "Reshape: cannot reshape 6 elements");
    assertMessage(
        assertThrows(IllegalArgumentException.class, () -> m.transpose(0, 0)), "TransposeAxes");
    assertMessage(
        assertThrows(
            IllegalArgumentException.class, () -> m.dotGeneral(m, new int[] {1}, new int[] {0})),
        "DotGeneral",
        "differ in length");
    EagerTensor z = m.toComplex();
    assertMessage(
        assertThrows(IllegalArgumentException.class, () -> z.toComplex()),
        "ToComplex: takes an f64 operand");
  }

  @Test
  void backwardNeedsARoot() {
    assertThrows(IllegalArgumentException.class, () -> rt.backward(Map.of(), false));
  }
}
