package io.github.tidu4j.primitives.func;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.bytecode.BytecodeCompiler;
import io.github.tidu4j.graph.bytecode.TieredRunner;
import io.github.tidu4j.graph.bytecode.TieredRunners;
import io.github.tidu4j.primitives.TensorBuilder;
import io.github.tidu4j.primitives.TensorEvaluator;
import io.github.tidu4j.primitives.TensorKernels;
import io.github.tidu4j.primitives.TensorOp;
import io.github.tidu4j.primitives.TensorValue;
import io.github.tidu4j.primitives.tensor.DType;
import io.github.tidu4j.primitives.tensor.Tensor;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The tensor set under tiered evaluation, as {@link TensorAutodiff} runs it: the generated {@link
 * TensorEvaluator} first, then bytecode over {@link TensorKernels} (a reference operand type, so
 * values cross as objects), with the same tensors on both sides of the swap.
 */
class TieredTensorRunnerTest {

  @Test
  void aTensorProgramGivesEqualTensorsBeforeAndAfterPromotion() {
    BytecodeCompiler<TensorOp> compiler = new BytecodeCompiler<>(TensorKernels.kernelSet());
    TieredRunners<TensorOp, Tensor> tiered =
        TieredRunners.builder(TensorEvaluator::new, compiler).threshold(2).synchronous().build();
    TensorBuilder b = TensorBuilder.create();
    TensorValue x = b.input("x", DType.F64, 3);
    TensorValue y = b.input("y", DType.C128, 2);
    Graph<TensorOp> g = b.build(x.mul(x).exp().sum(), y.exp());
    CompiledProgram<TensorOp> program = Graphs.compile(Graphs.materialize(g));
    TieredRunner<Tensor> runner = tiered.prepare(program);
    List<Tensor> in =
        List.of(Tensor.vector(0.5, -1, 2), Tensor.complex(new double[] {1, 2, -0.5, 0.25}, 2));
    List<Tensor> expected = new TensorEvaluator(program).run(in);

    assertEquals(expected, runner.run(in), "call 1, first tier");
    assertEquals(expected, runner.run(in), "call 2, first tier; asks for bytecode");
    assertEquals(TieredRunner.State.BYTECODE, runner.state());
    assertEquals(expected, runner.run(in), "call 3, bytecode");
    assertEquals(1, compiler.misses());
  }
}
