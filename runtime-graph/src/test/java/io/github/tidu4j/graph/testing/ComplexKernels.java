package io.github.tidu4j.graph.testing;

import io.github.tidu4j.graph.KernelDescriptor;

/** Static kernels of {@link ComplexOp.Basic}, in a class (not an interface). */
public final class ComplexKernels {
  private ComplexKernels() {}

  private static final String C = "Lio/github/tidu4j/graph/testing/Complex;";

  static KernelDescriptor descriptor(ComplexOp.Basic op, String method, int in, int out) {
    return new KernelDescriptor(
        op.ordinal(), op.name(), "io/github/tidu4j/graph/testing/ComplexKernels", method,
        "(" + C.repeat(in) + ")" + (out == 1 ? C : "[" + C), true, false, in, out);
  }

  public static Complex add(Complex a, Complex b) {
    return new Complex(a.re() + b.re(), a.im() + b.im());
  }

  public static Complex mul(Complex a, Complex b) {
    return new Complex(a.re() * b.re() - a.im() * b.im(), a.re() * b.im() + a.im() * b.re());
  }

  public static Complex conj(Complex a) {
    return new Complex(a.re(), -a.im());
  }

  /** Two results: {@code (re, 0)} and {@code (im, 0)}. */
  public static Complex[] parts(Complex a) {
    return new Complex[] {new Complex(a.re(), 0.0), new Complex(a.im(), 0.0)};
  }
}
