package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.testing.ScalarOp;
import org.junit.jupiter.api.Test;

/** The chunked table of a materialized graph's operations. */
class OperationTableTest {

  @Test
  void anOperationNotSetYetIsNull() {
    OperationTable<ScalarOp> table = new OperationTable<>(100_000);
    table.set(70_000, ScalarOp.SIN);
    assertEquals(ScalarOp.SIN, table.get(70_000));
    assertNull(table.get(69_999));
  }

  @Test
  void keepsEachOperationAcrossChunkBoundariesAndComparesByContent() {
    int n = 2 * Chunks.SIZE + 3;
    OperationTable<ScalarOp> a = new OperationTable<>(n);
    OperationTable<ScalarOp> b = new OperationTable<>(n);
    for (int k = 0; k < n; k++) {
      ScalarOp op = k % 3 == 0 ? ScalarOp.SIN : ScalarOp.MUL;
      a.set(k, op);
      b.set(k, op);
    }
    for (int k = 0; k < n; k++) {
      assertEquals(k % 3 == 0 ? ScalarOp.SIN : ScalarOp.MUL, a.get(k), "operation " + k);
    }
    assertEquals(n, a.size());
    assertTrue(a.sameContent(b));
    assertEquals(a.contentHash(), b.contentHash());
    b.set(Chunks.SIZE, ScalarOp.SIN); // the first element of the second chunk
    assertFalse(a.sameContent(b));
    assertFalse(a.sameContent(new OperationTable<>(n - 1)));
    assertThrows(ArrayIndexOutOfBoundsException.class, () -> a.get(n));
    assertThrows(IllegalArgumentException.class, () -> new OperationTable<ScalarOp>(-1));
    assertEquals(0, new OperationTable<ScalarOp>(0).size());
  }
}
