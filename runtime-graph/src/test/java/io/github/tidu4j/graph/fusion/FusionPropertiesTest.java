package io.github.tidu4j.graph.fusion;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The fused tier's properties are checked without making a fusion set or touching the pool. */
class FusionPropertiesTest {

  @Test
  void aBadThreadCountThresholdOrVectorLoopSettingIsNamedByTheCheck() {
    for (String[] bad :
        new String[][] {
          {FusionParallelism.THREADS_PROPERTY, "x"},
          {FusionParallelism.THREADS_PROPERTY, "0"},
          {FusionParallelism.THRESHOLD_PROPERTY, "-1"},
          {VectorLoops.PROPERTY, "bogus"},
          {VectorLoops.MAX_BYTES_PROPERTY, "bogus"},
          {VectorLoops.MAX_BYTES_PROPERTY, "-5"},
        }) {
      String previous = System.getProperty(bad[0]);
      try {
        System.setProperty(bad[0], bad[1]);
        IllegalArgumentException e =
            assertThrows(IllegalArgumentException.class, FusionParallelism::checkProperties);
        assertTrue(e.getMessage().contains(bad[0]) && e.getMessage().contains(bad[1]),
            e.getMessage());
      } finally {
        if (previous == null) {
          System.clearProperty(bad[0]);
        } else {
          System.setProperty(bad[0], previous);
        }
      }
    }
    FusionParallelism.checkProperties(); // unset: the defaults
  }
}
