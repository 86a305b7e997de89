package io.github.tidu4j.graph.bytecode;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.GraphOperation;
import io.github.tidu4j.graph.testing.AffineOp;
import io.github.tidu4j.graph.testing.ScalarKernels;
import io.github.tidu4j.graph.testing.ScalarOp;
import java.util.List;
import java.util.Random;
import java.util.function.Function;

/**
 * The bytecode backend's test fixtures (kernel sets, random programs, bit-for-bit comparison),
 * opened to the export tests, which live in another package; it sits in this package of the
 * runtime-graph test jar on the class path so that the fixtures exist once.
 */
public final class ExportFixtures {
  private ExportFixtures() {}

  public static final KernelSet<ScalarOp> SCALAR = Fixtures.SCALAR;
  public static final KernelSet<AffineOp> AFFINE = Fixtures.AFFINE;
  /** {@link #SCALAR} with the joint kernel of {@code SIN} and {@code COS}. */
  public static final KernelSet<ScalarOp> JOINT = SCALAR.withJointKernels(ScalarKernels.JOINT);
  /** {@link #SCALAR} with the joint kernel of {@code EXP}, {@code NEG} and {@code SIN}. */
  public static final KernelSet<ScalarOp> JOINT_OF_THREE =
      SCALAR.withJointKernels(ScalarKernels.JOINT_OF_THREE);

  public static CompiledProgram<ScalarOp> randDag(int n, long seed) {
    return Fixtures.randDag(n, seed);
  }

  public static double[] randDagInputs(CompiledProgram<?> p, double[] values) {
    return Fixtures.randDagInputs(p, values);
  }

  public static <Op extends GraphOperation> CompiledProgram<Op> randomProgram(
      long seed, int inputs, int steps, int outputs, Function<Random, Op> operations) {
    return RandomPrograms.generate(seed, inputs, steps, outputs, operations);
  }

  /** A random program in which every instruction is live: each reads the previous one's result. */
  public static <Op extends GraphOperation> CompiledProgram<Op> chain(
      long seed, int inputs, int steps, int outputs, Function<Random, Op> operations) {
    return RandomPrograms.chain(seed, inputs, steps, outputs, operations);
  }

  /** A random program of Add, Mul, Sin and Cos whose sines and cosines often share arguments. */
  public static CompiledProgram<ScalarOp> trigPairs(long seed, int steps) {
    return RandomPrograms.trigPairs(seed, steps);
  }

  /** A random program whose values often have two or three of Exp, Neg and Sin applied. */
  public static CompiledProgram<ScalarOp> unaryGroups(long seed, int steps) {
    return RandomPrograms.unaryGroups(seed, steps);
  }

  /** The number of values to which {@code program} applies two or more operations of {@code joint}. */
  public static long sharedCalls(CompiledProgram<ScalarOp> program, List<ScalarOp> joint) {
    return RandomPrograms.sharedCalls(program, joint);
  }

  /** The number of values {@code program} applies both SIN and COS to. */
  public static long pairCount(CompiledProgram<ScalarOp> program) {
    return RandomPrograms.pairCount(program);
  }

  public static void assertBitIdentical(List<?> expected, double[] actual, String what) {
    Fixtures.assertBitIdentical(expected, actual, what);
  }

  /** The hidden-class backend's result, for side-by-side comparison. */
  public static double[] bytecode(CompiledProgram<ScalarOp> p, double[] in) {
    return BytecodeCompiler.compileUncached(p, SCALAR, Fixtures.DEFAULTS).evaluate(in);
  }

  /** The hidden-class backend's result with the joint kernel. */
  public static double[] bytecodeJoint(CompiledProgram<ScalarOp> p, double[] in) {
    return BytecodeCompiler.compileUncached(p, JOINT, Fixtures.DEFAULTS).evaluate(in);
  }
}
