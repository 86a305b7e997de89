package io.github.tidu4j.primitives.scalar;

/**
 * The scalar set's own sine and cosine, and both of one argument from one argument reduction.
 *
 * <p>Every result is within 1 ulp of the exact value (tested against a 60-digit reference on
 * random and adversarial arguments). {@link #sinCos} gives exactly what {@link #sin} and {@link
 * #cos} give, bit for bit, by construction: the three run the same reduction and the same
 * polynomials, and differ only in which of them they evaluate. That is what lets a compiled
 * program call one {@link #sinCos} for a {@code Sin} and a {@code Cos} of one value and still match
 * the evaluator that calls them apart. {@link Math#sin} cannot do this: HotSpot computes it with
 * intrinsics of its own, whose results are not {@link StrictMath}'s and differ from these in the
 * last bit for some arguments.
 *
 * <p>How: for {@code |x| ≤ π/4} the polynomials run on {@code x} itself. Up to {@code 1.5·2^20}
 * the argument is reduced by Cody and Waite's method: {@code n = rint(x·2/π)}, and {@code x −
 * n·π/2} with π/2 split into three 33-bit parts (whose products by {@code n < 2^20} are exact) and
 * a 53-bit fourth, about 150 bits in all, kept as a head and a tail whose sum it is (not
 * renormalised: the tail, the head's rounding errors less {@code n·P4}, is small enough against the
 * head that the polynomials' first-order terms in it suffice); then {@code sin} or {@code cos} of
 * the reduced argument, by quadrant {@code n mod 4}.
 * The polynomials are fdlibm's minimax ones on {@code [−π/4, π/4]} (sine odd of degree 13, cosine
 * even of degree 14), evaluated in Estrin's scheme (powers {@code x²}, {@code x⁴}, {@code x⁸} and
 * pairs of coefficients side by side rather than one long Horner chain: a compiled program's
 * sines sit on its critical path, so their latency is what counts) and written to take the tail
 * into account. Beyond {@code 1.5·2^20}, NaN and the infinities, the result is {@link
 * StrictMath}'s (fdlibm, with Payne–Hanek reduction), NaN for NaN and ±∞ as with {@link Math}.
 * Java's floating point is strict, so results are the same on every JVM.
 *
 * <p>For the JIT: {@link #sin}, {@link #cos} and {@link #sinCos} are small entries into one
 * private method holding the reduction and both polynomials, whose bytecode is larger than
 * HotSpot's {@code FreqInlineSize} (325 bytes, {@code TrigTest} checks it). HotSpot compiles that
 * method once and calls it, rather than copying it into every caller: a compiled program with
 * thousands of sines stays small, is compiled within a second or so of running, and its code fits
 * the instruction caches; once warm, the calls cost no more than the inlined copies did (a
 * compiled RandDAG gradient measured side by side both ways). A lone {@link #sin} or {@link #cos}
 * evaluates the one polynomial its quadrant needs; {@link #sinCos} evaluates both, side by side.
 *
 * <pre>{@code
 * double s = Trig.sin(0.5);
 * double[] sc = new double[2];
 * Trig.sinCos(0.5, sc, 0); // sc[0] == Trig.sin(0.5), sc[1] == Trig.cos(0.5)
 * }</pre>
 */
public final class Trig {

  /** Arguments below this in magnitude are reduced here; {@code n} stays below {@code 2^20}. */
  static final double MEDIUM = 0x1.8p20;

  /** π/4 rounded; at most this in magnitude needs no reduction. */
  private static final double QUARTER_PI = 0x1.921fb54442d18p-1;

  private static final double TWO_OVER_PI = 0x1.45f306dc9c883p-1;

  /** 1.5·2^52: adding and subtracting it rounds a double below 2^51 to an integer, ties to even. */
  private static final double ROUNDER = 0x1.8p52;

  /** π/2 = P1 + P2 + P3 + P4 + O(2^-152): three parts of 33 bits, then one of 53. */
  static final double P1 = 0x1.921fb544p0;
  static final double P2 = 0x1.0b4611a6p-34;
  static final double P3 = 0x1.3198a2ep-69;
  static final double P4 = 0x1.b839a252049c1p-104;

  // sin x ≈ x + S1·x³ + … + S6·x¹³ on [−π/4, π/4] (fdlibm's minimax coefficients)
  private static final double S1 = -0x1.5555555555549p-3;
  private static final double S2 = 0x1.111111110f8a6p-7;
  private static final double S3 = -0x1.a01a019c161d5p-13;
  private static final double S4 = 0x1.71de357b1fe7dp-19;
  private static final double S5 = -0x1.ae5e68a2b9cebp-26;
  private static final double S6 = 0x1.5d93a5acfd57cp-33;

  // cos x ≈ 1 − x²/2 + C1·x⁴ + … + C6·x¹⁴ on [−π/4, π/4]
  private static final double C1 = 0x1.555555555554cp-5;
  private static final double C2 = -0x1.6c16c16c15177p-10;
  private static final double C3 = 0x1.a01a019cb159p-16;
  private static final double C4 = -0x1.27e4f809c52adp-22;
  private static final double C5 = 0x1.1ee9ebdb4b1c4p-29;
  private static final double C6 = -0x1.8fae9be8838d4p-37;

  private Trig() {}

  /**
   * The sine of {@code x}, within 1 ulp; {@code sin(±0) = ±0}, NaN for NaN and ±∞.
   *
   * @param x an angle in radians
   * @return its sine
   */
  public static double sin(double x) {
    return evaluate(x, 0, null, 0);
  }

  /**
   * The cosine of {@code x}, within 1 ulp; NaN for NaN and ±∞.
   *
   * @param x an angle in radians
   * @return its cosine
   */
  public static double cos(double x) {
    return evaluate(x, 1, null, 0);
  }

  /**
   * Writes {@code sin(x)} to {@code out[at]} and {@code cos(x)} to {@code out[at + 1]}, exactly
   * what {@link #sin} and {@link #cos} return, from one argument reduction.
   *
   * @param x an angle in radians
   * @param out where the two results go
   * @param at the index of the sine; the cosine follows it
   * @throws ArrayIndexOutOfBoundsException if {@code out} has no room at {@code at} and {@code at +
   *     1}
   */
  public static void sinCos(double x, double[] out, int at) {
    evaluate(x, 0, out, at);
  }

  /**
   * {@code sin(x + turns·π/2)} for {@code turns} 0 (the sine) or 1 (the cosine); with {@code out}
   * not null, also writes {@code sin x} and {@code cos x} to {@code out[at]} and {@code out[at +
   * 1]} (then {@code turns} is 0). Everything is in this one method, on purpose: see the class
   * comment. The quarter turns add to the quadrant, an exact integer, so the cosine is the same
   * arithmetic as the sine.
   */
  private static double evaluate(double x, int turns, double[] out, int at) {
    double ax = Math.abs(x);
    double hi;
    double lo;
    int quadrant;
    if (ax <= QUARTER_PI) {
      hi = x;
      lo = 0.0;
      quadrant = turns;
    } else if (ax < MEDIUM) {
      // n = rint(x·2/π); x − n·(P1 + P2 + P3) with x − n·P1 exact (Sterbenz: x and n·P1 are within
      // a factor of 2) and exact products, its two subtractions' rounding errors recovered exactly
      // (Fast2Sum) into the tail, less n·P4
      double n = x * TWO_OVER_PI + ROUNDER - ROUNDER;
      double a = x - n * P1;
      double b = n * P2;
      double s = a - b;
      double c = n * P3;
      hi = s - c;
      lo = (((a - s) - b) + ((s - hi) - c)) - n * P4;
      quadrant = (int) n + turns;
    } else if (out == null) {
      return turns == 0 ? StrictMath.sin(x) : StrictMath.cos(x);
    } else {
      out[at] = StrictMath.sin(x);
      out[at + 1] = StrictMath.cos(x);
      return out[at];
    }
    // the sine polynomial for an even quadrant, the cosine's for an odd one, both for sinCos
    boolean both = out != null;
    boolean odd = (quadrant & 1) != 0;
    double z = hi * hi;
    double z2 = z * z;
    double z4 = z2 * z2;
    double hz = 0.5 * z;
    double sine = 0.0;
    double cosine = 0.0;
    if (both || !odd) {
      // sin(hi + lo) ≈ hi + S1·hi³ + hi⁵·r + lo·(1 − hi²/2), the small terms summed first: those
      // known early, then hi⁵·r, the last to be ready
      double r = ((S2 + z * S3) + z2 * (S4 + z * S5)) + z4 * S6;
      double early = (hz * lo - lo) - (z * hi) * S1;
      sine = hi - (early - (z2 * hi) * r);
    }
    if (both || odd) {
      // cos(hi + lo) ≈ 1 − hi²/2 + hi⁴·q − hi·lo: 1 − hi²/2 as w plus its rounding error (exact:
      // hz ≤ 0.31)
      double q = ((C1 + z * C2) + z2 * (C3 + z * C4)) + z4 * (C5 + z * C6);
      double w = 1.0 - hz;
      cosine = w + (z2 * q + (((1.0 - w) - hz) - hi * lo));
    }
    double sin;
    double cos;
    switch (quadrant & 3) {
      case 0:
        sin = sine;
        cos = cosine;
        break;
      case 1:
        sin = cosine;
        cos = -sine;
        break;
      case 2:
        sin = -sine;
        cos = -cosine;
        break;
      default:
        sin = -cosine;
        cos = sine;
        break;
    }
    if (out != null) {
      out[at] = sin;
      out[at + 1] = cos;
    }
    return sin;
  }
}
