package io.github.tidu4j.graph.bytecode;

import static io.github.tidu4j.graph.bytecode.Fixtures.SCALAR;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Graph;
import io.github.tidu4j.graph.GraphBuilder;
import io.github.tidu4j.graph.GraphException;
import io.github.tidu4j.graph.Graphs;
import io.github.tidu4j.graph.ValueRef;
import io.github.tidu4j.graph.testing.ScalarKernels;
import io.github.tidu4j.graph.testing.ScalarOp;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link JointGroups#of}: which instructions of a program share a joint kernel call, which member
 * makes it, and where the results are kept, as a code generator other than the bytecode backend
 * (the source export) reads them.
 */
class JointGroupsTest {
  private static final KernelSet<ScalarOp> JOINT = SCALAR.withJointKernels(ScalarKernels.JOINT);
  private static final List<ScalarOp> THREE = List.of(ScalarOp.EXP, ScalarOp.NEG, ScalarOp.SIN);

  @Test
  void pairsShareACallAtTheirFirstMemberAndReuseABlockOnceRead() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.input("y");
    ValueRef.Local cx = b.apply(ScalarOp.COS, x); // 0: cos first, makes the call
    ValueRef.Local sx = b.apply(ScalarOp.SIN, x); // 1: reads its result
    ValueRef.Local p = b.apply(ScalarOp.MUL, cx, sx); // 2
    ValueRef.Local sy = b.apply(ScalarOp.SIN, p); // 3: the pair of p, after x's block is free
    ValueRef.Local cy = b.apply(ScalarOp.COS, p); // 4
    ValueRef.Local lone = b.apply(ScalarOp.SIN, y); // 6 (after the sum of 3 and 4): no cosine
    Graph<ScalarOp> g =
        b.output(b.apply(ScalarOp.ADD, b.apply(ScalarOp.ADD, sy, cy), lone)).build();
    CompiledProgram<ScalarOp> program = Graphs.compile(Graphs.materialize(g));
    List<ScalarOp> expected =
        List.of(
            ScalarOp.COS, ScalarOp.SIN, ScalarOp.MUL, ScalarOp.SIN, ScalarOp.COS, ScalarOp.ADD,
            ScalarOp.SIN);
    for (int i = 0; i < expected.size(); i++) {
      assertEquals(expected.get(i), program.operation(i), "instruction " + i);
    }

    JointGroups groups = JointGroups.of(program, JOINT);
    assertTrue(groups.makesCall(0));
    assertTrue(groups.shares(1) && !groups.makesCall(1));
    assertFalse(groups.shares(2), "a multiplication has no joint kernel");
    assertTrue(groups.makesCall(3) && groups.shares(4) && !groups.makesCall(4));
    assertFalse(groups.shares(6), "a lone sine is called apart");
    assertEquals(ScalarKernels.JOINT.get(0), groups.kernel(0));
    // sinAndCos writes sin to the block's first cell, cos to the second
    assertEquals(0, groups.blockCell(0));
    assertEquals(1, groups.resultCell(0));
    assertEquals(0, groups.resultCell(1));
    assertEquals(0, groups.blockCell(3), "the block of x is read by then: reused");
    assertEquals(2, groups.cellCount());
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> groups.resultCell(6));
    assertEquals("instruction 6 shares no joint kernel call", e.getMessage());
  }

  @Test
  void threePrimitivesOfOneValueShareOneBlockOfThreeCells() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.input("y");
    ValueRef.Local sx = b.apply(ScalarOp.SIN, x); // 0: the call for x, result at position 2
    ValueRef.Local ex = b.apply(ScalarOp.EXP, x); // 1: position 0
    ValueRef.Local nx = b.apply(ScalarOp.NEG, x); // 2: position 1
    ValueRef.Local ny = b.apply(ScalarOp.NEG, y); // 3: the call for y, two of three
    ValueRef.Local sy = b.apply(ScalarOp.SIN, y); // 4
    ValueRef.Local ey = b.apply(ScalarOp.EXP, ny); // 5: alone (its argument is -y)
    ValueRef.Local sum = b.apply(ScalarOp.ADD, b.apply(ScalarOp.ADD, sx, ex), nx);
    sum = b.apply(ScalarOp.ADD, b.apply(ScalarOp.ADD, sum, sy), ey);
    CompiledProgram<ScalarOp> program = Graphs.compile(Graphs.materialize(b.output(sum).build()));
    List<ScalarOp> expected =
        List.of(ScalarOp.SIN, ScalarOp.EXP, ScalarOp.ADD, ScalarOp.NEG, ScalarOp.ADD);
    for (int i = 0; i < expected.size(); i++) {
      assertEquals(expected.get(i), program.operation(i), "instruction " + i);
    }
    JointGroups groups =
        JointGroups.of(program, SCALAR.withJointKernels(ScalarKernels.JOINT_OF_THREE));
    // x's block: exp, neg, sin at cells 0, 1, 2, called at its first member (the sine)
    assertTrue(groups.makesCall(0));
    assertEquals(List.of(2, 0, 1), List.of(groups.resultCell(0), groups.resultCell(1),
        groups.resultCell(3)));
    assertEquals("expNegSin", groups.kernel(3).methodName());
    int[] yMembers = new int[2];
    int found = 0;
    for (int i = 5; i < program.instructionCount(); i++) {
      ScalarOp op = program.operation(i);
      if ((op == ScalarOp.NEG || op == ScalarOp.SIN) && groups.shares(i)) {
        yMembers[found++] = i;
      }
    }
    assertEquals(2, found, "neg y and sin y share a call");
    assertTrue(groups.makesCall(yMembers[0]) && !groups.makesCall(yMembers[1]));
    assertEquals(groups.blockCell(yMembers[0]), groups.blockCell(yMembers[1]));
    for (int i : yMembers) {
      assertEquals(
          program.operation(i) == ScalarOp.NEG ? 1 : 2,
          groups.resultCell(i) - groups.blockCell(i),
          "neg at position 1, sin at 2 of y's block");
    }
    assertEquals(RandomPrograms.sharedCalls(program, THREE), 2);
    assertEquals(3, groups.cellCount(), "x's block is free again when y's call comes");
  }

  @Test
  void everyValueWithTwoOrThreeOfTheJointsPrimitivesMakesOneCall() {
    KernelSet<ScalarOp> three = SCALAR.withJointKernels(ScalarKernels.JOINT_OF_THREE);
    for (long seed = 1; seed <= 4; seed++) {
      CompiledProgram<ScalarOp> program = RandomPrograms.unaryGroups(seed, 3_000);
      JointGroups groups = JointGroups.of(program, three);
      long calls = 0;
      for (int i = 0; i < program.instructionCount(); i++) {
        calls += groups.makesCall(i) ? 1 : 0;
      }
      long shared = RandomPrograms.sharedCalls(program, THREE);
      assertTrue(shared > 100, "seed " + seed + ": " + shared);
      assertEquals(shared, calls, "seed " + seed);
    }
  }

  @Test
  void javadocExample() {
    CompiledProgram<ScalarOp> program = RandomPrograms.trigPairs(5, 300);
    KernelSet<ScalarOp> kernels = JOINT;
    List<String> calls = new ArrayList<>();
    JointGroups groups = JointGroups.of(program, kernels);
    for (int i = 0; i < program.instructionCount(); i++) {
      if (groups.makesCall(i)) { // its argument, the frame, the block's first cell
        calls.add(groups.kernel(i).methodName() + " at cell " + groups.blockCell(i));
      }
    }
    assertEquals(RandomPrograms.pairCount(program), calls.size());
    assertEquals("sinAndCos at cell 0", calls.get(0));
  }

  @Test
  void anOperationWithoutAKernelFailsNamingItsInstruction() {
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    Graph<ScalarOp> g = b.output(b.apply(ScalarOp.SIN, b.apply(ScalarOp.NEG, x))).build();
    CompiledProgram<ScalarOp> program = Graphs.compile(Graphs.materialize(g));
    // a table of ADD and MUL only: NEG (ordinal 2) has no kernel
    KernelSet<ScalarOp> short_ =
        KernelSet.of(double.class, ScalarKernels.TABLE.subList(0, 2), ScalarOp::ordinal)
            .withJointKernels(List.of());
    GraphException e = assertThrows(GraphException.class, () -> JointGroups.of(program, short_));
    assertEquals("NEG (instruction 0) has opcode 2 but the kernel table has 2 kernels", e.getMessage());
  }

  @Test
  void aSetWithoutJointKernelsSharesNothing() {
    CompiledProgram<ScalarOp> program = RandomPrograms.trigPairs(3, 300);
    JointGroups groups = JointGroups.of(program, SCALAR);
    for (int i = 0; i < program.instructionCount(); i++) {
      assertFalse(groups.shares(i), "instruction " + i);
    }
    assertEquals(0, groups.cellCount());
  }

  @Test
  void everyPairOfARandomProgramMakesOneCall() {
    CompiledProgram<ScalarOp> program = RandomPrograms.trigPairs(4, 4_000);
    JointGroups groups = JointGroups.of(program, JOINT);
    long calls = 0;
    for (int i = 0; i < program.instructionCount(); i++) {
      calls += groups.makesCall(i) ? 1 : 0;
    }
    long pairs = RandomPrograms.pairCount(program);
    assertTrue(pairs > 100, "pairs: " + pairs);
    assertEquals(pairs, calls);
    assertTrue(groups.cellCount() < 2 * pairs, "blocks are reused: " + groups.cellCount());
  }
}
