package io.github.tidu4j.graph.fusion;

import static org.objectweb.asm.Opcodes.AALOAD;
import static org.objectweb.asm.Opcodes.ACC_FINAL;
import static org.objectweb.asm.Opcodes.ACC_PRIVATE;
import static org.objectweb.asm.Opcodes.ACC_PUBLIC;
import static org.objectweb.asm.Opcodes.ACC_SUPER;
import static org.objectweb.asm.Opcodes.ALOAD;
import static org.objectweb.asm.Opcodes.ASTORE;
import static org.objectweb.asm.Opcodes.CHECKCAST;
import static org.objectweb.asm.Opcodes.DADD;
import static org.objectweb.asm.Opcodes.DALOAD;
import static org.objectweb.asm.Opcodes.DASTORE;
import static org.objectweb.asm.Opcodes.DLOAD;
import static org.objectweb.asm.Opcodes.DSTORE;
import static org.objectweb.asm.Opcodes.GETFIELD;
import static org.objectweb.asm.Opcodes.GOTO;
import static org.objectweb.asm.Opcodes.IF_ICMPLT;
import static org.objectweb.asm.Opcodes.ILOAD;
import static org.objectweb.asm.Opcodes.INVOKEINTERFACE;
import static org.objectweb.asm.Opcodes.INVOKESPECIAL;
import static org.objectweb.asm.Opcodes.INVOKESTATIC;
import static org.objectweb.asm.Opcodes.ISTORE;
import static org.objectweb.asm.Opcodes.PUTFIELD;
import static org.objectweb.asm.Opcodes.RETURN;
import static org.objectweb.asm.Opcodes.V17;

import io.github.tidu4j.graph.ElementKernel;
import io.github.tidu4j.graph.ElementKernelDescriptor;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Type;

/**
 * Generates the {@link FusedLoop} of a region as a hidden class: a constructor taking the members'
 * operations (kept, cast to their interfaces, for kernels that read attributes), and {@code run},
 * one counted loop whose body loads each external array's element once, calls each member's
 * real kernel on unboxed locals ({@code invokestatic}, or {@code invokeinterface} on the
 * operation), stores the live-out values and adds to the sums, which stay in locals until the
 * loop ends. The JIT inlines the kernels into the loop.
 */
final class LoopGenerator {
  private static final String LOOP = Type.getInternalName(FusedLoop.class);
  private static final String RUN = "([[D[D[[D[DII)V";

  private LoopGenerator() {}

  static MethodHandle define(Region region, MethodHandles.Lookup lookup) {
    String name = lookup.lookupClass().getPackageName().replace('.', '/') + "/FusedLoop";
    byte[] file = write(region, name);
    try {
      MethodHandles.Lookup defined = lookup.defineHiddenClass(file, true);
      return defined
          .findConstructor(defined.lookupClass(), MethodType.methodType(void.class, Object[].class))
          .asType(MethodType.methodType(FusedLoop.class, Object[].class));
    } catch (IllegalAccessException | NoSuchMethodException | RuntimeException | LinkageError e) {
      throw new IllegalStateException(
          "the fused loop of a " + region.members().length + "-member region does not load (a"
              + " fusion backend bug): " + e, e);
    }
  }

  private static byte[] write(Region region, String name) {
    ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS | ClassWriter.COMPUTE_FRAMES);
    cw.visit(V17, ACC_PUBLIC | ACC_FINAL | ACC_SUPER, name, null, "java/lang/Object",
        new String[] {LOOP});
    int count = region.members().length;
    // fields for instance kernels
    MethodVisitor init = cw.visitMethod(ACC_PUBLIC, "<init>", "([Ljava/lang/Object;)V", null, null);
    init.visitCode();
    init.visitVarInsn(ALOAD, 0);
    init.visitMethodInsn(INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
    for (int m = 0; m < count; m++) {
      ElementKernelDescriptor k = region.kernels()[m];
      if (k != null && !k.real().isStatic()) {
        String desc = "L" + k.ownerInternalName() + ";";
        cw.visitField(ACC_PRIVATE | ACC_FINAL, "op" + m, desc, null, null).visitEnd();
        init.visitVarInsn(ALOAD, 0);
        init.visitVarInsn(ALOAD, 1);
        pushInt(init, m);
        init.visitInsn(AALOAD);
        init.visitTypeInsn(CHECKCAST, k.ownerInternalName());
        init.visitFieldInsn(PUTFIELD, name, "op" + m, desc);
      }
    }
    init.visitInsn(RETURN);
    init.visitMaxs(0, 0);
    init.visitEnd();

    MethodVisitor mv = cw.visitMethod(ACC_PUBLIC | ACC_FINAL, "run", RUN, null, null);
    mv.visitCode();
    // locals: 0 this, 1 inputs, 2 scalars, 3 outputs, 4 sums, 5 from, 6 to
    int next = 7;
    int[] arrayLocal = new int[region.externalArrays().length];
    for (int e = 0; e < arrayLocal.length; e++) {
      arrayLocal[e] = next++;
      mv.visitVarInsn(ALOAD, 1);
      pushInt(mv, e);
      mv.visitInsn(AALOAD);
      mv.visitVarInsn(ASTORE, arrayLocal[e]);
    }
    int[] scalarLocal = new int[region.externalScalars().length];
    for (int s = 0; s < scalarLocal.length; s++) {
      scalarLocal[s] = next;
      next += 2;
      mv.visitVarInsn(ALOAD, 2);
      pushInt(mv, s);
      mv.visitInsn(DALOAD);
      mv.visitVarInsn(DSTORE, scalarLocal[s]);
    }
    int[] outLocal = new int[region.liveOuts().length];
    for (int o = 0; o < outLocal.length; o++) {
      outLocal[o] = next++;
      mv.visitVarInsn(ALOAD, 3);
      pushInt(mv, o);
      mv.visitInsn(AALOAD);
      mv.visitVarInsn(ASTORE, outLocal[o]);
    }
    int[] opLocal = new int[count];
    int[] sumLocal = new int[count];
    for (int m = 0; m < count; m++) {
      ElementKernelDescriptor k = region.kernels()[m];
      if (k != null && !k.real().isStatic()) {
        opLocal[m] = next++;
        mv.visitVarInsn(ALOAD, 0);
        mv.visitFieldInsn(GETFIELD, name, "op" + m, "L" + k.ownerInternalName() + ";");
        mv.visitVarInsn(ASTORE, opLocal[m]);
      }
    }
    for (int k = 0; k < region.sums().length; k++) {
      int m = region.sums()[k];
      sumLocal[m] = next;
      next += 2;
      mv.visitVarInsn(ALOAD, 4);
      pushInt(mv, k);
      mv.visitInsn(DALOAD);
      mv.visitVarInsn(DSTORE, sumLocal[m]);
    }
    int index = next++;
    int[] elementLocal = new int[arrayLocal.length];
    for (int e = 0; e < elementLocal.length; e++) {
      elementLocal[e] = next;
      next += 2;
    }
    int[] valueLocal = new int[count];
    for (int m = 0; m < count; m++) {
      valueLocal[m] = next;
      next += 2;
    }
    // a splat's value is its scalar's local
    for (int m = 0; m < count; m++) {
      if (region.kinds()[m] == Region.SPLAT) {
        valueLocal[m] = scalarLocal[region.arguments()[m][0] / 2];
      }
    }

    mv.visitVarInsn(ILOAD, 5);
    mv.visitVarInsn(ISTORE, index);
    Label body = new Label();
    Label test = new Label();
    mv.visitJumpInsn(GOTO, test);
    mv.visitLabel(body);
    for (int e = 0; e < arrayLocal.length; e++) {
      mv.visitVarInsn(ALOAD, arrayLocal[e]);
      mv.visitVarInsn(ILOAD, index);
      mv.visitInsn(DALOAD);
      mv.visitVarInsn(DSTORE, elementLocal[e]);
    }
    for (int m = 0; m < count; m++) {
      byte kind = region.kinds()[m];
      if (kind == Region.SPLAT) {
        continue;
      }
      if (kind == Region.SUM) {
        mv.visitVarInsn(DLOAD, sumLocal[m]);
        loadArgument(mv, region.arguments()[m][0], elementLocal, scalarLocal, valueLocal);
        mv.visitInsn(DADD);
        mv.visitVarInsn(DSTORE, sumLocal[m]);
        continue;
      }
      ElementKernelDescriptor k = region.kernels()[m];
      ElementKernel real = k.real();
      if (!real.isStatic()) {
        mv.visitVarInsn(ALOAD, opLocal[m]);
      }
      for (int a : region.arguments()[m]) {
        loadArgument(mv, a, elementLocal, scalarLocal, valueLocal);
      }
      mv.visitMethodInsn(
          real.isStatic() ? INVOKESTATIC : INVOKEINTERFACE,
          k.ownerInternalName(),
          real.methodName(),
          real.methodDescriptor(),
          true);
      mv.visitVarInsn(DSTORE, valueLocal[m]);
    }
    for (int o = 0; o < outLocal.length; o++) {
      mv.visitVarInsn(ALOAD, outLocal[o]);
      mv.visitVarInsn(ILOAD, index);
      mv.visitVarInsn(DLOAD, valueLocal[region.liveOuts()[o]]);
      mv.visitInsn(DASTORE);
    }
    mv.visitIincInsn(index, 1);
    mv.visitLabel(test);
    mv.visitVarInsn(ILOAD, index);
    mv.visitVarInsn(ILOAD, 6);
    mv.visitJumpInsn(IF_ICMPLT, body);
    for (int k = 0; k < region.sums().length; k++) {
      mv.visitVarInsn(ALOAD, 4);
      pushInt(mv, k);
      mv.visitVarInsn(DLOAD, sumLocal[region.sums()[k]]);
      mv.visitInsn(DASTORE);
    }
    mv.visitInsn(RETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
    cw.visitEnd();
    return cw.toByteArray();
  }

  private static void loadArgument(
      MethodVisitor mv, int a, int[] elementLocal, int[] scalarLocal, int[] valueLocal) {
    if (a < 0) {
      mv.visitVarInsn(DLOAD, valueLocal[-1 - a]);
    } else if (a % 2 == 0) {
      mv.visitVarInsn(DLOAD, elementLocal[a / 2]);
    } else {
      mv.visitVarInsn(DLOAD, scalarLocal[a / 2]);
    }
  }

  private static void pushInt(MethodVisitor mv, int value) {
    mv.visitLdcInsn(value);
  }
}
