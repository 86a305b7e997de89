package io.github.tidu4j.graph.fusion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;

/** The split decision, the options' checks and the system properties. */
class FusionParallelismTest {
  private static final int BLOCK = BlockedSum.BLOCK;

  @Test
  void aRegionSplitsFromTheThresholdOfWorkIntoAtMostOneThreadPerBlock() {
    FusionParallelism p = FusionParallelism.of(ForkJoinPool.commonPool(), 4, 1_000_000);
    assertEquals(1, p.threadsFor(1_000_000 / 18 - 1, 18), "below the threshold");
    assertEquals(4, p.threadsFor(1_000_000 / 18 + 1, 18));
    assertEquals(4, p.threadsFor(1_000_000, 1));
    FusionParallelism eager = FusionParallelism.of(ForkJoinPool.commonPool(), 4, 0);
    assertEquals(1, eager.threadsFor(BLOCK, 1), "one block: nothing to split");
    assertEquals(2, eager.threadsFor(BLOCK + 1, 1));
    assertEquals(3, eager.threadsFor(3 * BLOCK, 1));
    assertEquals(1, FusionParallelism.serial().threadsFor(Integer.MAX_VALUE, 100));
  }

  @Test
  void optionsAreEqualByExecutorThreadsAndThreshold() {
    FusionParallelism a = FusionParallelism.of(ForkJoinPool.commonPool(), 2, 100);
    assertEquals(a, FusionParallelism.of(ForkJoinPool.commonPool(), 2, 100));
    assertEquals(a.hashCode(), FusionParallelism.of(ForkJoinPool.commonPool(), 2, 100).hashCode());
    assertNotEquals(a, FusionParallelism.of(ForkJoinPool.commonPool(), 3, 100));
    assertNotEquals(a, FusionParallelism.of(ForkJoinPool.commonPool(), 2, 101));
    assertNotEquals(a, FusionParallelism.of(Runnable::run, 2, 100));
  }

  @Test
  void optionsOutOfRangeAreRejectedNamingTheValue() {
    IllegalArgumentException threads =
        assertThrows(IllegalArgumentException.class,
            () -> FusionParallelism.of(ForkJoinPool.commonPool(), 0, 10));
    assertEquals("threads must be at least 1: 0", threads.getMessage());
    IllegalArgumentException threshold =
        assertThrows(IllegalArgumentException.class,
            () -> FusionParallelism.of(ForkJoinPool.commonPool(), 2, -1));
    assertEquals("threshold must not be negative: -1", threshold.getMessage());
    assertThrows(NullPointerException.class, () -> FusionParallelism.of(null, 2, 0));
  }

  @Test
  void theDefaultsReadTheSystemProperties() {
    String threads = System.getProperty(FusionParallelism.THREADS_PROPERTY);
    String threshold = System.getProperty(FusionParallelism.THRESHOLD_PROPERTY);
    try {
      System.clearProperty(FusionParallelism.THREADS_PROPERTY);
      System.clearProperty(FusionParallelism.THRESHOLD_PROPERTY);
      FusionParallelism d = FusionParallelism.defaults();
      assertEquals(FusionParallelism.DEFAULT_THRESHOLD, d.threshold());
      assertTrue(d.threads() == 1 || d.executor() == ForkJoinPool.commonPool());
      assertEquals(Runtime.getRuntime().availableProcessors(), d.threads());

      System.setProperty(FusionParallelism.THREADS_PROPERTY, "1");
      assertSame(FusionParallelism.serial(), FusionParallelism.defaults());
      System.setProperty(FusionParallelism.THREADS_PROPERTY, " 3 ");
      System.setProperty(FusionParallelism.THRESHOLD_PROPERTY, "4096");
      assertEquals(3, FusionParallelism.defaults().threads());
      assertEquals(4096, FusionParallelism.defaults().threshold());

      System.setProperty(FusionParallelism.THREADS_PROPERTY, "0");
      IllegalArgumentException zero =
          assertThrows(IllegalArgumentException.class, FusionParallelism::defaults);
      assertEquals(
          "system property tidu4j.fusion.threads = '0': expected a number of threads of at least 1"
              + " and at most 2147483647",
          zero.getMessage());
      System.setProperty(FusionParallelism.THREADS_PROPERTY, "2");
      System.setProperty(FusionParallelism.THRESHOLD_PROPERTY, "many");
      IllegalArgumentException word =
          assertThrows(IllegalArgumentException.class, FusionParallelism::defaults);
      assertEquals(
          "system property tidu4j.fusion.threshold = 'many': expected an integer of at least 0",
          word.getMessage());
    } finally {
      restore(FusionParallelism.THREADS_PROPERTY, threads);
      restore(FusionParallelism.THRESHOLD_PROPERTY, threshold);
    }
  }

  private static void restore(String name, String value) {
    if (value == null) {
      System.clearProperty(name);
    } else {
      System.setProperty(name, value);
    }
  }
}
