package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.github.tidu4j.graph.testing.RandDag;
import io.github.tidu4j.graph.testing.ScalarOp;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The slots each instruction leaves dead are exactly those whose value no later instruction and
 * no output reads before the slot is written again, on every shape of program: random DAGs with
 * their outputs, multi-output operations with an unused result, and an argument read twice.
 */
class DeadSlotsTest {

  @Test
  void theDeadSlotsAreExactlyTheValuesNothingReadsAgain() {
    for (long seed = 1; seed <= 40; seed++) {
      Graph<ScalarOp> g = RandDag.generate(30 + (int) seed * 7, seed).build();
      check(Graphs.compile(Graphs.resolve(g), g.outputKeys()));
    }
  }

  @Test
  void anUnusedResultIsDeadAtOnceAndATwiceReadArgumentIsClearedOnce() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    List<ValueRef.Local> sc = b.applyMulti(ScalarOp.SIN_COS, x); // cos nothing reads
    ValueRef.Local square = b.apply(ScalarOp.MUL, sc.get(0), sc.get(0));
    Graph<ScalarOp> g = b.output(square).build();
    CompiledProgram<ScalarOp> p = Graphs.compile(Graphs.resolve(g), g.outputKeys());
    check(p);
    DeadSlots dead = p.deadSlots();
    assertSame(dead, p.deadSlots(), "made once");
    // SIN_COS leaves x (its last read) and its own cos dead; MUL leaves sin dead, once
    assertEquals(
        new TreeSet<>(List.of(p.argumentSlot(0, 0), p.resultSlot(0, 1))), slotsOf(dead, 0));
    assertEquals(new TreeSet<>(List.of(p.argumentSlot(1, 0))), slotsOf(dead, 1));
    assertEquals(2, dead.start()[1] - dead.start()[0]);
    assertEquals(1, dead.start()[2] - dead.start()[1]);
    assertEquals(List.of(Math.sin(0.5) * Math.sin(0.5)), Interpreter.eval(p, Map.of("x", 0.5)));
  }

  /** The class's Javadoc example: a run clearing after each instruction ends holding its outputs. */
  @Test
  void theExampleLeavesOnlyTheOutputs() {
    Graph<ScalarOp> g = RandDag.generate(50, 3).build();
    CompiledProgram<ScalarOp> program = Graphs.compile(Graphs.resolve(g), g.outputKeys());
    Object[] slots = new Object[program.slotCount()];
    for (int in = 0; in < program.inputCount(); in++) {
      slots[program.inputSlot(in)] = "input";
    }
    for (int i = 0; i < program.instructionCount(); i++) {
      for (int r = 0; r < program.resultCount(i); r++) {
        slots[program.resultSlot(i, r)] = "result";
      }
      DeadSlots dead = program.deadSlots();
      for (int d = dead.start()[i]; d < dead.start()[i + 1]; d++) {
        slots[dead.slots()[d]] = null;                       // after instruction i
      }
    }
    TreeSet<Integer> held = new TreeSet<>();
    for (int slot = 0; slot < slots.length; slot++) {
      if ("result".equals(slots[slot])) {
        held.add(slot);
      }
    }
    TreeSet<Integer> outputs = new TreeSet<>();
    for (int o = 0; o < program.outputCount(); o++) {
      outputs.add(program.outputSlot(o));
    }
    assertEquals(outputs, held, "the results still held are the outputs");
  }

  /** Compares {@code p.deadSlots()} with a brute-force search forward from each instruction. */
  private static void check(CompiledProgram<?> p) {
    DeadSlots dead = p.deadSlots();
    int n = p.instructionCount();
    assertEquals(n + 1, dead.start().length);
    for (int i = 0; i < n; i++) {
      TreeSet<Integer> expected = new TreeSet<>();
      List<Integer> touched = new ArrayList<>();
      for (int j = 0; j < p.argumentCount(i); j++) {
        touched.add(p.argumentSlot(i, j));
      }
      for (int r = 0; r < p.resultCount(i); r++) {
        touched.add(p.resultSlot(i, r));
      }
      for (int slot : touched) {
        if (!readBeforeWritten(p, slot, i + 1)) {
          expected.add(slot);
        }
      }
      assertEquals(expected, slotsOf(dead, i), "instruction " + i);
      assertEquals(
          expected.size(), dead.start()[i + 1] - dead.start()[i], "each slot once, at " + i);
    }
  }

  /** Whether the value in {@code slot} is read from instruction {@code from} on, or output. */
  private static boolean readBeforeWritten(CompiledProgram<?> p, int slot, int from) {
    for (int k = from; k < p.instructionCount(); k++) {
      for (int j = 0; j < p.argumentCount(k); j++) {
        if (p.argumentSlot(k, j) == slot) {
          return true;
        }
      }
      for (int r = 0; r < p.resultCount(k); r++) {
        if (p.resultSlot(k, r) == slot) {
          return false;
        }
      }
    }
    for (int o = 0; o < p.outputCount(); o++) {
      if (p.outputSlot(o) == slot) {
        return true;
      }
    }
    return false;
  }

  private static TreeSet<Integer> slotsOf(DeadSlots dead, int i) {
    TreeSet<Integer> slots = new TreeSet<>();
    for (int d = dead.start()[i]; d < dead.start()[i + 1]; d++) {
      slots.add(dead.slots()[d]);
    }
    return slots;
  }
}
