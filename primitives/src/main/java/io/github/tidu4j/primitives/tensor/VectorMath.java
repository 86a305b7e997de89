package io.github.tidu4j.primitives.tensor;

import io.github.tidu4j.graph.SystemProperties;
import io.github.tidu4j.primitives.scalar.Hyperbolic;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * Transcendental functions over blocks of f64 elements, for fused loops: each function reads
 * {@code n} consecutive elements of {@code x} from {@code xOff} and writes their images to {@code
 * n} consecutive elements of {@code y} from {@code yOff}. {@code x} and {@code y} may be the same
 * array at the same offset (in place); other overlaps are not supported.
 *
 * <pre>{@code
 * double[] x = {0.0, 1.0, 2.0};
 * double[] y = new double[3];
 * VectorMath.exp(x, 0, y, 0, 3);   // y ≈ [1, e, e²], each within 1 ulp
 * VectorMath.tanh(y, 0, y, 0, 3);  // in place
 * }</pre>
 *
 * <p><b>Implementations.</b> Where the {@code jdk.incubator.vector} module is resolved (the JVM
 * runs with {@code --add-modules jdk.incubator.vector}) on x86_64, whole vectors of the preferred
 * width go through the Vector API's lanewise {@code EXP}, {@code LOG}, {@code SIN}, {@code COS} and
 * {@code TANH}, which HotSpot compiles to its vector math library (SVML), and the last {@code n mod
 * lanes} elements through {@link Math}; the JVM prints a warning that an incubating module is in
 * use. Everywhere else each element goes through {@link Math}, bit for bit what the unfused {@link
 * Elementwise} kernels compute. {@link #implementation()} names the one in use; the system property
 * {@code tidu4j.vectormath=math} forces the {@link Math} loops ({@code auto}, the default, chooses
 * as above). The vectorised functions run several times faster than the {@link Math} loops;
 * {@code VectorMathBenchmark} in bench/ measures both, and also a branch-free polynomial exp loop,
 * the alternative that needs no incubating module: C2's SuperWord (JDK 17 and 25) does not
 * vectorise the double↔long reinterpretation that builds the scale 2^k, so that loop runs scalar
 * and is slower than {@link Math#exp}.
 *
 * <p><b>Accuracy</b>, for every argument, in both implementations (the tests check it against a
 * 60-digit reference on random and edge arguments over every binade the functions are defined on,
 * sin and cos up to |x| = {@link Double#MAX_VALUE}):
 *
 * <ul>
 *   <li>{@code exp}, {@code log}, {@code sin}, {@code cos}: within 1 ulp of the exact result;
 *   <li>{@code tanh}: within 2.5 ulp of the exact result ({@link Math#tanh}'s own bound);
 *   <li>{@code sech}: within 3 ulp, computed from {@code exp} (1.74 ulp measured with the {@link
 *       Math} loops).
 * </ul>
 *
 * <p>Worst errors measured on 20,000 arguments each (JDK 17 and 25, x86_64): vectorised 0.72 ulp
 * (exp, in the subnormal results), 0.59 (log), 0.51 (sin, cos), 0.63 (tanh); the {@link Math}
 * loops 0.51 for exp, log, sin and cos, and for tanh 2.06 on JDK 17 and 0.50 on JDK 25.
 *
 * <p><b>Special values</b> are those of {@link Math}: NaN maps to NaN; {@code exp(+∞) = +∞},
 * {@code exp(−∞) = +0}, {@code exp} overflows to {@code +∞} above 709.782712893384 and underflows
 * through the subnormals to {@code +0} below −745.1332191019411; {@code log(±0) = −∞}, {@code
 * log(x < 0) = NaN}, {@code log(+∞) = +∞}, subnormal arguments within the same bound; {@code
 * sin(±0) = ±0}, {@code sin(±∞) = cos(±∞) = NaN}; {@code tanh(±0) = ±0}, {@code tanh(±∞) = ±1}.
 * Within the bound, results may differ from {@link Math}'s in the last bit, so a fused loop
 * calling these is not bit-identical to the unfused kernels.
 *
 * <p><b>Reproducibility.</b> The {@link Math} loops give the same bits on every call. The
 * vectorised functions do not while the JIT warms up: the Vector API computes its lanewise
 * functions one way until C2 has compiled the calling code (to SVML) and another way after, each
 * within the bounds above, so the first calls of a process may give other last bits than its later
 * calls, and than the first calls of another process. {@code -Dtidu4j.vectormath=math} gives
 * reproducible bits.
 */
public final class VectorMath {

  /** The system property choosing the implementation: {@code auto} (default) or {@code math}. */
  public static final String IMPLEMENTATION_PROPERTY = "tidu4j.vectormath";

  private static final String INCUBATOR_MODULE = "jdk.incubator.vector";

  /**
   * The implementation, chosen when a kernel is first called rather than when this class is
   * initialised, so that reading {@link #implementationProperty()} chooses nothing.
   */
  private static final class Chosen {
    static final BlockKernels KERNELS = choose();
  }

  private VectorMath() {}

  /** {@code y[yOff + i] = exp(x[xOff + i])} for {@code 0 ≤ i < n}. */
  public static void exp(double[] x, int xOff, double[] y, int yOff, int n) {
    checkBlock("exp", x, xOff, y, yOff, n);
    Chosen.KERNELS.exp(x, xOff, y, yOff, n);
  }

  /** {@code y[yOff + i] = log(x[xOff + i])} (natural logarithm) for {@code 0 ≤ i < n}. */
  public static void log(double[] x, int xOff, double[] y, int yOff, int n) {
    checkBlock("log", x, xOff, y, yOff, n);
    Chosen.KERNELS.log(x, xOff, y, yOff, n);
  }

  /** {@code y[yOff + i] = sin(x[xOff + i])} for {@code 0 ≤ i < n}. */
  public static void sin(double[] x, int xOff, double[] y, int yOff, int n) {
    checkBlock("sin", x, xOff, y, yOff, n);
    Chosen.KERNELS.sin(x, xOff, y, yOff, n);
  }

  /** {@code y[yOff + i] = cos(x[xOff + i])} for {@code 0 ≤ i < n}. */
  public static void cos(double[] x, int xOff, double[] y, int yOff, int n) {
    checkBlock("cos", x, xOff, y, yOff, n);
    Chosen.KERNELS.cos(x, xOff, y, yOff, n);
  }

  /** {@code y[yOff + i] = tanh(x[xOff + i])} for {@code 0 ≤ i < n}. */
  public static void tanh(double[] x, int xOff, double[] y, int yOff, int n) {
    checkBlock("tanh", x, xOff, y, yOff, n);
    Chosen.KERNELS.tanh(x, xOff, y, yOff, n);
  }

  /**
   * {@code y[yOff + i] = sech(x[xOff + i])} for {@code 0 ≤ i < n}, as {@link Hyperbolic#sech}
   * computes it ({@link Hyperbolic#sechOfExp} of {@code e^{−|x|}}) with this class's {@link #exp}:
   * bit for bit {@code Hyperbolic.sech} with the {@link Math} loops, within a few ulps of it
   * vectorised.
   */
  public static void sech(double[] x, int xOff, double[] y, int yOff, int n) {
    checkBlock("sech", x, xOff, y, yOff, n);
    for (int i = 0; i < n; i++) {
      y[yOff + i] = -Math.abs(x[xOff + i]);
    }
    Chosen.KERNELS.exp(y, yOff, y, yOff, n);
    for (int i = 0; i < n; i++) {
      y[yOff + i] = Hyperbolic.sechOfExp(y[yOff + i]);
    }
  }

  /**
   * The implementation in use: {@code "Math"}, or {@code "jdk.incubator.vector N-bit"} with the
   * vector width.
   */
  public static String implementation() {
    return Chosen.KERNELS.description();
  }

  /** Whether the vectorised implementation is in use. */
  public static boolean isVectorised() {
    return Chosen.KERNELS != MathBlockKernels.INSTANCE;
  }

  private static void checkBlock(
      String function, double[] x, int xOff, double[] y, int yOff, int n) {
    Objects.requireNonNull(x, () -> "VectorMath." + function + ": x is null");
    Objects.requireNonNull(y, () -> "VectorMath." + function + ": y is null");
    if (n < 0 || xOff < 0 || yOff < 0 || xOff > x.length - n || yOff > y.length - n) {
      throw new IndexOutOfBoundsException(
          String.format(
              Locale.ROOT,
              "VectorMath.%s: block of n = %d elements at x[%d] (length %d) and y[%d] (length %d)"
                  + " is out of bounds",
              function, n, xOff, x.length, yOff, y.length));
    }
  }

  private static BlockKernels choose() {
    return implementationProperty().equals("math")
        ? MathBlockKernels.INSTANCE
        : vectorKernelsIfAvailable();
  }

  /**
   * The value of {@value #IMPLEMENTATION_PROPERTY}, {@code "auto"} if unset, read without choosing
   * the implementation. {@code TensorAutodiff} asks for it when it is initialised, so that a bad
   * value fails there, naming the property, rather than inside a fused loop once a program is
   * hot.
   *
   * @throws IllegalArgumentException naming the property if it is neither {@code auto} nor {@code
   *     math}
   */
  public static String implementationProperty() {
    return SystemProperties.choice(IMPLEMENTATION_PROPERTY, "auto", "math");
  }

  /**
   * The incubator implementation where its module is in the boot layer and the JVM runs on
   * x86_64, whose HotSpot ports compile the lanewise transcendental operations to SVML; elsewhere
   * those operations may run lane by lane in Java, slower than {@link Math}, so the {@link Math}
   * loops are used.
   */
  private static BlockKernels vectorKernelsIfAvailable() {
    String arch = System.getProperty("os.arch", "");
    boolean x86 = arch.equals("amd64") || arch.equals("x86_64");
    Optional<Module> incubator = ModuleLayer.boot().findModule(INCUBATOR_MODULE);
    if (!x86 || incubator.isEmpty()) {
      return MathBlockKernels.INSTANCE;
    }
    // module-info does not require the incubator module (a requirement would make javac warn in
    // every user module requiring this one): a named io.github.tidu4j.primitives reads it from
    // here on; in the unnamed module of a class path this is a no-op.
    VectorMath.class.getModule().addReads(incubator.get());
    try {
      return (BlockKernels)
          Class.forName(VectorMath.class.getPackageName() + ".IncubatorBlockKernels")
              .getDeclaredConstructor()
              .newInstance();
    } catch (ReflectiveOperationException | LinkageError e) {
      // The module is resolved but the class cannot be loaded (e.g. a jar built without it):
      // the Math loops compute the same functions within the same bounds.
      return MathBlockKernels.INSTANCE;
    }
  }
}
