package io.github.tidu4j.graph.bytecode;

import io.github.tidu4j.graph.KernelDescriptor;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Which static kernels the generated code computes in place rather than calls: a kernel whose body
 * loads its parameters in order, applies arithmetic instructions that neither branch nor throw, and
 * returns the result — {@code static double add(double a, double b) { return a + b; }} compiles to
 * {@code dload_0, dload_2, dadd, dreturn} — is emitted as those arithmetic instructions ({@code
 * dadd}) on the operands the generated code has already pushed, where the call would be.
 *
 * <p>The value is the one the call returns: the instructions are the kernel's own, applied to the
 * same operands in the same order (every floating-point instruction of a Java 17 class file is
 * strict). What changes is the cost: the JVM's verifier checks each call site of a defined class
 * against its method reference and signature, and until the JIT inlines a kernel every call is a
 * frame of its own; a sum or a product, the most common instructions of a gradient, cost neither
 * in place.
 *
 * <p>The body is read from the kernel's class file, a resource of its class (class files are
 * never encapsulated by a module). A kernel whose class file cannot be read, whose body is
 * anything else (a call, a constant, a branch, a field, its parameters read out of order or twice,
 * an instruction that may throw such as an integer division, a conversion), or that is not static
 * with one result, is called.
 */
final class InlineKernels {
  private InlineKernels() {}

  /**
   * The instructions a stack-only arithmetic instruction may be: the double, float, int and long
   * operations that take and give values of one type on the operand stack and throw nothing (so
   * not {@code idiv}, {@code irem}, {@code ldiv}, {@code lrem}). No conversion: every operand and
   * result of a kernel has the set's one operand type, so its body never needs the stack wider
   * than its operands, the room the generated code leaves for a call.
   */
  private static final boolean[] ARITHMETIC = new boolean[256];

  static {
    int[] ops = {
      Opcodes.DADD, Opcodes.DSUB, Opcodes.DMUL, Opcodes.DDIV, Opcodes.DREM, Opcodes.DNEG,
      Opcodes.FADD, Opcodes.FSUB, Opcodes.FMUL, Opcodes.FDIV, Opcodes.FREM, Opcodes.FNEG,
      Opcodes.IADD, Opcodes.ISUB, Opcodes.IMUL, Opcodes.INEG, Opcodes.IAND, Opcodes.IOR,
      Opcodes.IXOR, Opcodes.ISHL, Opcodes.ISHR, Opcodes.IUSHR,
      Opcodes.LADD, Opcodes.LSUB, Opcodes.LMUL, Opcodes.LNEG, Opcodes.LAND, Opcodes.LOR,
      Opcodes.LXOR, Opcodes.LSHL, Opcodes.LSHR, Opcodes.LUSHR
    };
    for (int op : ops) {
      ARITHMETIC[op] = true;
    }
  }

  /**
   * For each kernel of {@code table}, the arithmetic instructions that compute it from its operands
   * on the stack, or null if it is to be called. {@code owners[i]} is the class kernel {@code i}
   * resolved to; each owner's class file is read once, however many kernels it declares (a
   * hand-written table often puts them all in one class).
   */
  static int[][] bodiesOf(List<KernelDescriptor> table, Class<?>[] owners) {
    int[][] bodies = new int[table.size()][];
    Map<Class<?>, Optional<ClassReader>> readers = new HashMap<>();
    for (int i = 0; i < bodies.length; i++) {
      KernelDescriptor k = table.get(i);
      if (k.isStatic() && k.outputArity() == 1) {
        Optional<ClassReader> reader =
            readers.computeIfAbsent(owners[i], owner -> reader(owner, k.ownerInternalName()));
        bodies[i] = reader.map(r -> bodyOf(k, r)).orElse(null);
      }
    }
    return bodies;
  }

  /** The body of static kernel {@code k} read from its class file, or null if it is to be called. */
  private static int[] bodyOf(KernelDescriptor k, ClassReader classFile) {
    Body body = new Body(k.methodName(), k.methodDescriptor());
    try {
      classFile.accept(body, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
    } catch (RuntimeException e) { // a class file ASM cannot read: call the kernel
      return null;
    }
    return body.arithmetic();
  }

  /** A reader of {@code owner}'s class file; empty if it cannot be read. */
  private static Optional<ClassReader> reader(Class<?> owner, String internalName) {
    byte[] classFile = classFile(owner, internalName);
    if (classFile == null) {
      return Optional.empty();
    }
    try {
      return Optional.of(new ClassReader(classFile));
    } catch (RuntimeException e) { // not a class file ASM can read: its kernels are called
      return Optional.empty();
    }
  }

  private static byte[] classFile(Class<?> owner, String internalName) {
    try (InputStream in = owner.getResourceAsStream("/" + internalName + ".class")) {
      return in == null ? null : in.readAllBytes();
    } catch (IOException e) {
      return null;
    }
  }

  /**
   * Reads one method's instructions: its parameter loads, then its arithmetic, then its return;
   * anything else makes the body not simple.
   */
  private static final class Body extends ClassVisitor {
    private final String name;
    private final String descriptor;
    private final Type[] parameters;
    private final int returnOpcode;
    private boolean found;
    private boolean simple = true;
    private int loads;
    private int nextLocal;
    private int[] arithmetic = new int[4];
    private int arithmeticCount;
    private boolean returned;

    Body(String name, String descriptor) {
      super(Opcodes.ASM9);
      this.name = name;
      this.descriptor = descriptor;
      this.parameters = Type.getArgumentTypes(descriptor);
      this.returnOpcode = Type.getReturnType(descriptor).getOpcode(Opcodes.IRETURN);
    }

    /** The arithmetic instructions, or null if the method is missing or its body is not simple. */
    int[] arithmetic() {
      return found && simple && returned && loads == parameters.length
          ? Arrays.copyOf(arithmetic, arithmeticCount)
          : null;
    }

    @Override
    public MethodVisitor visitMethod(
        int access, String methodName, String methodDescriptor, String signature,
        String[] exceptions) {
      if (!methodName.equals(name) || !methodDescriptor.equals(descriptor)) {
        return null;
      }
      found = true;
      if ((access & Opcodes.ACC_STATIC) == 0) {
        simple = false;
        return null;
      }
      return new MethodVisitor(Opcodes.ASM9) {
        @Override
        public void visitVarInsn(int opcode, int local) {
          // the parameters' loads, each once, in order, before anything else
          if (arithmeticCount == 0 && !returned && loads < parameters.length
              && opcode == parameters[loads].getOpcode(Opcodes.ILOAD) && local == nextLocal) {
            nextLocal += parameters[loads].getSize();
            loads++;
          } else {
            simple = false;
          }
        }

        @Override
        public void visitInsn(int opcode) {
          if (returned || loads < parameters.length) {
            simple = false;
          } else if (opcode == returnOpcode) {
            returned = true;
          } else if (ARITHMETIC[opcode]) {
            if (arithmeticCount == arithmetic.length) {
              arithmetic = Arrays.copyOf(arithmetic, arithmeticCount * 2);
            }
            arithmetic[arithmeticCount++] = opcode;
          } else {
            simple = false;
          }
        }

        @Override
        public void visitIntInsn(int opcode, int operand) {
          simple = false;
        }

        @Override
        public void visitTypeInsn(int opcode, String type) {
          simple = false;
        }

        @Override
        public void visitFieldInsn(int opcode, String owner, String field, String fieldDescriptor) {
          simple = false;
        }

        @Override
        public void visitMethodInsn(
            int opcode, String owner, String method, String methodDescriptor, boolean itf) {
          simple = false;
        }

        @Override
        public void visitInvokeDynamicInsn(
            String method, String methodDescriptor, Handle bootstrap, Object... arguments) {
          simple = false;
        }

        @Override
        public void visitJumpInsn(int opcode, Label label) {
          simple = false;
        }

        @Override
        public void visitLdcInsn(Object value) {
          simple = false;
        }

        @Override
        public void visitIincInsn(int local, int increment) {
          simple = false;
        }

        @Override
        public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
          simple = false;
        }

        @Override
        public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
          simple = false;
        }

        @Override
        public void visitMultiANewArrayInsn(String type, int dimensions) {
          simple = false;
        }

        @Override
        public void visitTryCatchBlock(Label start, Label end, Label handler, String type) {
          simple = false;
        }
      };
    }
  }
}
