package io.github.tidu4j.ad.eager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.func.ScalarType;
import io.github.tidu4j.ad.testing.RealOp;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * An eager operation called with a new attribute every time builds a graph every time: once one
 * operation has built {@link OpCache#BUILDS_WARNED} graphs, a warning names it and says what to do,
 * once; an operation called again and again with the same attribute builds one and warns nothing.
 */
class OpCacheWarningTest {
  private static final EagerOperation<RealOp, ScalarType> MUL =
      (graph, operands, types) ->
          List.of(graph.apply(RealOp.MUL, operands.get(0), operands.get(1)));

  @Test
  void anOperationBuiltForEveryNewAttributeIsWarnedOfOnce() {
    List<String> warned = new CopyOnWriteArrayList<>();
    Consumer<String> before = OpCache.warnings;
    OpCache.warnings = warned::add;
    try {
      OpCache<RealOp, ScalarType> cache = new OpCache<>(64);
      Object[] types = {ScalarType.F64, ScalarType.F64};
      AtomicLong built = new AtomicLong();
      for (int i = 0; i < 100; i++) {
        cache.get(new OpKey("mul", new Object[] {0.5}, types), MUL, built);
      }
      assertEquals(1, cache.misses());
      assertEquals(1, built.get());
      for (int i = 0; i < OpCache.BUILDS_WARNED + 10; i++) {
        cache.get(new OpKey("mul", new Object[] {0.5 + i * 0x1p-20}, types), MUL, built);
      }
      assertEquals(1, warned.size(), warned.toString());
      assertTrue(
          warned.get(0).startsWith(
              "eager operation mul has built 1024 graphs, one for each attribute value and operand"
                  + " types it was called with (the last: mul[0.50097"),
          warned.get(0));
      assertTrue(warned.get(0).endsWith("Pass a number that changes from call to call as a value"
          + " (rt.constant(...)) rather than as an attribute"), warned.get(0));
    } finally {
      OpCache.warnings = before;
    }
  }
}
