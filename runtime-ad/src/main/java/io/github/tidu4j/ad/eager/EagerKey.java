package io.github.tidu4j.ad.eager;

import java.util.Objects;

/**
 * The key of one eager value: the {@code id}-th key handed out by a {@link KeySource}. Keys of
 * different sources are distinct even when their ids are equal; within a source they print as
 * {@code e17} (the source's prefix and the id), so trace dumps stay readable.
 *
 * <p>Value semantics (equal iff same source and id), so a key may also serve as a graph input key.
 *
 * <pre>{@code
 * KeySource keys = new KeySource();
 * EagerKey k = keys.next();     // e1
 * }</pre>
 */
public final class EagerKey {
  private final KeySource source;
  private final long id;

  EagerKey(KeySource source, long id) {
    this.source = source;
    this.id = id;
  }

  /** The source that handed this key out. */
  public KeySource source() {
    return source;
  }

  /** The key's number within its source, from 1. */
  public long id() {
    return id;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof EagerKey other && other.id == id && other.source == source;
  }

  @Override
  public int hashCode() {
    return Long.hashCode(id * 0x9E3779B97F4A7C15L) ^ System.identityHashCode(source);
  }

  /** For example {@code e17}. */
  @Override
  public String toString() {
    return source.prefix() + id;
  }

  static EagerKey of(KeySource source, long id) {
    return new EagerKey(Objects.requireNonNull(source, "source"), id);
  }
}
