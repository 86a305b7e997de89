package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.testing.Pipeline;
import io.github.tidu4j.graph.testing.RandDag;
import io.github.tidu4j.graph.testing.ScalarOp;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CompileTest {

  /**
   * Replays the slot assignment symbolically: every argument slot must hold the value the
   * materialized graph says the operand is, when the instruction runs; every output slot must hold
   * the requested value at the end; no result slot is also an argument slot of its instruction.
   */
  static void assertSlotsAreCorrect(MaterializedGraph<?> m, CompiledProgram<?> p) {
    assertEquals(m.nodeCount(), p.instructionCount());
    assertEquals(m.inputCount(), p.inputCount());
    int[] holds = new int[p.slotCount()];
    java.util.Arrays.fill(holds, -1);
    for (int i = 0; i < p.inputCount(); i++) {
      int slot = p.inputSlot(i);
      assertEquals(-1, holds[slot], "two inputs share slot " + slot);
      holds[slot] = i;
    }
    for (int k = 0; k < p.instructionCount(); k++) {
      assertEquals(m.operation(k), p.operation(k));
      assertEquals(m.operandCount(k), p.argumentCount(k));
      assertEquals(m.operation(k).outputArity(), p.resultCount(k));
      for (int j = 0; j < p.argumentCount(k); j++) {
        int slot = p.argumentSlot(k, j);
        assertEquals(m.operand(k, j), holds[slot],
            "instruction " + k + " argument " + j + " reads slot " + slot);
      }
      for (int r = 0; r < p.resultCount(k); r++) {
        int slot = p.resultSlot(k, r);
        for (int j = 0; j < p.argumentCount(k); j++) {
          assertTrue(slot != p.argumentSlot(k, j),
              "instruction " + k + " writes result " + r + " over argument " + j);
        }
        for (int r2 = 0; r2 < r; r2++) {
          assertTrue(slot != p.resultSlot(k, r2), "instruction " + k + " results share a slot");
        }
      }
      for (int r = 0; r < p.resultCount(k); r++) {
        holds[p.resultSlot(k, r)] = m.firstOutput(k) + r;
      }
    }
    int arguments = 0;
    int results = 0;
    for (int k = 0; k < p.instructionCount(); k++) {
      arguments += p.argumentCount(k);
      results += p.resultCount(k);
    }
    assertEquals(arguments, p.argumentTotal());
    assertEquals(m.valueCount(), p.valueCount());
    assertEquals(p.inputCount() + results, p.valueCount());
    assertEquals(m.outputCount(), p.outputCount());
    for (int o = 0; o < p.outputCount(); o++) {
      assertEquals(m.outputValue(o), holds[p.outputSlot(o)], "output " + o);
    }
  }

  @Test
  void singleOperation() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.input("y");
    Graph<ScalarOp> g = b.output(b.apply(ScalarOp.ADD, x, y)).build();
    MaterializedGraph<ScalarOp> m = Pipeline.materialize(g);
    CompiledProgram<ScalarOp> p = Graphs.compile(m);

    assertSlotsAreCorrect(m, p);
    assertEquals(1, p.instructionCount());
    assertEquals(List.of("x", "y"), p.inputKeys());
    assertEquals(2, p.inputCount());
    assertEquals(3, p.slotCount(), "two inputs and a result that may not overwrite them");
    CompiledProgram.Instruction<ScalarOp> add = p.instruction(0);
    assertEquals(ScalarOp.ADD, add.operation());
    assertEquals(List.of(p.inputSlot(0), p.inputSlot(1)), add.argumentSlots());
    assertEquals(List.of(p.outputSlot(0)), add.resultSlots());
    assertEquals(0, p.inputPosition("x"));
    assertEquals(1, p.inputPosition("y"));
    assertEquals(-1, p.inputPosition("z"));
  }

  @Test
  void withInputKeysRenamesTheInputsOfTheSameCode() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.input("y");
    Graph<ScalarOp> g = b.output(b.apply(ScalarOp.ADD, x, b.apply(ScalarOp.NEG, y))).build();
    CompiledProgram<ScalarOp> p = Graphs.compile(Pipeline.materialize(g));
    CompiledProgram<ScalarOp> renamed = p.withInputKeys(List.of("a", "b"));

    assertEquals(List.of("a", "b"), renamed.inputKeys());
    assertEquals(List.of("x", "y"), p.inputKeys(), "the original is unchanged");
    assertEquals(p.instruction(1), renamed.instruction(1));
    assertEquals(-2.0, Interpreter.<Double>eval(renamed, Map.of("a", 1.0, "b", 3.0)).get(0));
    IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
        IllegalArgumentException.class, () -> p.withInputKeys(List.of("a", "a")));
    assertEquals("a program of 2 inputs needs as many distinct non-null keys, got [a, a]",
        e.getMessage());
    org.junit.jupiter.api.Assertions.assertThrows(
        IllegalArgumentException.class, () -> p.withInputKeys(List.of("a")));
  }

  @Test
  void chainsReuseSlots() {
    int length = 10_000;
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local v = b.input("x");
    for (int i = 0; i < length; i++) {
      v = b.apply(i % 3 == 0 ? ScalarOp.SIN : i % 3 == 1 ? ScalarOp.NEG : ScalarOp.COS, v);
    }
    Graph<ScalarOp> g = b.output(v).build();
    MaterializedGraph<ScalarOp> m = Pipeline.materialize(g);
    CompiledProgram<ScalarOp> p = Graphs.compile(m);

    assertEquals(length, p.instructionCount());
    assertTrue(p.slotCount() <= 4, "a unary chain needs a constant number of slots, not "
        + p.slotCount());
    assertSlotsAreCorrect(m, p);

    double expected = 0.9;
    for (int i = 0; i < length; i++) {
      expected = i % 3 == 0 ? Math.sin(expected) : i % 3 == 1 ? -expected : Math.cos(expected);
    }
    assertEquals(expected, Interpreter.<Double>eval(p, Map.of("x", 0.9)).get(0), 0.0);
  }

  @Test
  void slotsAreReusedButNeverClobberLiveValuesInRandDags() {
    for (long seed = 1; seed <= 20; seed++) {
      MaterializedGraph<ScalarOp> m = Pipeline.materialize(RandDag.generate(1_000, seed).build());
      CompiledProgram<ScalarOp> p = Graphs.compile(m);
      assertSlotsAreCorrect(m, p);
      // a value is read at most 16 steps later, so far fewer slots than values are needed
      assertTrue(p.slotCount() <= 40, "seed " + seed + ": " + p.slotCount() + " slots");
    }
  }

  @Test
  void multiOutputInstructionsGetDistinctResultSlots() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    List<ValueRef.Local> first = b.applyMulti(ScalarOp.SIN_COS, x);
    // only the cosine of the second SinCos is used: its sine slot is freed right away
    List<ValueRef.Local> second = b.applyMulti(ScalarOp.SIN_COS, first.get(0));
    ValueRef.Local sum = b.apply(ScalarOp.ADD, first.get(1), second.get(1));
    Graph<ScalarOp> g = b.output(sum).output(first.get(0)).build();
    MaterializedGraph<ScalarOp> m = Pipeline.materialize(g);
    CompiledProgram<ScalarOp> p = Graphs.compile(m);
    assertSlotsAreCorrect(m, p);
    assertEquals(2, p.resultCount(0));
    assertEquals(2, p.resultCount(1));

    List<Double> out = Interpreter.eval(p, Map.of("x", 1.1));
    double s = Math.sin(1.1);
    assertEquals(Math.cos(1.1) + Math.cos(s), out.get(0), 0.0);
    assertEquals(s, out.get(1), 0.0);
  }

  @Test
  void unusedInputSlotsAreReused() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.input("y");
    // y is used once, by the first node; afterwards its slot is free
    ValueRef.Local v = b.apply(ScalarOp.MUL, x, y);
    v = b.apply(ScalarOp.SIN, v);
    v = b.apply(ScalarOp.ADD, v, x);
    Graph<ScalarOp> g = b.output(b.apply(ScalarOp.EXP, v)).build();
    MaterializedGraph<ScalarOp> m = Pipeline.materialize(g);
    CompiledProgram<ScalarOp> p = Graphs.compile(m);
    assertSlotsAreCorrect(m, p);
    assertTrue(p.slotCount() <= 3, p.toString());
  }

  @Test
  void outputsThatAreInputsOrRepeatedShareTheirSlots() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local e = b.apply(ScalarOp.EXP, x);
    Graph<ScalarOp> g = b.outputs(List.of(e, x, e)).build();
    MaterializedGraph<ScalarOp> m = Pipeline.materialize(g);
    CompiledProgram<ScalarOp> p = Graphs.compile(m);
    assertSlotsAreCorrect(m, p);
    assertEquals(p.inputSlot(0), p.outputSlot(1));
    assertEquals(p.outputSlot(0), p.outputSlot(2));
    assertFalse(p.outputSlot(0) == p.outputSlot(1));
    assertEquals(List.of(Math.exp(2.0), 2.0, Math.exp(2.0)), Interpreter.eval(p, Map.of("x", 2.0)));
  }

  @Test
  void compiledProgramsAreIndependentOfTheGraphsInputKeyTypes() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input(List.of("tangent", 1));
    ValueRef.Local y = b.input(42);
    Graph<ScalarOp> g = b.output(b.apply(ScalarOp.MUL, x, y)).build();
    CompiledProgram<ScalarOp> p = Graphs.compile(Pipeline.materialize(g));
    assertEquals(List.of(List.of("tangent", 1), 42), p.inputKeys());
    assertEquals(
        List.of(6.0), Interpreter.eval(p, Map.of(List.of("tangent", 1), 2.0, 42, 3.0)));
  }
}
