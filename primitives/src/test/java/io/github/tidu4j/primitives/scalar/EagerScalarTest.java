package io.github.tidu4j.primitives.scalar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.eager.EagerRuntime;
import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Eager mode over the shipped scalar set ({@link EagerScalar}, generated): values bit for bit those
 * of the functional API's compiled functions, gradients those of {@code ScalarAutodiff.grad} and of
 * central finite differences.
 */
class EagerScalarTest {
  private final ScalarAutodiff<ScalarOp> ad = ScalarAutodiff.of(ScalarOp.class, ScalarEvaluator::new);
  private final EagerRuntime<Double, EagerScalar> rt = EagerScalar.newRuntime();

  /** One function written twice: on eager values and on traced fluent values. */
  private record Case(
      String name, UnaryOperator<EagerScalar> eager, UnaryOperator<ScalarValue> traced) {}

  private static final List<Case> CASES =
      List.of(
          new Case("x·sin x", x -> x.sin().mul(x), x -> x.sin().mul(x)),
          new Case("tanh(x)/x", x -> x.tanh().div(x), x -> x.tanh().div(x)),
          new Case("√(eˣ)·log x", x -> x.exp().sqrt().mul(x.log()), x -> x.exp().sqrt().mul(x.log())),
          new Case(
              "cos x + 1/x − x", x -> x.cos().add(x.recip()).add(x.neg()), x -> x.cos().add(x.recip()).add(x.neg())));

  @Test
  void valuesAndGradientsAreThoseOfTheFunctionalApi() {
    for (Case c : CASES) {
      ScalarFunction<ScalarOp> f = ad.function(ScalarValue.unary(c.traced()));
      ScalarFunction<ScalarOp> df = ad.grad(f);
      for (double x0 : new double[] {0.4, 1.3, 2.9}) {
        EagerScalar x = rt.variable(x0);
        EagerScalar y = c.eager().apply(x);
        assertEquals(
            Double.doubleToRawLongBits(f.apply(x0)),
            Double.doubleToRawLongBits(y.value()),
            c.name() + " at " + x0);
        y.backward();
        assertEquals(df.apply(x0), x.grad(), 1e-14 * Math.max(1, Math.abs(x.grad())), c.name());

        double h = 1e-6;
        double fd =
            (c.eager().apply(rt.constant(x0 + h)).value()
                    - c.eager().apply(rt.constant(x0 - h)).value())
                / (2 * h);
        assertEquals(fd, x.grad(), 1e-6 * Math.max(1, Math.abs(fd)), c.name() + " vs finite differences");
      }
    }
  }

  @Test
  void fanOutAccumulatesAndLeavesDetachedValuesAlone() {
    EagerScalar x = rt.variable(2.0);
    EagerScalar frozen = x.exp().detach();
    EagerScalar y = x.mul(x).add(x.mul(frozen));
    y.backward();
    assertEquals(2 * 2.0 + Math.exp(2.0), x.grad(), 1e-15);
    assertNull(frozen.grad());
    assertTrue(frozen.isLeaf() && !frozen.requiresGrad());
  }

  @Test
  void aSecondBackwardThroughReleasedOperationsFails() {
    EagerScalar x = rt.variable(1.5);
    EagerScalar y = x.sin().mul(x);
    y.backward();
    IllegalStateException e = assertThrows(IllegalStateException.class, y::backward);
    assertTrue(e.getMessage().startsWith("graph already released"), e.getMessage());
  }

  @Test
  void aNullOperandIsNamedAsTheTracedApiNamesIt() {
    EagerRuntime<Double, EagerScalar> rt = EagerScalar.newRuntime();
    EagerScalar x = rt.variable(2.0);
    NullPointerException e = assertThrows(NullPointerException.class, () -> x.mul(null));
    assertEquals("mul operand 1 is null", e.getMessage());
  }
}
