package io.github.tidu4j.graph.bytecode;

import io.github.tidu4j.graph.KernelDescriptor;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
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
 * Which kernels the generated code computes in place rather than calls: a kernel whose body loads
 * its parameters, each once and in order, applies arithmetic instructions that neither branch nor
 * throw, and returns the result — {@code static double add(double a, double b) { return a + b; }}
 * compiles to {@code dload_0, dload_2, dadd, dreturn} — is emitted as those instructions, with each
 * parameter load replaced by the push of the operand the call would have taken ({@link
 * InlineBody}).
 *
 * <p>An instance kernel may also read the operation's attributes through their accessors on {@code
 * this} — {@code default double eval(double x) { return factor() * x; }} compiles to {@code
 * aload_0, invokeinterface factor()D, dload_1, dmul, dreturn} — and each such read becomes a
 * constant of the generated class ({@code ldc2_w}), the value the operation's accessor gives when
 * the class is generated. A program of many distinct operations with attributes (the Taylor
 * coefficients' scales, a chain of {@code Scale(c_i)}) then carries no operation as class data and
 * makes no call through one: the JVM resolves no dynamic constant per operation on the first
 * evaluation, and the code is the same arithmetic at every tier (a call with a receiver costs C1's
 * profiling code, tens of bytes a call, in methods that each run once per evaluation).
 *
 * <p>The value is the one the call returns: the instructions are the kernel's own, applied to the
 * same operands and attribute values in the same order (every floating-point instruction of a Java
 * 17 class file is strict). What changes is the cost: the JVM's verifier checks each call site of a
 * defined class against its method reference and signature, and until the JIT inlines a kernel
 * every call is a frame of its own; a sum or a product, the most common instructions of a gradient,
 * cost neither in place.
 *
 * <p>The body is read from the kernel's class file, a resource of its class (class files are
 * never encapsulated by a module). A kernel whose class file cannot be read, whose body is
 * anything else (a call other than an accessor's, a constant, a branch, a field, its parameters
 * read out of order or twice, an instruction that may throw such as an integer division, a
 * conversion), an accessor that takes arguments, is not on {@code this} or returns anything but an
 * {@code int}, {@code long}, {@code float} or {@code double}, or a kernel with several results, is
 * called.
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
   * For each kernel of {@code table}, how it is computed in place, or null if it is to be called.
   * {@code owners[i]} is the class kernel {@code i} resolved to; each owner's class file is read
   * once, however many kernels it declares (a hand-written table often puts them all in one
   * class). {@code access} finds an instance kernel's accessors, as the generated class would.
   * Arithmetic takes primitive values only, so a set of a reference operand type reads no class
   * file.
   */
  static InlineBody[] bodiesOf(
      List<KernelDescriptor> table,
      Class<?>[] owners,
      MethodHandles.Lookup access,
      Class<?> operandType) {
    InlineBody[] bodies = new InlineBody[table.size()];
    if (!operandType.isPrimitive()) {
      return bodies;
    }
    Map<Class<?>, Optional<ClassReader>> readers = new HashMap<>();
    for (int i = 0; i < bodies.length; i++) {
      KernelDescriptor k = table.get(i);
      if (k.outputArity() == 1) {
        Optional<ClassReader> reader =
            readers.computeIfAbsent(owners[i], owner -> reader(owner, k.ownerInternalName()));
        int at = i;
        bodies[i] = reader.map(r -> bodyOf(k, owners[at], r, access)).orElse(null);
      }
    }
    return bodies;
  }

  /** The body of kernel {@code k} read from its class file, or null if it is to be called. */
  private static InlineBody bodyOf(
      KernelDescriptor k, Class<?> owner, ClassReader classFile, MethodHandles.Lookup access) {
    Body body = new Body(k);
    try {
      classFile.accept(body, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
    } catch (RuntimeException e) { // a class file ASM cannot read: call the kernel
      return null;
    }
    int[] code = body.code();
    if (code == null) {
      return null;
    }
    if (k.isStatic()) {
      return InlineBody.ofStatic(code);
    }
    ClassLoader loader = owner.getClassLoader();
    MethodHandle[] accessors = new MethodHandle[body.accessors.size()];
    Class<?>[] parameters;
    try {
      for (int j = 0; j < accessors.length; j++) {
        String[] accessor = body.accessors.get(j);
        MethodType type = MethodType.fromMethodDescriptorString(accessor[1], loader);
        accessors[j] =
            access
                .findVirtual(owner, accessor[0], type)
                .asType(MethodType.methodType(Object.class, Object.class));
      }
      parameters =
          MethodType.fromMethodDescriptorString(k.methodDescriptor(), loader).parameterArray();
    } catch (ReflectiveOperationException | TypeNotPresentException | IllegalArgumentException e) {
      return null; // an accessor the generated class could not call: call the kernel
    }
    return InlineBody.ofInstance(code, accessors, owner, k.methodName(), parameters);
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
   * Reads one method's instructions: its parameter loads, its accessor calls on {@code this}, its
   * arithmetic, then its return; anything else makes the body not simple.
   */
  private static final class Body extends ClassVisitor {
    private final String name;
    private final String descriptor;
    private final boolean instance;
    private final String owner;
    private final Type[] parameters;
    private final int returnOpcode;
    private boolean found;
    private boolean simple = true;
    private int loads;
    private int nextLocal;
    private boolean thisLoaded; // the last instruction was aload_0 of an instance kernel
    private int[] code = new int[8];
    private int size;
    private boolean returned;
    /** The accessors read, by name and descriptor, in the order of their reads. */
    final List<String[]> accessors = new ArrayList<>();

    Body(KernelDescriptor k) {
      super(Opcodes.ASM9);
      this.name = k.methodName();
      this.descriptor = k.methodDescriptor();
      this.instance = !k.isStatic();
      this.owner = k.ownerInternalName();
      this.parameters = Type.getArgumentTypes(descriptor);
      this.returnOpcode = Type.getReturnType(descriptor).getOpcode(Opcodes.IRETURN);
      this.nextLocal = instance ? 1 : 0;
    }

    /** The code, or null if the method is missing or its body is not simple. */
    int[] code() {
      return found && simple && returned && !thisLoaded && loads == parameters.length
          ? Arrays.copyOf(code, size)
          : null;
    }

    private void add(int element) {
      if (size == code.length) {
        code = Arrays.copyOf(code, size * 2);
      }
      code[size++] = element;
    }

    /** Anything but an accessor call right after {@code aload_0} makes the body not simple. */
    private boolean open() {
      if (thisLoaded || returned) {
        simple = false;
      }
      return simple;
    }

    @Override
    public MethodVisitor visitMethod(
        int access, String methodName, String methodDescriptor, String signature,
        String[] exceptions) {
      if (!methodName.equals(name) || !methodDescriptor.equals(descriptor)) {
        return null;
      }
      found = true;
      if (((access & Opcodes.ACC_STATIC) == 0) != instance) {
        simple = false;
        return null;
      }
      return new MethodVisitor(Opcodes.ASM9) {
        @Override
        public void visitVarInsn(int opcode, int local) {
          if (!open()) {
            return;
          }
          if (instance && opcode == Opcodes.ALOAD && local == 0) {
            thisLoaded = true; // an accessor call must follow
          } else if (loads < parameters.length
              && opcode == parameters[loads].getOpcode(Opcodes.ILOAD) && local == nextLocal) {
            // the parameters' loads, each once, in order
            nextLocal += parameters[loads].getSize();
            loads++;
            add(InlineBody.OPERAND);
          } else {
            simple = false;
          }
        }

        @Override
        public void visitMethodInsn(
            int opcode, String methodOwner, String method, String methodDescriptor, boolean itf) {
          if (!thisLoaded || returned) {
            simple = false;
            return;
          }
          thisLoaded = false;
          boolean onThis =
              methodOwner.equals(owner)
                  && (opcode == Opcodes.INVOKEINTERFACE || opcode == Opcodes.INVOKEVIRTUAL);
          if (!onThis || !methodDescriptor.startsWith("()") || !constantType(methodDescriptor)) {
            simple = false;
            return;
          }
          add(InlineBody.attributeAt(accessors.size()));
          accessors.add(new String[] {method, methodDescriptor});
        }

        @Override
        public void visitInsn(int opcode) {
          if (!open()) {
            return;
          }
          if (opcode == returnOpcode) {
            returned = true;
          } else if (ARITHMETIC[opcode]) {
            add(opcode);
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

  /** Whether an accessor of descriptor {@code ()X} gives a value an {@code ldc} can push. */
  private static boolean constantType(String accessorDescriptor) {
    String result = accessorDescriptor.substring(2);
    return result.equals("D") || result.equals("J") || result.equals("F") || result.equals("I");
  }
}
