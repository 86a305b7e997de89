package io.github.tidu4j.graph.testing;

import io.github.tidu4j.graph.EvaluableGraphOperation;
import io.github.tidu4j.graph.KernelDescriptor;
import java.util.List;

/**
 * The operations of {@link Affine}, shaped as generated ones: a record per primitive, attributes
 * as components, an {@link #opcode()}, interpretation through the declared kernel, and the kernel
 * table a bytecode backend calls: static kernels by {@code invokestatic}, attribute-reading ones
 * by {@code invokeinterface} on the operation.
 */
public sealed interface AffineOp extends EvaluableGraphOperation<Double> {

  /** The kernels, indexed by opcode. */
  List<KernelDescriptor> TABLE =
      List.of(
          new KernelDescriptor(
              0, "Add", "io/github/tidu4j/graph/testing/Affine$Add", "eval", "(DD)D", true, true,
              2, 1),
          new KernelDescriptor(
              1, "Sin", "io/github/tidu4j/graph/testing/Affine$Sin", "eval", "(D)D", true, true, 1,
              1),
          new KernelDescriptor(
              2, "Scale", "io/github/tidu4j/graph/testing/Affine$Scale", "eval", "(D)D", false,
              true, 1, 1),
          new KernelDescriptor(
              3, "Shift", "io/github/tidu4j/graph/testing/Affine$Shift", "eval", "(D)D", false,
              true, 1, 1),
          new KernelDescriptor(
              4, "Polar", "io/github/tidu4j/graph/testing/Affine$Polar", "eval", "(D)[D", false,
              true, 1, 2));

  /** The index of this operation's kernel in {@link #TABLE}. */
  int opcode();

  @Override
  default int outputArity() {
    return 1;
  }

  @Override
  default int inputArity() {
    return 1;
  }

  /** {@code a + b}. */
  record AddOp() implements AffineOp {
    @Override
    public int opcode() {
      return 0;
    }

    @Override
    public int inputArity() {
      return 2;
    }

    @Override
    public List<Double> eval(List<Double> in) {
      return List.of(Affine.Add.eval(in.get(0), in.get(1)));
    }
  }

  /** {@code sin x}. */
  record SinOp() implements AffineOp {
    @Override
    public int opcode() {
      return 1;
    }

    @Override
    public List<Double> eval(List<Double> in) {
      return List.of(Affine.Sin.eval(in.get(0)));
    }
  }

  /** {@code factor * x}. */
  record ScaleOp(double factor) implements AffineOp, Affine.Scale {
    @Override
    public int opcode() {
      return 2;
    }

    @Override
    public List<Double> eval(List<Double> in) {
      return List.of(eval(in.get(0).doubleValue()));
    }
  }

  /** {@code x + offset}. */
  record ShiftOp(double offset) implements AffineOp, Affine.Shift {
    @Override
    public int opcode() {
      return 3;
    }

    @Override
    public List<Double> eval(List<Double> in) {
      return List.of(eval(in.get(0).doubleValue()));
    }
  }

  /** {@code (radius cos a, radius sin a)}. */
  record PolarOp(double radius) implements AffineOp, Affine.Polar {
    @Override
    public int opcode() {
      return 4;
    }

    @Override
    public int outputArity() {
      return 2;
    }

    @Override
    public List<Double> eval(List<Double> in) {
      double[] xy = eval(in.get(0).doubleValue());
      return List.of(xy[0], xy[1]);
    }
  }
}
