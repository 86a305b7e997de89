package io.github.tidu4j.bench.graph;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The memory floor under the graph walks: ns per random read of an {@code int[]}, a {@code long[]}
 * or a 48-byte object (the size of an operation key) among {@code entries} of them, read
 * independently (the addresses known in advance, so the processor overlaps the misses) or
 * dependently (each address read from the previous entry, as a walk that follows a node to its
 * operand to that operand's producer does). {@code GradientPipelineBenchmark}'s phases read
 * per-node arrays and per-key objects of graphs of n nodes at random (RandDAG's operands are random
 * earlier nodes), so their growth per op from n = 10^3 to 10^6 is read against these figures: a
 * dependent read beyond the caches costs what one of these does.
 *
 * <p>Every read is of an entry chosen at random: the independent reads walk a table of 2^20
 * random indices (a new stretch each invocation, so the entries read are not the cache's already),
 * the dependent reads follow one cycle through all entries (Sattolo's shuffle). Objects are
 * allocated in index order, as a builder allocates its keys, and read in random order.
 *
 * <pre>
 * java -jar bench/target/benchmarks.jar MemoryFloorBenchmark -p entries=1000,1000000
 * </pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g", "-XX:+AlwaysPreTouch"})
@State(Scope.Thread)
public class MemoryFloorBenchmark {
  /** Reads per invocation. */
  private static final int READS = 1 << 12;
  /** Random indices for the independent reads, read a stretch of READS per invocation. */
  private static final int INDICES = 1 << 20;

  @Param({"1000", "1000000", "10000000"})
  public int entries;

  /** An object of a key's size (12-byte header, 36 bytes of fields): 48 bytes. */
  static final class Entry {
    int next;
    Entry link;
    long a;
    long b;
    long c;

    Entry(int next) {
      this.next = next;
    }
  }

  private int[] ints;
  private long[] longs;
  private Entry[] objects;
  private int[] indices;
  private int stretch;
  private int intAt;
  private int longAt;
  private Entry objectAt;

  @Setup
  public void setUp() {
    SplittableRandom random = new SplittableRandom(42);
    // one cycle through every entry: each entry holds the next one's index
    int[] cycle = new int[entries];
    for (int i = 0; i < entries; i++) {
      cycle[i] = i;
    }
    for (int i = entries - 1; i > 0; i--) {
      int j = random.nextInt(i); // Sattolo: j < i, so the permutation is a single cycle
      int t = cycle[i];
      cycle[i] = cycle[j];
      cycle[j] = t;
    }
    ints = cycle;
    longs = new long[entries];
    objects = new Entry[entries];
    for (int i = 0; i < entries; i++) {
      longs[i] = cycle[i];
      objects[i] = new Entry(cycle[i]);
    }
    for (int i = 0; i < entries; i++) {
      objects[i].link = objects[cycle[i]];
    }
    indices = new int[INDICES];
    for (int i = 0; i < INDICES; i++) {
      indices[i] = random.nextInt(entries);
    }
    objectAt = objects[0];
  }

  private int nextStretch() {
    int from = stretch;
    stretch = (stretch + READS) & (INDICES - 1);
    return from;
  }

  @Benchmark
  @OperationsPerInvocation(READS)
  public int intIndependent() {
    int from = nextStretch();
    int sum = 0;
    for (int i = from; i < from + READS; i++) {
      sum += ints[indices[i]];
    }
    return sum;
  }

  @Benchmark
  @OperationsPerInvocation(READS)
  public int intDependent() {
    int at = intAt;
    for (int i = 0; i < READS; i++) {
      at = ints[at];
    }
    intAt = at;
    return at;
  }

  @Benchmark
  @OperationsPerInvocation(READS)
  public long longIndependent() {
    int from = nextStretch();
    long sum = 0;
    for (int i = from; i < from + READS; i++) {
      sum += longs[indices[i]];
    }
    return sum;
  }

  @Benchmark
  @OperationsPerInvocation(READS)
  public long longDependent() {
    int at = longAt;
    for (int i = 0; i < READS; i++) {
      at = (int) longs[at];
    }
    longAt = at;
    return at;
  }

  /** A random object through the reference array: the array's slot, then the object. */
  @Benchmark
  @OperationsPerInvocation(READS)
  public int objectIndependent() {
    int from = nextStretch();
    int sum = 0;
    for (int i = from; i < from + READS; i++) {
      sum += objects[indices[i]].next;
    }
    return sum;
  }

  /** A random object reached from the previous one's reference: one object per read. */
  @Benchmark
  @OperationsPerInvocation(READS)
  public int objectDependent() {
    Entry at = objectAt;
    for (int i = 0; i < READS; i++) {
      at = at.link;
    }
    objectAt = at;
    return at.next;
  }
}
