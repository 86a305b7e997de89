package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.testing.ScalarOp;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** How a failing kernel is reported: what it computed, from which operands, and why it failed. */
class KernelFailureTest {

  /** A one-output operation over any values, running {@code kernel}. */
  private record Op(String name, int inputArity, Function<List<Object>, Object> kernel)
      implements EvaluableGraphOperation<Object> {
    @Override
    public int outputArity() {
      return 1;
    }

    @Override
    public List<Object> eval(List<Object> in) {
      return List.of(kernel.apply(in));
    }
  }

  private static final Op NEXT = new Op("Next", 1, in -> (Integer) in.get(0) + 1);

  private static Op failing(int arity, RuntimeException e) {
    return new Op("Fail", arity, in -> {
      throw e;
    });
  }

  private static GraphException failure(Graph<Op> g, Map<String, ?> inputs) {
    CompiledProgram<Op> p = Graphs.compile(Graphs.materialize(g));
    return assertThrows(GraphException.class, () -> Interpreter.eval(p, inputs));
  }

  @Test
  void anInstructionIsDescribedOverTheProgramsInputsThroughReusedSlots() {
    // SIN(x) is dead once COS reads it, so MUL's result takes its slot; NEG reads that slot
    GraphBuilder<ScalarOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    ValueRef.Local y = b.input("y");
    ValueRef.Local cos = b.apply(ScalarOp.COS, b.apply(ScalarOp.SIN, x));
    ValueRef.Local sinCos = b.applyMulti(ScalarOp.SIN_COS, y).get(1);
    ValueRef.Local neg = b.apply(ScalarOp.NEG, b.apply(ScalarOp.MUL, cos, sinCos));
    CompiledProgram<ScalarOp> p = Graphs.compile(Graphs.materialize(b.output(neg).build()));
    List<String> described =
        List.of(
            ValueDescription.of(p, 0),
            ValueDescription.of(p, 1),
            ValueDescription.of(p, 2),
            ValueDescription.of(p, 3),
            ValueDescription.of(p, 4));
    assertEquals(
        List.of("SIN(x)", "COS(SIN(x))", "SIN_COS(y)", "MUL(COS(SIN(x)), SIN_COS(y):1)",
            "NEG(MUL(COS(SIN(x)), SIN_COS(y):1))"),
        described);
    assertThrows(IndexOutOfBoundsException.class, () -> ValueDescription.of(p, 5));
  }

  /**
   * The failing application prints its operation's attributes, which tell two operations of one
   * primitive apart (its operands print by name); a record's or Object's toString is not used.
   */
  @Test
  void theFailingApplicationPrintsItsOperationsAttributes() {
    GraphOperation withAttributes =
        new EvaluableGraphOperation<Object>() {
          @Override
          public String name() {
            return "Power";
          }

          @Override
          public int inputArity() {
            return 1;
          }

          @Override
          public int outputArity() {
            return 1;
          }

          @Override
          public List<Object> eval(List<Object> in) {
            throw new IllegalArgumentException("negative order");
          }

          @Override
          public String toString() {
            return "Power[n=-1]";
          }
        };
    GraphBuilder<GraphOperation> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    Graph<GraphOperation> g = b.output(b.apply(withAttributes, b.apply(NEXT, x))).build();
    CompiledProgram<GraphOperation> p = Graphs.compile(Graphs.materialize(g));
    GraphException e = assertThrows(GraphException.class, () -> Interpreter.eval(p, Map.of("x", 1)));
    assertEquals(
        "Power (instruction 1) failed computing Power[n=-1](Next(x)) from Next(x) = 2:"
            + " negative order",
        e.getMessage());
  }

  @Test
  void aCachedProgramIsDescribedWithItsOwnInputKeys() {
    CompilationCache<ScalarOp> cache = new CompilationCache<>(4);
    CompiledProgram<ScalarOp> first = null;
    CompiledProgram<ScalarOp> second = null;
    for (String name : List.of("a", "b")) {
      GraphBuilder<ScalarOp> b = Graph.builder();
      CompiledProgram<ScalarOp> p =
          cache.compile(
              Graphs.materialize(b.output(b.apply(ScalarOp.EXP, b.input(name))).build()));
      if (first == null) {
        first = p;
      } else {
        second = p;
      }
    }
    assertEquals(1, cache.hits());
    assertEquals("EXP(a)", ValueDescription.of(first, 0));
    assertEquals("EXP(b)", ValueDescription.of(second, 0));
  }

  @Test
  void aFailureNamesTheOperationTheInstructionTheExpressionAndTheOperands() {
    GraphBuilder<Op> b = Graph.builder();
    ValueRef.Local n = b.input("n");
    IllegalArgumentException cause = new IllegalArgumentException("odd sum");
    ValueRef.Local bad = b.apply(failing(2, cause), b.apply(NEXT, n), n);
    GraphException e = failure(b.output(bad).build(), Map.of("n", 4));
    assertEquals(
        "Fail (instruction 1) failed computing Fail(Next(n), n) from Next(n) = 5, n = 4: odd sum",
        e.getMessage());
    assertSame(cause, e.getCause());
  }

  @Test
  void longOperandTextIsCutAndManyOperandsAreCounted() {
    GraphBuilder<Op> b = Graph.builder();
    ValueRef.Local[] in = new ValueRef.Local[10];
    for (int i = 0; i < in.length; i++) {
      in[i] = b.input("v" + i);
    }
    ValueRef.Local bad = b.apply(failing(10, new IllegalStateException("no")), in);
    Map<String, Object> inputs = new HashMap<>();
    for (int i = 0; i < in.length; i++) {
      inputs.put("v" + i, i == 0 ? String.join("", Collections.nCopies(100, "z")) : i);
    }
    String message = failure(b.output(bad).build(), inputs).getMessage();
    String cut = "z".repeat(KernelFailure.OPERAND_LENGTH - 1) + "…";
    assertTrue(message.contains(" from v0 = " + cut + ", v1 = 1, "), message);
    assertTrue(message.contains(", v7 = 7, … (10 operands in all): no"), message);
    assertFalse(message.contains("v8 ="), message);
  }

  /** An operand value that cannot print itself. */
  private static final Object UNPRINTABLE =
      new Object() {
        @Override
        public String toString() {
          throw new IllegalStateException("toString boom");
        }
      };

  @Test
  void anOperandThatCannotPrintItselfDoesNotHideTheFailureAndALongMessageIsCut() {
    GraphBuilder<Op> b = Graph.builder();
    IllegalArgumentException cause = new IllegalArgumentException("kernel says no");
    ValueRef.Local bad = b.apply(failing(1, cause), b.input("u"));
    GraphException e = failure(b.output(bad).build(), Map.of("u", UNPRINTABLE));
    assertTrue(e.getMessage().endsWith(": kernel says no"), e.getMessage());
    assertTrue(e.getMessage().contains("u = <toString() threw java.lang.IllegalStateException"),
        e.getMessage());
    assertSame(cause, e.getCause());

    GraphBuilder<Op> c = Graph.builder();
    IllegalStateException talkative = new IllegalStateException("w".repeat(3_000_000));
    ValueRef.Local loud = c.apply(failing(1, talkative), c.input("u"));
    GraphException cut = failure(c.output(loud).build(), Map.of("u", 1));
    assertTrue(cut.getMessage().length() < 2_000, "length " + cut.getMessage().length());
    assertTrue(cut.getMessage().endsWith("… (3000000 characters; the cause has them all)"));
    assertSame(talkative, cut.getCause());
  }

  @Test
  void aCauseWithoutMessageIsNamedByItsClass() {
    GraphBuilder<Op> b = Graph.builder();
    ValueRef.Local bad = b.apply(failing(1, new NullPointerException()), b.input("p"));
    assertEquals(
        "Fail (instruction 0) failed computing Fail(p) from p = 1: java.lang.NullPointerException",
        failure(b.output(bad).build(), Map.of("p", 1)).getMessage());
  }

  @Test
  void aKernelsOwnGraphExceptionPassesThrough() {
    GraphBuilder<Op> b = Graph.builder();
    GraphException own = new GraphException("inner graph failed");
    ValueRef.Local bad = b.apply(failing(1, own), b.input("p"));
    assertSame(own, failure(b.output(bad).build(), Map.of("p", 1)));
  }

  @Test
  void aKernelOverflowingTheStackIsReportedAsAFailure() {
    GraphBuilder<Op> b = Graph.builder();
    Op recurses = new Op("Recurse", 1, KernelFailureTest::recurse);
    GraphException e = failure(b.output(b.apply(recurses, b.input("p"))).build(), Map.of("p", 1));
    assertEquals(
        "Recurse (instruction 0) failed computing Recurse(p) from p = 1: "
            + Interpreter.STACK_OVERFLOW,
        e.getMessage());
    assertInstanceOf(StackOverflowError.class, e.getCause());
  }

  private static Object recurse(List<Object> in) {
    return recurse(in);
  }

  @Test
  @Timeout(60)
  void aFailureAtTheEndOfAMillionInstructionsIsDescribedBriefly() {
    GraphBuilder<Op> b = Graph.builder();
    ValueRef.Local v = b.input("p");
    for (int i = 0; i < 1_000_000; i++) {
      v = b.apply(NEXT, v);
    }
    v = b.apply(failing(1, new ArithmeticException("too big")), v);
    assertEquals(
        "Fail (instruction 1000000) failed computing Fail(Next(Next(Next(Next(…))))) from"
            + " Next(Next(Next(Next(…)))) = 1000000: too big",
        failure(b.output(v).build(), Map.of("p", 0)).getMessage());
  }
}
