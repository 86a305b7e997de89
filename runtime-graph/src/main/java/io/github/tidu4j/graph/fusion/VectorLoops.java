package io.github.tidu4j.graph.fusion;

import java.lang.invoke.MethodHandles;
import java.util.Optional;

/**
 * Whether generated fused loops may use the Vector API ({@code jdk.incubator.vector}), and with
 * how many {@code double} lanes per vector: {@link LoopGenerator} writes a region of cheap members
 * (kernels with a {@link KernelExpression}) as a loop over vectors of elements where this says it
 * may, and as its element loop otherwise. The values are the same bits either way. It says so only
 * for regions with a full sum ({@link #lanes(MethodHandles.Lookup, Region)}): C2 vectorises the
 * element loop of a region without one.
 *
 * <p>It may where the module is resolved (the JVM runs with {@code --add-modules
 * jdk.incubator.vector}), the module of the kernel set's lookup reads it (every class-path class
 * does; a named module reads it once it adds the edge, as the tensor set's {@code VectorMath}
 * does), the preferred vector shape holds {@value LaneSum#LANES} {@code double}s or more (AVX-512,
 * or SVE of 512 bits and up), and the system property {@value #PROPERTY} is not {@code off}. A loop
 * adds {@value LaneSum#LANES} elements per iteration, so that each vector lane is one lane of
 * {@link LaneSum}. {@link LoopGenerator} also writes loops of 2 and 4 lanes ({@code 8 / lanes}
 * vectors per iteration, tested against the element loop), but they are not chosen: on JDK 17
 * with 256-bit vectors (forced on an AVX-512 machine), cheap8's loop ran 2–3× faster than the
 * element loop from the caches and about 2× slower than it from memory (10^6 and 10^7 elements),
 * where the 512-bit loop runs within 0.85–1.05× of the element loop.
 *
 * <pre>{@code
 * int lanes = VectorLoops.lanes(lookup);   // 8 with AVX-512, else 0 (the element loops)
 * }</pre>
 */
final class VectorLoops {
  /** The system property switching the vector loops off: {@code auto} (default) or {@code off}. */
  static final String PROPERTY = "tidu4j.fusion.vectorLoops";

  static final String MODULE = "jdk.incubator.vector";

  /**
   * The system property setting the most bytes a region's arrays (external arrays and live-outs)
   * may hold for its vector loop to run: {@value #DEFAULT_MAX_BYTES} unless set.
   */
  static final String MAX_BYTES_PROPERTY = "tidu4j.fusion.vectorLoopMaxBytes";

  /**
   * 2²⁴ bytes (16 MiB), half this machine kind's L3 cache: with {@code VectorLoopSideBySide}
   * (bench/), cheap8's vector loops run 2.5–3× (forward) and 1.3–1.8× (gradient) faster than its
   * element loops with 10^3 to 5·10^5 elements per array (up to 12 MB of arrays), and 0.9–1.2×
   * from 10^6 elements (24 MB) on, where the arrays stream from memory and the outcome varies from
   * one JVM to the next. The vector loop gains there only on the part of the arrays still in the
   * shared L3 cache from the previous call (read after a 128 MB scan evicts them, it runs 0.8–1.05×
   * as fast as the element loop, {@code AlignmentSideBySide cold} in bench/), so the gain follows
   * what else uses that cache. The arrays' alignment is not what varies: G1 places an array of
   * half a heap region or more at a region's start, so element 0 sits 16 bytes into a 64-byte line
   * in every JVM.
   */
  static final long DEFAULT_MAX_BYTES = 1L << 24;

  // a malformed value is reported with the property's name (not read as the default)
  private static final long MAX_BYTES = FusionParallelism.vectorLoopMaxBytes();

  /** The lanes of vectors of the preferred shape, or 0 where the Vector API cannot be used. */
  private static final int PREFERRED = readPreferredShapeLanes();

  private VectorLoops() {}

  /**
   * The lanes of the vectors a loop defined with {@code lookup} uses: {@value LaneSum#LANES}, or 0
   * if it keeps the element loop.
   */
  static int lanes(MethodHandles.Lookup lookup) {
    return PREFERRED >= LaneSum.LANES && usable(lookup) ? LaneSum.LANES : 0;
  }

  /**
   * The lanes of the vectors {@code region}'s loop defined with {@code lookup} uses: {@link
   * #lanes(MethodHandles.Lookup)} for a region with a full sum, 0 for one without. A loop without
   * a sum carries nothing from one element to the next, so C2's SuperWord vectorises its element
   * loop itself (with a pre-loop that aligns its stores), and that loop runs at least as fast as
   * the Vector API loop; the rotating lane sums of a loop with a sum are what SuperWord does not
   * vectorise.
   */
  static int lanes(MethodHandles.Lookup lookup, Region region) {
    return region.sums().length > 0 ? lanes(lookup) : 0;
  }

  /**
   * Whether classes defined with {@code lookup} may call the Vector API: the module is resolved,
   * read by the lookup's module, and not switched off.
   */
  static boolean usable(MethodHandles.Lookup lookup) {
    Optional<Module> module = ModuleLayer.boot().findModule(MODULE);
    return PREFERRED > 0
        && module.isPresent()
        && lookup.lookupClass().getModule().canRead(module.get());
  }

  /** The lanes of {@code double} vectors of the preferred shape; 0 without the Vector API. */
  static int preferredShapeLanes() {
    return PREFERRED;
  }

  /**
   * The most elements per array for which a region with {@code arrays} external arrays and
   * live-outs runs its vector loop: {@link #MAX_BYTES_PROPERTY} over their 8 bytes per element.
   */
  static int maxElements(int arrays) {
    long bytesPerElement = Double.BYTES * (long) Math.max(1, arrays);
    return (int) Math.min(Integer.MAX_VALUE, MAX_BYTES / bytesPerElement);
  }

  /** The name of {@code DoubleVector}'s species field of {@code lanes} lanes. */
  static String speciesField(int lanes) {
    return "SPECIES_" + (Double.SIZE * lanes);
  }

  private static int readPreferredShapeLanes() {
    if (!FusionParallelism.vectorLoopsAllowed()) {
      return 0;
    }
    if (ModuleLayer.boot().findModule(MODULE).isEmpty()) {
      return 0;
    }
    try {
      Object species =
          Class.forName(MODULE + ".DoubleVector").getField("SPECIES_PREFERRED").get(null);
      return (Integer) Class.forName(MODULE + ".VectorSpecies").getMethod("length")
          .invoke(species);
    } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
      return 0; // the module is resolved but unusable here: the element loops compute the same
    }
  }
}
