package io.github.tidu4j.bench.tensor;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * Whether where an array's elements sit within 64-byte cache lines changes the speed of the vector
 * loops of cheap regions: cheap8's forward written as the loop {@code LoopGenerator} emits for it
 * (eight-lane {@code DoubleVector} loads of x, a and b, the chain lanewise, one vector
 * accumulator), started at element offsets chosen per array so that its 64-byte loads begin at
 * chosen byte offsets within a line; and the same loop also storing one vector per eight elements
 * into a fourth array, at chosen offsets. Every vector loop covers the same whole vectors, {@code
 * n − 8} elements rounded down to a multiple of 8. The element loop ({@link HandLoops#blocks}
 * cheap8, which no alignment changes) and a {@code System.arraycopy} of 24 B per element run
 * beside them; all variants are timed in turn, round after round, in one JVM, each round starting
 * one variant later ({@link Alternation#roundsRotated}), and each row gives its median, its GB/s
 * at the 24 B per element cheap8 must read, and its share of the copy's rate. With {@code cold},
 * each n runs a second table in which a read of a 128 MB array evicts the caches (untimed) before
 * every call, so every variant streams its arrays from memory.
 *
 * <p>The byte offset of element 0 within its line is read with {@code sun.misc.Unsafe} (here only,
 * to label the rows). With G1, an array of at least half a heap region (1 MiB with a 4 GB heap:
 * 131,072 doubles) is a humongous object starting at a region boundary, so its element 0 sits at
 * byte 16 of a line in every JVM; smaller arrays sit wherever allocation leaves them.
 *
 * <pre>
 * java --add-modules jdk.incubator.vector -Xms4g -Xmx4g -XX:+AlwaysPreTouch \
 *     -cp bench/target/benchmarks.jar io.github.tidu4j.bench.tensor.AlignmentSideBySide \
 *     [rounds] [n,n,…] [cold]
 * </pre>
 */
public final class AlignmentSideBySide {
  private AlignmentSideBySide() {}

  private static final VectorSpecies<Double> SPECIES = DoubleVector.SPECIES_512;
  private static final int LINE = 64;

  // results go here so that the JIT keeps every loop
  private static volatile double sink;

  public static void main(String[] args) throws ReflectiveOperationException {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 201;
    String sizes = args.length > 1 ? args[1] : "1000000";
    boolean cold = args.length > 2 && args[2].equals("cold");
    Addresses addresses = new Addresses();
    System.out.printf("rounds %d, load %s%n", rounds, Alternation.load());
    Runnable evicting = cold ? Alternation.cacheEvictor() : () -> {};
    for (String size : sizes.split(",")) {
      int n = Integer.parseInt(size);
      run(n, rounds, addresses, () -> {}, "caches as the previous call left them");
      if (cold) {
        run(n, Math.max(21, rounds / 4), addresses, evicting, "caches evicted before each call");
      }
    }
  }

  private static void run(
      int n, int rounds, Addresses addresses, Runnable before, String caches) {
    SplittableRandom random = new SplittableRandom(42);
    double[] x = new double[n];
    double[] a = new double[n];
    double[] b = new double[n];
    double[] out = new double[n];
    for (int i = 0; i < n; i++) {
      x[i] = random.nextDouble();
      a[i] = 0.5;
      b[i] = 0.1;
    }
    double[] src = new double[n + n / 2];
    double[] dst = new double[n + n / 2];
    int count = (n - SPECIES.length()) & -SPECIES.length();
    List<String> names = new ArrayList<>();
    List<Runnable> variants = new ArrayList<>();
    int[][] reads = {
      {0, 0, 0}, {1, 1, 1}, {2, 2, 2}, {3, 3, 3}, {4, 4, 4}, {5, 5, 5}, {6, 6, 6}, {7, 7, 7},
      {6, 0, 0}, {0, 6, 0}, {0, 0, 6}, {1, 3, 5}
    };
    for (int[] o : reads) {
      names.add(String.format("read   x+%d a+%d b+%d: lines at byte %2d %2d %2d", o[0], o[1], o[2],
          addresses.lineOffset(x, o[0]), addresses.lineOffset(a, o[1]),
          addresses.lineOffset(b, o[2])));
      variants.add(() -> sink = forward(x, o[0], a, o[1], b, o[2], count));
    }
    int[][] stores = {{0, 0}, {0, 2}, {0, 4}, {0, 6}, {6, 6}, {6, 0}};
    for (int[] o : stores) {
      names.add(String.format("store  in+%d out+%d: lines at byte %2d, out %2d", o[0], o[1],
          addresses.lineOffset(x, o[0]), addresses.lineOffset(out, o[1])));
      variants.add(() -> sink = forwardStoring(x, a, b, o[0], out, o[1], count));
    }
    HandLoops.Limit element = HandLoops.blocks("cheap8", 256);
    names.add("element loop (HandLoops cheap8, n elements)");
    variants.add(() -> sink = element.forward(x, a, b));
    names.add("copy 24 B/elem (System.arraycopy)");
    variants.add(() -> System.arraycopy(src, 0, dst, 0, src.length));
    Alternation.Rounds r =
        Alternation.roundsRotated(
            2_000_000_000L, rounds, before, variants.toArray(new Runnable[0]));
    int copy = variants.size() - 1;
    System.out.printf("n %d, %s, %d rounds (load %s)%n", n, caches, rounds, Alternation.load());
    for (int k = 0; k < variants.size(); k++) {
      double elements = k >= copy - 1 ? n : count;
      System.out.printf("  %-50s %.3f ns/elem  %5.1f GB/s  %4.0f%% of copy%n", names.get(k),
          r.median(k) / elements, 24.0 * elements / r.median(k),
          100.0 * (r.median(copy) / (double) n) / (r.median(k) / elements));
    }
  }


  /** cheap8's forward sum over {@code count} elements from the given offsets, eight per load. */
  static double forward(
      double[] x, int ox, double[] a, int oa, double[] b, int ob, int count) {
    DoubleVector sum = DoubleVector.zero(SPECIES);
    for (int i = 0; i < count; i += SPECIES.length()) {
      sum = sum.add(cheap8(DoubleVector.fromArray(SPECIES, x, ox + i),
          DoubleVector.fromArray(SPECIES, a, oa + i), DoubleVector.fromArray(SPECIES, b, ob + i)));
    }
    return sum.reduceLanes(VectorOperators.ADD);
  }

  /** {@link #forward} with x, a, b at offset {@code in}, also storing y·a into {@code out}. */
  private static double forwardStoring(
      double[] x, double[] a, double[] b, int in, double[] out, int oOut, int count) {
    DoubleVector sum = DoubleVector.zero(SPECIES);
    for (int i = 0; i < count; i += SPECIES.length()) {
      DoubleVector av = DoubleVector.fromArray(SPECIES, a, in + i);
      DoubleVector y =
          cheap8(DoubleVector.fromArray(SPECIES, x, in + i), av,
              DoubleVector.fromArray(SPECIES, b, in + i));
      y.mul(av).intoArray(out, oOut + i);
      sum = sum.add(y);
    }
    return sum.reduceLanes(VectorOperators.ADD);
  }

  /** −(−(x·a + b)·a + b)·a + b, lanewise, in the compiled program's order. */
  static DoubleVector cheap8(DoubleVector x, DoubleVector a, DoubleVector b) {
    return x.mul(a).add(b).neg().mul(a).add(b).neg().mul(a).add(b);
  }

  /**
   * Reads array addresses with {@code sun.misc.Unsafe}: an object reference read from an {@code
   * Object[]}, widened by the compressed-reference shift, which it measures on two arrays allocated
   * one after the other.
   */
  private static final class Addresses {
    private final sun.misc.Unsafe unsafe;
    private final long referenceBase;
    private final int shift;

    Addresses() throws ReflectiveOperationException {
      Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
      f.setAccessible(true);
      unsafe = (sun.misc.Unsafe) f.get(null);
      referenceBase = unsafe.arrayBaseOffset(Object[].class);
      if (unsafe.arrayIndexScale(Object[].class) == 8) {
        shift = 0;
      } else {
        shift = measureShift();
      }
    }

    /**
     * The compressed-reference shift: two small arrays allocated in a row lie one array's size
     * apart (a new allocation buffer between them can break that, so it tries a few times).
     */
    private int measureShift() {
      long size = unsafe.arrayBaseOffset(double[].class) + 8L * 6;
      for (int attempt = 0; attempt < 4; attempt++) {
        double[] first = new double[6];
        double[] second = new double[6];
        long step = reference(second) - reference(first);
        int candidate = Long.numberOfTrailingZeros(size) - Long.numberOfTrailingZeros(step);
        if (step > 0 && candidate >= 0 && step << candidate == size) {
          return candidate;
        }
      }
      throw new IllegalStateException(
          "the compressed-reference shift: no two " + size + " B arrays allocated in a row lay"
              + " next to each other");
    }

    /** The byte offset, within its 64-byte line, of element {@code index} of {@code array}. */
    int lineOffset(double[] array, int index) {
      long address =
          (reference(array) << shift) + unsafe.arrayBaseOffset(double[].class) + 8L * index;
      return (int) Math.floorMod(address, (long) LINE);
    }

    private long reference(Object o) {
      Object[] holder = {o};
      return unsafe.arrayIndexScale(Object[].class) == 8
          ? unsafe.getLong(holder, referenceBase)
          : unsafe.getInt(holder, referenceBase) & 0xffffffffL;
    }
  }
}
