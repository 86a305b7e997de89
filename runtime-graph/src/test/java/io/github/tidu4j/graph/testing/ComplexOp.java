package io.github.tidu4j.graph.testing;

import io.github.tidu4j.graph.EvaluableGraphOperation;
import io.github.tidu4j.graph.KernelDescriptor;
import java.util.List;

/**
 * A small operation set over a reference operand, {@link Complex}: static kernels in {@link
 * ComplexKernels} for {@link Basic} operations (one with two outputs), and {@link Rotate}, an
 * operation with an attribute whose kernel is an instance method of its record class.
 */
public sealed interface ComplexOp extends EvaluableGraphOperation<Complex> {

  /** The kernels, indexed by {@link #opcode()}. */
  List<KernelDescriptor> TABLE =
      List.of(
          ComplexKernels.descriptor(Basic.ADD, "add", 2, 1),
          ComplexKernels.descriptor(Basic.MUL, "mul", 2, 1),
          ComplexKernels.descriptor(Basic.CONJ, "conj", 1, 1),
          ComplexKernels.descriptor(Basic.PARTS, "parts", 1, 2),
          new KernelDescriptor(
              4, "Rotate", "io/github/tidu4j/graph/testing/ComplexOp$Rotate", "apply",
              "(Lio/github/tidu4j/graph/testing/Complex;)Lio/github/tidu4j/graph/testing/Complex;",
              false, false, 1, 1));

  /** The index of this operation's kernel in {@link #TABLE}. */
  int opcode();

  /** Operations without attributes. */
  enum Basic implements ComplexOp {
    ADD(2, 1),
    MUL(2, 1),
    CONJ(1, 1),
    /** Two outputs: the real part and the imaginary part, each as a complex number. */
    PARTS(1, 2);

    private final int inputArity;
    private final int outputArity;

    Basic(int inputArity, int outputArity) {
      this.inputArity = inputArity;
      this.outputArity = outputArity;
    }

    @Override
    public int opcode() {
      return ordinal();
    }

    @Override
    public int inputArity() {
      return inputArity;
    }

    @Override
    public int outputArity() {
      return outputArity;
    }

    @Override
    public List<Complex> eval(List<Complex> in) {
      switch (this) {
        case ADD: return List.of(ComplexKernels.add(in.get(0), in.get(1)));
        case MUL: return List.of(ComplexKernels.mul(in.get(0), in.get(1)));
        case CONJ: return List.of(ComplexKernels.conj(in.get(0)));
        default: return List.of(ComplexKernels.parts(in.get(0)));
      }
    }
  }

  /** Multiplication by {@code e^(i angle)}. */
  record Rotate(double angle) implements ComplexOp {
    @Override
    public int opcode() {
      return 4;
    }

    @Override
    public int inputArity() {
      return 1;
    }

    @Override
    public int outputArity() {
      return 1;
    }

    /** The kernel: reads the attribute. */
    public Complex apply(Complex z) {
      return ComplexKernels.mul(z, new Complex(Math.cos(angle), Math.sin(angle)));
    }

    @Override
    public List<Complex> eval(List<Complex> in) {
      return List.of(apply(in.get(0)));
    }
  }
}
