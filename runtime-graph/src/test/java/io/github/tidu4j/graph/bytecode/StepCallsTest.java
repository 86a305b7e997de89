package io.github.tidu4j.graph.bytecode;

import static io.github.tidu4j.graph.bytecode.Fixtures.DEFAULTS;
import static io.github.tidu4j.graph.bytecode.Fixtures.SCALAR;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.graph.testing.Occurrences;
import io.github.tidu4j.graph.testing.ScalarOp;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StepCallsTest {
  private static final String SIN_CALL =
      "INVOKESTATIC io/github/tidu4j/graph/testing/ScalarKernels.sin (D)D";

  /** {@code length} applications of {@code op} in a chain from x (a binary op: {@code v op x}). */
  private static CompiledProgram<ScalarOp> chain(ScalarOp op, int length) {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local v = x;
    for (int i = 0; i < length; i++) {
      v = op.inputArity() == 1 ? b.apply(op, v) : b.apply(op, v, x);
    }
    return Graphs.compile(Graphs.materialize(b.output(v).build()));
  }

  /** The text of each step method ({@code s<first>}) of {@code b}, in order. */
  private static List<String> steps(BytecodeProgram<ScalarOp> b) {
    List<String> steps = new ArrayList<>();
    for (String method : b.textify().split("\n  private static ")) {
      if (method.startsWith("s") && Character.isDigit(method.charAt(1))) {
        steps.add(method);
      }
    }
    return steps;
  }

  @Test
  void aStepHoldsAtMostCallsPerStepKernelCalls() {
    CompiledProgram<ScalarOp> p = chain(ScalarOp.SIN, 100);
    BytecodeProgram<ScalarOp> b = BytecodeCompiler.compileUncached(p, SCALAR, DEFAULTS);
    List<String> steps = steps(b);
    int total = 0;
    for (String step : steps) {
      int calls = Occurrences.of(step, SIN_CALL);
      assertTrue(calls <= ClassGenerator.CALLS_PER_STEP, calls + " calls in " + step);
      total += calls;
    }
    assertEquals(100, total);
    // 100 sines fit 2,000 bytes: the steps are cut by their calls, 32 + 32 + 32 + 4
    assertEquals(4, steps.size(), String.join("\n", steps));
    assertEquals(
        Interpreter.eval(p, Map.of("x", 0.7)).get(0),
        b.evaluate(0.7)[0],
        0.0,
        "the same value as the interpreter");
  }

  @Test
  void kernelsComputedInPlaceAreNoCalls() {
    BytecodeProgram<ScalarOp> b =
        BytecodeCompiler.compileUncached(chain(ScalarOp.ADD, 100), SCALAR, DEFAULTS);
    List<String> steps = steps(b);
    assertEquals(1, steps.size(), "100 additions in place, one step of their bytes");
    assertEquals(100, Occurrences.of(steps.get(0), "DADD"));
  }
}
