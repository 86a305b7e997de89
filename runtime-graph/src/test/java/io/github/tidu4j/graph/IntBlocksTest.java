package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The block-grown column of a walk over several graphs. */
class IntBlocksTest {

  @Test
  void keepsEveryElementAcrossBlocksAndTakesThemAsOneExactArray() {
    // a small first block grown to 2^16 elements, then full blocks and a partial one
    int n = 3 * (1 << 16) + 123;
    IntBlocks list = new IntBlocks(100);
    for (int i = 0; i < n; i++) {
      list.add(i * 7);
    }
    assertEquals(n, list.size());
    for (int i : new int[] {0, 99, 100, 101, 100 + (1 << 16), n - 1}) {
      assertEquals(i * 7, list.get(i), "element " + i);
    }
    int[] all = list.take();
    assertEquals(n, all.length);
    for (int i = 0; i < n; i++) {
      assertEquals(i * 7, all[i], "element " + i);
    }
  }

  @Test
  void keepsEveryElementOfBlocksThatGrowWithTheList() {
    IntBlocks list = new IntBlocks(16);
    int n = 5_000; // a first block grown from 16 to 8192 by copying: each growth is crossed
    for (int i = 0; i < n; i++) {
      list.add(3 * i + 1);
    }
    for (int i = 0; i < n; i++) {
      assertEquals(3 * i + 1, list.get(i), "element " + i);
    }
    assertThrows(IndexOutOfBoundsException.class, () -> list.get(n));
    int[] all = list.take();
    assertEquals(n, all.length);
    assertEquals(3 * (n - 1) + 1, all[n - 1]);
  }

  @Test
  void handsOverItsFirstBlockWhenNearlyFullAndTrimsItOtherwise() {
    IntBlocks nearlyFull = new IntBlocks(100);
    IntBlocks halfEmpty = new IntBlocks(100);
    for (int i = 0; i < 90; i++) {
      nearlyFull.add(i);
    }
    for (int i = 0; i < 50; i++) {
      halfEmpty.add(i);
    }
    int[] kept = nearlyFull.take();
    assertEquals(100, kept.length); // the block itself: at most a fifth unused
    assertEquals(89, kept[89]);
    int[] trimmed = halfEmpty.take();
    assertEquals(50, trimmed.length);
    assertEquals(49, trimmed[49]);
  }

  @Test
  void growsPastAFullFirstBlock() {
    IntBlocks list = new IntBlocks(16);
    for (int i = 0; i < 17; i++) {
      list.add(i);
    }
    int[] all = list.take();
    assertEquals(17, all.length);
    for (int i = 0; i < 17; i++) {
      assertEquals(i, all[i]);
    }
  }

  @Test
  void findsEachElementInConstantTimePastAFirstBlockLargerThanABlock() {
    int first = (1 << 16) + 4_464; // a presized first block, larger than the blocks after it
    int n = first + 2 * (1 << 16) + 5;
    IntBlocks list = new IntBlocks(first);
    for (int i = 0; i < n; i++) {
      list.add(~i);
    }
    for (int i : new int[] {0, first - 1, first, first + (1 << 16) - 1, first + (1 << 16), n - 1}) {
      assertEquals(~i, list.get(i), "element " + i);
    }
    assertThrows(IndexOutOfBoundsException.class, () -> list.get(n));
    assertThrows(IndexOutOfBoundsException.class, () -> list.get(-1));
  }

  @Test
  void replacesElementsInPlaceAndCopiesThemWithoutEmptyingTheList() {
    int n = 2 * (1 << 16) + 77;
    IntBlocks list = new IntBlocks(16);
    for (int i = 0; i < n; i++) {
      list.add(i);
    }
    for (int i = 0; i < n; i += 3) {
      list.set(i, -i);
    }
    int[] all = list.toArray();
    assertEquals(n, all.length);
    for (int i = 0; i < n; i++) {
      int expected = i % 3 == 0 ? -i : i;
      assertEquals(expected, all[i], "element " + i);
      assertEquals(expected, list.get(i), "element " + i + ", still in the list");
    }
    assertThrows(IndexOutOfBoundsException.class, () -> list.set(n, 0));

    IntBlocks exact = new IntBlocks(4);
    IntBlocks roomy = new IntBlocks(100);
    for (int i = 0; i < 16; i++) {
      exact.add(i); // its first block: 16 elements, all used
      roomy.add(i);
    }
    assertEquals(16, exact.toArray().length);
    assertEquals(16, roomy.toArray().length, "a copy of exactly the elements, not the block");
  }
}
