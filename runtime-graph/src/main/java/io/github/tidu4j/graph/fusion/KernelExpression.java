package io.github.tidu4j.graph.fusion;

import static org.objectweb.asm.Opcodes.DADD;
import static org.objectweb.asm.Opcodes.DCONST_0;
import static org.objectweb.asm.Opcodes.DCONST_1;
import static org.objectweb.asm.Opcodes.DDIV;
import static org.objectweb.asm.Opcodes.DLOAD;
import static org.objectweb.asm.Opcodes.DMUL;
import static org.objectweb.asm.Opcodes.DNEG;
import static org.objectweb.asm.Opcodes.DRETURN;
import static org.objectweb.asm.Opcodes.DSUB;

import io.github.tidu4j.graph.ElementKernel;
import io.github.tidu4j.graph.ElementKernelDescriptor;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * What a static real element kernel computes, read from its bytecode, when its body is one
 * arithmetic expression of its {@code double} parameters and {@code double} constants: {@code +},
 * {@code −}, {@code ·}, {@code /} and unary minus, nothing else (no call, branch, field or local
 * store). Each of those operations is exactly rounded in Java (never contracted to a fused
 * multiply-add), and so is the same lanewise operation of a vector, so a loop that applies the
 * expression to vectors of elements gives each element the bits the kernel gives it: that is what
 * {@link LoopGenerator}'s vector loop does with it. A kernel whose body is anything else (a call
 * such as {@code Math.exp}, an attribute read, a branch) has no expression, and its region keeps
 * the element loop.
 *
 * <p>The expression is kept in postfix order, as the bytecode evaluates it: each step pushes a
 * parameter or a constant, or replaces the top one or two values with an operation's result.
 *
 * <pre>{@code
 * KernelExpression e = KernelExpression.read(descriptor, loader); // of a * b + 1.0
 * byte[] steps = e.steps(); // ARGUMENT, ARGUMENT, MUL, CONSTANT, ADD
 * }</pre>
 *
 * @param steps each step's kind: {@link #ARGUMENT}, {@link #CONSTANT}, {@link #ADD}, {@link #SUB},
 *     {@link #MUL}, {@link #DIV} or {@link #NEG}
 * @param arguments for an {@link #ARGUMENT} step, the parameter it pushes (0 for the first)
 * @param constants for a {@link #CONSTANT} step, the value it pushes
 */
record KernelExpression(byte[] steps, int[] arguments, double[] constants) {
  /** Pushes a parameter of the kernel. */
  static final byte ARGUMENT = 0;
  /** Pushes a constant. */
  static final byte CONSTANT = 1;
  /** Replaces {@code a, b} with {@code a + b}. */
  static final byte ADD = 2;
  /** Replaces {@code a, b} with {@code a − b}. */
  static final byte SUB = 3;
  /** Replaces {@code a, b} with {@code a · b}. */
  static final byte MUL = 4;
  /** Replaces {@code a, b} with {@code a / b}. */
  static final byte DIV = 5;
  /** Replaces {@code a} with {@code −a}. */
  static final byte NEG = 6;

  /** The most steps an expression may have: kernels longer than this keep the element loop. */
  static final int MAX_STEPS = 64;

  /**
   * The expression of {@code kernel}'s static real element kernel, read from its class file
   * through {@code loader}; {@code null} if it has none (an instance or complex-only kernel, a body
   * that is not one expression of the kinds above, or a class file that cannot be read).
   */
  static KernelExpression read(ElementKernelDescriptor kernel, ClassLoader loader) {
    ElementKernel real = kernel.real();
    if (real == null || !real.isStatic() || !real.methodDescriptor().endsWith(")D")
        || !real.methodDescriptor().equals(
            "(" + "D".repeat(kernel.inputArity()) + ")D")) {
      return null;
    }
    byte[] classFile;
    try (InputStream in =
        loader == null
            ? ClassLoader.getSystemResourceAsStream(kernel.ownerInternalName() + ".class")
            : loader.getResourceAsStream(kernel.ownerInternalName() + ".class")) {
      if (in == null) {
        return null;
      }
      classFile = in.readAllBytes();
    } catch (IOException e) {
      return null;
    }
    Reader reader = new Reader(real.methodName(), real.methodDescriptor(), kernel.inputArity());
    try {
      new ClassReader(classFile).accept(reader, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
    } catch (RuntimeException e) {
      return null; // a class file ASM cannot read: the element loop calls the kernel instead
    }
    return reader.result();
  }

  /** Finds the method and records its body's steps while it is one expression. */
  private static final class Reader extends ClassVisitor {
    private final String name;
    private final String descriptor;
    private final int arity;
    private final byte[] steps = new byte[MAX_STEPS];
    private final int[] arguments = new int[MAX_STEPS];
    private final double[] constants = new double[MAX_STEPS];
    private int count;
    private int depth;
    private boolean found;
    private boolean valid = true;
    private boolean returned;

    Reader(String name, String descriptor, int arity) {
      super(Opcodes.ASM9);
      this.name = name;
      this.descriptor = descriptor;
      this.arity = arity;
    }

    KernelExpression result() {
      if (!found || !valid || !returned) {
        return null;
      }
      return new KernelExpression(
          Arrays.copyOf(steps, count), Arrays.copyOf(arguments, count),
          Arrays.copyOf(constants, count));
    }

    @Override
    public MethodVisitor visitMethod(
        int access, String methodName, String desc, String signature, String[] exceptions) {
      if (!methodName.equals(name) || !desc.equals(descriptor)
          || (access & Opcodes.ACC_STATIC) == 0) {
        return null;
      }
      found = true;
      return new MethodVisitor(Opcodes.ASM9) {
        @Override
        public void visitVarInsn(int opcode, int slot) {
          if (opcode == DLOAD && slot % 2 == 0 && slot / 2 < arity) {
            step(ARGUMENT, slot / 2, 0.0, 0, 1);
          } else {
            valid = false;
          }
        }

        @Override
        public void visitInsn(int opcode) {
          switch (opcode) {
            case DCONST_0 -> step(CONSTANT, 0, 0.0, 0, 1);
            case DCONST_1 -> step(CONSTANT, 0, 1.0, 0, 1);
            case DADD -> step(ADD, 0, 0.0, 2, 1);
            case DSUB -> step(SUB, 0, 0.0, 2, 1);
            case DMUL -> step(MUL, 0, 0.0, 2, 1);
            case DDIV -> step(DIV, 0, 0.0, 2, 1);
            case DNEG -> step(NEG, 0, 0.0, 1, 1);
            case DRETURN -> {
              valid &= depth == 1 && !returned;
              returned = true;
            }
            default -> valid = false;
          }
        }

        @Override
        public void visitLdcInsn(Object value) {
          if (value instanceof Double d) {
            step(CONSTANT, 0, d, 0, 1);
          } else {
            valid = false;
          }
        }

        @Override
        public void visitLabel(Label label) {
          // labels alone (a method's start and end) do not change the expression
        }

        @Override
        public void visitIntInsn(int opcode, int operand) {
          valid = false;
        }

        @Override
        public void visitTypeInsn(int opcode, String type) {
          valid = false;
        }

        @Override
        public void visitFieldInsn(int opcode, String owner, String field, String desc) {
          valid = false;
        }

        @Override
        public void visitMethodInsn(
            int opcode, String owner, String method, String desc, boolean isInterface) {
          valid = false;
        }

        @Override
        public void visitInvokeDynamicInsn(
            String method, String desc, org.objectweb.asm.Handle bootstrap, Object... args) {
          valid = false;
        }

        @Override
        public void visitJumpInsn(int opcode, Label label) {
          valid = false;
        }

        @Override
        public void visitIincInsn(int slot, int increment) {
          valid = false;
        }

        @Override
        public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
          valid = false;
        }

        @Override
        public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
          valid = false;
        }

        @Override
        public void visitMultiANewArrayInsn(String desc, int dims) {
          valid = false;
        }

        @Override
        public void visitTryCatchBlock(Label start, Label end, Label handler, String type) {
          valid = false;
        }
      };
    }

    /** Records a step that pops {@code pops} values and pushes {@code pushes}. */
    private void step(byte kind, int argument, double constant, int pops, int pushes) {
      if (!valid || returned || count == MAX_STEPS || depth < pops) {
        valid = false;
        return;
      }
      steps[count] = kind;
      arguments[count] = argument;
      constants[count] = constant;
      count++;
      depth += pushes - pops;
    }
  }
}
