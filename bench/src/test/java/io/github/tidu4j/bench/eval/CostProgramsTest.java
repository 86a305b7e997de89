package io.github.tidu4j.bench.eval;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.bytecode.BytecodeOptions;
import io.github.tidu4j.primitives.scalar.ScalarOp;
import io.github.tidu4j.primitives.scalar.Trig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.DoubleBinaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CostProgramsTest {

  /** The chains' ends computed directly: x[c] = f(x[c], step), STRAIGHT_LENGTH times in all. */
  private static double[] direct(double[] inputs, int chains, DoubleBinaryOperator f) {
    double[] x = new double[chains];
    System.arraycopy(inputs, 1, x, 0, chains);
    for (int i = 0; i < CostPrograms.STRAIGHT_LENGTH; i++) {
      x[i % chains] = f.applyAsDouble(x[i % chains], inputs[0]);
    }
    return x;
  }

  private static DoubleBinaryOperator kernel(ScalarOp op) {
    if (op.equals(ScalarOp.SIN)) {
      return (x, step) -> Trig.sin(x);
    } else if (op.equals(ScalarOp.COS)) {
      return (x, step) -> Trig.cos(x);
    } else if (op.equals(ScalarOp.MUL)) {
      return (x, step) -> x * step;
    } else if (op.equals(ScalarOp.ADD)) {
      return (x, step) -> x + step;
    }
    return (x, step) -> -x;
  }

  @ParameterizedTest
  @ValueSource(strings = {"SIN", "COS", "MUL", "ADD", "NEG"})
  void straightLineProgramsAreInterleavedChainsOfOneKind(String name) {
    ScalarOp op = CostPrograms.operation(name);
    for (int chains : new int[] {1, 4}) {
      double[] inputs = CostPrograms.straightLineInputs(op, chains);
      double[] y =
          CostPrograms.bytecode(
                  CostPrograms.straightLine(op, chains),
                  BytecodeOptions.DEFAULT_METHOD_BYTES,
                  CostPrograms.kernels())
              .evaluate(inputs);
      assertArrayEquals(direct(inputs, chains, kernel(op)), y, 0.0, name + ", " + chains);
    }
  }

  @Test
  void affineTrigKernelsReplaceSineAndCosineOnly() {
    for (ScalarOp op : List.of(ScalarOp.SIN, ScalarOp.COS, ScalarOp.MUL)) {
      double[] inputs = CostPrograms.straightLineInputs(op, 2);
      double[] y =
          CostPrograms.bytecode(
                  CostPrograms.straightLine(op, 2),
                  BytecodeOptions.DEFAULT_METHOD_BYTES,
                  CostPrograms.affineTrigKernels())
              .evaluate(inputs);
      DoubleBinaryOperator expected =
          op.equals(ScalarOp.MUL) ? kernel(op) : (x, step) -> AffineTrig.affine(x);
      assertArrayEquals(direct(inputs, 2, expected), y, 0.0, op.toString());
    }
  }

  @Test
  void gradientAsCWritesOneStatementPerInstruction(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("g.c");
    GradientAsC.main(new String[] {"100", file.toString()});
    CompiledProgram<ScalarOp> p = CostPrograms.randDagGradient(100);
    long statements =
        Files.readAllLines(file).stream().filter(l -> l.matches("  s\\d+ = .*;")).count();
    assertEquals(p.inputCount() + p.instructionCount(), statements);
  }
}
