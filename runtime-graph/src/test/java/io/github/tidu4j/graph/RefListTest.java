package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The chunked list of references a builder keeps its keys in. */
class RefListTest {

  @Test
  void theClassExampleReadsBackWhatItAdded() {
    RefList<String> list = new RefList<>(new String[0], 16);
    for (int i = 0; i < 100_000; i++) list.add("s" + i);  // two chunks
    String s = list.get(70_000);                            // "s70000"
    String[][] chunks = list.share();                       // element i: chunks[i >>> 16][i & 0xFFFF]
    assertEquals("s70000", s);
    assertEquals(2, chunks.length);
    assertEquals("s70000", chunks[70_000 >>> 16][70_000 & 0xFFFF]);
  }

  @Test
  void keepsEachElementAcrossChunkBoundariesAndSharesTypedChunks() {
    for (int n : new int[] {0, 1, Chunks.SIZE - 1, Chunks.SIZE, Chunks.SIZE + 1, 3 * Chunks.SIZE + 7}) {
      RefList<Integer> list = new RefList<>(new Integer[0], 4);
      for (int i = 0; i < n; i++) {
        list.add(i);
      }
      assertEquals(n, list.size());
      for (int i = 0; i < n; i++) {
        assertEquals(i, list.get(i), "element " + i + " of " + n);
      }
      Integer[][] shared = list.share();
      assertEquals(Chunks.chunksFor(n), shared.length, n + " elements");
      int seen = 0;
      for (int c = 0; c < shared.length; c++) {
        assertTrue(c == shared.length - 1 || shared[c].length == Chunks.SIZE, "a full chunk");
        for (int k = 0; k < shared[c].length && seen < n; k++, seen++) {
          assertEquals(seen, shared[c][k]);
        }
      }
      assertEquals(n, seen);
    }
  }

  @Test
  void aPresizedListHandsOverItsNearlyFullChunkAndTrimsAnEmptierOne() {
    RefList<String> full = new RefList<>(new String[0], 10);
    for (int i = 0; i < 9; i++) {
      full.add("x");
    }
    String[] chunk = full.chunks()[0];
    assertSame(chunk, full.share()[0], "nine of ten used: the chunk itself");
    RefList<String> sparse = new RefList<>(new String[0], 10);
    sparse.add("x");
    assertEquals(1, sparse.share()[0].length, "one of ten used: a trimmed copy");
  }
}
