package io.github.tidu4j.graph;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Compiles each program structure once. The cache key is the materialized graph's shape with its
 * input keys left out, so the same topology built again with other input keys (a fresh tangent
 * pass, another user's variable names) is a hit and gets the cached code bound to its own keys.
 *
 * <p>Bounded (least recently used entries are evicted) and thread-safe. Compilation happens outside
 * the lock, so a slow compile does not block lookups of other shapes.
 *
 * <pre>{@code
 * CompilationCache<Ops> cache = new CompilationCache<>(256);
 * CompiledProgram<Ops> p = cache.compile(materialized);
 * }</pre>
 *
 * @param <Op> the operation type
 */
public final class CompilationCache<Op extends GraphOperation> {
  private final LruMap<ProgramShape, CompiledProgram<Op>> entries;
  private final AtomicLong hits = new AtomicLong();
  private final AtomicLong misses = new AtomicLong();

  /** A cache holding at most {@code maxEntries} programs. */
  public CompilationCache(int maxEntries) {
    this.entries = new LruMap<>(maxEntries);
  }

  /**
   * The program for {@code m}: the cached code for its shape if any, bound to {@code m}'s inputs
   * (and accepting bindings for {@code m}'s unused inputs).
   */
  public CompiledProgram<Op> compile(MaterializedGraph<Op> m) {
    ProgramShape shape = ProgramShape.of(m);
    CompiledProgram<Op> cached = entries.get(shape);
    if (cached != null) {
      hits.incrementAndGet();
      return cached.withInputKeys(
          CompiledProgram.inputKeysOf(m),
          CompiledProgram.keysOf(m.unusedInputKeys()),
          m.inputTypes(),
          m.unusedInputTypes());
    }
    misses.incrementAndGet();
    CompiledProgram<Op> compiled = ProgramCompiler.compile(m);
    entries.putIfAbsent(shape, compiled);
    return compiled;
  }

  /** Lookups that found a compiled program. */
  public long hits() {
    return hits.get();
  }

  /** Lookups that had to compile. */
  public long misses() {
    return misses.get();
  }

  /** The number of programs held. */
  public int size() {
    return entries.size();
  }
}
