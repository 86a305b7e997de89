package io.github.tidu4j.bench.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.Interpreter;
import io.github.tidu4j.graph.bytecode.BytecodeOptions;
import io.github.tidu4j.graph.bytecode.BytecodeProgram;
import io.github.tidu4j.primitives.scalar.ScalarEvaluator;
import io.github.tidu4j.primitives.scalar.ScalarKernels;
import io.github.tidu4j.primitives.scalar.ScalarOp;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The RandDAG gradient, whose every sine has a cosine of the same value, on the bytecode tier with
 * the Scalar set's joint {@code sinCos} kernel: one call per pair, and bit for bit what the
 * interpreter, the switch evaluator, the bytecode tier without joint kernels and the hand-written
 * gradient over {@code Trig} give, whether the methods are large or tiny.
 */
class JointSinCosGradientTest {

  @ParameterizedTest(name = "RandDAG({0})")
  @ValueSource(ints = {1_000, 10_000})
  void oneJointCallPerPairAndTheSameBitsAsEveryOtherTier(int n) {
    CompiledProgram<ScalarOp> program = CostPrograms.randDagGradient(n);
    double[] in = CostPrograms.randDagGradientInputs();
    double[] interpreter =
        Interpreter.<Double>evalPositional(program, Arrays.stream(in).boxed().toList()).stream()
            .mapToDouble(d -> d)
            .toArray();
    assertTrue(Arrays.stream(interpreter).allMatch(Double::isFinite), Arrays.toString(interpreter));
    double[] switchEvaluator = new ScalarEvaluator(program).evaluate(in);
    assertTrue(Arrays.equals(interpreter, switchEvaluator), "switch " + Arrays.toString(switchEvaluator));
    long sines = count(program, ScalarOp.SIN);
    assertEquals(sines, count(program, ScalarOp.COS), "every sine has its cosine");
    for (int bytes : List.of(BytecodeOptions.DEFAULT_METHOD_BYTES, 256)) {
      BytecodeProgram<ScalarOp> joint =
          CostPrograms.bytecode(program, bytes, ScalarKernels.kernelSet());
      BytecodeProgram<ScalarOp> apart = CostPrograms.bytecode(program, bytes, CostPrograms.kernels());
      String what = n + ", methodBytes " + bytes;
      // Arrays.equals compares doubles by their bits
      assertTrue(Arrays.equals(interpreter, joint.evaluate(in)), "joint, " + what);
      assertTrue(Arrays.equals(interpreter, apart.evaluate(in)), "apart, " + what);
      assertEquals(sines, calls(joint, "sinCos"), "one joint call per pair, " + what);
      assertEquals(calls(apart, "eval") - 2 * sines, calls(joint, "eval"),
          "the joint calls replace exactly the Sin and Cos calls, " + what);
    }
    double[] hand = new ScalarRandDag(n, 42).withTrig().gradient(ScalarRandDag.INPUTS, 1.0);
    assertEquals(Double.doubleToLongBits(hand[0]), Double.doubleToLongBits(interpreter[0]), "y");
    for (int i = 1; i < hand.length; i++) {
      assertEquals(hand[i], interpreter[i], Math.abs(hand[i]) * 1e-12, "dy/dx" + (i - 1));
    }
  }

  private static long count(CompiledProgram<ScalarOp> program, ScalarOp op) {
    long count = 0;
    for (int i = 0; i < program.instructionCount(); i++) {
      count += program.operation(i).equals(op) ? 1 : 0;
    }
    return count;
  }

  /** The calls of methods named {@code method} in the generated classes. */
  private static long calls(BytecodeProgram<ScalarOp> program, String method) {
    long[] count = {0};
    for (byte[] classFile : program.classFiles()) {
      new ClassReader(classFile)
          .accept(
              new ClassVisitor(Opcodes.ASM9) {
                @Override
                public MethodVisitor visitMethod(
                    int access, String name, String descriptor, String signature, String[] e) {
                  return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public void visitMethodInsn(
                        int opcode, String owner, String called, String desc, boolean itf) {
                      count[0] += called.equals(method) ? 1 : 0;
                    }
                  };
                }
              },
              0);
    }
    return count[0];
  }
}
