package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The bounded store behind the runtime's caches. */
class LruMapTest {

  @Test
  void dropsTheLeastRecentlyUsedBeyondItsSize() {
    LruMap<String, Integer> m = new LruMap<>(2);
    m.putIfAbsent("a", 1);
    m.putIfAbsent("b", 2);
    assertEquals(1, m.get("a")); // a is now the most recently used
    m.putIfAbsent("c", 3);
    assertNull(m.get("b"));
    assertEquals(1, m.get("a"));
    assertEquals(3, m.get("c"));
    assertEquals(2, m.size());
  }

  @Test
  void putIfAbsentKeepsTheFirstAndRemoveNeedsTheSameValue() {
    LruMap<String, Integer> m = new LruMap<>(4);
    assertEquals(1, m.putIfAbsent("a", 1));
    assertEquals(1, m.putIfAbsent("a", 2), "the first value wins");
    m.remove("a", 2);
    assertEquals(1, m.get("a"));
    m.remove("a", 1);
    assertNull(m.get("a"));
    m.putIfAbsent("b", 5);
    m.clear();
    assertEquals(0, m.size());
  }

  @Test
  void dropsTheLeastRecentlyUsedWhileTheValuesWeighMoreThanItsBoundButNeverTheNewest() {
    LruMap<String, byte[]> files = new LruMap<>(1_000, 1 << 20, bytes -> bytes.length); // ≤ 1 MiB
    files.putIfAbsent("a", new byte[400_000]);
    files.putIfAbsent("b", new byte[400_000]);
    files.get("a"); // a is now the most recently used
    files.putIfAbsent("c", new byte[400_000]);
    assertNull(files.get("b"), "b was the least recently used");
    assertEquals(800_000, files.weight());
    files.putIfAbsent("huge", new byte[3 << 20]); // alone above the bound: kept, all others dropped
    assertEquals(1, files.size());
    assertEquals(3 << 20, files.weight());
    files.putIfAbsent("d", new byte[10]);
    assertNull(files.get("huge"));
    assertEquals(10, files.weight());
    files.remove("d", files.get("d"));
    assertEquals(0, files.weight());
    files.putIfAbsent("e", new byte[7]);
    files.clear();
    assertEquals(0, files.weight());
    assertThrows(IllegalArgumentException.class, () -> new LruMap<String, byte[]>(1, -1, b -> 0));
  }

  @Test
  void sizeMustBePositive() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new LruMap<>(0));
    assertEquals("maxEntries must be at least 1, was 0", e.getMessage());
  }
}
