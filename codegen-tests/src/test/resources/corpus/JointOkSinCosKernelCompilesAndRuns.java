// expect: ok
// A joint kernel of Sin and Cos: XKernels lists it for the bytecode backend, by opcode.
package com.example;

import io.github.tidu4j.ad.rules.*;
import io.github.tidu4j.annotations.*;

@PrimitiveSet(operand = double.class)
public interface Wave {
  @Primitive(accumulator = true)
  interface Add {
    static double eval(double a, double b) { return a + b; }
    static Tangent jvp(WaveEmit e, Tangent da, Tangent db) { return e.add(da, db); }
    static Cotangents transpose(WaveEmit e, Tangent ct) { return Cotangents.of(ct, ct); }
  }
  @Primitive(multilinear = true)
  interface Mul {
    static double eval(double a, double b) { return a * b; }
    static Tangent jvp(WaveEmit e, Primal a, Primal b, Tangent da, Tangent db) {
      return e.add(e.mul(da, b), e.mul(a, db));
    }
    static Cotangents transpose(WaveEmit e, Arg a, Arg b, Tangent ct) {
      return a.isLinear()
          ? Cotangents.of(e.mul(ct, b.primal()), Tangent.zero())
          : Cotangents.of(Tangent.zero(), e.mul(a.primal(), ct));
    }
  }
  @Primitive(multilinear = true)
  interface Neg {
    static double eval(double x) { return -x; }
    static Tangent jvp(WaveEmit e, Tangent dx) { return e.neg(dx); }
    static Cotangents transpose(WaveEmit e, Tangent ct) { return Cotangents.of(e.neg(ct)); }
  }
  @Primitive
  interface Sin {
    static double eval(double x) { return Math.sin(x); }
    static Tangent jvp(WaveEmit e, Primal x, Tangent dx) { return e.mul(e.cos(x), dx); }
  }
  @Primitive
  interface Cos {
    static double eval(double x) { return Math.cos(x); }
    static Tangent jvp(WaveEmit e, Primal x, Tangent dx) { return e.mul(e.neg(e.sin(x)), dx); }
  }

  /** Both from one call; bit for bit what Sin and Cos give, since it calls the same functions. */
  @JointKernel({Sin.class, Cos.class})
  static void sinCos(double x, double[] out, int at) {
    out[at] = Math.sin(x);
    out[at + 1] = Math.cos(x);
  }
}

final class Check {
  static void run() {
    java.util.List<io.github.tidu4j.graph.JointKernelDescriptor> joint = WaveKernels.JOINT;
    if (joint.size() != 1
        || !joint.get(0).primitiveOpcodes().equals(
            java.util.List.of(WaveOp.SIN.opcode(), WaveOp.COS.opcode()))
        || !joint.get(0).ownerInternalName().equals("com/example/Wave")
        || !joint.get(0).methodName().equals("sinCos")
        || !joint.get(0).methodDescriptor().equals("(D[DI)V")) {
      throw new AssertionError("JOINT = " + joint);
    }
    WaveBuilder b = WaveBuilder.create();
    WaveValue x = b.input("x");
    io.github.tidu4j.graph.Graph<WaveOp> g = b.build(x.sin(), x.cos());
    double[] y =
        new WaveEvaluator(
                io.github.tidu4j.graph.Graphs.compile(io.github.tidu4j.graph.Graphs.materialize(g)))
            .evaluate(0.7);
    double[] out = new double[3];
    Wave.sinCos(0.7, out, 1);
    if (y[0] != out[1] || y[1] != out[2]) {
      throw new AssertionError(java.util.Arrays.toString(y) + " vs " + java.util.Arrays.toString(out));
    }
  }
}
