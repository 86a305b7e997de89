package io.github.tidu4j.graph.bytecode.local;

import io.github.tidu4j.graph.KernelDescriptor;
import io.github.tidu4j.graph.bytecode.KernelSet;
import io.github.tidu4j.graph.testing.ScalarOp;
import java.lang.invoke.MethodHandles;
import java.util.List;

/**
 * A kernel table whose kernels only this package can call (a package-private class), as a set's
 * kernels are in a package its module does not export or in a class loader tidu4j cannot see.
 */
public final class LocalKernels {
  private LocalKernels() {}

  /** {@link ScalarOp#ADD}'s kernel, reachable from this package only. */
  static final class Hidden {
    private Hidden() {}

    static double add(double a, double b) {
      return a + b;
    }
  }

  private static final List<KernelDescriptor> TABLE =
      List.of(
          new KernelDescriptor(
              0, "ADD", Hidden.class.getName().replace('.', '/'), "add", "(DD)D", true, false, 2,
              1));

  /** The set made as a generated {@code kernelSet()} makes it: with this package's lookup. */
  public static KernelSet<ScalarOp> kernelSet() {
    return KernelSet.of(double.class, TABLE, ScalarOp::ordinal, MethodHandles.lookup());
  }

  /** The set made with tidu4j's own lookup, which cannot reach {@link Hidden}. */
  public static KernelSet<ScalarOp> withDefaultLookup() {
    return KernelSet.of(double.class, TABLE, ScalarOp::ordinal);
  }
}
