package io.github.tidu4j.graph.fusion;

import java.lang.invoke.MethodHandles;
import java.util.Optional;

/**
 * Whether generated fused loops may use the Vector API ({@code jdk.incubator.vector}), and with
 * how many {@code double} lanes per vector: {@link LoopGenerator} writes a region of cheap members
 * (kernels with a {@link KernelExpression}) as a loop over vectors of elements where this says it
 * may, and as its element loop otherwise. The values are the same bits either way.
 *
 * <p>It may where the module is resolved (the JVM runs with {@code --add-modules
 * jdk.incubator.vector}), the module of the kernel set's lookup reads it (every class-path class
 * does; a named module reads it once it adds the edge, as the tensor set's {@code VectorMath}
 * does), the preferred vector shape holds at least two {@code double}s, and the system property
 * {@value #PROPERTY} is not {@code off}. The lanes are the preferred shape's, at most {@value
 * LaneSum#LANES}: a loop adds {@value LaneSum#LANES} elements per iteration, in {@code 8 / lanes}
 * vectors, so that each vector lane is one lane of {@link LaneSum}.
 *
 * <pre>{@code
 * int lanes = VectorLoops.lanes(lookup);   // 8 with AVX-512, 4 with AVX2, 0 without the module
 * }</pre>
 */
final class VectorLoops {
  /** The system property switching the vector loops off: {@code auto} (default) or {@code off}. */
  static final String PROPERTY = "tidu4j.fusion.vectorLoops";

  static final String MODULE = "jdk.incubator.vector";

  /** The preferred shape's lanes (at most eight), or 0 where the Vector API cannot be used. */
  private static final int PREFERRED = preferredLanes();

  private VectorLoops() {}

  /**
   * The lanes of the vectors a loop defined with {@code lookup} uses: 2, 4 or 8, or 0 if it keeps
   * the element loop.
   */
  static int lanes(MethodHandles.Lookup lookup) {
    if (PREFERRED == 0) {
      return 0;
    }
    Optional<Module> module = ModuleLayer.boot().findModule(MODULE);
    return module.isPresent() && lookup.lookupClass().getModule().canRead(module.get())
        ? PREFERRED
        : 0;
  }

  /** The name of {@code DoubleVector}'s species field of {@code lanes} lanes. */
  static String speciesField(int lanes) {
    return "SPECIES_" + (Double.SIZE * lanes);
  }

  private static int preferredLanes() {
    String mode = System.getProperty(PROPERTY, "auto");
    switch (mode) {
      case "off":
        return 0;
      case "auto":
        break;
      default:
        throw new IllegalArgumentException(
            "system property " + PROPERTY + " = '" + mode + "': expected 'auto' or 'off'");
    }
    if (ModuleLayer.boot().findModule(MODULE).isEmpty()) {
      return 0;
    }
    try {
      Object species =
          Class.forName(MODULE + ".DoubleVector").getField("SPECIES_PREFERRED").get(null);
      int length = (Integer) Class.forName(MODULE + ".VectorSpecies").getMethod("length")
          .invoke(species);
      return length >= LaneSum.LANES ? LaneSum.LANES : length >= 4 ? 4 : length >= 2 ? 2 : 0;
    } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
      return 0; // the module is resolved but unusable here: the element loops compute the same
    }
  }
}
