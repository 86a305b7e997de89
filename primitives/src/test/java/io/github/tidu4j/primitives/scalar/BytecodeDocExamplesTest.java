package io.github.tidu4j.primitives.scalar;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.MaterializedGraph;
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.graph.bytecode.BytecodeCompiler;
import io.github.tidu4j.graph.bytecode.BytecodeProgram;
import io.github.tidu4j.graph.bytecode.KernelSet;
import org.junit.jupiter.api.Test;

/**
 * The examples of runtime-graph's {@code graph.bytecode} Javadoc (the package, {@code KernelSet},
 * {@code BytecodeCompiler}), as written there, on the shipped scalar set, whose generated {@code
 * ScalarOp} gives its kernel indices by {@code opcode()}.
 */
class BytecodeDocExamplesTest {
  /** {@code sin(x0) · x1}. */
  private static Graph<ScalarOp> g() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x0 = b.input("x0");
    ValueRef.Local x1 = b.input("x1");
    return b.output(b.apply(ScalarOp.MUL, b.apply(ScalarOp.SIN, x0), x1)).build();
  }

  /** {@code sin(x0) · x1 + x2 · x3}: the compiler's example takes four inputs. */
  private static Graph<ScalarOp> g4() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x0 = b.input("x0");
    ValueRef.Local x1 = b.input("x1");
    ValueRef.Local x2 = b.input("x2");
    ValueRef.Local x3 = b.input("x3");
    return b.output(
            b.apply(
                ScalarOp.ADD,
                b.apply(ScalarOp.MUL, b.apply(ScalarOp.SIN, x0), x1),
                b.apply(ScalarOp.MUL, x2, x3)))
        .build();
  }

  @Test
  void thePackageExample() {
    Graph<ScalarOp> g = g();
    KernelSet<ScalarOp> kernels = KernelSet.of(double.class, ScalarKernels.TABLE, ScalarOp::opcode);
    BytecodeCompiler<ScalarOp> compiler = new BytecodeCompiler<>(kernels);
    BytecodeProgram<ScalarOp> p = compiler.compile(Graphs.compile(Graphs.materialize(g)));
    double[] y = p.evaluate(0.5, 2.0);
    assertArrayEquals(new double[] {Math.sin(0.5) * 2.0}, y);
  }

  @Test
  void theKernelSetExample() {
    CompiledProgram<ScalarOp> program = Graphs.compile(Graphs.materialize(g()));
    KernelSet<ScalarOp> kernels =
        KernelSet.of(double.class, ScalarKernels.TABLE, ScalarOp::opcode);
    BytecodeProgram<ScalarOp> p = new BytecodeCompiler<>(kernels).compile(program);
    assertArrayEquals(new double[] {Math.sin(0.1) * 0.2}, p.evaluate(0.1, 0.2));
  }

  @Test
  void theCompilerExample() {
    MaterializedGraph<ScalarOp> materialized = Graphs.materialize(g4());
    KernelSet<ScalarOp> kernels = KernelSet.of(double.class, ScalarKernels.TABLE, ScalarOp::opcode);
    BytecodeCompiler<ScalarOp> compiler = new BytecodeCompiler<>(kernels);
    BytecodeProgram<ScalarOp> p = compiler.compile(Graphs.compile(materialized));
    double[] y = p.evaluate(0.1, 0.2, 0.3, 0.4);
    assertArrayEquals(new double[] {Math.sin(0.1) * 0.2 + 0.3 * 0.4}, y);
  }
}
