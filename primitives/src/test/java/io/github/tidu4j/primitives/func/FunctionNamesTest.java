package io.github.tidu4j.primitives.func;

import static io.github.tidu4j.primitives.func.TensorAutodiff.function;
import static io.github.tidu4j.primitives.func.TensorAutodiff.grad;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.primitives.scalar.ScalarEvaluator;
import io.github.tidu4j.primitives.scalar.ScalarOp;
import io.github.tidu4j.primitives.scalar.ScalarValue;
import io.github.tidu4j.primitives.tensor.Tensor;
import org.junit.jupiter.api.Test;

/**
 * A function named for its messages ({@code named}): described by the name through its
 * transforms, the same function as the unnamed one (equal, one compilation for both), and a
 * transform or a blank name refused.
 */
class FunctionNamesTest {

  @Test
  void aNamedTensorFunctionIsDescribedByItsNameAndIsTheSameFunction() {
    Fn body = x -> x.tanh().mul(x).sum();
    TensorFunction f = function(body);
    TensorFunction loss = function(x -> x.tanh().mul(x).sum()).named("loss");
    String described = grad(loss).describe();   // "grad(loss)"
    assertEquals("grad(loss)", described);
    TensorFunction named = f.named("loss");
    assertEquals(f, named);
    assertEquals(f.hashCode(), named.hashCode());
    long before = TensorAutodiff.cacheStats().compilations();
    Tensor x = Tensor.vector(0.3, -0.5);
    assertEquals(grad(f).apply(x), grad(named).apply(x));
    assertEquals(1, TensorAutodiff.cacheStats().compilations() - before, "one program for both");
    IllegalArgumentException transform =
        assertThrows(IllegalArgumentException.class, () -> grad(f).named("g"));
    assertTrue(transform.getMessage().startsWith("grad(f) is a transform"), transform.getMessage());
    assertThrows(IllegalArgumentException.class, () -> f.named(" "));
    assertThrows(NullPointerException.class, () -> f.named(null));
    // a message naming the function names it by its name
    IllegalArgumentException nulls =
        assertThrows(
            IllegalArgumentException.class,
            () -> function(y -> null).named("broken").apply(Tensor.vector(1)));
    assertTrue(nulls.getMessage().contains("broken returned null"), nulls.getMessage());
  }

  @Test
  void aNamedScalarFunctionIsDescribedByItsNameAndIsTheSameFunction() {
    ScalarAutodiff<ScalarOp> ad = ScalarAutodiff.of(ScalarOp.class, ScalarEvaluator::new);
    ScalarFunction<ScalarOp> loss =
        ad.function(ScalarValue.unary(y -> y.sin().mul(y))).named("loss");
    String described = ad.grad(loss).describe();   // "grad(loss)"
    assertEquals("grad(loss)", described);
    ScalarFunction<ScalarOp> h = ad.function((b, x) -> b.apply(ScalarOp.SIN, x));
    assertEquals(h, h.named("sine"));
    assertEquals(Math.cos(0.4), ad.grad(h.named("sine")).apply(0.4), 1e-15);
    assertEquals(Math.cos(0.4), ad.grad(h).apply(0.4), 1e-15);
    assertEquals(1, ad.cacheStats().compilations(), "grad(h) compiled once for both names");
    assertThrows(IllegalArgumentException.class, () -> ad.grad(h).named("g"));
  }
}
