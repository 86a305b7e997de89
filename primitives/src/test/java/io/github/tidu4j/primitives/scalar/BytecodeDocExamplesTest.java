package io.github.tidu4j.primitives.scalar;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.MaterializedGraph;
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.graph.bytecode.BytecodeCompiler;
import io.github.tidu4j.graph.bytecode.BytecodeOptions;
import io.github.tidu4j.graph.bytecode.BytecodeProgram;
import io.github.tidu4j.graph.bytecode.KernelSet;

import java.lang.invoke.MethodHandles;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
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
    assertArrayEquals(new double[] {Trig.sin(0.5) * 2.0}, y);
  }

  @Test
  void theKernelSetExample() {
    CompiledProgram<ScalarOp> program = Graphs.compile(Graphs.materialize(g()));
    KernelSet<ScalarOp> kernels =
        KernelSet.of(double.class, ScalarKernels.TABLE, ScalarOp::opcode);
    BytecodeProgram<ScalarOp> p = new BytecodeCompiler<>(kernels).compile(program);
    assertArrayEquals(new double[] {Trig.sin(0.1) * 0.2}, p.evaluate(0.1, 0.2));
  }

  @Test
  void theKernelSetOfALookupExample() {
    CompiledProgram<ScalarOp> program = Graphs.compile(Graphs.materialize(g()));
    KernelSet<ScalarOp> set =
        KernelSet.of(double.class, ScalarKernels.TABLE, ScalarOp::opcode, MethodHandles.lookup());
    BytecodeProgram<ScalarOp> p = new BytecodeCompiler<>(set).compile(program);
    assertArrayEquals(new double[] {Trig.sin(0.1) * 0.2}, p.evaluate(0.1, 0.2));
  }

  @Test
  void theCompilerExample() {
    MaterializedGraph<ScalarOp> materialized = Graphs.materialize(g4());
    KernelSet<ScalarOp> kernels = KernelSet.of(double.class, ScalarKernels.TABLE, ScalarOp::opcode);
    BytecodeCompiler<ScalarOp> compiler = new BytecodeCompiler<>(kernels);
    BytecodeProgram<ScalarOp> p = compiler.compile(Graphs.compile(materialized));
    double[] y = p.evaluate(0.1, 0.2, 0.3, 0.4);
    assertArrayEquals(new double[] {Trig.sin(0.1) * 0.2 + 0.3 * 0.4}, y);
  }

  @Test
  void theOptionsExample() {
    KernelSet<ScalarOp> kernels = ScalarKernels.kernelSet();
    BytecodeOptions o = BytecodeOptions.defaults().withDumpDirectory(Path.of("/tmp/tidu4j"));
    BytecodeCompiler<ScalarOp> compiler = new BytecodeCompiler<>(kernels, 64, o);
    assertEquals(Path.of("/tmp/tidu4j"), o.dumpDirectory());
    assertNotNull(compiler);
  }

  /** {@code sin(x)·y} over inputs {@code x}, {@code y}. */
  @Test
  void theProgramExamples() {
    ScalarBuilder b = ScalarBuilder.create();
    ScalarValue x0 = b.input("x");
    ScalarValue y0 = b.input("y");
    CompiledProgram<ScalarOp> program = Graphs.compile(Graphs.materialize(b.build(x0.sin().mul(y0))));
    BytecodeCompiler<ScalarOp> compiler = new BytecodeCompiler<>(ScalarKernels.kernelSet());

    BytecodeProgram<ScalarOp> p = compiler.compile(program);
    double[] y = p.evaluate(0.1, 0.2);                  // a double set: unboxed
    List<Double> z = p.eval(Map.of("x", 0.1, "y", 0.2)); // by key, any set
    assertArrayEquals(new double[] {Trig.sin(0.1) * 0.2}, y);
    assertEquals(List.of(Trig.sin(0.1) * 0.2), z);
  }

  @Test
  void theEvaluateIntoExample() {
    ScalarBuilder b = ScalarBuilder.create();
    CompiledProgram<ScalarOp> program =
        Graphs.compile(Graphs.materialize(b.build(b.input("x").exp())));
    BytecodeProgram<ScalarOp> p = new BytecodeCompiler<>(ScalarKernels.kernelSet()).compile(program);
    double[] xs = {0, 1, 2};
    double[] out = new double[p.outputCount()];
    for (double x : xs) {
      p.evaluateInto(new double[] {x}, out);     // or reuse the input array too
    }
    assertArrayEquals(new double[] {Math.exp(2)}, out); // the last evaluation's
  }

  @Test
  void theProgramBodyExample() {
    CompiledProgram<ScalarOp> program = Graphs.compile(Graphs.materialize(g()));
    BytecodeProgram<ScalarOp> p = new BytecodeCompiler<>(ScalarKernels.kernelSet()).compile(program);
    double[] out = p.evaluate(0.5, 2.0);                   // runs the generated ProgramBody
    assertArrayEquals(new double[] {Trig.sin(0.5) * 2.0}, out);
  }
}
