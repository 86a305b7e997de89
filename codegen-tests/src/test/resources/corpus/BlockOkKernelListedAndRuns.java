// expect: ok
// A block kernel on a unary elementwise primitive: listed as BLOCK_KERNELS, loadable as a fusion
// BlockKernel, and computing what its element kernel does.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Waves {
  @Primitive(accumulator = true, elementwise = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static double element(double a, double b) { return a + b; }
    static Tangent jvp(WavesEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(WavesEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive(multilinear = true, elementwise = true)
  interface Half {
    static double eval(double x) { return 0.5 * x; }
    static double element(double x) { return 0.5 * x; }
    static void block(double[] x, int xOff, double[] y, int yOff, int n) {
      for (int i = 0; i < n; i++) {
        y[yOff + i] = 0.5 * x[xOff + i];
      }
    }
    static Tangent jvp(WavesEmit e, Tangent dx) { return e.half(dx); }
    static Cotangents transpose(WavesEmit e, Tangent ct) { return Cotangents.of(e.half(ct)); }
  }
}
//--- next file
package com.example;

import io.github.tidu4j.graph.BlockKernelDescriptor;
import io.github.tidu4j.graph.fusion.BlockKernel;
import java.util.List;
import java.util.Map;

final class Check {
  static void run() {
    List<BlockKernelDescriptor> blocks = WavesKernels.BLOCK_KERNELS;
    if (!blocks.equals(List.of(
        new BlockKernelDescriptor(1, "Half", "com/example/Waves$Half", "block")))) {
      throw new AssertionError(blocks.toString());
    }
    Map<String, BlockKernel> kernels =
        BlockKernel.byPrimitive(blocks, Check.class.getClassLoader());
    if (kernels.get("Half").owner() != Waves.Half.class) {
      throw new AssertionError(kernels.toString());
    }
    double[] x = {1, 2, 3, 4};
    double[] y = new double[5];
    Waves.Half.block(x, 1, y, 2, 2);
    if (y[2] != Waves.Half.element(2) || y[3] != Waves.Half.element(3) || y[1] != 0 || y[4] != 0) {
      throw new AssertionError(java.util.Arrays.toString(y));
    }
  }
}
