package io.github.tidu4j.primitives.tensor;

import io.github.tidu4j.graph.fusion.BlockedSum;

/**
 * Reduction kernels.
 *
 * <pre>{@code
 * Tensor a = Tensor.of(new double[] {1, 2, 3, 4, 5, 6}, 2, 3);
 * Reductions.reduceSum(a, 0);     // [5, 7, 9]
 * Reductions.reduceSum(a, 1);     // [6, 15]
 * Reductions.reduceSum(a, 0, 1);  // 21 (rank 0)
 * }</pre>
 */
public final class Reductions {

  private Reductions() {}

  /**
   * Sums over {@code axes}, which are dropped from the result: the result's shape is {@code x}'s
   * with those axes removed (a rank-0 tensor when all are). Works on f64 and c128. With no axes,
   * returns {@code x}.
   *
   * <p>Each output element sums its inputs in row-major order, starting from {@code +0.0}: the
   * result is deterministic (the same bits on every run). A sum over every axis adds in the
   * order of {@link BlockedSum} (the in-order sum up to {@value BlockedSum#BLOCK} elements, block
   * sums added in order beyond; a complex sum its real parts and its imaginary parts each), which
   * fused loops split across threads reproduce bit for bit. Summing over empty axes gives zeros.
   * When every reduced axis has length 1 the sum is a reshape: elements pass through unchanged (and the
   * data is shared).
   *
   * @throws IllegalArgumentException if {@code axes} is not strictly increasing within {@code [0,
   *     rank)}
   */
  public static Tensor reduceSum(Tensor x, int... axes) {
    int[] dims = x.shape().dims;
    int rank = dims.length;
    Checks.strictlyIncreasingAxes("reduceSum", "axes", axes, rank, x, null);
    if (axes.length == 0) {
      return x;
    }
    boolean[] reduced = reducedAxes(rank, axes);
    Shape outShape = Shape.ofResult("reduceSum", keptDims(dims, reduced));
    int w = x.dtype().width();
    double[] out = new double[Tensor.dataLength("reduceSum", x.dtype(), outShape)];
    if (x.size() == 0) {
      return Tensor.wrap(x.dtype(), outShape, out);
    }

    // Group consecutive axes of the same kind (kept / reduced), ignoring unit axes; a c128
    // element is a trailing kept axis of length 2. gd: group lengths in doubles-or-elements,
    // gr: reduced?, os: output stride of the group in doubles (0 for reduced groups).
    int[] gd = new int[rank + 1];
    boolean[] gr = new boolean[rank + 1];
    int q = 0;
    for (int k = 0; k <= rank; k++) {
      int d = k < rank ? dims[k] : w;
      boolean red = k < rank && reduced[k];
      if (d == 1) {
        continue;
      }
      if (q > 0 && gr[q - 1] == red) {
        gd[q - 1] *= d;
      } else {
        gd[q] = d;
        gr[q] = red;
        q++;
      }
    }
    boolean anyReduced = false;
    for (int g = 0; g < q; g++) {
      anyReduced |= gr[g];
    }
    if (!anyReduced) {
      return Tensor.wrap(x.dtype(), outShape, x.data); // only unit axes reduced: a reshape
    }
    int[] os = new int[q];
    for (int g = q - 1, s = 1; g >= 0; g--) {
      if (!gr[g]) {
        os[g] = s;
        s *= gd[g];
      }
    }

    double[] in = x.data;
    // The inner kernel covers the last group, or the last two when they are (reduced, kept).
    boolean pair = !gr[q - 1] && q >= 2;
    int inner = pair ? 2 : 1;
    int m = pair ? gd[q - 2] : 1;
    int n = gd[q - 1];
    int outer = q - inner;
    if (!pair && outer == 0) {
      out[0] = BlockedSum.sum(in, 0, n); // a real sum over every axis
      return Tensor.wrap(x.dtype(), outShape, out);
    }
    if (pair && n == 2 && outer == 0 && w == 2 && outShape.size() == 1) {
      // a complex sum over every axis: each part in the blocked order, as fused loops add them
      // (a real kept axis of length 2 is a sum over the axes before it, in row-major order)
      out[0] = BlockedSum.sumStrided(in, 0, m, 2);
      out[1] = BlockedSum.sumStrided(in, 1, m, 2);
      return Tensor.wrap(x.dtype(), outShape, out);
    }
    int[] idx = new int[outer];
    int p = 0;
    int o = 0;
    while (true) {
      if (pair && n == 2) {
        // c128 summed over its innermost axes: accumulate the two parts in registers
        double re = out[o];
        double im = out[o + 1];
        for (int i = 0; i < m; i++, p += 2) {
          re += in[p];
          im += in[p + 1];
        }
        out[o] = re;
        out[o + 1] = im;
      } else if (pair) {
        for (int i = 0; i < m; i++) {
          for (int j = 0; j < n; j++) {
            out[o + j] += in[p + j];
          }
          p += n;
        }
      } else {
        double acc = out[o];
        for (int j = 0; j < n; j++) {
          acc += in[p + j];
        }
        out[o] = acc;
        p += n;
      }
      int g = outer - 1;
      while (g >= 0) {
        o += os[g];
        if (++idx[g] < gd[g]) {
          break;
        }
        o -= os[g] * gd[g];
        idx[g] = 0;
        g--;
      }
      if (g < 0) {
        return Tensor.wrap(x.dtype(), outShape, out);
      }
    }
  }

  /**
   * The largest element over {@code axes}, which are dropped from the result as in {@link
   * #reduceSum}; f64 only. Elements compare as {@link Math#max} does: a NaN makes the result NaN,
   * and {@code +0.0} is above {@code −0.0}. Over empty axes the maximum is {@code −∞}, the
   * identity of {@code max}. With no axes, returns {@code x}.
   *
   * <pre>{@code
   * Reductions.reduceMax(Tensor.of(new double[] {1, 5, 3, 4, 2, 6}, 2, 3), 1);   // [5, 6]
   * }</pre>
   *
   * @throws IllegalArgumentException if {@code x} is not f64, or {@code axes} is not strictly
   *     increasing within {@code [0, rank)}
   */
  public static Tensor reduceMax(Tensor x, int... axes) {
    if (x.dtype() != DType.F64) {
      throw new IllegalArgumentException("reduceMax takes an f64 tensor, not " + x.dtype());
    }
    int[] dims = x.shape().dims;
    int rank = dims.length;
    Checks.strictlyIncreasingAxes("reduceMax", "axes", axes, rank, x, null);
    if (axes.length == 0) {
      return x;
    }
    boolean[] reduced = reducedAxes(rank, axes);
    Shape outShape = Shape.ofResult("reduceMax", keptDims(dims, reduced));
    double[] out = new double[Tensor.dataLength("reduceMax", DType.F64, outShape)];
    java.util.Arrays.fill(out, Double.NEGATIVE_INFINITY);
    // each input axis's stride in the output (0 for a reduced axis); the input is read in order
    // and the output place kept as an odometer over the input's index
    int[] outStride = new int[rank];
    for (int k = rank - 1, stride = 1; k >= 0; k--) {
      if (!reduced[k]) {
        outStride[k] = stride;
        stride *= dims[k];
      }
    }
    double[] in = x.data;
    int n = x.size();
    int[] index = new int[rank];
    int o = 0;
    for (int i = 0; i < n; i++) {
      out[o] = Math.max(out[o], in[i]);
      for (int k = rank - 1; k >= 0; k--) {
        if (++index[k] < dims[k]) {
          o += outStride[k];
          break;
        }
        o -= outStride[k] * (dims[k] - 1);
        index[k] = 0;
      }
    }
    return Tensor.wrap(DType.F64, outShape, out);
  }

  /** Which of a rank-{@code rank} tensor's axes {@code axes} (checked) reduces. */
  private static boolean[] reducedAxes(int rank, int[] axes) {
    boolean[] reduced = new boolean[rank];
    for (int a : axes) {
      reduced[a] = true;
    }
    return reduced;
  }

  /** The lengths of the axes of {@code dims} a reduction keeps: the result's dimensions. */
  private static int[] keptDims(int[] dims, boolean[] reduced) {
    int kept = 0;
    for (boolean r : reduced) {
      kept += r ? 0 : 1;
    }
    int[] outDims = new int[kept];
    for (int k = 0, j = 0; k < dims.length; k++) {
      if (!reduced[k]) {
        outDims[j++] = dims[k];
      }
    }
    return outDims;
  }
}
