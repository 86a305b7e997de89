package io.github.tidu4j.ad.eager;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Hands out fresh, unique {@link EagerKey}s for eager values: {@code e1}, {@code e2}, ... One
 * source per eager runtime; thread-safe (an atomic counter), so values created on several threads
 * never share a key.
 *
 * <pre>{@code
 * KeySource keys = new KeySource();      // prefix "e"
 * EagerKey x = keys.next();              // e1
 * EagerKey y = keys.next();              // e2
 * }</pre>
 */
public final class KeySource {
  private final String prefix;
  private final AtomicLong last = new AtomicLong();

  /** A source whose keys print as {@code e1}, {@code e2}, ... */
  public KeySource() {
    this("e");
  }

  /**
   * A source whose keys print as {@code prefix} followed by their number. The prefix only affects
   * printing: keys of different sources are never equal, whatever their prefixes.
   */
  public KeySource(String prefix) {
    this.prefix = Objects.requireNonNull(prefix, "prefix");
  }

  /** A key no earlier call on this source returned. */
  public EagerKey next() {
    return EagerKey.of(this, last.incrementAndGet());
  }

  /** The number of keys handed out so far. */
  public long issued() {
    return last.get();
  }

  /** The prefix keys print with. */
  public String prefix() {
    return prefix;
  }

  @Override
  public String toString() {
    return "KeySource[" + prefix + ", " + issued() + " issued]";
  }
}
