package io.github.tidu4j.primitives.func;

import static io.github.tidu4j.primitives.func.TensorAutodiff.*;
import static io.github.tidu4j.primitives.func.TensorAutodiff.function;
import static io.github.tidu4j.primitives.func.TensorAutodiff.grad;
import static io.github.tidu4j.primitives.func.TensorAutodiff.jvp;
import static io.github.tidu4j.primitives.func.TensorAutodiff.vjp;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.ADRuleError;
import io.github.tidu4j.ad.RuleKind;
import io.github.tidu4j.ad.func.CompiledFunction;
import io.github.tidu4j.ad.func.Domain;
import io.github.tidu4j.ad.func.FunctionCache;
import io.github.tidu4j.ad.func.ScalarAutodiff;
import io.github.tidu4j.ad.func.ScalarBody;
import io.github.tidu4j.ad.func.ScalarFunction;
import io.github.tidu4j.ad.func.ScalarType;
import io.github.tidu4j.ad.func.Staged;
import io.github.tidu4j.ad.func.Traceable;
import io.github.tidu4j.ad.func.Transforms;
import io.github.tidu4j.graph.GraphPrinter;
import io.github.tidu4j.primitives.TensorDomain;
import io.github.tidu4j.primitives.TensorEvaluator;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.TensorType;
import io.github.tidu4j.primitives.TensorValue;
import io.github.tidu4j.primitives.scalar.ScalarEvaluator;
import io.github.tidu4j.primitives.scalar.ScalarOp;
import io.github.tidu4j.primitives.scalar.ScalarValue;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The Javadoc examples of the functional API, as written there, with their stated results. */
class JavadocExamplesTest {

  @Test
  void fnAndFn2AndFnN() {
    Tensor a = Tensor.vector(2, 3);
    Fn f = x -> x.mul(a).exp().sum();
    Tensor g = TensorAutodiff.grad(f).apply(Tensor.vector(1, 2));
    assertTrue(g.allClose(Tensor.vector(2 * Math.exp(2), 3 * Math.exp(6)), 1e-15, 0));

    TensorFunction f2 = TensorAutodiff.function((Fn2) (x, y) -> x.mul(y).sin().sum());
    Tensor x = Tensor.vector(0.1, 0.2);
    Tensor y = Tensor.vector(3, 4);
    Tensor dy = TensorAutodiff.grad(f2, 1).apply(x, y);
    assertEquals(Math.cos(0.3) * 0.1, dy.get(0), 1e-16);

    TensorFunction polar = TensorAutodiff.function(2, args -> {
      TensorValue r = args.get(0), t = args.get(1);
      return List.of(r.mul(t.cos()), r.mul(t.sin()));
    });
    TensorFunction volume = TensorAutodiff.function(3, args ->
        List.of(args.get(0).mul(args.get(1)).mul(args.get(2))));   // three inputs, one output
    List<Tensor> xy = polar.applyAll(Tensor.scalar(2), Tensor.scalar(0));
    assertEquals(2.0, xy.get(0).scalarValue());
    assertEquals(0.0, xy.get(1).scalarValue());
    List<Tensor> v = volume.applyAll(Tensor.scalar(2), Tensor.scalar(3), Tensor.scalar(4));
    assertEquals(1, v.size());
    assertEquals(24.0, v.get(0).scalarValue());
  }

  @Test
  void jvpResultAndVjp() {
    JvpResult r = TensorAutodiff.jvp(x -> x.exp().sum(), Tensor.vector(0, 1), Tensor.vector(1, 0));
    assertEquals(1 + Math.E, r.value().scalarValue(), 1e-15);
    assertEquals(1.0, r.tangent().scalarValue(), 1e-15);

    Vjp v = TensorAutodiff.vjp(TensorAutodiff.function(x -> x.mul(x)), Tensor.vector(1, 2, 3));
    assertEquals(Tensor.vector(1, 4, 9), v.value());
    assertEquals(Tensor.vector(2, 4, 6), v.pullback(Tensor.vector(1, 1, 1)).get(0));
    assertTrue(v.toString().startsWith("Vjp[vjp(f"), v.toString());
    assertTrue(v.toString().endsWith(", values f64[3]]"), v.toString());

    Tensor x = Tensor.vector(0.5, 1, 2);
    Vjp s = vjp(function(z -> z.sin()), x);
    Tensor ct = s.pullback(Tensor.ones(DType.F64, 3)).get(0);
    assertEquals(Math.cos(2), ct.get(2), 1e-16);
  }

  @Test
  void tensorFunctionAndThePackageExample() {
    TensorFunction f = TensorAutodiff.function(x -> x.sin().mul(x).sum());
    TensorFunction g = TensorAutodiff.grad(f);
    Tensor gx = g.apply(Tensor.vector(1, 2, 3));
    assertEquals(Math.sin(3) + 3 * Math.cos(3), gx.get(2), 1e-15);
    Tensor hx = TensorAutodiff.grad(TensorAutodiff.grad(f)).apply(Tensor.scalar(0.5));
    assertEquals(2 * Math.cos(0.5) - 0.5 * Math.sin(0.5), hx.scalarValue(), 1e-15);

    TensorFunction t = TensorAutodiff.function(x -> x.tanh().sum());
    Tensor tg = TensorAutodiff.grad(t).apply(Tensor.vector(0.1, 0.2));
    assertEquals(0.9900662908474398, tg.get(0), 2 * Math.ulp(1.0)); // sech²(0.1), mpmath
    Tensor h = TensorAutodiff.jacobian(x -> x.sin(), Tensor.vector(1, 2, 3));
    assertEquals(Math.cos(2), h.get(1, 1), 1e-16);
    assertEquals(0.0, h.get(0, 1), 0.0);

    TensorFunction hvp = jvp(grad(f));     // (x, v) -> (∇f(x), H(x)·v)
    List<Tensor> out = hvp.applyAll(Tensor.scalar(1), Tensor.scalar(1));
    assertEquals(2 * Math.cos(1) - Math.sin(1), out.get(1).scalarValue(), 1e-15);
  }

  @Test
  void stagedTransformsAndTheDomain() throws Exception {
    Traceable<TensorOp, TensorType, Tensor> traced = function(x -> x.exp().sum()).traceable();
    TensorType vector = TensorType.of(DType.F64, 2);
    Staged<TensorOp, TensorType, Tensor> df =
        Transforms.jvp(traced, 0).stage(List.of(vector, vector));   // inputs x, dx
    System.out.println(GraphPrinter.print(df.graphs().get(0)));
    assertEquals(2, df.arity());
    assertTrue(GraphPrinter.print(df.graphs().get(0)).contains("input dx@"));
    Tensor one = TensorDomain.INSTANCE.one(TensorType.of(DType.F64));    // 1.0
    assertEquals(Tensor.scalar(1), one);

    // Traceable: a Hessian-vector product of the traced function, staged
    Traceable<TensorOp, TensorType, Tensor> f = traced;
    TensorDomain domain = TensorDomain.INSTANCE;
    TensorType type = vector;
    Traceable<TensorOp, TensorType, Tensor> hvp =
        Transforms.outputs(Transforms.jvp(Transforms.grad(f, domain, false, 0), 0), 1);
    Staged<TensorOp, TensorType, Tensor> staged = hvp.stage(List.of(type, type));
    assertEquals(List.of(vector), staged.outputTypes());
    FunctionCache.Stats stats = TensorAutodiff.cacheStats();
    assertTrue(stats.compilations() >= 0);
  }

  @Test
  void scalarAutodiffScalarFunctionScalarBodyAndScalarType() {
    ScalarAutodiff<ScalarOp> ad =
        ScalarAutodiff.of(ScalarOp.class, ScalarEvaluator::new);
    ScalarFunction<ScalarOp> f = ad.function((b, x) -> b.apply(ScalarOp.EXP, x));
    assertEquals(Math.E, f.apply(1.0), 1e-15);
    double d3 = ad.grad(ad.grad(ad.grad(f))).apply(1.0);
    assertEquals(Math.E, d3, 1e-15);
    assertTrue(GraphPrinter.print(ad.grad(f).staged().graphs().get(0)).contains("Mul"));
    Staged<ScalarOp, ScalarType, Double> s = ad.grad(f).staged();
    assertEquals(List.of(ScalarType.F64), s.inputTypes());

    ScalarBody<ScalarOp> body =
        (b, x) -> List.of(b.apply(ScalarOp.SIN, b.apply(ScalarOp.MUL, x.get(0), x.get(1))));
    assertEquals(Math.sin(6), ad.function(2, body).apply(2, 3), 1e-15);
  }

  @Test
  void aRuleErrorMetWhileStagingNamesTheFunction() {
    ADRuleError e = ADRuleError.unsupported("Floor", RuleKind.JVP).whileStaging("grad(f)");
    assertEquals("Floor", e.primitiveName());
    assertEquals(RuleKind.JVP, e.ruleKind());
    assertTrue(e.getMessage().startsWith("Floor has no JVP rule"), e.getMessage());
    assertTrue(e.getMessage().endsWith(" (while staging grad(f))"), e.getMessage());
  }

  // ---- the examples verbatim, with the values their comments state ----

  @Test
  void theAutodiffExample() {
    Tensor a = Tensor.vector(2, 3);
    Fn f = x -> x.mul(a).exp().sum();                        // Σ exp(aᵢ·xᵢ)
    Tensor g = grad(f).apply(Tensor.vector(1, 2));           // [2e², 3e⁶]
    JvpResult r = jvp(f, Tensor.vector(1, 2), Tensor.vector(1, 0));
    Tensor hv = hessianVectorProduct(f, Tensor.vector(1, 2), Tensor.vector(1, 1));   // [4e², 9e⁶]
    Tensor d3 = grad(grad(grad(function(x -> x.mul(2.0).exp())))).apply(Tensor.scalar(0));

    double e2 = Math.exp(2);
    double e6 = Math.exp(6);
    assertTrue(g.allClose(Tensor.vector(2 * e2, 3 * e6), 1e-15, 0));
    assertEquals(2 * e2, r.tangent().scalarValue(), 1e-12);
    assertTrue(hv.allClose(Tensor.vector(4 * e2, 9 * e6), 1e-15, 0));
    assertEquals(8.0, d3.scalarValue(), 1e-15);
  }

  @Test
  void gradWithArgnums() {
    Tensor x = Tensor.vector(1, 2);
    Tensor y = Tensor.vector(3, 4);
    Tensor g = grad(function((Fn2) (u, v) -> u.mul(v).sum()), 1).apply(x, y);   // = x
    assertEquals(x, g);
  }

  @Test
  void vjpOfSin() {
    Tensor x = Tensor.vector(0.5, 1, 2);
    Vjp v = vjp(function(t -> t.sin()), x);
    Tensor ct = v.pullback(Tensor.ones(DType.F64, 3)).get(0);   // cos x
    assertTrue(ct.allClose(Tensor.vector(Math.cos(0.5), Math.cos(1), Math.cos(2)), 1e-16, 0));
  }

  @Test
  void fn() {
    Tensor a = Tensor.vector(2, 3);
    Fn f = x -> x.mul(a).exp().sum();             // Σ exp(aᵢ·xᵢ)
    Tensor g = TensorAutodiff.grad(f).apply(Tensor.vector(1, 2));
    assertTrue(g.allClose(Tensor.vector(2 * Math.exp(2), 3 * Math.exp(6)), 1e-15, 0));
  }

  @Test
  void fn2() {
    Tensor x = Tensor.vector(0.1, 0.2);
    Tensor y = Tensor.vector(3, 4);
    TensorFunction f = TensorAutodiff.function((Fn2) (u, v) -> u.mul(v).sin().sum());
    Tensor dy = TensorAutodiff.grad(f, 1).apply(x, y);          // ∂f/∂y
    assertEquals(Math.cos(0.3) * 0.1, dy.get(0), 1e-16);
  }

  @Test
  void jvpResult() {
    JvpResult r = TensorAutodiff.jvp(x -> x.exp().sum(), Tensor.vector(0, 1), Tensor.vector(1, 0));
    r.value();     // 1 + e
    r.tangent();   // 1
    assertEquals(1 + Math.E, r.value().scalarValue(), 1e-15);
    assertEquals(1.0, r.tangent().scalarValue(), 1e-15);
  }

  @Test
  void tensorDomain() {
    Tensor one = TensorDomain.INSTANCE.one(TensorType.of(DType.F64));    // 1.0
    assertEquals(Tensor.scalar(1), one);
  }

  @Test
  void tensorFunction() {
    TensorFunction f = TensorAutodiff.function(x -> x.sin().mul(x).sum());
    TensorFunction g = TensorAutodiff.grad(f);
    Tensor gx = g.apply(Tensor.vector(1, 2, 3));                 // sin x + x cos x
    Tensor hx = TensorAutodiff.grad(TensorAutodiff.grad(f)).apply(Tensor.scalar(0.5));
    assertEquals(Math.sin(3) + 3 * Math.cos(3), gx.get(2), 1e-15);
    assertEquals(2 * Math.cos(0.5) - 0.5 * Math.sin(0.5), hx.scalarValue(), 1e-15);
  }

  @Test
  void vjpExample() {
    Vjp v = TensorAutodiff.vjp(TensorAutodiff.function(x -> x.mul(x)), Tensor.vector(1, 2, 3));
    v.value();                                            // [1, 4, 9]
    v.pullback(Tensor.vector(1, 1, 1)).get(0);          // [2, 4, 6]
    assertEquals(Tensor.vector(1, 4, 9), v.value());
    assertEquals(Tensor.vector(2, 4, 6), v.pullback(Tensor.vector(1, 1, 1)).get(0));
  }

  @Test
  void thePackageExampleVerbatim() {
    TensorFunction f = TensorAutodiff.function(x -> x.tanh().sum());
    Tensor g = TensorAutodiff.grad(f).apply(Tensor.vector(0.1, 0.2));
    Tensor h = TensorAutodiff.jacobian(x -> x.sin(), Tensor.vector(1, 2, 3));   // diag(cos x)
    assertEquals(0.9900662908474398, g.get(0), 2 * Math.ulp(1.0)); // sech²(0.1), mpmath
    assertEquals(Math.cos(2), h.get(1, 1), 1e-16);
    assertEquals(0.0, h.get(0, 1), 0.0);
  }

  // ---- runtime-ad's functional API over the shipped scalar set ----

  @Test
  void scalarAutodiff() {
    ScalarAutodiff<ScalarOp> ad = ScalarAutodiff.of(ScalarOp.class, ScalarEvaluator::new);
    ScalarFunction<ScalarOp> f = ad.function(ScalarValue.unary(x -> x.sin().mul(x)));   // fluent
    double d2 = ad.grad(ad.grad(f)).apply(0.5);     // (x sin x)'' = 2 cos x − x sin x
    double[] d = ad.derivatives(f, 4).applyAll(0.5);   // (x sin x)^(k) for k = 0 to 4, one program
    assertEquals(2 * Math.cos(0.5) - 0.5 * Math.sin(0.5), d2, 1e-15);
    assertEquals(5, d.length);
    assertEquals(d2, d[2], 1e-15);
    assertEquals(-4 * Math.cos(0.5) + 0.5 * Math.sin(0.5), d[4], 1e-14);
  }

  @Test
  void scalarAutodiffDerivatives() {
    ScalarAutodiff<ScalarOp> ad = ScalarAutodiff.of(ScalarOp.class, ScalarEvaluator::new);
    ScalarFunction<ScalarOp> f = ad.function(ScalarValue.unary(x -> x.scale(2.0).exp()));
    double[] d = ad.derivatives(f, 8).applyAll(0.5);   // d[k] = 2^k·e
    for (int k = 0; k <= 8; k++) {
      assertEquals(Math.pow(2, k) * Math.E, d[k], 4e-15 * Math.pow(2, k) * Math.E);
    }
  }

  @Test
  void scalarAutodiffTaylor() {
    ScalarAutodiff<ScalarOp> ad = ScalarAutodiff.of(ScalarOp.class, ScalarEvaluator::new);
    ScalarFunction<ScalarOp> g = ad.function(2, (b, x) -> List.of(b.apply(ScalarOp.MUL, x.get(0), x.get(1))));
    double[] c = ad.taylor(g, 2).applyAll(0.5, 2.0, 1.0, -1.0);   // (x0 + t)(x1 - t): 1, 1.5, -1
    assertEquals(List.of(1.0, 1.5, -1.0), List.of(c[0], c[1], c[2]));
  }

  @Test
  void tensorAutodiffDerivatives() {
    List<Tensor> d = derivatives(function(x -> x.sin()), 3).applyAll(Tensor.vector(0, 1));
    // sin x, cos x, -sin x, -cos x, elementwise
    assertEquals(Math.cos(1), d.get(1).get(1), 1e-16);
    assertEquals(-Math.sin(1), d.get(2).get(1), 1e-16);
    assertEquals(-1.0, d.get(3).get(0), 0);
  }

  @Test
  void tensorAutodiffTaylor() {
    TensorFunction t = taylor(function(x -> x.exp().sum()), 2);
    List<Tensor> c = t.applyAll(Tensor.vector(0, 0), Tensor.vector(1, 2));   // 2, 3, 2.5
    assertEquals(List.of(2.0, 3.0, 2.5), c.stream().map(Tensor::get).toList());
  }

  @Test
  void scalarFunctionAndScalarType() {
    ScalarAutodiff<ScalarOp> ad =
        ScalarAutodiff.of(ScalarOp.class, ScalarEvaluator::new);
    ScalarFunction<ScalarOp> f = ad.function(ScalarValue.unary(x -> x.exp()));
    double y = f.apply(1.0);                           // e
    double d3 = ad.grad(ad.grad(ad.grad(f))).apply(1.0);   // e
    System.out.println(GraphPrinter.print(ad.grad(f).staged().graphs().get(0)));
    assertEquals(Math.E, y, 1e-15);
    assertEquals(Math.E, d3, 1e-15);

    Staged<ScalarOp, ScalarType, Double> s = ad.grad(f).staged();
    s.inputTypes();                              // [f64]
    assertEquals(List.of(ScalarType.F64), s.inputTypes());
    assertEquals("[f64]", s.inputTypes().toString());
  }

  @Test
  void scalarBodies() {
    ScalarAutodiff<ScalarOp> ad =
        ScalarAutodiff.of(ScalarOp.class, ScalarEvaluator::new);
    {
      ScalarBody<ScalarOp> f = (b, x) -> List.of(b.apply(ScalarOp.SIN, b.apply(ScalarOp.MUL, x.get(0), x.get(1))));
      assertEquals(Math.sin(6), ad.function(2, f).apply(2, 3), 1e-15);
    }
    {
      ScalarBody.Unary<ScalarOp> f = (b, x) -> b.apply(ScalarOp.EXP, x);
      assertEquals(Math.E, ad.function(f).apply(1.0), 1e-15);
    }
    {
      ScalarBody.Binary<ScalarOp> f = (b, x, y) -> b.apply(ScalarOp.MUL, x, y);
      assertEquals(6, ad.function(f).apply(2, 3), 0);
    }
  }

  @Test
  void domain() {
    Domain<TensorType, Tensor> tensors = TensorDomain.INSTANCE;
    Tensor seed = tensors.one(TensorType.of(DType.F64));          // 1.0, rank 0
    assertEquals(Tensor.scalar(1), seed);
  }

  @Test
  void compiledFunction() throws Exception {
    Tensor x = Tensor.vector(1, 2);
    Staged<TensorOp, TensorType, Tensor> staged =
        TensorAutodiff.function(t -> t.exp().sum()).traceable().stage(List.of(TensorType.of(x)));
    CompiledFunction<TensorOp, TensorType, Tensor> c = CompiledFunction.compile(staged, TensorDomain.INSTANCE, TensorEvaluator::new);
    List<Tensor> out = c.call(List.of(x));
    assertEquals(Math.E + Math.exp(2), out.get(0).scalarValue(), 1e-14);
  }

  @Test
  void functionCache() throws Exception {
    Tensor x = Tensor.vector(1, 2);
    TensorType type = TensorType.of(x);
    Traceable<TensorOp, TensorType, Tensor> grad =
        TensorAutodiff.grad(TensorAutodiff.function(t -> t.exp().sum())).traceable();
    FunctionCache<TensorOp, TensorType, Tensor> cache = new FunctionCache<>(TensorDomain.INSTANCE, TensorEvaluator::new, 256);
    List<Tensor> gx = cache.get(grad, List.of(type)).call(List.of(x));
    cache.stats().compilations();     // 1, however often it is called again with that type
    cache.get(grad, List.of(type)).call(List.of(Tensor.vector(3, 4)));
    assertEquals(1, cache.stats().compilations());
    assertEquals(Tensor.vector(Math.E, Math.exp(2)), gx.get(0));
  }
}
