package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The byte-per-operation counts from which a walk makes its operand starts and first values. */
class OperationShapesTest {

  /** The columns {@code counts} (operand and output count per operation) make, by prefix sums. */
  private static void assertColumns(int[][] counts, OperationShapes shapes) {
    int n = counts.length;
    int[] operandStart = new int[n + 1];
    int[] firstValue = new int[n];
    for (int k = 0; k < n; k++) {
      operandStart[k + 1] = operandStart[k] + counts[k][0];
      firstValue[k] = k == 0 ? 0 : firstValue[k - 1] + counts[k - 1][1];
    }
    assertEquals(n, shapes.size());
    assertEquals(operandStart[n], shapes.operandCount());
    shapes.freeze(0);
    OperationShapes.Columns columns = shapes.columns();
    assertArrayEquals(operandStart, columns.operandStart(), "operand starts");
    assertArrayEquals(firstValue, columns.firstValue(), "first values");
    assertSame(columns, shapes.columns(), "made once");
  }

  @Test
  void theClassExampleMakesOneOperationsColumns() {
    OperationShapes shapes = new OperationShapes(16);
    shapes.add(2, 1);                      // two operands, one output
    shapes.freeze(3);                      // values before the first operation's: 3 inputs
    OperationShapes.Columns c = shapes.columns();
    // c.operandStart() is {0, 2}, c.firstValue() is {3}
    assertArrayEquals(new int[] {0, 2}, c.operandStart());
    assertArrayEquals(new int[] {3}, c.firstValue());
    assertEquals(1, shapes.valueCount());
  }

  @Test
  void keepsSmallAndWideCountsAcrossPartlyFilledInts() {
    // every size modulo 4, with counts at and past the four-bit limit and operations of none
    int[][] base = {{0, 1}, {14, 14}, {15, 1}, {2, 15}, {1000, 0}, {3, 2}, {0, 0}, {1, 70_000}};
    for (int n = 0; n <= base.length; n++) {
      OperationShapes shapes = new OperationShapes(0);
      int[][] counts = new int[n][];
      for (int k = 0; k < n; k++) {
        counts[k] = base[k];
        shapes.add(base[k][0], base[k][1]);
      }
      assertColumns(counts, shapes);
    }
  }

  @Test
  void keepsEveryShapeOfAWalkThatOutgrowsItsRoom() {
    Random random = new Random(19);
    int n = 300_000; // past the first block and many of 2^16 ints
    int[][] counts = new int[n][];
    OperationShapes shapes = new OperationShapes(10);
    for (int k = 0; k < n; k++) {
      int operands = random.nextInt(50) == 0 ? 15 + random.nextInt(100) : random.nextInt(4);
      int outputs = random.nextInt(100) == 0 ? random.nextInt(40) : 1;
      counts[k] = new int[] {operands, outputs};
      shapes.add(operands, outputs);
    }
    assertColumns(counts, shapes);
  }
}
