package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The chunked table of a walk's codes. */
class IntChunksTest {

  @Test
  void theClassExampleReadsBackWhatItSet() {
    IntChunks codes = new IntChunks(5_000_000, -1);  // 77 chunks, every element -1
    codes.set(4_999_999, 7);
    int code = codes.get(4_999_999);                  // 7
    assertEquals(7, code);
    assertEquals(-1, codes.get(0));
    assertEquals(-1, codes.get(4_999_998));
  }

  @Test
  void keepsEachElementAcrossChunkBoundaries() {
    int n = 3 * (1 << 16) + 5; // three full chunks and a partial one
    IntChunks table = new IntChunks(n, 0);
    for (int i = 0; i < n; i++) {
      assertEquals(0, table.get(i), "element " + i + " starts at the initial value");
      table.set(i, 3 * i + 1);
    }
    for (int i = 0; i < n; i++) {
      assertEquals(3 * i + 1, table.get(i), "element " + i);
    }
    assertThrows(ArrayIndexOutOfBoundsException.class, () -> table.get(n));
    IntChunks empty = new IntChunks(0, 5);
    assertThrows(ArrayIndexOutOfBoundsException.class, () -> empty.get(0));
    assertThrows(IllegalArgumentException.class, () -> new IntChunks(-1, 0));
  }
}
