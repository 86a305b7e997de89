package io.github.tidu4j.primitives.tensor;

/**
 * Materialises a strided view of a data array as a new row-major array: the one loop nest behind
 * {@link Layout#transpose}, {@link Layout#broadcastInDim}, {@link Layout#slice} and the operand
 * preparation of {@link Contraction#dotGeneral}; and, the other way, writes a row-major array into
 * a strided view ({@link #scatter}, behind {@link Layout#pad}).
 *
 * <p>The view has dimensions {@code dims} and, per axis, a source stride in elements (0 for a
 * broadcast axis). Before copying, axes of length 1 are dropped and adjacent axes that are
 * contiguous with each other in the source are merged, so the innermost loop is as long as
 * possible; then the innermost axis is copied with {@link System#arraycopy} (source stride 1), a
 * fill (stride 0), a tiled 2-D transpose (when the next-to-innermost axis has source stride 1), or
 * a plain strided loop.
 */
final class StridedCopy {

  /**
   * Tile edge for the 2-D transpose: 32×32 doubles = 8 KiB, a tile of source and one of output fit
   * L1.
   */
  private static final int TILE = 32;

  private StridedCopy() {}

  /**
   * Copies the view into a new array.
   *
   * @param src the source data
   * @param srcOffset element offset of the view's first element in {@code src}
   * @param dims the view's dimensions (the output shape)
   * @param strides the view's source strides, in elements
   * @param width doubles per element: 1 (f64) or 2 (c128)
   * @return {@code Π dims · width} doubles in row-major order
   */
  static double[] gather(double[] src, int srcOffset, int[] dims, int[] strides, int width) {
    long total = 1;
    for (int d : dims) {
      total *= d;
    }
    double[] out = new double[(int) (total * width)];
    if (total == 0) {
      return out;
    }
    // Drop unit axes, merge axes contiguous with their inner neighbour; strides in doubles.
    int[] d = new int[dims.length];
    int[] s = new int[dims.length];
    int r = 0;
    for (int k = 0; k < dims.length; k++) {
      if (dims[k] == 1) {
        continue;
      }
      int stride = strides[k] * width;
      if (r > 0 && s[r - 1] == stride * dims[k]) {
        d[r - 1] *= dims[k];
        s[r - 1] = stride;
      } else {
        d[r] = dims[k];
        s[r] = stride;
        r++;
      }
    }
    int base = srcOffset * width;
    if (r == 0) {
      System.arraycopy(src, base, out, 0, width);
      return out;
    }
    boolean tiled = r >= 2 && s[r - 1] != width && s[r - 2] == width;
    int outer = tiled ? r - 2 : r - 1;
    int block = tiled ? d[r - 2] * d[r - 1] * width : d[r - 1] * width;
    int[] idx = new int[outer];
    int o = 0;
    while (true) {
      if (tiled) {
        transposeBlock(src, base, d[r - 2], d[r - 1], s[r - 1], out, o, width);
      } else {
        row(src, base, d[r - 1], s[r - 1], out, o, width);
      }
      o += block;
      int k = outer - 1;
      while (k >= 0) {
        base += s[k];
        if (++idx[k] < d[k]) {
          break;
        }
        base -= s[k] * d[k];
        idx[k] = 0;
        k--;
      }
      if (k < 0) {
        return out;
      }
    }
  }

  /** Copies {@code n} elements at source stride {@code stride} (in doubles) to {@code out[o..]}. */
  private static void row(double[] src, int base, int n, int stride, double[] out, int o, int w) {
    if (stride == w) {
      System.arraycopy(src, base, out, o, n * w);
    } else if (w == 1) {
      if (stride == 0) {
        double v = src[base];
        for (int j = 0; j < n; j++) {
          out[o + j] = v;
        }
      } else {
        for (int j = 0, p = base; j < n; j++, p += stride) {
          out[o + j] = src[p];
        }
      }
    } else {
      double re = src[base];
      double im = src[base + 1];
      if (stride == 0) {
        for (int j = 0; j < 2 * n; j += 2) {
          out[o + j] = re;
          out[o + j + 1] = im;
        }
      } else {
        for (int j = 0, p = base; j < 2 * n; j += 2, p += stride) {
          out[o + j] = src[p];
          out[o + j + 1] = src[p + 1];
        }
      }
    }
  }

  /**
   * {@code out[o + (i·n + j)·w] = src[base + i·w + j·stride]} for {@code i < m, j < n}: a 2-D
   * transpose, tiled so that both the reads and the writes stay in cache.
   */
  private static void transposeBlock(
      double[] src, int base, int m, int n, int stride, double[] out, int o, int w) {
    for (int i0 = 0; i0 < m; i0 += TILE) {
      int i1 = Math.min(m, i0 + TILE);
      for (int j0 = 0; j0 < n; j0 += TILE) {
        int j1 = Math.min(n, j0 + TILE);
        if (w == 1) {
          for (int i = i0; i < i1; i++) {
            int q = o + i * n;
            for (int j = j0, p = base + i + j0 * stride; j < j1; j++, p += stride) {
              out[q + j] = src[p];
            }
          }
        } else {
          for (int i = i0; i < i1; i++) {
            int q = o + 2 * i * n;
            for (int j = j0, p = base + 2 * i + j0 * stride; j < j1; j++, p += stride) {
              out[q + 2 * j] = src[p];
              out[q + 2 * j + 1] = src[p + 1];
            }
          }
        }
      }
    }
  }

  /**
   * The inverse of {@link #gather}: writes the row-major elements of {@code src} (of {@code dims})
   * into a strided view of {@code out}, from element {@code offset}, advancing {@code step[k]}
   * elements of {@code out} along axis {@code k}; behind {@link Layout#pad}.
   */
  static void scatter(
      double[] src, int[] dims, double[] out, int offset, int[] step, int width) {
    int rank = dims.length;
    if (rank == 0) {
      System.arraycopy(src, 0, out, offset * width, width);
      return;
    }
    int[] index = new int[rank];
    int inner = dims[rank - 1];
    int innerStep = step[rank - 1] * width;
    int base = offset * width;
    int s = 0;
    while (true) {
      int o = base;
      for (int i = 0; i < inner; i++) {
        for (int w = 0; w < width; w++) {
          out[o + w] = src[s++];
        }
        o += innerStep;
      }
      int k = rank - 2;
      while (k >= 0) {
        base += step[k] * width;
        if (++index[k] < dims[k]) {
          break;
        }
        base -= dims[k] * step[k] * width;
        index[k] = 0;
        k--;
      }
      if (k < 0) {
        return;
      }
    }
  }
}
