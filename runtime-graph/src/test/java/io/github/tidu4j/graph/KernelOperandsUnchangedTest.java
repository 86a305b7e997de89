package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The interpreter refuses a kernel that writes into an array operand: the array is the caller's
 * input and another instruction's operand too, so every tier would give a wrong result silently.
 */
class KernelOperandsUnchangedTest {
  /** Operations over {@code double[]}: one that doubles its operand in place, and a sum. */
  private enum ArrayOp implements EvaluableGraphOperation<Object> {
    TWICE_IN_PLACE(1) {
      @Override
      public List<Object> eval(List<Object> in) {
        double[] x = (double[]) in.get(0);
        for (int k = 0; k < x.length; k++) {
          x[k] *= 2; // the mistake
        }
        return List.of(x);
      }
    },
    TWICE(1) {
      @Override
      public List<Object> eval(List<Object> in) {
        double[] x = ((double[]) in.get(0)).clone();
        for (int k = 0; k < x.length; k++) {
          x[k] *= 2;
        }
        return List.of(x);
      }
    },
    ADD(2) {
      @Override
      public List<Object> eval(List<Object> in) {
        double[] a = (double[]) in.get(0);
        double[] b = (double[]) in.get(1);
        double[] sum = new double[a.length];
        for (int k = 0; k < a.length; k++) {
          sum[k] = a[k] + b[k];
        }
        return List.of(sum);
      }
    },
    /** Writes into a row of a matrix: a nested array changed. */
    ZERO_FIRST_ROW_IN_PLACE(1) {
      @Override
      public List<Object> eval(List<Object> in) {
        double[][] m = (double[][]) in.get(0);
        m[0][0] = 0;
        return List.of(new double[] {m[0][0]});
      }
    };

    private final int arity;

    ArrayOp(int arity) {
      this.arity = arity;
    }

    @Override
    public int inputArity() {
      return arity;
    }

    @Override
    public int outputArity() {
      return 1;
    }
  }

  /** {@code twice(x) + x}. */
  private static CompiledProgram<ArrayOp> twicePlus(ArrayOp twice) {
    GraphBuilder<ArrayOp> b = Graph.builder();
    ValueRef.Local x = b.input("x");
    Graph<ArrayOp> g = b.output(b.apply(ArrayOp.ADD, b.apply(twice, x), x)).build();
    return Graphs.compile(Graphs.materialize(g));
  }

  @Test
  void aKernelThatLeavesItsOperandAloneRuns() {
    double[] x = {1, 2};
    List<Object> out = Interpreter.eval(twicePlus(ArrayOp.TWICE), Map.of("x", x));
    assertArrayEquals(new double[] {3, 6}, (double[]) out.get(0));
    assertArrayEquals(new double[] {1, 2}, x);
  }

  @Test
  void aKernelThatWritesIntoItsOperandIsRefusedNamingIt() {
    double[] x = {1, 2};
    GraphException e =
        assertThrows(
            GraphException.class,
            () -> Interpreter.eval(twicePlus(ArrayOp.TWICE_IN_PLACE), Map.of("x", x)));
    assertEquals(
        "TWICE_IN_PLACE (instruction 0, TWICE_IN_PLACE(x)) changed its operand 0 (a double[]) in"
            + " place: a kernel must leave its operands as they are and return new values, since an"
            + " operand is also the caller's input or another instruction's operand; copy it first"
            + " (x.clone()) and change the copy",
        e.getMessage());
  }

  @Test
  void aChangedRowOfAMatrixOperandIsFoundToo() {
    GraphBuilder<ArrayOp> b = Graph.builder();
    Graph<ArrayOp> g = b.output(b.apply(ArrayOp.ZERO_FIRST_ROW_IN_PLACE, b.input("m"))).build();
    CompiledProgram<ArrayOp> p = Graphs.compile(Graphs.materialize(g));
    double[][] m = {{1, 2}, {3, 4}};
    assertThrows(GraphException.class, () -> Interpreter.eval(p, Map.of("m", m)));
    double[][] zeroed = {{0, 2}, {3, 4}}; // already zero: nothing changes, nothing to refuse
    assertArrayEquals(
        new double[] {0}, (double[]) Interpreter.<Object>eval(p, Map.of("m", zeroed)).get(0));
  }

  @Test
  void aCopyOfASharedOrCyclicNestingKeepsItsShape() {
    Object[] cyclic = new Object[2];
    double[] shared = {1};
    cyclic[0] = shared;
    cyclic[1] = cyclic;
    Object[] copy = (Object[]) OperandCopies.deepCopy(cyclic);
    assertEquals(copy, copy[1]);
    assertArrayEquals(shared, (double[]) copy[0]);
    Object[] twice = {shared, shared};
    Object[] twiceCopy = (Object[]) OperandCopies.deepCopy(twice);
    assertEquals(twiceCopy[0], twiceCopy[1]);
  }
}
