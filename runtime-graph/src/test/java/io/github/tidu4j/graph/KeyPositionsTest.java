package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** {@link KeyPositions}: first positions of repeated keys, absent keys, and colliding hashes. */
class KeyPositionsTest {

  /** An input key object whose hash is fixed, so distinct keys share the hash of their key. */
  private record SameHash(int id) {
    @Override
    public int hashCode() {
      return 7;
    }
  }

  @Test
  void eachKeyMapsToItsFirstPosition() {
    ValueKey a = ValueKey.input("key-positions-a");
    ValueKey b = ValueKey.input("key-positions-b");
    ValueKey[] keys = {a, b, a, b, a};
    int count = keys.length;
    ValueKey key = b;
    ValueKey[][] chunks = {keys};
    int[] firsts = new int[count];
    KeyPositions index = new KeyPositions(chunks, count, firsts); // firsts[v]: first v' with its key
    int v = index.get(key);                                       // KeyIndex.ABSENT if none
    assertEquals(1, v);
    assertEquals(0, index.get(a));
    assertArrayEquals(new int[] {0, 1, 0, 1, 0}, firsts);
    assertEquals(KeyIndex.ABSENT, index.get(ValueKey.input("key-positions-absent")));
  }

  @Test
  void keysWithEqualHashesAreToldApartByIdentity() {
    int count = 40; // more keys than the table's first size, all in one probe chain
    ValueKey[] keys = new ValueKey[count + 5];
    for (int i = 0; i < count; i++) {
      keys[i] = ValueKey.input(new SameHash(i));
    }
    assertEquals(keys[0].hashCode(), keys[count - 1].hashCode());
    for (int i = count; i < keys.length; i++) {
      keys[i] = keys[i - count]; // repeats of the first five
    }
    int[] firsts = new int[keys.length];
    KeyPositions index = new KeyPositions(new ValueKey[][] {keys}, keys.length, firsts);
    for (int i = 0; i < keys.length; i++) {
      assertEquals(i % count, firsts[i], "first position of key " + i);
      assertEquals(i % count, index.get(keys[i]), "position of key " + i);
    }
    assertEquals(KeyIndex.ABSENT, index.get(ValueKey.input(new SameHash(count))));
  }
}
