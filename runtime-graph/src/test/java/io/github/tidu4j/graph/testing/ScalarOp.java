package io.github.tidu4j.graph.testing;

import io.github.tidu4j.graph.EvaluableGraphOperation;
import java.util.List;

/**
 * A small scalar operation set for tests and benchmarks of the graph engine: the RandDAG
 * primitives (Add, Mul, Sin, Cos), Neg, Exp, and a two-output operation, SinCos.
 */
public enum ScalarOp implements EvaluableGraphOperation<Double> {
  ADD(2, 1),
  MUL(2, 1),
  NEG(1, 1),
  EXP(1, 1),
  SIN(1, 1),
  COS(1, 1),
  /** Two outputs: sin(x) in slot 0, cos(x) in slot 1. */
  SIN_COS(1, 2);

  private final int inputArity;
  private final int outputArity;

  ScalarOp(int inputArity, int outputArity) {
    this.inputArity = inputArity;
    this.outputArity = outputArity;
  }

  @Override
  public int inputArity() {
    return inputArity;
  }

  @Override
  public int outputArity() {
    return outputArity;
  }

  /** The scalar kernel; {@code b} is ignored by unary operations. */
  public double apply(double a, double b) {
    switch (this) {
      case ADD: return a + b;
      case MUL: return a * b;
      case NEG: return -a;
      case EXP: return Math.exp(a);
      case SIN: return Math.sin(a);
      case COS: return Math.cos(a);
      default: throw new IllegalStateException(this + " has two outputs");
    }
  }

  @Override
  public List<Double> eval(List<Double> in) {
    double a = in.get(0);
    if (this == SIN_COS) {
      return List.of(Math.sin(a), Math.cos(a));
    }
    return List.of(apply(a, inputArity == 2 ? in.get(1) : 0.0));
  }
}
