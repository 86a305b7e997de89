package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
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

  /**
   * Two compiled functions closing over one large tensor (f and grad f): it counts once, and an
   * entry holding only what the entry just added holds is not dropped for weight, since dropping
   * it frees nothing; entries sharing what the newest does not hold go in their turn.
   */
  @Test
  void partsSharedByValuesCountOnceAndWhatTheNewestHoldsDropsNothing() {
    LruMap<String, List<byte[]>> m =
        new LruMap<>(100, 1_000, arrays -> arrays, array -> ((byte[]) array).length);
    byte[] data = new byte[800];
    m.putIfAbsent("f", List.of(data));
    m.putIfAbsent("grad f", List.of(data));
    assertEquals(800, m.weight());
    assertEquals(2, m.size());
    byte[] big = new byte[1_500]; // alone above the bound
    m.putIfAbsent("g", List.of(big, data));
    assertEquals(2_300, m.weight(), "f and grad f hold only what g holds: dropping frees nothing");
    assertEquals(3, m.size());
    m.putIfAbsent("h", List.of(new byte[100]));
    assertEquals(100, m.weight(), "the older entries go, least recently used first");
    assertEquals(1, m.size());
    m.putIfAbsent("i", List.of(new byte[150]));
    m.remove("h", m.get("h"));
    assertEquals(150, m.weight());
    assertThrows(IllegalArgumentException.class, () -> new LruMap<String, List<byte[]>>(
        1, 1, arrays -> arrays, null));
  }

  @Test
  void sizeMustBePositive() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new LruMap<>(0));
    assertEquals("maxEntries must be at least 1, was 0", e.getMessage());
  }
}
