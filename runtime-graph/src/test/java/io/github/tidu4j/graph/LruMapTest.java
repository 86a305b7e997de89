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
  void sizeMustBePositive() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new LruMap<>(0));
    assertEquals("maxEntries must be at least 1, was 0", e.getMessage());
  }
}
