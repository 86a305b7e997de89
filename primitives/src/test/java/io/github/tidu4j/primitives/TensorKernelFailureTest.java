package io.github.tidu4j.primitives;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.tidu4j.ad.eager.EagerRuntime;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.GraphException;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.graph.bytecode.BytecodeCompiler;
import io.github.tidu4j.graph.bytecode.KernelSet;
import io.github.tidu4j.primitives.EagerTensor;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import org.junit.jupiter.api.Test;
import java.util.List;
import java.util.Map;

/**
 * A tensor kernel meeting operands its operation was not built for fails, in every evaluation tier,
 * with one message: the primitive, what it computed over the program's inputs, the operands'
 * dtypes and shapes, then the kernel's own words (which name them too).
 */
class TensorKernelFailureTest {

  /** The interpreter, the generated evaluator and a bytecode program fail alike; returns the error. */
  private static GraphException sameFailureInEveryTier(Graph<TensorOp> g, Map<Object, Tensor> in) {
    CompiledProgram<TensorOp> p = Graphs.compile(Graphs.materialize(g));
    GraphException interpreted = assertThrows(GraphException.class, () -> Interpreter.eval(p, in));
    GraphException generated =
        assertThrows(GraphException.class, () -> new TensorEvaluator(p).evaluate(in));
    GraphException bytecode =
        assertThrows(
            GraphException.class,
            () ->
                new BytecodeCompiler<>(KernelSet.of(Tensor.class, TensorKernels.TABLE, TensorOp::opcode))
                    .compile(p)
                    .eval(in));
    assertEquals(interpreted.getMessage(), generated.getMessage(), "generated evaluator");
    assertEquals(interpreted.getMessage(), bytecode.getMessage(), "bytecode program");
    assertInstanceOf(IllegalArgumentException.class, generated.getCause());
    assertInstanceOf(IllegalArgumentException.class, bytecode.getCause());
    return interpreted;
  }

  @Test
  void operandsOfDifferentShapesNameThePrimitiveTheExpressionAndBothOperands() {
    // built by hand: TensorBuilder would refuse to add f64[2] to f64[3]
    GraphBuilder<TensorOp> gb = Graph.builder();
    ValueRef.Local a = gb.input(InputKey.user("a"));
    ValueRef.Local b = gb.input(InputKey.user("b"));
    Graph<TensorOp> g = gb.output(gb.apply(TensorOp.ADD, a, b)).build();
    GraphException e =
        sameFailureInEveryTier(
            g, Map.of(InputKey.user("a"), Tensor.vector(1, 2), InputKey.user("b"), Tensor.vector(1, 2, 3)));
    assertEquals(
        "Add (instruction 0) failed computing Add(a, b) from a = Tensor[f64 [2]] [1.0, 2.0],"
            + " b = Tensor[f64 [3]] [1.0, 2.0, 3.0]: add: shapes differ: lhs f64[2], rhs f64[3]"
            + " (no implicit broadcasting; use Layout.broadcastInDim)",
        e.getMessage());
  }

  @Test
  void anOperationBuiltForAnotherShapeNamesItsOperandsOrigin() {
    // ReduceSum built for an f64[3] operand, given Exp(x) of shape [2]
    GraphBuilder<TensorOp> gb = Graph.builder();
    ValueRef.Local x = gb.input(InputKey.user("x"));
    ValueRef.Local exp = gb.apply(TensorOp.exp(DType.F64), x);
    Graph<TensorOp> g =
        gb.output(gb.apply(TensorOp.reduceSum(new int[] {0}, new int[] {3}), exp)).build();
    GraphException e =
        sameFailureInEveryTier(g, Map.of(InputKey.user("x"), Tensor.vector(0, 0)));
    assertEquals(
        "ReduceSum (instruction 1) failed computing ReduceSum[axes=[0], operandShape=[3]](Exp(x)) from Exp(x) ="
            + " Tensor[f64 [2]] [1.0, 1.0]: ReduceSum: operand is f64[2] but the operation was"
            + " built for shape [3]",
        e.getMessage());
  }

  @Test
  void aLargeOperandIsSummarizedByItsDtypeAndShape() {
    GraphBuilder<TensorOp> gb = Graph.builder();
    ValueRef.Local m = gb.input(InputKey.user("m"));
    Graph<TensorOp> g =
        gb.output(gb.apply(TensorOp.reshape(new int[] {7}, new int[] {40, 50}), m)).build();
    GraphException e =
        sameFailureInEveryTier(g, Map.of(InputKey.user("m"), Tensor.zeros(DType.F64, 40, 50)));
    assertEquals(
        "Reshape (instruction 0) failed computing Reshape[shape=[7], operandShape=[40, 50]](m) from m = Tensor[f64 [40, 50]] [[0.0,"
            + " 0.0, 0.0, ..., 0.0, 0.0, 0.0], …: reshape: cannot reshape f64[40, 50] (size 2000)"
            + " to [7] (size 7)",
        e.getMessage());
  }

  @Test
  void anEagerCallOfAGraphWithOperandsItWasNotBuiltForNamesTheInput() {
    EagerRuntime<Tensor, EagerTensor> rt = EagerTensor.newRuntime();
    TensorBuilder b = TensorBuilder.create();
    TensorValue v = b.input("v", DType.F64, 2);
    Graph<TensorOp> f = b.build(v.exp().sum());
    EagerTensor wrong = rt.variable(Tensor.vector(1, 2, 3));
    // the graph's typed input refuses the operand before any kernel runs
    GraphException e = assertThrows(GraphException.class, () -> rt.call(f, List.of(wrong)));
    assertEquals(
        "input v is bound to f64[3], but its graph declares it f64[2]; bind a value of that type,"
            + " or build and compile the graph for this one",
        e.getMessage());
  }
}
