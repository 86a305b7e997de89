package io.github.tidu4j.primitives.func;

import static io.github.tidu4j.primitives.func.TensorAutodiff.function;
import static io.github.tidu4j.primitives.func.TensorAutodiff.grad;
import static io.github.tidu4j.primitives.func.TensorAutodiff.hessianVectorProduct;
import static io.github.tidu4j.primitives.func.TensorAutodiff.jacobian;
import static io.github.tidu4j.primitives.func.TensorAutodiff.jvp;
import static io.github.tidu4j.primitives.func.TensorAutodiff.vjp;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.AD;
import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphPrinter;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.primitives.scalar.ScalarBuilder;
import io.github.tidu4j.primitives.scalar.ScalarEvaluator;
import io.github.tidu4j.primitives.scalar.ScalarKernels;
import io.github.tidu4j.primitives.scalar.ScalarOp;
import io.github.tidu4j.primitives.scalar.ScalarValue;
import io.github.tidu4j.primitives.TensorType;
import io.github.tidu4j.primitives.tensor.Elementwise;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The README's tour snippets, kept compiling and checked (ReadmeSnippetsTest compares them). */
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
    Tensor step = Elementwise.sub(x, Elementwise.scale(g, 0.1)); // x − 0.1·g: kernels, no trace

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
    assertEquals(Tensor.vector(1 - 0.1 * (2 * e2), 2 - 0.1 * (3 * e6)), step);
    assertEquals(8 * Math.exp(0.6), third.scalarValue(), 1e-13);
  }

  @Test
  void theScalarAutodiffSnippet() {
    // --- README snippet begins
    ScalarAutodiff<ScalarOp> ad =
        ScalarAutodiff.of(ScalarOp.class, ScalarEvaluator::new, ScalarKernels::kernelSet);
    ScalarFunction<ScalarOp> h = ad.function(ScalarValue.unary(y -> y.sin().mul(y)));   // sin(y)·y
    double d2 = ad.grad(ad.grad(h)).apply(0.7);                 // 2 cos y − y sin y
    // --- README snippet ends
    assertEquals(2 * Math.cos(0.7) - 0.7 * Math.sin(0.7), d2, 1e-15);
  }

  @Test
  void theTaylorModeSnippet() {
    ScalarAutodiff<ScalarOp> ad = ScalarAutodiff.of(ScalarOp.class, ScalarEvaluator::new);
    // --- README snippet begins
    ScalarFunction<ScalarOp> e = ad.function(ScalarValue.unary(y -> y.scale(1.5).exp()));
    double[] d = ad.derivatives(e, 8).applyAll(0.3);            // d[k] = 1.5^k·e^0.45, k = 0 to 8
    ScalarFunction<ScalarOp> p = ad.function(2, (b, y) -> List.of(b.apply(ScalarOp.MUL, y.get(0), y.get(1))));
    double[] c = ad.taylor(p, 2).applyAll(0.5, 2.0, 1.0, -1.0); // (0.5 + t)(2 − t) = 1 + 1.5t − t²
    // --- README snippet ends
    for (int k = 0; k <= 8; k++) {
      double exact = Math.pow(1.5, k) * Math.exp(0.45);
      assertEquals(exact, d[k], 4e-15 * exact);
    }
    assertEquals(List.of(1.0, 1.5, -1.0), List.of(c[0], c[1], c[2]));
  }

  @Test
  void theUnderneathSnippet() {
    // --- README snippet begins
    ScalarBuilder b = ScalarBuilder.create();
    ScalarValue a = b.input("a");
    ScalarValue x = b.input("x");
    Graph<ScalarOp> f = b.build(a.mul(x).exp());                           // exp(a·x)

    ValueKey wrt = ValueKey.input("x");
    LinearizedGraph<ScalarOp> jvp = AD.linearize(Graphs.resolve(f), f.outputKeys(), List.of(wrt));
    LinearizedGraph<ScalarOp> vjp = AD.linearTranspose(jvp);                // reverse mode

    // second order: resolve the first-order graph (it finds f through its parents) and linearize again
    LinearizedGraph<ScalarOp> jvp2 =
        AD.linearize(Graphs.resolve(jvp.graph()), jvp.linearOutputs(), List.of(wrt));

    // flatten once, compile, evaluate (unboxed, through the generated evaluator)
    CompiledProgram<ScalarOp> p =
        Graphs.compile(Graphs.resolve(jvp2.graph()), jvp2.linearOutputs());
    ScalarEvaluator eval = new ScalarEvaluator(p);   // inputs by position: those the outputs read,
    // in the order declared (here a, x, then each pass's seed: p.inputKeys()), or by key:
    // bind every input and seed of the graphs; the program ignores those its outputs do not read
    double d2 = eval.evaluate(Map.of("a", 2.0, "x", 0.3,
        jvp.linearInput(0), 1.0, jvp2.linearInput(0), 1.0))[0];          // a²·exp(a·x)
    // --- README snippet ends
    assertEquals(4 * Math.exp(0.6), d2, 1e-14);
    // what the snippet's comment says of positional binding
    assertEquals(List.of("a", "x", jvp.linearInput(0), jvp2.linearInput(0)),
        p.inputKeys());
    assertEquals(d2, eval.evaluate(2.0, 0.3, 1.0, 1.0)[0], 0.0);

    // the gradient program reads no tangent input of jvp, and accepts a binding for it all the same
    CompiledProgram<ScalarOp> gradient =
        Graphs.compile(Graphs.resolve(vjp.graph()), vjp.linearOutputs());
    assertTrue(gradient.unusedInputKeys().contains(jvp.linearInput(0)));
    Map<Object, Double> every = Map.of("a", 2.0, "x", 0.3,
        jvp.linearInput(0), 1.0, vjp.linearInput(0), 1.0);
    assertEquals(2 * Math.exp(0.6), new ScalarEvaluator(gradient).evaluate(every)[0], 1e-14);
    assertEquals(1, vjp.linearOutputs().size());
  }
}
