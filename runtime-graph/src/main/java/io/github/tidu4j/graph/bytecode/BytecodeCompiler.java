package io.github.tidu4j.graph.bytecode;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.GraphOperation;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Turns compiled programs into {@link BytecodeProgram}s — one hidden class per program structure
 * — and caches the classes.
 *
 * <p>The cache key is the program's structure with its input keys left out (its operations by
 * {@code equals}, its slot wiring, its input and output slots), so the same topology built again
 * with other input keys — a fresh tangent pass, other variable names — is a hit and gets the
 * cached class bound to its own keys. The cache is bounded (least recently used classes are
 * dropped, and unloaded once no program uses them) and thread-safe; a class is generated outside
 * the lock, once, while other threads asking for the same structure wait for it.
 *
 * <pre>{@code
 * KernelSet<ScalarOp> kernels = KernelSet.of(double.class, ScalarKernels.TABLE, ScalarOp::ordinal);
 * BytecodeCompiler<ScalarOp> compiler = new BytecodeCompiler<>(kernels);
 * BytecodeProgram<ScalarOp> p = compiler.compile(Graphs.compile(materialized));
 * double[] y = p.evaluate(0.1, 0.2, 0.3, 0.4);
 * }</pre>
 *
 * @param <Op> the operation type
 */
public final class BytecodeCompiler<Op extends GraphOperation> {
  /** The number of classes a compiler made with {@link #BytecodeCompiler(KernelSet)} keeps. */
  public static final int DEFAULT_CACHE_SIZE = 256;

  private final KernelSet<Op> kernels;
  private final BytecodeOptions options;
  private final int maxEntries;
  private final Map<ProgramStructure, CompletableFuture<GeneratedClass>> entries;
  private final AtomicLong hits = new AtomicLong();
  private final AtomicLong misses = new AtomicLong();

  /** A compiler caching {@value #DEFAULT_CACHE_SIZE} classes, with {@link BytecodeOptions#defaults()}. */
  public BytecodeCompiler(KernelSet<Op> kernels) {
    this(kernels, DEFAULT_CACHE_SIZE, BytecodeOptions.defaults());
  }

  /** A compiler caching at most {@code maxEntries} classes. */
  public BytecodeCompiler(KernelSet<Op> kernels, int maxEntries, BytecodeOptions options) {
    if (maxEntries < 1) {
      throw new IllegalArgumentException("maxEntries must be at least 1, was " + maxEntries);
    }
    this.kernels = Objects.requireNonNull(kernels, "kernels");
    this.options = Objects.requireNonNull(options, "options");
    this.maxEntries = maxEntries;
    this.entries =
        new LinkedHashMap<>(16, 0.75f, true) {
          private static final long serialVersionUID = 1L;

          @Override
          protected boolean removeEldestEntry(
              Map.Entry<ProgramStructure, CompletableFuture<GeneratedClass>> eldest) {
            return size() > BytecodeCompiler.this.maxEntries;
          }
        };
  }

  /**
   * Generates and defines a class for {@code program}, with no cache.
   *
   * @throws io.github.tidu4j.graph.GraphException naming the instruction if an operation's opcode
   *     or arity does not match {@code kernels}
   */
  public static <Op extends GraphOperation> BytecodeProgram<Op> compileUncached(
      CompiledProgram<Op> program, KernelSet<Op> kernels, BytecodeOptions options) {
    return new BytecodeProgram<>(program, kernels, GeneratedClass.define(program, kernels, options));
  }

  /**
   * The program for {@code program}: the cached class for its structure if any, bound to its
   * input keys; else a new one.
   *
   * @throws io.github.tidu4j.graph.GraphException naming the instruction if an operation's opcode
   *     or arity does not match the kernel set
   */
  public BytecodeProgram<Op> compile(CompiledProgram<Op> program) {
    ProgramStructure structure = new ProgramStructure(program);
    CompletableFuture<GeneratedClass> entry;
    boolean generate = false;
    synchronized (entries) {
      entry = entries.get(structure);
      if (entry == null) {
        entry = new CompletableFuture<>();
        entries.put(structure, entry);
        generate = true;
      }
    }
    if (!generate) {
      hits.incrementAndGet();
      try {
        return new BytecodeProgram<>(program, kernels, entry.join());
      } catch (CompletionException e) {
        // the thread generating it failed, and has removed the entry; fail as it did
        throw e.getCause() instanceof RuntimeException r ? r : e;
      }
    }
    misses.incrementAndGet();
    GeneratedClass code;
    try {
      code = GeneratedClass.define(program, kernels, options);
    } catch (RuntimeException | Error e) {
      synchronized (entries) {
        entries.remove(structure, entry);
      }
      entry.completeExceptionally(e);
      throw e;
    }
    entry.complete(code);
    return new BytecodeProgram<>(program, kernels, code);
  }

  /** The kernel set. */
  public KernelSet<Op> kernels() {
    return kernels;
  }

  /** The options classes are generated with. */
  public BytecodeOptions options() {
    return options;
  }

  /** Lookups that found a class (or one being generated). */
  public long hits() {
    return hits.get();
  }

  /** Lookups that generated a class. */
  public long misses() {
    return misses.get();
  }

  /** The number of classes held. */
  public int size() {
    synchronized (entries) {
      return entries.size();
    }
  }
}
