package io.github.tidu4j.bench.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.bench.eval.ScalarRandDag;
import io.github.tidu4j.bench.graph.GradientPipelineFloor.Interning;
import io.github.tidu4j.bench.graph.GradientPipelineFloor.Program;
import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.primitives.scalar.ScalarOp;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The floor does the framework's job: the same gradient, from a program of the same size. */
class GradientPipelineFloorTest {

  @ParameterizedTest
  @CsvSource({"1000, TABLE", "1000, USE_LISTS", "10000, TABLE", "10000, USE_LISTS"})
  void compiledProgramGivesTheHandWrittenPrimalAndGradient(int n, Interning interning) {
    ScalarRandDag dag = new ScalarRandDag(n, 42);
    Program program = new GradientPipelineFloor(n, 42, interning).gradientProgram();
    // the benchmark's trial check, which throws on a mismatch, and the same checked here
    double[] values = GradientPipelineFloorBenchmark.check(dag, program);
    ScalarRandDag hand = dag.withTrig();
    assertEquals(5, values.length);
    assertEquals(hand.primal(ScalarRandDag.INPUTS), values[0], "y, bit for bit");
    double[] gradient = hand.gradient(ScalarRandDag.INPUTS, 1.0);
    for (int i = 0; i < 5; i++) {
      assertTrue(Double.isFinite(values[i]), "output " + i + " = " + values[i]);
      // fan-out contributions may be summed in another order than the hand-written sweep's
      assertEquals(gradient[i], values[i], Math.abs(gradient[i]) * 1e-12, "output " + i);
    }
  }

  @ParameterizedTest
  @CsvSource({"1000, TABLE", "1000, USE_LISTS", "10000, TABLE", "10000, USE_LISTS"})
  void instructionAndSlotCountsAreTheFrameworksWithinOnePercent(int n, Interning interning) {
    Program floor = new GradientPipelineFloor(n, 42, interning).gradientProgram();
    CompiledProgram<ScalarOp> framework =
        ScalarRandDag.gradientProgram(new ScalarRandDag(n, 42).build());
    String counts =
        "floor " + floor.instructionCount() + " instructions in " + floor.slotCount()
            + " slots, framework " + framework.instructionCount() + " in "
            + framework.slotCount();
    assertTrue(
        Math.abs(floor.instructionCount() - framework.instructionCount())
            <= framework.instructionCount() / 100,
        counts);
    assertTrue(
        Math.abs(floor.slotCount() - framework.slotCount()) <= framework.slotCount() / 100, counts);
  }

  @ParameterizedTest
  @ValueSource(ints = {1_000, 100_000})
  void bothWaysOfInterningCompileTheSameProgram(int n) {
    Program table = new GradientPipelineFloor(n, 42, Interning.TABLE).gradientProgram();
    Program uses = new GradientPipelineFloor(n, 42, Interning.USE_LISTS).gradientProgram();
    assertArrayEquals(table.ops(), uses.ops());
    assertArrayEquals(table.args(), uses.args());
    assertArrayEquals(table.results(), uses.results());
    assertArrayEquals(table.outputSlots(), uses.outputSlots());
    assertEquals(table.slotCount(), uses.slotCount());
  }

  @ParameterizedTest
  @EnumSource(Interning.class)
  void aMillionOperationsRunToTheEndOnADefaultStack(Interning interning) {
    int n = 1_000_000;
    Program program = new GradientPipelineFloor(n, 42, interning).gradientProgram();
    assertEquals(5, program.outputSlots().length);
    // about 3.25 instructions per primal operation: the primal, the rules' primal operations,
    // the transposed products and the fan-out sums
    assertTrue(
        program.instructionCount() > 3 * n && program.instructionCount() < 4 * n,
        program.instructionCount() + " instructions");
  }
}
