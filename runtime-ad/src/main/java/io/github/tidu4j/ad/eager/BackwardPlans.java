package io.github.tidu4j.ad.eager;

import io.github.tidu4j.graph.LruMap;
import java.util.concurrent.atomic.AtomicLong;

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
  private final LruMap<Object, Object> plans;
  private final AtomicLong made = new AtomicLong();

  /**
   * A cache of at most {@code maxEntries} plans.
   *
   * @throws IllegalArgumentException if {@code maxEntries} is less than 1
   */
  public BackwardPlans(int maxEntries) {
    this.plans = new LruMap<>(maxEntries);
  }

  /** The number of plans held. */
  public int size() {
    return plans.size();
  }

  /** How many plans were made (linearized and transposed) in all, including dropped ones. */
  public long made() {
    return made.get();
  }

  Object get(Object key) {
    return plans.get(key);
  }

  void put(Object key, Object plan) {
    made.incrementAndGet();
    plans.putIfAbsent(key, plan);
  }
}
