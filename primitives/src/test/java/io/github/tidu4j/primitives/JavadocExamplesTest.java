package io.github.tidu4j.primitives;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.AD;
import io.github.tidu4j.ad.LinearizedGraph;
import io.github.tidu4j.ad.check.CheckedFunction;
import io.github.tidu4j.ad.check.GradientChecker;
import io.github.tidu4j.ad.check.Mode;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.ValueKey;
import io.github.tidu4j.primitives.scalar.ScalarBuilder;
import io.github.tidu4j.primitives.scalar.ScalarEvaluator;
import io.github.tidu4j.primitives.scalar.ScalarOp;
import io.github.tidu4j.primitives.scalar.ScalarValue;
import io.github.tidu4j.primitives.scalar.Trig;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The Javadoc examples of the primitives package, as written there (codegen-tests'
 * JavadocExamplesCompiledTest holds them to it), with the values their comments state.
 */
class JavadocExamplesTest {

  @Test
  void inputKey() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue in = b.input("x", DType.F64, 2);
    CompiledProgram<TensorOp> program = Graphs.compile(Graphs.materialize(b.build(in.exp())));
    InputKey x = InputKey.user("x");             // prints "x"
    Object dx = x.tangentOf(3);                  // InputKey.Tangent, prints "dx@3"
    Object ddx = ((InputKey) dx).tangentOf(5);   // prints "d(dx@3)@5"
    Interpreter.eval(program, Map.of(x, Tensor.vector(1, 2)));
    assertEquals("x", x.toString());
    assertEquals("dx@3", dx.toString());
    assertEquals("d(dx@3)@5", ddx.toString());
    assertEquals(List.of(Tensor.vector(Math.exp(1), Math.exp(2))),
        Interpreter.eval(program, Map.of(x, Tensor.vector(1, 2))));
  }

  @Test
  void tensorBuilder() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue a = b.input("a", DType.F64, 2);
    TensorValue x = b.input("x", DType.F64, 2);
    TensorValue y = a.mul(x).exp().reduceSum(0);          // Σ exp(a·x), rank 0
    Graph<TensorOp> f = b.build(y);
    CompiledProgram<TensorOp> p = Graphs.compile(Graphs.materialize(f));
    Tensor out = new TensorEvaluator(p).evaluate(
        Map.of(a.inputKey(), Tensor.vector(2, 3), x.inputKey(), Tensor.vector(1, 2)))[0];
    assertEquals(Math.exp(2) + Math.exp(6), out.scalarValue(), 1e-12);
  }

  @Test
  void tensorBuilderConstantBroadcastAndDot() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue x = b.input("x", DType.F64, 2);
    TensorValue y = x.mul(b.constant(Tensor.vector(2, 3)));
    TensorValue v = b.input("v", DType.F64, 3);
    TensorValue rows = v.broadcastInDim(new int[] {4, 3}, 1);   // v: f64[3] → f64[4, 3]
    TensorValue a = b.input("a", DType.F64, 2, 3);
    TensorValue m = b.input("m", DType.F64, 3, 4);
    TensorValue c = a.dotGeneral(m, new int[] {1}, new int[] {0});   // matrix product
    assertEquals(TensorType.of(DType.F64, 2), y.type());
    assertEquals(TensorType.of(DType.F64, 4, 3), rows.type());
    assertEquals(TensorType.of(DType.F64, 2, 4), c.type());
  }

  @Test
  void matmul() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue a = b.input("a", DType.F64, 2, 3);
    TensorValue m = b.input("m", DType.F64, 3, 4);
    TensorValue v = b.input("v", DType.F64, 3);
    TensorValue am = a.matmul(m);   // f64[2, 4]
    TensorValue av = a.matmul(v);   // f64[2]
    assertEquals(TensorType.of(DType.F64, 2, 4), am.type());
    assertEquals(TensorType.of(DType.F64, 2), av.type());
  }

  @Test
  void broadcastTo() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue h = b.input("h", DType.F64, 3, 4);
    TensorValue bias = b.input("bias", DType.F64, 4);
    TensorValue s = b.input("s", DType.F64);
    TensorValue y = h.add(bias.broadcastTo(3, 4));        // bias added to every row
    TensorValue z = h.mul(s.broadcastTo(h.type().dims())); // every element scaled by s
    assertEquals(TensorType.of(DType.F64, 3, 4), y.type());
    assertEquals(TensorType.of(DType.F64, 3, 4), z.type());
  }

  @Test
  void typeRules() {
    TensorType t = TypeRules.same(TensorType.of(DType.F64, 2), TensorType.of(DType.F64, 2));   // f64[2]
    assertEquals(TensorType.of(DType.F64, 2), t);
  }

  @Test
  void tensorPrimitives() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue x = b.input("x", DType.F64, 3);
    Graph<TensorOp> g = b.build(x.sin().mul(x).sum());      // Sin, Mul, ReduceSum nodes
    Tensor[] y = new TensorEvaluator(Graphs.compile(Graphs.materialize(g)))
        .evaluate(Tensor.vector(1, 2, 3));
    assertEquals(3, g.nodeCount());
    assertEquals(Math.sin(1) + 2 * Math.sin(2) + 3 * Math.sin(3), y[0].scalarValue(), 1e-14);
  }

  @Test
  void tensorSpace() throws Exception {
    TensorBuilder b = TensorBuilder.create();
    TensorValue in = b.input("x", DType.F64, 2);
    Graph<TensorOp> graph = b.build(in.sin().mul(in).sum());
    Map<Object, Tensor> point = Map.of(in.inputKey(), Tensor.vector(0.3, -0.7));
    GradientChecker<TensorOp, Void, Tensor> checker = GradientChecker.of(TensorDomain.INSTANCE);
    checker.check(CheckedFunction.of(graph), point, 2, Mode.BOTH, null, new Random(0));
    assertNotNull(checker);
  }

  @Test
  void tensorTypeAndValue() {
    TensorType t = TensorType.of(DType.F64, 2, 3);
    t.toString();   // "f64[2, 3]"
    assertEquals("f64[2, 3]", t.toString());

    TensorBuilder b = TensorBuilder.create();
    TensorValue a = b.input("a", DType.F64, 2);
    TensorValue x = b.input("x", DType.F64, 2);
    TensorValue y = a.mul(x).exp().reduceSum(0);    // Σᵢ exp(aᵢ·xᵢ)
    y.type();                                       // f64[]
    assertEquals("f64[]", y.type().toString());
  }

  @Test
  void thePackageExample() throws Exception {
    TensorBuilder b = TensorBuilder.create();
    TensorValue a = b.input("a", DType.F64, 2);
    TensorValue x = b.input("x", DType.F64, 2);
    Graph<TensorOp> f = b.build(a.mul(x).exp().sum());
    LinearizedGraph<TensorOp> jvp = AD.linearize(Graphs.resolve(f), f.outputKeys(),
        List.of(ValueKey.input(x.inputKey())));
    LinearizedGraph<TensorOp> vjp = AD.linearTranspose(jvp);   // the gradient with respect to x
    Tensor[] gradient = new TensorEvaluator(Graphs.compile(Graphs.materializeMerge(
            Graphs.resolve(vjp.graph()), vjp.linearOutputs())))
        .evaluate(Map.of(a.inputKey(), Tensor.vector(2, 3), x.inputKey(), Tensor.vector(1, 2),
            vjp.linearInput(0), Tensor.scalar(1)));
    assertTrue(gradient[0].allClose(Tensor.vector(2 * Math.exp(2), 3 * Math.exp(6)), 1e-15, 0));
  }

  @Test
  void theScalarSet() {
    ScalarBuilder b = ScalarBuilder.create();
    ScalarValue x = b.input("x");
    Graph<ScalarOp> g = b.build(x.mul(x).sin());
    double[] y = new ScalarEvaluator(Graphs.compile(Graphs.materialize(g))).evaluate(0.5);
    assertEquals(Trig.sin(0.25), y[0]);
  }
}
