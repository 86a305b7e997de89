package io.github.tidu4j.graph.testing;

import io.github.tidu4j.graph.JointKernelDescriptor;
import io.github.tidu4j.graph.KernelDescriptor;
import java.lang.invoke.MethodHandles;
import java.util.List;

/**
 * Static kernels for {@link ScalarOp} and their table, as the processor would generate it for a
 * {@code double} set: entry {@code k} is the kernel of the op with ordinal {@code k}. Each kernel
 * computes exactly what {@link ScalarOp#eval} computes.
 */
public final class ScalarKernels {
  private ScalarKernels() {}

  private static final String OWNER = "io/github/tidu4j/graph/testing/ScalarKernels";

  /** The kernels, indexed by {@link ScalarOp#ordinal()}. */
  public static final List<KernelDescriptor> TABLE =
      List.of(
          kernel(ScalarOp.ADD, "add", "(DD)D"),
          kernel(ScalarOp.MUL, "mul", "(DD)D"),
          kernel(ScalarOp.NEG, "neg", "(D)D"),
          kernel(ScalarOp.EXP, "exp", "(D)D"),
          kernel(ScalarOp.SIN, "sin", "(D)D"),
          kernel(ScalarOp.COS, "cos", "(D)D"),
          kernel(ScalarOp.SIN_COS, "sinCos", "(D)[D"));

  /** One joint kernel: {@link #sinAndCos}, for {@code SIN} then {@code COS}. */
  public static final List<JointKernelDescriptor> JOINT =
      List.of(
          new JointKernelDescriptor(
              List.of(ScalarOp.SIN.ordinal(), ScalarOp.COS.ordinal()),
              OWNER,
              "sinAndCos",
              "(D[DI)V",
              false));

  /**
   * One joint kernel of three primitives: {@link #expNegSin}, for {@code EXP}, {@code NEG} then
   * {@code SIN} (a set gives a primitive to one joint kernel at most, so this is a list of its own).
   */
  public static final List<JointKernelDescriptor> JOINT_OF_THREE =
      List.of(
          new JointKernelDescriptor(
              List.of(ScalarOp.EXP.ordinal(), ScalarOp.NEG.ordinal(), ScalarOp.SIN.ordinal()),
              OWNER,
              "expNegSin",
              "(D[DI)V",
              false));

  private static KernelDescriptor kernel(ScalarOp op, String method, String descriptor) {
    return new KernelDescriptor(
        op.ordinal(), op.name(), OWNER, method, descriptor, true, false, op.inputArity(),
        op.outputArity());
  }

  /**
   * A full-privilege lookup in this package, for tests that define generated classes here (a
   * processor-generated set would keep such a lookup to itself).
   */
  public static MethodHandles.Lookup lookup() {
    return MethodHandles.lookup();
  }

  public static double add(double a, double b) {
    return a + b;
  }

  public static double mul(double a, double b) {
    return a * b;
  }

  public static double neg(double a) {
    return -a;
  }

  public static double exp(double a) {
    return Math.exp(a);
  }

  public static double sin(double a) {
    return Math.sin(a);
  }

  public static double cos(double a) {
    return Math.cos(a);
  }

  /** Two results: sin in slot 0, cos in slot 1. */
  public static double[] sinCos(double a) {
    return new double[] {Math.sin(a), Math.cos(a)};
  }

  /**
   * The joint kernel of {@code SIN} and {@code COS}: {@code out[at] = sin(a)}, {@code out[at + 1]
   * = cos(a)}, bit for bit what {@link #sin} and {@link #cos} give (it calls them).
   */
  public static void sinAndCos(double a, double[] out, int at) {
    out[at] = sin(a);
    out[at + 1] = cos(a);
  }

  /**
   * The joint kernel of {@code EXP}, {@code NEG} and {@code SIN}: {@code out[at] = exp(a)}, {@code
   * out[at + 1] = -a}, {@code out[at + 2] = sin(a)}, bit for bit what their kernels give.
   */
  public static void expNegSin(double a, double[] out, int at) {
    out[at] = exp(a);
    out[at + 1] = neg(a);
    out[at + 2] = sin(a);
  }
}
