package io.github.tidu4j.primitives.func;

import static io.github.tidu4j.primitives.func.Autodiff.function;
import static io.github.tidu4j.primitives.func.Autodiff.grad;
import static io.github.tidu4j.primitives.func.Autodiff.hessianVectorProduct;
import static io.github.tidu4j.primitives.func.Autodiff.jacobian;
import static io.github.tidu4j.primitives.func.Autodiff.jvp;
import static io.github.tidu4j.primitives.func.Autodiff.vjp;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.GraphPrinter;
import io.github.tidu4j.primitives.TensorType;
import io.github.tidu4j.primitives.tensor.Tensor;
import org.junit.jupiter.api.Test;

/** The README's "Functions, the JAX way" snippet, kept compiling and checked. */
class ReadmeTourTest {

  @Test
  void theReadmeSnippetRunsAndIsRight() {
    // --- README snippet begins
    Tensor a = Tensor.vector(2, 3);
    Fn f = x -> x.mul(a).exp().sum();                          // Σ exp(aᵢ·xᵢ); a is a constant
    Tensor x = Tensor.vector(1, 2);

    Tensor g = grad(f).apply(x);                               // [2e², 3e⁶]
    JvpResult r = jvp(f, x, Tensor.vector(1, 0));              // value and directional derivative
    Vjp v = vjp(f, x);
    Tensor ct = v.pullback(Tensor.scalar(2)).get(0);           // [4e², 6e⁶]
    Tensor hv = hessianVectorProduct(f, x, Tensor.vector(1, 1)); // [4e², 9e⁶]
    Tensor j = jacobian(y -> y.sin(), x);                      // diag(cos x)

    TensorFunction d3 = grad(grad(grad(function(y -> y.mul(2.0).exp()))));
    Tensor third = d3.apply(Tensor.scalar(0.3));               // 8·e^0.6, compiled once
    System.out.println(GraphPrinter.print(grad(f).staged(TensorType.of(x)).view()));
    // --- README snippet ends

    double e2 = Math.exp(2);
    double e6 = Math.exp(6);
    assertTrue(g.allClose(Tensor.vector(2 * e2, 3 * e6), 1e-15, 0));
    assertEquals(2 * e2, r.tangent().scalarValue(), 1e-12);
    assertTrue(ct.allClose(Tensor.vector(4 * e2, 6 * e6), 1e-15, 0));
    assertTrue(hv.allClose(Tensor.vector(4 * e2, 9 * e6), 1e-15, 0));
    assertEquals(Math.cos(2), j.get(1, 1), 1e-16);
    assertEquals(8 * Math.exp(0.6), third.scalarValue(), 1e-13);
  }
}
