package io.github.tidu4j.bench.tensor;

import io.github.tidu4j.graph.fusion.BlockedSum;
import io.github.tidu4j.graph.fusion.LaneSum;
import io.github.tidu4j.primitives.TensorFusion;
import io.github.tidu4j.primitives.tensor.VectorMath;
import java.util.Arrays;

/**
 * The hand-written limits of {@link ElementwiseBenchmark}'s fused programs: for each function
 * ({@code sumExp}, {@code chain8}, {@code cheap8}), its forward (y) and gradient (y and dy/dx in a
 * fresh array, as the compiled gradient program returns them) written directly over arrays, in two
 * flavours.
 *
 * <ul>
 *   <li>{@link #exact}: one loop, a {@link Math} call per element, y added in {@link BlockedSum}'s
 *       order (index order within blocks of 2¹⁴ elements, block sums in block order): the limit of
 *       {@link TensorFusion#fuseExact}, whose values it equals bit for bit.
 *   <li>{@link #blocks}: chunks of {@code blockSize} elements, each computed into a scratch array
 *       by a plain loop (which C2 vectorises), its transcendental functions through {@link
 *       VectorMath} in place, y added in {@link LaneSum}'s order by {@link LaneSum#add} over the
 *       chunk: the limit of {@link TensorFusion#fuse}, whose values it equals bit for bit (both
 *       call the same block kernels in the same order, and add in the same lanes).
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
  public static final String[] FUNCTIONS = {"sumExp", "chain8", "cheap8"};

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
      case "chain8" -> new Chain8Exact();
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
      case "chain8" -> new Chain8Blocks(blockSize);
      case "cheap8" -> new Cheap8Blocks(blockSize);
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
   * y = Σ (−tanh(cos(sin(exp(x·a + b)))))·a; dy/dx as the transposed program computes it: with
   * g = −(ct·a), dx = (E·(cos E·(−sin S·(g + T²·(−g)))))·a for E = exp(x·a + b), S = sin E, T =
   * tanh(cos S).
   */
  private static final class Chain8Exact implements Limit {
    @Override
    public double forward(double[] x, double[] a, double[] b) {
      int n = x.length;
      double y = 0.0;
      for (int start = 0; start < n; start += BlockedSum.BLOCK) {
        int end = blockEnd(start, n);
        double sum = -0.0;
        for (int i = start; i < end; i++) {
          double ai = a[i];
          sum += -Math.tanh(Math.cos(Math.sin(Math.exp(x[i] * ai + b[i])))) * ai;
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
          double e = Math.exp(x[i] * ai + b[i]);
          double s = Math.sin(e);
          double t = Math.tanh(Math.cos(s));
          sum += -t * ai;
          dx[i] = chain8Dx(ai, ct, e, Math.cos(e), -Math.sin(s), t);
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
      double a, double ct, double e, double cosE, double negSinS, double t) {
    double g2 = -(ct * a);
    return (e * (cosE * (negSinS * (g2 + t * t * -g2)))) * a;
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

  /**
   * The block flavour's frame: blocks of {@link BlockedSum#BLOCK} elements, each in chunks of
   * {@code blockSize} that {@link #chunk} computes into scratch arrays, returning the scratch
   * array whose first {@code length} elements y adds (in {@link LaneSum}'s order).
   */
  private abstract static class BlockLimit implements Limit {
    final int blockSize;

    BlockLimit(int blockSize) {
      this.blockSize = blockSize;
    }

    /** Scratch arrays for one call: {@code count} of {@code min(blockSize, n)} elements. */
    final double[][] scratch(int count, int n) {
      return new double[count][Math.min(blockSize, n)];
    }

    /**
     * Computes elements {@code start} … {@code start + length − 1} into {@code s}, writes their
     * dy/dx into {@code dx} unless it is null, and returns the array holding the summands.
     */
    abstract double[] chunk(
        double[] x, double[] a, double[] b, double ct, double[] dx, double[][] s, int start,
        int length);

    /** The scratch arrays {@link #chunk} needs; with {@code gradient}, those of dy/dx too. */
    abstract int scratchCount(boolean gradient);

    final double run(double[] x, double[] a, double[] b, double ct, double[] dx) {
      int n = x.length;
      double[][] s = scratch(scratchCount(dx != null), n);
      double[] lanes = LaneSum.newLanes(1);
      double y = 0.0;
      for (int from = 0; from < n; from += BlockedSum.BLOCK) {
        int to = blockEnd(from, n);
        Arrays.fill(lanes, -0.0);
        for (int start = from; start < to; start += blockSize) {
          int length = Math.min(blockSize, to - start);
          double[] summands = chunk(x, a, b, ct, dx, s, start, length);
          LaneSum.add(lanes, 0, summands, 0, length, start - from);
        }
        y += LaneSum.total(lanes, 0);
      }
      return y;
    }

    @Override
    public final double forward(double[] x, double[] a, double[] b) {
      return run(x, a, b, 0.0, null);
    }

    @Override
    public final double gradientInto(
        double[] x, double[] a, double[] b, double ct, double[] dx) {
      return run(x, a, b, ct, dx);
    }
  }

  /** sumExp in blocks: a·x into the scratch, {@link VectorMath#exp} in place. */
  private static final class SumExpBlocks extends BlockLimit {
    SumExpBlocks(int blockSize) {
      super(blockSize);
    }

    @Override
    int scratchCount(boolean gradient) {
      return 1;
    }

    @Override
    double[] chunk(
        double[] x, double[] a, double[] b, double ct, double[] dx, double[][] s, int start,
        int length) {
      double[] e = s[0];
      for (int j = 0; j < length; j++) {
        e[j] = a[start + j] * x[start + j];
      }
      VectorMath.exp(e, 0, e, 0, length);
      if (dx != null) {
        for (int j = 0; j < length; j++) {
          dx[start + j] = a[start + j] * (e[j] * ct);
        }
      }
      return e;
    }
  }

  /**
   * chain8 in blocks: x·a + b into E's scratch, then exp, sin, cos and tanh through {@link
   * VectorMath} from one scratch to the next (and, for the gradient, cos E and sin S), then one
   * loop for the summands (into cos S's scratch, no longer needed) and dy/dx.
   */
  private static final class Chain8Blocks extends BlockLimit {
    Chain8Blocks(int blockSize) {
      super(blockSize);
    }

    @Override
    int scratchCount(boolean gradient) {
      return gradient ? 6 : 4;
    }

    @Override
    double[] chunk(
        double[] x, double[] a, double[] b, double ct, double[] dx, double[][] s, int start,
        int length) {
      double[] e = s[0];
      double[] sinE = s[1];
      double[] c = s[2];
      double[] t = s[3];
      for (int j = 0; j < length; j++) {
        e[j] = x[start + j] * a[start + j] + b[start + j];
      }
      VectorMath.exp(e, 0, e, 0, length);
      VectorMath.sin(e, 0, sinE, 0, length);
      VectorMath.cos(sinE, 0, c, 0, length);
      VectorMath.tanh(c, 0, t, 0, length);
      if (dx == null) {
        for (int j = 0; j < length; j++) {
          c[j] = -t[j] * a[start + j];
        }
        return c;
      }
      double[] cosE = s[4];
      double[] sinS = s[5];
      VectorMath.cos(e, 0, cosE, 0, length);
      VectorMath.sin(sinE, 0, sinS, 0, length);
      for (int j = 0; j < length; j++) {
        double aj = a[start + j];
        c[j] = -t[j] * aj;
        dx[start + j] = chain8Dx(aj, ct, e[j], cosE[j], -sinS[j], t[j]);
      }
      return c;
    }
  }

  /** cheap8 in blocks: the summands into the scratch by one loop (and dy/dx by another). */
  private static final class Cheap8Blocks extends BlockLimit {
    Cheap8Blocks(int blockSize) {
      super(blockSize);
    }

    @Override
    int scratchCount(boolean gradient) {
      return 1;
    }

    @Override
    double[] chunk(
        double[] x, double[] a, double[] b, double ct, double[] dx, double[][] s, int start,
        int length) {
      double[] y = s[0];
      for (int j = 0; j < length; j++) {
        y[j] = cheap8(x[start + j], a[start + j], b[start + j]);
      }
      if (dx != null) {
        for (int j = 0; j < length; j++) {
          dx[start + j] = cheap8Dx(a[start + j], ct);
        }
      }
      return y;
    }
  }
}
