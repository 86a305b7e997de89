package io.github.tidu4j.primitives;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.GraphException;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Types, attributes and evaluation of graphs built by {@link TensorBuilder}. */
class TensorBuilderTest {

  @Test
  void theUsageExampleRuns() {
    var b = TensorBuilder.create();
    var a = b.input("a", DType.F64, 2);
    var x = b.input("x", DType.F64, 2);
    var y = a.mul(x).exp().reduceSum(0);
    assertEquals(TensorType.of(DType.F64), y.type());
    Graph<TensorOp> f = b.build(y);

    CompiledProgram<TensorOp> p = Graphs.compile(Graphs.materialize(f));
    Map<Object, Tensor> in = Map.of(a.inputKey(), Tensor.vector(2, 3), x.inputKey(), Tensor.vector(1, 2));
    Tensor fast = new TensorEvaluator(p).evaluate(in)[0];
    assertEquals(Tensor.scalar(Math.exp(2) + Math.exp(6)), fast);
    assertEquals(fast, Interpreter.eval(p, in).get(0));
  }

  @Test
  void resultTypesAreInferred() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue m = b.input("m", DType.F64, 2, 3);
    TensorValue z = b.input("z", DType.C128, 2, 3);
    assertEquals(TensorType.of(DType.C128, 2, 3), z.sin().mul(z).sqrt().type());
    assertEquals(TensorType.of(DType.F64, 2, 3), z.real().type());
    assertEquals(TensorType.of(DType.C128, 2, 3), m.toComplex().type());
    assertEquals(TensorType.of(DType.F64, 3), m.reduceSum(0).type());
    assertEquals(TensorType.of(DType.F64), m.sum().type());
    assertEquals(TensorType.of(DType.F64, 3, 2), m.transpose(1, 0).type());
    assertEquals(TensorType.of(DType.F64, 6, 1), m.reshape(6, 1).type());
    assertEquals(TensorType.of(DType.F64, 4, 2, 3), m.broadcastInDim(new int[] {4, 2, 3}, 1, 2).type());
    assertEquals(
        TensorType.of(DType.F64, 2, 2),
        m.dotGeneral(m, new int[] {1}, new int[] {1}).type());
    assertEquals(
        TensorType.of(DType.C128, 3, 2, 2),
        z.dotGeneral(z, new int[] {}, new int[] {}, new int[] {1}, new int[] {1}).type());
    assertEquals("m: f64[2, 3]", m.toString());
  }

  @Test
  void operationsThatChangeNothingAddNoNode() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue m = b.input("m", DType.F64, 2, 3);
    assertSame(m, m.reduceSum(new int[0]));
    assertSame(m, m.transpose(0, 1));
    assertSame(m, m.reshape(2, 3));
    assertSame(m, m.broadcastInDim(new int[] {2, 3}, 0, 1));
    assertSame(m, m.conj());
    assertSame(m, m.real());
    assertEquals(0, b.build(m).nodeCount());
  }

  @Test
  void reduceSumWithNoArgumentSumsEveryAxisAsJaxSumDoes() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue m = b.input("m", DType.F64, 2, 3);
    // the softmax a JAX user writes: e / sum(e); summing over no axes would give all ones
    TensorValue e = m.exp();
    TensorValue softmax = e.div(e.reduceSum().broadcastLike(e));
    assertEquals(TensorType.of(DType.F64), m.reduceSum().type());
    Tensor x = Tensor.of(new double[] {1, 2, 3, 0, 0, 0}, 2, 3);
    double total = Math.exp(1) + Math.exp(2) + Math.exp(3) + 3;
    Tensor y =
        new TensorEvaluator(Graphs.compile(Graphs.materialize(b.build(softmax))))
            .evaluate(Map.of(m.inputKey(), x))[0];
    assertEquals(Math.exp(3) / total, y.get(0, 2), 1e-15);
    assertEquals(1 / total, y.get(1, 0), 1e-15);
  }

  @Test
  void theBuilderFillsInTheAttributesRulesNeed() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue m = b.input("m", DType.C128, 2, 3);
    TensorValue v = b.input("v", DType.C128, 3);
    Graph<TensorOp> g = b.build(m.reduceSum(0), m.dotGeneral(v, new int[] {1}, new int[] {0}),
        v.broadcastInDim(new int[] {2, 3}, 1), m.reshape(3, 2), m.mul(m));
    // canonical instances: equal attributes are the same operation
    assertSame(TensorOp.reduceSum(new int[] {0}, new int[] {2, 3}), g.operation(0));
    assertSame(
        TensorOp.dotGeneral(new int[] {1}, new int[] {0}, new int[0], new int[0],
            new int[] {2, 3}, new int[] {3}, DType.C128),
        g.operation(1));
    assertSame(TensorOp.broadcastInDim(new int[] {2, 3}, new int[] {1}, new int[] {3}), g.operation(2));
    assertSame(TensorOp.reshape(new int[] {3, 2}, new int[] {2, 3}), g.operation(3));
    assertSame(TensorOp.mul(DType.C128), g.operation(4));
    assertEquals(
        "ReduceSum[axes=[0], operandShape=[2, 3]]", g.operation(0).toString());
  }

  @Test
  void constantsAreInputsThatCarryTheirTensors() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue x = b.input("x", DType.F64, 2);
    Tensor c = Tensor.vector(2, 3);
    TensorValue k = b.constant(c);
    TensorValue y = x.mul(k).add(1.0);
    assertTrue(x.isInput() && k.isInput() && !y.isInput());
    assertEquals(InputKey.user("x"), x.inputKey());
    Map<InputKey.Constant, Tensor> constants = b.constants();
    assertEquals(2, constants.size()); // c, and the 1.0 that add(double) broadcast
    assertSame(c, constants.get((InputKey.Constant) k.inputKey()));
    Graph<TensorOp> g = b.build(y);
    Map<Object, Tensor> in = new java.util.HashMap<>(constants);
    in.put(x.inputKey(), Tensor.vector(1, 2));
    assertEquals(
        Tensor.vector(3, 7),
        new TensorEvaluator(Graphs.compile(Graphs.materialize(g))).evaluate(in)[0]);
  }

  @Test
  void aConstantIsAPositionalInputAndBindsItselfByKeyUnlessOverridden() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue x = b.input("x", DType.F64, 2);
    TensorValue k = b.constant(Tensor.vector(2, 3));
    CompiledProgram<TensorOp> p = Graphs.compile(Graphs.materialize(b.build(x.mul(k))));
    TensorEvaluator eval = new TensorEvaluator(p);
    assertEquals(List.of(x.inputKey(), k.inputKey()), p.inputKeys());
    // by position, the constant is passed like any other input
    assertEquals(
        Tensor.vector(10, 20), eval.evaluate(Tensor.vector(1, 2), Tensor.vector(10, 10))[0]);
    assertThrows(GraphException.class, () -> eval.evaluate(Tensor.vector(1, 2)));
    // by key, it binds itself when left out, and a binding overrides it
    assertEquals(Tensor.vector(2, 6), eval.evaluate(Map.of(x.inputKey(), Tensor.vector(1, 2)))[0]);
    assertEquals(
        Tensor.vector(5, 10),
        eval.evaluate(Map.of(x.inputKey(), Tensor.vector(1, 2), k.inputKey(), Tensor.vector(5, 5)))[0]);
  }

  @Test
  void kernelsRejectOperandsTheOperationWasNotBuiltFor() {
    // a graph assembled by hand, bypassing the builder's checks, with a wrong operand shape
    GraphBuilder<TensorOp> gb = Graph.builder();
    ValueRef.Local x = gb.input(InputKey.user("x"));
    Graph<TensorOp> g =
        gb.output(gb.apply(TensorOp.reduceSum(new int[] {0}, new int[] {3}), x)).build();
    CompiledProgram<TensorOp> p = Graphs.compile(Graphs.materialize(g));
    Map<Object, Tensor> in = Map.of(InputKey.user("x"), Tensor.vector(1, 2));
    GraphException interpreted = assertThrows(GraphException.class, () -> Interpreter.eval(p, in));
    GraphException fast =
        assertThrows(GraphException.class, () -> new TensorEvaluator(p).evaluate(in));
    for (GraphException e : new GraphException[] {interpreted, fast}) {
      assertTrue(e.getMessage().contains("ReduceSum"), e.getMessage());
      assertTrue(e.getMessage().contains("[2]") && e.getMessage().contains("[3]"), e.getMessage());
    }
  }

  @Test
  void complexArithmeticEvaluates() {
    TensorBuilder b = TensorBuilder.create();
    TensorValue z = b.input("z", DType.C128, 2);
    TensorValue w = b.input("w", DType.C128, 2);
    Graph<TensorOp> g = b.build(z.sub(w).mul(z.conj()), z.div(w), z.real().toComplex());
    Map<Object, Tensor> in =
        Map.of(
            z.inputKey(), Tensor.complex(new double[] {1, 2, 3, -1}, 2),
            w.inputKey(), Tensor.complex(new double[] {0, 1, 1, 0}, 2));
    var out = TestEvaluators.eval(java.util.List.of(g), g.outputKeys(), in);
    // (z − w)·conj(z): (1+i)(1−2i) = 3 − i, (2−i)(3+i) = 7 − i
    assertEquals(Tensor.complex(new double[] {3, -1, 7, -1}, 2), out.get(0));
    // z / w: (1+2i)/i = 2 − i, (3−i)/1 = 3 − i
    assertEquals(Tensor.complex(new double[] {2, -1, 3, -1}, 2), out.get(1));
    assertEquals(Tensor.complex(new double[] {1, 0, 3, 0}, 2), out.get(2));
  }
}
