package io.github.tidu4j.bench.tensor;

import io.github.tidu4j.graph.fusion.BlockedSum;
import io.github.tidu4j.graph.fusion.LaneSum;
import io.github.tidu4j.primitives.TensorFusion;
import io.github.tidu4j.primitives.scalar.Hyperbolic;
import io.github.tidu4j.primitives.tensor.VectorMath;
import java.util.Arrays;
import java.util.List;

/**
 * The hand-written limits of {@link ElementwiseBenchmark}'s fused programs: for each function
 * ({@code sumExp}, {@code chain8}, {@code cheap8}), its forward (y) and gradient (y and dy/dx in a
 * fresh array, as the compiled gradient program returns them) written directly over arrays, in two
 * flavours.
 *
 * <ul>
 *   <li>{@link #exact}: {@link Math} calls per element, y added in {@link BlockedSum}'s order
 *       (index order within blocks of 2¹⁴ elements, block sums in block order): the limit of
 *       {@link TensorFusion#fuseExact}, whose values it equals bit for bit. sumExp and cheap8 run
 *       one loop; chain8 runs chunks of 256 elements with one loop per {@link Math}
 *       function, as {@code fuseExact} gives each transcendental operation its own region (a
 *       loop body of several calls, {@code Math.tanh} not intrinsic among them, runs slower).
 *   <li>{@link #blocks}: y added in {@link LaneSum}'s order, the limit of {@link
 *       TensorFusion#fuse}, whose values it equals bit for bit (the same block kernels in the same
 *       order, the same lanes). sumExp and chain8 run chunks of {@code blockSize} elements, each
 *       computed into scratch arrays, their transcendental functions through {@link VectorMath},
 *       the summands added by {@link LaneSum#add}; cheap8, with no transcendental function, adds
 *       each element to its lane where it computes it, eight per iteration.
 * </ul>
 *
 * <p>Each loop computes every element with the operations of the compiled program, in its order
 * and association ({@code Mul(a, x)} for sumExp's a·x, the gradient's {@code a·(e·ct)}, chain8's
 * transposed chain), so the equality is exact, not a tolerance; {@code HandLoopsTest} checks it.
 *
 * <pre>{@code
 * HandLoops.Limit limit = HandLoops.blocks("sumExp", 256);
 * double y = limit.forward(x, a, b);
 * HandLoops.Gradient g = limit.gradient(x, a, b, 1.0);   // g.y() == y, g.dx() fresh
 * }</pre>
 */
public final class HandLoops {
  private HandLoops() {}

  /** The function names {@link ElementwiseBenchmark} measures. */
  public static final List<String> FUNCTIONS = List.of("sumExp", "chain8", "cheap8");

  /** A gradient's results: y and dy/dx. */
  public record Gradient(double y, double[] dx) {}

  /** One function's forward and gradient, written by hand over its input arrays. */
  public interface Limit {
    /** y for inputs x, a, b of one length. */
    double forward(double[] x, double[] a, double[] b);

    /** y, with dy/dx (for the cotangent {@code ct} of y) written into {@code dx}. */
    double gradientInto(double[] x, double[] a, double[] b, double ct, double[] dx);

    /** y and dy/dx in a fresh array, as the compiled gradient program returns them. */
    default Gradient gradient(double[] x, double[] a, double[] b, double ct) {
      double[] dx = new double[x.length];
      return new Gradient(gradientInto(x, a, b, ct, dx), dx);
    }
  }

  /** The per-element {@link Math} limit of {@code function} (the limit of {@code fuseExact}). */
  public static Limit exact(String function) {
    return switch (function) {
      case "sumExp" -> new SumExpExact();
      case "chain8" -> new Chain8Blocks(CHUNK, MATH, false);
      case "cheap8" -> new Cheap8Exact();
      default -> throw new IllegalArgumentException("no hand-written loop for " + function);
    };
  }

  /**
   * The {@link VectorMath} block limit of {@code function}, in chunks of {@code blockSize}
   * elements (the limit of {@code fuse} with that block size).
   */
  public static Limit blocks(String function, int blockSize) {
    if (blockSize < 1) {
      throw new IllegalArgumentException("block size " + blockSize + " is not positive");
    }
    return switch (function) {
      case "sumExp" -> new SumExpBlocks(blockSize);
      case "chain8" -> new Chain8Blocks(blockSize, VECTOR, true);
      case "cheap8" -> new Cheap8Lanes();
      default -> throw new IllegalArgumentException("no hand-written loop for " + function);
    };
  }

  /** The end of the {@link BlockedSum#BLOCK}-element block starting at {@code start}. */
  private static int blockEnd(int start, int n) {
    return n - start > BlockedSum.BLOCK ? start + BlockedSum.BLOCK : n;
  }

  /** y = Σ exp(a·x); dy/dx = a·(exp(a·x)·ct). */
  private static final class SumExpExact implements Limit {
    @Override
    public double forward(double[] x, double[] a, double[] b) {
      int n = x.length;
      double y = 0.0;
      for (int start = 0; start < n; start += BlockedSum.BLOCK) {
        int end = blockEnd(start, n);
        double sum = -0.0;
        for (int i = start; i < end; i++) {
          sum += Math.exp(a[i] * x[i]);
        }
        y += sum;
      }
      return y;
    }

    @Override
    public double gradientInto(double[] x, double[] a, double[] b, double ct, double[] dx) {
      int n = x.length;
      double y = 0.0;
      for (int start = 0; start < n; start += BlockedSum.BLOCK) {
        int end = blockEnd(start, n);
        double sum = -0.0;
        for (int i = start; i < end; i++) {
          double ai = a[i];
          double e = Math.exp(ai * x[i]);
          sum += e;
          dx[i] = ai * (e * ct);
        }
        y += sum;
      }
      return y;
    }
  }

  /**
   * chain8's dy/dx from E = exp(x·a + b), cos E, −sin S and T, in the transposed program's order:
   * g₂ = −(ct·a); (E·(cos E·(−sin S·(g₂ + T·T·(−g₂)))))·a.
   */
  private static double chain8Dx(
      double a, double ct, double e, double cosE, double negSinS, double sech) {
    double g2 = -(ct * a);
    return (e * (cosE * (negSinS * (sech * sech * g2)))) * a;
  }

  /** y = Σ −(−(x·a + b)·a + b)·a + b; dy/dx = −(−(ct·a)·a)·a. */
  private static final class Cheap8Exact implements Limit {
    @Override
    public double forward(double[] x, double[] a, double[] b) {
      int n = x.length;
      double y = 0.0;
      for (int start = 0; start < n; start += BlockedSum.BLOCK) {
        int end = blockEnd(start, n);
        double sum = -0.0;
        for (int i = start; i < end; i++) {
          sum += cheap8(x[i], a[i], b[i]);
        }
        y += sum;
      }
      return y;
    }

    @Override
    public double gradientInto(double[] x, double[] a, double[] b, double ct, double[] dx) {
      int n = x.length;
      double y = 0.0;
      for (int start = 0; start < n; start += BlockedSum.BLOCK) {
        int end = blockEnd(start, n);
        double sum = -0.0;
        for (int i = start; i < end; i++) {
          double ai = a[i];
          sum += cheap8(x[i], ai, b[i]);
          dx[i] = cheap8Dx(ai, ct);
        }
        y += sum;
      }
      return y;
    }
  }

  private static double cheap8(double x, double a, double b) {
    return -(-(x * a + b) * a + b) * a + b;
  }

  private static double cheap8Dx(double a, double ct) {
    return -(-(ct * a) * a) * a;
  }

  /** The elements per chunk of the {@link Math} loops that run in phases ({@code chain8}'s). */
  static final int CHUNK = 256;

  /** Maps a chunk's first {@code n} elements of {@code x} into {@code y} (may be the same). */
  private interface Kernels {
    void exp(double[] x, double[] y, int n);

    void sin(double[] x, double[] y, int n);

    void cos(double[] x, double[] y, int n);

    void tanh(double[] x, double[] y, int n);

    void sech(double[] x, double[] y, int n);
  }

  /** {@link VectorMath}'s kernels, as {@code fuse}'s block kernels call them. */
  private static final Kernels VECTOR =
      new Kernels() {
        @Override
        public void exp(double[] x, double[] y, int n) {
          VectorMath.exp(x, 0, y, 0, n);
        }

        @Override
        public void sin(double[] x, double[] y, int n) {
          VectorMath.sin(x, 0, y, 0, n);
        }

        @Override
        public void cos(double[] x, double[] y, int n) {
          VectorMath.cos(x, 0, y, 0, n);
        }

        @Override
        public void tanh(double[] x, double[] y, int n) {
          VectorMath.tanh(x, 0, y, 0, n);
        }

        @Override
        public void sech(double[] x, double[] y, int n) {
          VectorMath.sech(x, 0, y, 0, n);
        }
      };

  /**
   * A loop of {@link Math} calls per kernel: the per-element kernels of the unfused evaluator and
   * of {@code fuseExact}, each function in its own loop (a loop body of one call), as {@code
   * fuseExact} gives each transcendental operation its own region.
   */
  private static final Kernels MATH =
      new Kernels() {
        @Override
        public void exp(double[] x, double[] y, int n) {
          for (int j = 0; j < n; j++) {
            y[j] = Math.exp(x[j]);
          }
        }

        @Override
        public void sin(double[] x, double[] y, int n) {
          for (int j = 0; j < n; j++) {
            y[j] = Math.sin(x[j]);
          }
        }

        @Override
        public void cos(double[] x, double[] y, int n) {
          for (int j = 0; j < n; j++) {
            y[j] = Math.cos(x[j]);
          }
        }

        @Override
        public void tanh(double[] x, double[] y, int n) {
          for (int j = 0; j < n; j++) {
            y[j] = Math.tanh(x[j]);
          }
        }

        @Override
        public void sech(double[] x, double[] y, int n) {
          for (int j = 0; j < n; j++) {
            y[j] = Hyperbolic.sech(x[j]);
          }
        }
      };

  /**
   * chain8 in chunks: x·a + b into E's scratch, then exp, sin, cos and tanh by {@code kernels}
   * from one scratch to the next (and, for the gradient, cos E and sin S), then one loop for the
   * summands (into cos S's scratch, no longer needed) and dy/dx. With {@link #VECTOR} and lane
   * sums, {@code fuse}'s values; with {@link #MATH} and index-order sums, {@code fuseExact}'s.
   * dy/dx as the transposed program computes it: with g = −(ct·a), dx = (E·(cos E·(−sin S·(sech²
   * C·g))))·a for E = exp(x·a + b), S = sin E, C = cos S, T = tanh C. The chunks run in blocks
   * of {@link BlockedSum#BLOCK} elements, whose sums add in block order.
   */
  private static final class Chain8Blocks implements Limit {
    private final int blockSize;
    private final Kernels kernels;
    private final boolean lanes;

    Chain8Blocks(int blockSize, Kernels kernels, boolean lanes) {
      this.blockSize = blockSize;
      this.kernels = kernels;
      this.lanes = lanes;
    }

    private double run(double[] x, double[] a, double[] b, double ct, double[] dx) {
      int n = x.length;
      // E, sin E, cos S and T; for the gradient also cos E, sin S and sech(cos S)
      double[][] s = new double[dx == null ? 4 : 7][];
      for (int k = 0; k < s.length; k++) {
        s[k] = new double[Math.min(blockSize, n)]; // one array at a time: no multianewarray call
      }
      double[] laneSums = LaneSum.newLanes(1);
      double y = 0.0;
      for (int from = 0; from < n; from += BlockedSum.BLOCK) {
        int to = blockEnd(from, n);
        Arrays.fill(laneSums, -0.0);
        double sum = -0.0;
        for (int start = from; start < to; start += blockSize) {
          int length = Math.min(blockSize, to - start);
          double[] summands = chunk(x, a, b, ct, dx, s, start, length);
          if (lanes) {
            LaneSum.add(laneSums, 0, summands, 0, length, start - from);
          } else {
            for (int j = 0; j < length; j++) {
              sum += summands[j];
            }
          }
        }
        y += lanes ? LaneSum.total(laneSums, 0) : sum;
      }
      return y;
    }

    @Override
    public double forward(double[] x, double[] a, double[] b) {
      return run(x, a, b, 0.0, null);
    }

    @Override
    public double gradientInto(
        double[] x, double[] a, double[] b, double ct, double[] dx) {
      return run(x, a, b, ct, dx);
    }

    /**
     * Computes elements {@code start} … {@code start + length − 1} into {@code s}, writes their
     * dy/dx into {@code dx} unless it is null, and returns the array holding the summands.
     */
    private double[] chunk(
        double[] x, double[] a, double[] b, double ct, double[] dx, double[][] s, int start,
        int length) {
      double[] e = s[0];
      double[] sinE = s[1];
      double[] c = s[2];
      double[] t = s[3];
      for (int j = 0; j < length; j++) {
        e[j] = x[start + j] * a[start + j] + b[start + j];
      }
      kernels.exp(e, e, length);
      kernels.sin(e, sinE, length);
      kernels.cos(sinE, c, length);
      kernels.tanh(c, t, length);
      if (dx == null) {
        for (int j = 0; j < length; j++) {
          c[j] = -t[j] * a[start + j];
        }
        return c;
      }
      double[] cosE = s[4];
      double[] sinS = s[5];
      double[] sech = s[6];
      kernels.cos(e, cosE, length);
      kernels.sin(sinE, sinS, length);
      kernels.sech(c, sech, length);
      for (int j = 0; j < length; j++) {
        double aj = a[start + j];
        c[j] = -t[j] * aj;
        dx[start + j] = chain8Dx(aj, ct, e[j], cosE[j], -sinS[j], sech[j]);
      }
      return c;
    }
  }

  /**
   * sumExp in chunks: a·x into the scratch, {@link VectorMath#exp} in place, the chunk added to
   * the lanes by {@link LaneSum#add} (and, for the gradient, dy/dx written from the scratch). The
   * forward and the gradient are loops of their own, as the fused programs' are: one method
   * serving both would give the JIT one profile of both.
   */
  private static final class SumExpBlocks implements Limit {
    private final int blockSize;

    SumExpBlocks(int blockSize) {
      this.blockSize = blockSize;
    }

    @Override
    public double forward(double[] x, double[] a, double[] b) {
      int n = x.length;
      double[] e = new double[Math.min(blockSize, n)];
      double[] lanes = LaneSum.newLanes(1);
      double y = 0.0;
      for (int from = 0; from < n; from += BlockedSum.BLOCK) {
        int to = blockEnd(from, n);
        Arrays.fill(lanes, -0.0);
        for (int start = from; start < to; start += blockSize) {
          int length = Math.min(blockSize, to - start);
          for (int j = 0; j < length; j++) {
            e[j] = a[start + j] * x[start + j];
          }
          VectorMath.exp(e, 0, e, 0, length);
          LaneSum.add(lanes, 0, e, 0, length, start - from);
        }
        y += LaneSum.total(lanes, 0);
      }
      return y;
    }

    @Override
    public double gradientInto(double[] x, double[] a, double[] b, double ct, double[] dx) {
      int n = x.length;
      double[] e = new double[Math.min(blockSize, n)];
      double[] lanes = LaneSum.newLanes(1);
      double y = 0.0;
      for (int from = 0; from < n; from += BlockedSum.BLOCK) {
        int to = blockEnd(from, n);
        Arrays.fill(lanes, -0.0);
        for (int start = from; start < to; start += blockSize) {
          int length = Math.min(blockSize, to - start);
          for (int j = 0; j < length; j++) {
            e[j] = a[start + j] * x[start + j];
          }
          VectorMath.exp(e, 0, e, 0, length);
          for (int j = 0; j < length; j++) {
            dx[start + j] = a[start + j] * (e[j] * ct);
          }
          LaneSum.add(lanes, 0, e, 0, length, start - from);
        }
        y += LaneSum.total(lanes, 0);
      }
      return y;
    }
  }

  /**
   * cheap8 with its sum in {@link LaneSum}'s order, computed in place: per block of {@link
   * BlockedSum#BLOCK} elements, eight elements per iteration, each added to its own lane (element
   * {@code i} of the block to lane {@code i mod 8}), the lanes combined as {@link LaneSum#total}
   * does, then the block's dy/dx. No scratch array: cheap8 has no transcendental operation, and storing its summands to
   * add them by {@link LaneSum#add} costs more than adding them where they are computed.
   */
  private static final class Cheap8Lanes implements Limit {
    @Override
    public double forward(double[] x, double[] a, double[] b) {
      return run(x, a, b, 0.0, null);
    }

    @Override
    public double gradientInto(double[] x, double[] a, double[] b, double ct, double[] dx) {
      return run(x, a, b, ct, dx);
    }

    private static double run(double[] x, double[] a, double[] b, double ct, double[] dx) {
      int n = x.length;
      double[] lanes = LaneSum.newLanes(1);
      double y = 0.0;
      for (int from = 0; from < n; from += BlockedSum.BLOCK) {
        int to = blockEnd(from, n);
        double s0 = -0.0;
        double s1 = -0.0;
        double s2 = -0.0;
        double s3 = -0.0;
        double s4 = -0.0;
        double s5 = -0.0;
        double s6 = -0.0;
        double s7 = -0.0;
        int i = from;
        for (; i <= to - LaneSum.LANES; i += LaneSum.LANES) {
          s0 += cheap8(x[i], a[i], b[i]);
          s1 += cheap8(x[i + 1], a[i + 1], b[i + 1]);
          s2 += cheap8(x[i + 2], a[i + 2], b[i + 2]);
          s3 += cheap8(x[i + 3], a[i + 3], b[i + 3]);
          s4 += cheap8(x[i + 4], a[i + 4], b[i + 4]);
          s5 += cheap8(x[i + 5], a[i + 5], b[i + 5]);
          s6 += cheap8(x[i + 6], a[i + 6], b[i + 6]);
          s7 += cheap8(x[i + 7], a[i + 7], b[i + 7]);
        }
        lanes[0] = s0;
        lanes[1] = s1;
        lanes[2] = s2;
        lanes[3] = s3;
        lanes[4] = s4;
        lanes[5] = s5;
        lanes[6] = s6;
        lanes[7] = s7;
        for (int lane = 0; i < to; i++, lane++) {
          lanes[lane] += cheap8(x[i], a[i], b[i]);
        }
        y += LaneSum.total(lanes, 0);
        if (dx != null) {
          // dy/dx does not depend on x: a loop of its own over the block (still in cache), which
          // C2 vectorises
          for (int k = from; k < to; k++) {
            dx[k] = cheap8Dx(a[k], ct);
          }
        }
      }
      return y;
    }
  }
}
