package io.github.tidu4j.ad.eager;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The transposed linearizations a {@link Backward} pass has made, kept for later passes: each
 * (graph, active inputs, seeded outputs, rule context) is linearized and transposed once, however
 * many backward passes go through it. Bounded: beyond the capacity the least recently used plan is
 * dropped (and made again if needed). A plan holds its graph, so keep a cache only as long as its
 * graphs are worth keeping. Thread-safe.
 *
 * <pre>{@code
 * BackwardPlans plans = new BackwardPlans(1024);
 * Backward.backward(seeds, trace, exec, null, Backward.Options.DEFAULT, plans);
 * plans.size();    // the distinct plans made so far (at most 1024)
 * }</pre>
 */
public final class BackwardPlans {
  private final int capacity;
  private final Map<Object, Object> plans;
  private long made;

  /**
   * A cache of at most {@code capacity} plans.
   *
   * @throws IllegalArgumentException if {@code capacity} is not positive
   */
  public BackwardPlans(int capacity) {
    if (capacity <= 0) {
      throw new IllegalArgumentException("capacity must be positive: " + capacity);
    }
    this.capacity = capacity;
    this.plans =
        new LinkedHashMap<>(16, 0.75f, true) {
          @Override
          protected boolean removeEldestEntry(Map.Entry<Object, Object> eldest) {
            return size() > BackwardPlans.this.capacity;
          }
        };
  }

  /** The number of plans held. */
  public synchronized int size() {
    return plans.size();
  }

  /** How many plans were made (linearized and transposed) in all, including dropped ones. */
  public synchronized long made() {
    return made;
  }

  synchronized Object get(Object key) {
    return plans.get(key);
  }

  synchronized void put(Object key, Object plan) {
    made++;
    plans.put(key, plan);
  }
}
