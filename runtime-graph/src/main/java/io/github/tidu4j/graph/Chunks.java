package io.github.tidu4j.graph;

/**
 * The chunk size of the engine's tables kept as arrays of chunks rather than one array each: the
 * tables of references a graph and a program keep per value or per node ({@link RefList}, a
 * {@link Graph}'s key tables, {@link OperationTable}), and the walk's transient {@code int} tables
 * ({@link IntChunks}, {@link IntBlocks}, which say why they are chunked).
 *
 * <p>The G1 collector (the JVM's default) allocates an array of half a region or more (1 MB in a 4
 * GB heap's 2 MB regions) as a <em>humongous</em> object, in old regions of its own. In JDK 17 and
 * 25 a young collection frees a dead humongous array of primitives at once, but not a dead
 * humongous array of references: that waits for a concurrent marking cycle, and meanwhile its
 * regions count against the heap, shrink the young generation, and make each further humongous
 * allocation start a collection early. A program that builds graphs of 10^6 operations one after
 * another would leave hundreds of megabytes of dead key tables behind. A chunk of {@link #SIZE}
 * references is 256 KB with compressed references, below half of the smallest region (1 MB), and
 * 512 KB without them (heaps of 32 GB or more, whose regions are 16 MB or more), so a table of keys
 * is ordinary objects, which a young collection frees or copies like any other; and a table grows
 * by adding a chunk, never by copying what it holds. A graph's and a program's tables of {@code
 * int}s stay flat arrays: they are read far more often, and G1 frees a dead humongous one at the
 * next collection.
 *
 * <p>Element {@code i} of a table is {@code chunks[i >>> SHIFT][i & MASK]}: every chunk but the
 * last holds exactly {@link #SIZE} elements (a table's first chunk grows by copying up to that
 * size before a second is added), so the index needs no search. Readers keep the first chunk in a
 * field of its own and read an element below {@link #SIZE} from it, so a table that fits one chunk
 * costs one array read, as a flat table does. Each reader writes that read out itself rather than
 * calling one shared generic method: a method that returns keys to some callers and operations to
 * others mixes their types in the JIT's profile, and the interpreter's evaluation of a compiled
 * program, which reads an operation per instruction, ran twice as slow through it.
 */
final class Chunks {
  private Chunks() {}

  /** {@code log2} of {@link #SIZE}. */
  static final int SHIFT = 16;

  /** The elements of every chunk but a table's last. */
  static final int SIZE = 1 << SHIFT;

  /** The offset of an element in its chunk: {@code i & MASK}. */
  static final int MASK = SIZE - 1;

  /** The number of chunks holding {@code count} elements (at least one, for an empty table). */
  static int chunksFor(int count) {
    return count <= SIZE ? 1 : ((count - 1) >>> SHIFT) + 1;
  }
}
