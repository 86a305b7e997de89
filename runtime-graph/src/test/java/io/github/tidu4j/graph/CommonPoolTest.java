package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.fusion.FusionParallelism;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;

/** Helper tasks go to the common pool only where it starts workers to run them. */
class CommonPoolTest {
  @Test
  void aParallelismOfZeroOrLessStartsNoWorkerAndAnythingElseDoes() {
    // as the JDK reads the property: Integer.parseInt, and ≤ 0 starts no worker
    for (String none : new String[] {"0", "00", "-1", "-2147483648"}) {
      assertFalse(CommonPool.runsTasks(none), none);
    }
    // unset, positive, or not an integer (the JDK ignores it and takes its default)
    for (String some : new String[] {null, "1", "7", " 0", "0 ", "zero", "", "99999999999"}) {
      assertTrue(CommonPool.runsTasks(some), String.valueOf(some));
    }
  }

  @Test
  void noTaskGoesToACommonPoolConfiguredWithNoWorkers() {
    ForkJoinPool pool = ForkJoinPool.commonPool(); // made with this JVM's settings before the change
    String previous = System.getProperty(CommonPool.PARALLELISM_PROPERTY);
    try {
      System.clearProperty(CommonPool.PARALLELISM_PROPERTY);
      assertSame(pool, CommonPool.helpers());
      System.setProperty(CommonPool.PARALLELISM_PROPERTY, "0");
      Executor helper = CommonPool.helpers(); // null under -D…common.parallelism=0
      assertNull(helper);
      // ForkJoinPool.getCommonPoolParallelism() reports 1 for such a pool: the property decides
      assertNull(CommonPool.helpers());
      assertEquals(1, FusionParallelism.defaults().threads(), "fused loops run on the caller");
    } finally {
      if (previous == null) {
        System.clearProperty(CommonPool.PARALLELISM_PROPERTY);
      } else {
        System.setProperty(CommonPool.PARALLELISM_PROPERTY, previous);
      }
    }
  }
}
