package io.github.tidu4j.graph.fusion;

import static org.objectweb.asm.Opcodes.AALOAD;
import static org.objectweb.asm.Opcodes.ACC_FINAL;
import static org.objectweb.asm.Opcodes.ACC_PRIVATE;
import static org.objectweb.asm.Opcodes.ACC_PUBLIC;
import static org.objectweb.asm.Opcodes.ACC_SUPER;
import static org.objectweb.asm.Opcodes.ALOAD;
import static org.objectweb.asm.Opcodes.ARRAYLENGTH;
import static org.objectweb.asm.Opcodes.ASTORE;
import static org.objectweb.asm.Opcodes.CHECKCAST;
import static org.objectweb.asm.Opcodes.DADD;
import static org.objectweb.asm.Opcodes.DALOAD;
import static org.objectweb.asm.Opcodes.DCONST_0;
import static org.objectweb.asm.Opcodes.DASTORE;
import static org.objectweb.asm.Opcodes.DLOAD;
import static org.objectweb.asm.Opcodes.DSTORE;
import static org.objectweb.asm.Opcodes.DUP2;
import static org.objectweb.asm.Opcodes.GETFIELD;
import static org.objectweb.asm.Opcodes.GETSTATIC;
import static org.objectweb.asm.Opcodes.GOTO;
import static org.objectweb.asm.Opcodes.IADD;
import static org.objectweb.asm.Opcodes.IAND;
import static org.objectweb.asm.Opcodes.ICONST_0;
import static org.objectweb.asm.Opcodes.ICONST_1;
import static org.objectweb.asm.Opcodes.IDIV;
import static org.objectweb.asm.Opcodes.IF_ICMPGE;
import static org.objectweb.asm.Opcodes.IF_ICMPLE;
import static org.objectweb.asm.Opcodes.IF_ICMPLT;
import static org.objectweb.asm.Opcodes.IF_ICMPNE;
import static org.objectweb.asm.Opcodes.IMUL;
import static org.objectweb.asm.Opcodes.IREM;
import static org.objectweb.asm.Opcodes.ILOAD;
import static org.objectweb.asm.Opcodes.INVOKEINTERFACE;
import static org.objectweb.asm.Opcodes.INVOKESPECIAL;
import static org.objectweb.asm.Opcodes.INVOKESTATIC;
import static org.objectweb.asm.Opcodes.INVOKEVIRTUAL;
import static org.objectweb.asm.Opcodes.ISTORE;
import static org.objectweb.asm.Opcodes.ISHL;
import static org.objectweb.asm.Opcodes.ISUB;
import static org.objectweb.asm.Opcodes.NEWARRAY;
import static org.objectweb.asm.Opcodes.PUTFIELD;
import static org.objectweb.asm.Opcodes.RETURN;
import static org.objectweb.asm.Opcodes.T_DOUBLE;
import static org.objectweb.asm.Opcodes.V17;

import io.github.tidu4j.graph.ElementKernel;
import io.github.tidu4j.graph.ElementKernelDescriptor;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Arrays;
import java.util.function.Function;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Type;

/**
 * Generates the {@link FusedLoop} of a region as a hidden class: a constructor taking the members'
 * operations (kept, cast to their interfaces, for kernels that read attributes), and {@code run}.
 * Members' values live in unboxed locals; each member's real kernel is called directly ({@code
 * invokestatic}, or {@code invokeinterface} on the operation) so the JIT inlines it; sums stay in
 * locals until the loop ends and add in index order.
 *
 * <p>A region without a block kernel runs one counted loop over {@code [from, to)}: per element,
 * it loads the external arrays' elements, computes the members, stores the live-outs and adds to
 * the sums. Where {@link VectorLoops} allows vectors and every member it needs has a {@link
 * KernelExpression} (its kernel is plain arithmetic), a vector loop runs first, over whole groups
 * of eight elements from {@code from} (the same operations lanewise, so the same bits per element;
 * each vector lane one {@link LaneSum} lane), and the element loop runs the remaining {@code (to −
 * from) mod 8}. C2's SuperWord vectorises neither the element loop (its rotating lane sums) nor a
 * loop storing the elements into a small scratch array for {@link LaneSum#add} (a store at {@code
 * i − start} and loads at {@code i} look dependent to it, on JDK 17 and 25), hence the Vector API.
 *
 * <p>A region whose members {@code c₁ … c_k} (in program order) have {@link BlockKernel}s runs
 * {@code [from, to)} in blocks of {@code blockSize} elements, each block in phases over one scratch
 * array per block member (allocated once per call, {@code min(blockSize, to − from)} long): for
 * each {@code c_j} in turn, (1) a loop computes, per element, the members {@code c_j}'s operand
 * depends on (reading {@code c₁ … c_{j−1}} from their scratch arrays) and stores the operand in
 * {@code c_j}'s scratch array, skipped when the operand is an external array or an earlier block
 * member's value (the block kernel reads it where it is); (2) the block kernel maps the operand's
 * block to {@code c_j}'s values in its scratch array; then (3) a loop computes every other member
 * the live-outs and sums need, reading the block members from their scratch arrays, stores the
 * live-outs and adds to the sums. Cheap members several phases need are computed in each (they
 * are pure, so each gives the same bits), which costs less than storing them. Sums still see the
 * elements in index order, so a block loop differs from the element loop only by the block
 * kernels' values, and computes the same for any {@code [from, to)} split.
 *
 * <p>With {@link SumOrder#LANES}, {@code run} treats {@code [from, to)} as one block of the lane
 * order, its lanes in an array from {@link LaneSum#newLanes}: the loop that stores the live-outs
 * keeps each sum's eight lanes in eight locals, rotated after each element so that the first is
 * always the lane of element {@code i} ({@code (i − from) & 7}): eight independent chains of
 * additions instead of one. Where a real sum's operand is a block member's scratch array or an
 * external array, {@link LaneSum#add} reads that block in place after the loop instead (a sum of
 * a vectorised {@code exp} needs no element loop of its own). At the end each sum slot is added
 * its lanes' {@link LaneSum#total}. Callers split a loop with sums only at {@link BlockedSum#BLOCK}
 * boundaries ({@link FusedProgram}), so the sums are {@link SumOrder#sum}'s on any number of
 * threads.
 *
 * <p>A region with broadcasts or axis sums ({@link IndexMaps}) keeps, in each element loop that
 * reads a broadcast or adds to an axis sum, one counter per axis of its {@code loopDims} and one
 * offset per such member: computed from {@code from} once per loop (one division per counter),
 * then stepped per element like an odometer (add the last axis's stride; on wrapping, reset and
 * carry, rarely), so no element divides. A broadcast's element is its operand's at its offset; an
 * axis sum adds each element to its result element at its offset, in element order (the operand's
 * row-major order, the order of the unfused sum kernel, whatever the {@link SumOrder}). Where the
 * offset stays put along the last axis (a sum over trailing axes) the running total stays in a
 * local, stored per element and reloaded only when the offset moves, so consecutive additions do
 * not wait on a store and a load.
 */
final class LoopGenerator {
  private static final String LOOP = Type.getInternalName(FusedLoop.class);
  private static final String RUN = "([[D[D[[D[DII)V";
  // run's parameters
  private static final int THIS = 0;
  private static final int INPUTS = 1;
  private static final int SCALARS = 2;
  private static final int OUTPUTS = 3;
  private static final int SUMS = 4;
  private static final int FROM = 5;
  private static final int TO = 6;

  private static final String LANE_SUM = Type.getInternalName(LaneSum.class);

  private static final String VECTOR = "jdk/incubator/vector/DoubleVector";
  private static final String SPECIES = "Ljdk/incubator/vector/VectorSpecies;";
  private static final String FROM_ARRAY = "(" + SPECIES + "[DI)L" + VECTOR + ";";
  private static final String BROADCAST = "(" + SPECIES + "D)L" + VECTOR + ";";
  private static final String BINARY = "(Ljdk/incubator/vector/Vector;)L" + VECTOR + ";";

  private final Region region;
  private final String name;
  private final int blockSize;
  // the lanes of the vector loop (0: element loop only) and each member's kernel expression
  private final int vectorLanes;
  private final KernelExpression[] expressions;
  private final int count;
  // whether the sums add in lanes (SumOrder.LANES and at least one sum)
  private final boolean lanes;
  private int lanesLocal = -1;
  // whether each lane-order sum reads its operand's block where it is (LaneSum.add per block)
  private boolean[] sumInPlace;
  private MethodVisitor mv;
  private int next = TO + 1;
  private int[] arrayLocal;
  private int[] scalarLocal;
  private int[] outLocal;
  private int[] opLocal;
  private int[] sumLocal;
  private int[] elementLocal;
  private int[] valueLocal;
  private boolean[] liveOut;
  // imaginary parts of complex values (0 where real), and where sums and scalars sit in run's arrays
  private int[] scalarImLocal;
  private int[] elementImLocal;
  private int[] valueImLocal;
  private int[] sumImLocal;
  private final int[] sumSlots;
  private final int[] scalarSlots;
  // the current element loop's index-map counters, and per member its offset and, for a running
  // axis sum, its total (real and imaginary part); -1 where unused
  private int[] counterLocal;
  private int[] offsetLocal;
  private int[] runningLocal;
  private int[] runningImLocal;

  private LoopGenerator(
      Region region, String name, int blockSize, SumOrder sumOrder, int vectorLanes,
      Function<ElementKernelDescriptor, KernelExpression> expressionOf) {
    this.region = region;
    this.blockSize = blockSize;
    this.count = region.members().length;
    this.lanes = sumOrder == SumOrder.LANES && region.sums().length > 0;
    this.sumSlots = region.sumSlots();
    this.scalarSlots = region.scalarSlots();
    this.expressions = new KernelExpression[count];
    if (vectorLanes > 0) {
      for (int m = 0; m < count; m++) {
        if (region.kinds()[m] == Region.ELEMENT) {
          expressions[m] = expressionOf.apply(region.kernels()[m]);
        }
      }
    }
    this.vectorLanes = vectorLanes > 0 && vectorises() ? vectorLanes : 0;
    this.name = this.vectorLanes > 0 ? name.replace("FusedLoop", "FusedVectorLoop") : name;
  }

  /**
   * Whether {@code region}'s loop written with {@code vectorLanes} lanes is a vector loop (the
   * fusion pass keeps vector loops when it merges regions).
   */
  static boolean vectorises(
      Region region, SumOrder sumOrder, int vectorLanes,
      Function<ElementKernelDescriptor, KernelExpression> expressionOf) {
    return vectorLanes > 0
        && new LoopGenerator(region, "FusedLoop", 1, sumOrder, vectorLanes, expressionOf)
            .vectorLanes > 0;
  }

  /** Whether a member's kernels are called on its operation (they read attributes). */
  private static boolean isInstance(ElementKernelDescriptor k) {
    return k != null
        && (k.real() != null ? !k.real().isStatic() : !k.complexRe().isStatic());
  }

  static MethodHandle define(
      Region region, MethodHandles.Lookup lookup, int blockSize, SumOrder sumOrder) {
    return define(region, lookup, blockSize, sumOrder, VectorLoops.lanes(lookup, region));
  }

  /**
   * The loop's constructor, its class written with vectors of {@code vectorLanes} lanes where the
   * region {@linkplain #vectorises vectorises} ({@code 0}: the element loop alone); a vector loop's
   * class is named {@code FusedVectorLoop}, an element loop's {@code FusedLoop}.
   */
  static MethodHandle define(
      Region region, MethodHandles.Lookup lookup, int blockSize, SumOrder sumOrder,
      int vectorLanes) {
    ClassLoader loader = lookup.lookupClass().getClassLoader();
    return define(region, lookup, blockSize, sumOrder, vectorLanes,
        k -> KernelExpression.read(k, loader));
  }

  /**
   * As {@link #define(Region, MethodHandles.Lookup, int, SumOrder, int)}, with the members'
   * kernel expressions from {@code expressionOf} (a set's memo of {@link KernelExpression#read}).
   */
  static MethodHandle define(
      Region region, MethodHandles.Lookup lookup, int blockSize, SumOrder sumOrder,
      int vectorLanes, Function<ElementKernelDescriptor, KernelExpression> expressionOf) {
    String name = lookup.lookupClass().getPackageName().replace('.', '/') + "/FusedLoop";
    byte[] file =
        new LoopGenerator(region, name, blockSize, sumOrder, vectorLanes, expressionOf).write();
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

  private byte[] write() {
    ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS | ClassWriter.COMPUTE_FRAMES);
    cw.visit(V17, ACC_PUBLIC | ACC_FINAL | ACC_SUPER, name, null, "java/lang/Object",
        new String[] {LOOP});
    writeConstructor(cw);
    mv = cw.visitMethod(ACC_PUBLIC | ACC_FINAL, "run", RUN, null, null);
    mv.visitCode();
    loadParameters();
    int[] blocks = region.blockMembers();
    sumInPlace = new boolean[count];
    if (blocks.length == 0) {
      boolean[] needed = needed(liveOutsAndSums(), new boolean[count]);
      // the vector loop runs whole groups of eight elements from FROM; the element loop the rest
      elementLoop(vectorLanes > 0 ? vectorLoop(needed) : FROM, TO, needed);
    } else {
      blockLoop(blocks);
    }
    for (int k = 0; k < region.sums().length; k++) {
      for (int slot = sumSlots[k]; slot < sumSlots[k + 1]; slot++) {
        mv.visitVarInsn(ALOAD, SUMS);
        pushInt(slot);
        if (lanes) {
          // sums[slot] += LaneSum.total(lanes, 8·slot): [from, to) is one block of the order
          mv.visitInsn(DUP2);
          mv.visitInsn(DALOAD);
          mv.visitVarInsn(ALOAD, lanesLocal);
          pushInt(LaneSum.LANES * slot);
          mv.visitMethodInsn(INVOKESTATIC, LANE_SUM, "total", "([DI)D", false);
          mv.visitInsn(DADD);
        } else {
          int m = region.sums()[k];
          mv.visitVarInsn(DLOAD, slot == sumSlots[k] ? sumLocal[m] : sumImLocal[m]);
        }
        mv.visitInsn(DASTORE);
      }
    }
    mv.visitInsn(RETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
    cw.visitEnd();
    return cw.toByteArray();
  }

  /** Fields for instance kernels' operations, set from the constructor's {@code Object[]}. */
  private void writeConstructor(ClassWriter cw) {
    MethodVisitor init = cw.visitMethod(ACC_PUBLIC, "<init>", "([Ljava/lang/Object;)V", null, null);
    init.visitCode();
    init.visitVarInsn(ALOAD, 0);
    init.visitMethodInsn(INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
    for (int m = 0; m < count; m++) {
      ElementKernelDescriptor k = region.kernels()[m];
      if (isInstance(k)) {
        String desc = "L" + k.ownerInternalName() + ";";
        cw.visitField(ACC_PRIVATE | ACC_FINAL, "op" + m, desc, null, null).visitEnd();
        init.visitVarInsn(ALOAD, 0);
        init.visitVarInsn(ALOAD, 1);
        init.visitLdcInsn(m);
        init.visitInsn(AALOAD);
        init.visitTypeInsn(CHECKCAST, k.ownerInternalName());
        init.visitFieldInsn(PUTFIELD, name, "op" + m, desc);
      }
    }
    init.visitInsn(RETURN);
    init.visitMaxs(0, 0);
    init.visitEnd();
  }

  /** Copies run's arrays, scalars, operations and sums into locals, and numbers the rest. */
  private void loadParameters() {
    arrayLocal = new int[region.externalArrays().length];
    for (int e = 0; e < arrayLocal.length; e++) {
      arrayLocal[e] = next++;
      mv.visitVarInsn(ALOAD, INPUTS);
      pushInt(e);
      mv.visitInsn(AALOAD);
      mv.visitVarInsn(ASTORE, arrayLocal[e]);
    }
    scalarLocal = new int[region.externalScalars().length];
    scalarImLocal = new int[scalarLocal.length];
    for (int s = 0; s < scalarLocal.length; s++) {
      for (int slot = scalarSlots[s]; slot < scalarSlots[s + 1]; slot++) {
        int local = next;
        next += 2;
        if (slot == scalarSlots[s]) {
          scalarLocal[s] = local;
        } else {
          scalarImLocal[s] = local;
        }
        mv.visitVarInsn(ALOAD, SCALARS);
        pushInt(slot);
        mv.visitInsn(DALOAD);
        mv.visitVarInsn(DSTORE, local);
      }
    }
    outLocal = new int[region.liveOuts().length];
    liveOut = new boolean[count];
    for (int o = 0; o < outLocal.length; o++) {
      outLocal[o] = next++;
      liveOut[region.liveOuts()[o]] = true;
      mv.visitVarInsn(ALOAD, OUTPUTS);
      pushInt(o);
      mv.visitInsn(AALOAD);
      mv.visitVarInsn(ASTORE, outLocal[o]);
    }
    opLocal = new int[count];
    for (int m = 0; m < count; m++) {
      ElementKernelDescriptor k = region.kernels()[m];
      if (isInstance(k)) {
        opLocal[m] = next++;
        mv.visitVarInsn(ALOAD, THIS);
        mv.visitFieldInsn(GETFIELD, name, "op" + m, "L" + k.ownerInternalName() + ";");
        mv.visitVarInsn(ASTORE, opLocal[m]);
      }
    }
    sumLocal = new int[count];
    sumImLocal = new int[count];
    if (lanes) {
      lanesLocal = next++;
      pushInt(sumSlots[region.sums().length]);
      mv.visitMethodInsn(INVOKESTATIC, LANE_SUM, "newLanes", "(I)[D", false);
      mv.visitVarInsn(ASTORE, lanesLocal);
    } else {
      for (int k = 0; k < region.sums().length; k++) {
        int m = region.sums()[k];
        for (int slot = sumSlots[k]; slot < sumSlots[k + 1]; slot++) {
          int local = next;
          next += 2;
          if (slot == sumSlots[k]) {
            sumLocal[m] = local;
          } else {
            sumImLocal[m] = local;
          }
          mv.visitVarInsn(ALOAD, SUMS);
          pushInt(slot);
          mv.visitInsn(DALOAD);
          mv.visitVarInsn(DSTORE, local);
        }
      }
    }
    elementLocal = new int[arrayLocal.length];
    elementImLocal = new int[arrayLocal.length];
    for (int e = 0; e < elementLocal.length; e++) {
      elementLocal[e] = next;
      next += 2;
      if (region.complexArrays()[e]) {
        elementImLocal[e] = next;
        next += 2;
      }
    }
    valueLocal = new int[count];
    valueImLocal = new int[count];
    for (int m = 0; m < count; m++) {
      // a splat's value is its scalar's local
      if (region.kinds()[m] == Region.SPLAT) {
        valueLocal[m] = scalarLocal[region.arguments()[m][0] / 2];
        valueImLocal[m] = scalarImLocal[region.arguments()[m][0] / 2];
      } else {
        valueLocal[m] = next;
        next += 2;
        if (region.complex()[m]) {
          valueImLocal[m] = next;
          next += 2;
        }
      }
    }
  }

  /** The members whose values leave the region: live-outs and sums. */
  private boolean[] liveOutsAndSums() {
    boolean[] roots = new boolean[count];
    for (int m = 0; m < count; m++) {
      roots[m] = liveOut[m] || region.kinds()[m] == Region.SUM;
    }
    return roots;
  }

  /**
   * The members a loop needs to give the {@code roots}: those and every member they read,
   * transitively, stopping at the {@code readable} block members (whose values it reads from their
   * scratch arrays instead of computing them).
   */
  private boolean[] needed(boolean[] roots, boolean[] readable) {
    boolean[] needed = roots.clone();
    for (int m = count - 1; m >= 0; m--) {
      if (needed[m] && !readable[m]) {
        for (int a : region.arguments()[m]) {
          if (a < 0) {
            needed[-1 - a] = true;
          }
        }
      }
    }
    return needed;
  }

  /**
   * Blocks of {@code blockSize} elements over {@code [from, to)}, each in the phases the class
   * describes, around the block members' block kernels.
   */
  private void blockLoop(int[] blocks) {
    int[] scratchOf = new int[count];
    Arrays.fill(scratchOf, -1);
    int start = next++;
    int length = next++;
    int end = next++;
    for (int c : blocks) {
      scratchOf[c] = newScratch();
    }
    boolean[] isBlock = new boolean[count];
    for (int c : blocks) {
      isBlock[c] = true;
    }
    boolean[] finalRoots = new boolean[count];
    for (int m = 0; m < count; m++) {
      finalRoots[m] = liveOut[m];
      if (region.kinds()[m] == Region.SUM) {
        int operand = region.arguments()[m][0];
        // a real sum of a block member or an external array: LaneSum.add reads its block
        sumInPlace[m] =
            lanes && !region.complex()[m] && (operand >= 0 || isBlock[-1 - operand]);
        finalRoots[m] = !sumInPlace[m];
      }
    }
    boolean finalLoop = false;
    for (boolean root : finalRoots) {
      finalLoop |= root;
    }
    mv.visitVarInsn(ILOAD, FROM);
    mv.visitVarInsn(ISTORE, start);
    Label body = new Label();
    Label test = new Label();
    mv.visitJumpInsn(GOTO, test);
    mv.visitLabel(body);
    // length = min(blockSize, to - start); end = start + length (no overflow: length <= to - start)
    mv.visitLdcInsn(blockSize);
    mv.visitVarInsn(ILOAD, TO);
    mv.visitVarInsn(ILOAD, start);
    mv.visitInsn(ISUB);
    mv.visitMethodInsn(INVOKESTATIC, "java/lang/Math", "min", "(II)I", false);
    mv.visitVarInsn(ISTORE, length);
    mv.visitVarInsn(ILOAD, start);
    mv.visitVarInsn(ILOAD, length);
    mv.visitInsn(IADD);
    mv.visitVarInsn(ISTORE, end);
    boolean[] readable = new boolean[count];
    for (int c : blocks) {
      int operand = region.arguments()[c][0];
      if (operand >= 0) {
        // (1) skipped: the operand is external array operand / 2, read where it is
        mv.visitVarInsn(ALOAD, arrayLocal[operand / 2]);
        mv.visitVarInsn(ILOAD, start);
      } else if (readable[-1 - operand]) {
        // (1) skipped: the operand is an earlier block member's, in its scratch array
        mv.visitVarInsn(ALOAD, scratchOf[-1 - operand]);
        mv.visitInsn(ICONST_0);
      } else {
        boolean[] root = new boolean[count];
        root[-1 - operand] = true;
        elementLoopWithScratch(start, end, needed(root, readable), readable, scratchOf, c, false);
        mv.visitVarInsn(ALOAD, scratchOf[c]);
        mv.visitInsn(ICONST_0);
      }
      // (2) the block kernel: operand block -> scratch of c, [0, length)
      BlockKernel kernel = region.blockKernels()[c];
      mv.visitVarInsn(ALOAD, scratchOf[c]);
      mv.visitInsn(ICONST_0);
      mv.visitVarInsn(ILOAD, length);
      mv.visitMethodInsn(
          INVOKESTATIC,
          Type.getInternalName(kernel.owner()),
          kernel.methodName(),
          BlockKernel.DESCRIPTOR,
          kernel.owner().isInterface());
      readable[c] = true;
    }
    // (3) the rest of the region, unless the lanes read every sum's elements where they are
    if (finalLoop) {
      elementLoopWithScratch(
          start, end, needed(finalRoots, readable), readable, scratchOf, -1, true);
    }
    for (int k = 0; k < region.sums().length; k++) {
      int m = region.sums()[k];
      if (!sumInPlace[m]) {
        continue;
      }
      // LaneSum.add(lanes, 8·slot, elements, offset, length, start − from)
      int operand = region.arguments()[m][0];
      mv.visitVarInsn(ALOAD, lanesLocal);
      pushInt(LaneSum.LANES * sumSlots[k]);
      if (operand >= 0) {
        mv.visitVarInsn(ALOAD, arrayLocal[operand / 2]);
        mv.visitVarInsn(ILOAD, start);
      } else {
        mv.visitVarInsn(ALOAD, scratchOf[-1 - operand]);
        mv.visitInsn(ICONST_0);
      }
      mv.visitVarInsn(ILOAD, length);
      mv.visitVarInsn(ILOAD, start);
      mv.visitVarInsn(ILOAD, FROM);
      mv.visitInsn(ISUB);
      mv.visitMethodInsn(INVOKESTATIC, LANE_SUM, "add", "([DI[DIII)V", false);
    }
    mv.visitVarInsn(ILOAD, end);
    mv.visitVarInsn(ISTORE, start);
    mv.visitLabel(test);
    mv.visitVarInsn(ILOAD, start);
    mv.visitVarInsn(ILOAD, TO);
    mv.visitJumpInsn(IF_ICMPLT, body);
  }

  /** A new scratch array of {@code max(0, min(blockSize, to − from))} elements, in a new local. */
  private int newScratch() {
    int local = next++;
    mv.visitLdcInsn(blockSize);
    mv.visitVarInsn(ILOAD, TO);
    mv.visitVarInsn(ILOAD, FROM);
    mv.visitInsn(ISUB);
    mv.visitMethodInsn(INVOKESTATIC, "java/lang/Math", "min", "(II)I", false);
    mv.visitInsn(ICONST_0);
    mv.visitMethodInsn(INVOKESTATIC, "java/lang/Math", "max", "(II)I", false);
    mv.visitIntInsn(NEWARRAY, T_DOUBLE);
    mv.visitVarInsn(ASTORE, local);
    return local;
  }

  /** The loop of a region without block kernels: over element indices {@code [from, to)}. */
  private void elementLoop(int from, int to, boolean[] needed) {
    elementLoopWithScratch(from, to, needed, new boolean[count], null, -1, true);
  }

  /**
   * Whether the region runs as a vector loop where vectors are available: it is real, has no block
   * member, its sums (if any) add in {@link SumOrder#LANES}, and every member its live-outs and
   * sums need is a splat, a full sum, or an element member with a {@link KernelExpression} (a
   * member of any other kind keeps the element loop).
   */
  private boolean vectorises() {
    if (region.isComplex()
        || region.blockMembers().length > 0
        || (region.sums().length > 0 && !lanes)) {
      return false;
    }
    boolean[] roots = new boolean[count];
    for (int m : region.liveOuts()) {
      roots[m] = true;
    }
    for (int m : region.sums()) {
      roots[m] = true;
    }
    boolean[] needed = needed(roots, new boolean[count]);
    for (int m = 0; m < count; m++) {
      byte kind = region.kinds()[m];
      boolean vectorisable =
          kind == Region.SPLAT || kind == Region.SUM
              || (kind == Region.ELEMENT && expressions[m] != null);
      if (needed[m] && !vectorisable) {
        return false;
      }
    }
    return true;
  }

  /**
   * The vector loop: over {@code [from, end)} with {@code end = from + ((to − from) & ~7)}, eight
   * elements per iteration in {@code 8 / vectorLanes} vectors of {@code DoubleVector}; per vector,
   * it loads the external arrays' elements, applies each needed member's {@link KernelExpression}
   * with the same operations lanewise (the same bits per element), stores the live-outs and adds
   * each sum's vector to its accumulator. Accumulator {@code g} of a sum holds lanes {@code
   * g·vectorLanes} … of its {@link LaneSum} lanes: lane {@code j} gets the elements {@code from + j
   * + 8t} in order, as {@link LaneSum#add} gives them, so the sums are the element loop's bits. The
   * accumulators start from and go back to the lanes array. Where the region's arrays hold more
   * elements than {@link VectorLoops#maxElements} allows, {@code end} is {@code from}: the element
   * loop runs every element. Returns the local holding {@code end}, where the element loop takes
   * over.
   */
  private int vectorLoop(boolean[] needed) {
    int groups = LaneSum.LANES / vectorLanes;
    String species = VectorLoops.speciesField(vectorLanes);
    int end = next++;
    mv.visitVarInsn(ILOAD, FROM);
    mv.visitVarInsn(ILOAD, TO);
    mv.visitVarInsn(ILOAD, FROM);
    mv.visitInsn(ISUB);
    pushInt(-LaneSum.LANES);
    mv.visitInsn(IAND);
    mv.visitInsn(IADD);
    mv.visitVarInsn(ISTORE, end);
    // arrays too large for the caches: the element loop, which streams them faster from memory
    if (arrayLocal.length > 0) {
      Label small = new Label();
      mv.visitVarInsn(ALOAD, arrayLocal[0]);
      mv.visitInsn(ARRAYLENGTH);
      pushInt(VectorLoops.maxElements(arrayLocal.length + outLocal.length));
      mv.visitJumpInsn(IF_ICMPLE, small);
      mv.visitVarInsn(ILOAD, FROM);
      mv.visitVarInsn(ISTORE, end);
      mv.visitLabel(small);
    }
    // each sum slot's accumulators, from the lanes
    int[][] accumulators = new int[sumSlots[region.sums().length]][];
    for (int k = 0; k < region.sums().length; k++) {
      if (needed[region.sums()[k]]) {
        int slot = sumSlots[k];
        accumulators[slot] = new int[groups];
        for (int g = 0; g < groups; g++) {
          accumulators[slot][g] = next++;
          mv.visitFieldInsn(GETSTATIC, VECTOR, species, SPECIES);
          mv.visitVarInsn(ALOAD, lanesLocal);
          pushInt(LaneSum.LANES * slot + g * vectorLanes);
          mv.visitMethodInsn(INVOKESTATIC, VECTOR, "fromArray", FROM_ARRAY, false);
          mv.visitVarInsn(ASTORE, accumulators[slot][g]);
        }
      }
    }
    // the external scalars broadcast once, before the loop
    int[] scalarVector = new int[scalarLocal.length];
    for (int s = 0; s < scalarLocal.length; s++) {
      scalarVector[s] = next++;
      mv.visitFieldInsn(GETSTATIC, VECTOR, species, SPECIES);
      mv.visitVarInsn(DLOAD, scalarLocal[s]);
      mv.visitMethodInsn(INVOKESTATIC, VECTOR, "broadcast", BROADCAST, false);
      mv.visitVarInsn(ASTORE, scalarVector[s]);
    }
    boolean[] load = arraysToLoad(needed, new boolean[count]);
    int[] arrayVector = new int[arrayLocal.length];
    for (int e = 0; e < arrayLocal.length; e++) {
      arrayVector[e] = next++;
    }
    int[] memberVector = new int[count];
    for (int m = 0; m < count; m++) {
      memberVector[m] =
          region.kinds()[m] == Region.SPLAT
              ? scalarVector[region.arguments()[m][0] / 2]
              : next++;
    }
    int index = next++;
    int position = next++;
    mv.visitVarInsn(ILOAD, FROM);
    mv.visitVarInsn(ISTORE, index);
    Label body = new Label();
    Label test = new Label();
    mv.visitJumpInsn(GOTO, test);
    mv.visitLabel(body);
    for (int g = 0; g < groups; g++) {
      mv.visitVarInsn(ILOAD, index);
      pushInt(g * vectorLanes);
      mv.visitInsn(IADD);
      mv.visitVarInsn(ISTORE, position);
      for (int e = 0; e < arrayLocal.length; e++) {
        if (load[e]) {
          mv.visitFieldInsn(GETSTATIC, VECTOR, species, SPECIES);
          mv.visitVarInsn(ALOAD, arrayLocal[e]);
          mv.visitVarInsn(ILOAD, position);
          mv.visitMethodInsn(INVOKESTATIC, VECTOR, "fromArray", FROM_ARRAY, false);
          mv.visitVarInsn(ASTORE, arrayVector[e]);
        }
      }
      for (int m = 0; m < count; m++) {
        if (!needed[m] || region.kinds()[m] == Region.SPLAT) {
          continue;
        }
        if (region.kinds()[m] == Region.SUM) {
          int accumulator = accumulators[sumSlots[indexOfSum(m)]][g];
          mv.visitVarInsn(ALOAD, accumulator);
          loadVector(region.arguments()[m][0], arrayVector, scalarVector, memberVector);
          mv.visitMethodInsn(INVOKEVIRTUAL, VECTOR, "add", BINARY, false);
          mv.visitVarInsn(ASTORE, accumulator);
        } else {
          applyExpression(m, species, arrayVector, scalarVector, memberVector);
          mv.visitVarInsn(ASTORE, memberVector[m]);
        }
      }
      for (int o = 0; o < outLocal.length; o++) {
        mv.visitVarInsn(ALOAD, memberVector[region.liveOuts()[o]]);
        mv.visitVarInsn(ALOAD, outLocal[o]);
        mv.visitVarInsn(ILOAD, position);
        mv.visitMethodInsn(INVOKEVIRTUAL, VECTOR, "intoArray", "([DI)V", false);
      }
    }
    mv.visitIincInsn(index, LaneSum.LANES);
    mv.visitLabel(test);
    mv.visitVarInsn(ILOAD, index);
    mv.visitVarInsn(ILOAD, end);
    mv.visitJumpInsn(IF_ICMPLT, body);
    for (int slot = 0; slot < accumulators.length; slot++) {
      for (int g = 0; accumulators[slot] != null && g < groups; g++) {
        mv.visitVarInsn(ALOAD, accumulators[slot][g]);
        mv.visitVarInsn(ALOAD, lanesLocal);
        pushInt(LaneSum.LANES * slot + g * vectorLanes);
        mv.visitMethodInsn(INVOKEVIRTUAL, VECTOR, "intoArray", "([DI)V", false);
      }
    }
    return end;
  }

  /**
   * Pushes member {@code m}'s vector: its {@link KernelExpression}'s steps, each parameter the
   * vector of the member's argument, each operation the vector's lanewise one.
   */
  private void applyExpression(
      int m, String species, int[] arrayVector, int[] scalarVector, int[] memberVector) {
    KernelExpression e = expressions[m];
    for (int s = 0; s < e.steps().length; s++) {
      switch (e.steps()[s]) {
        case KernelExpression.ARGUMENT ->
            loadVector(
                region.arguments()[m][e.arguments()[s]], arrayVector, scalarVector, memberVector);
        case KernelExpression.CONSTANT -> {
          mv.visitFieldInsn(GETSTATIC, VECTOR, species, SPECIES);
          mv.visitLdcInsn(e.constants()[s]);
          mv.visitMethodInsn(INVOKESTATIC, VECTOR, "broadcast", BROADCAST, false);
        }
        case KernelExpression.ADD -> vectorBinary("add");
        case KernelExpression.SUB -> vectorBinary("sub");
        case KernelExpression.MUL -> vectorBinary("mul");
        case KernelExpression.DIV -> vectorBinary("div");
        case KernelExpression.NEG ->
            mv.visitMethodInsn(INVOKEVIRTUAL, VECTOR, "neg", "()L" + VECTOR + ";", false);
        default -> throw new IllegalStateException("kernel expression step " + e.steps()[s]);
      }
    }
  }

  /** Replaces the two vectors on the stack with the lanewise {@code operation} of them. */
  private void vectorBinary(String operation) {
    mv.visitMethodInsn(INVOKEVIRTUAL, VECTOR, operation, BINARY, false);
  }

  /** Pushes the vector of argument {@code a} (coded as in {@link Region#arguments}). */
  private void loadVector(int a, int[] arrayVector, int[] scalarVector, int[] memberVector) {
    mv.visitVarInsn(
        ALOAD,
        a < 0 ? memberVector[-1 - a] : a % 2 == 0 ? arrayVector[a / 2] : scalarVector[a / 2]);
  }

  /**
   * The external arrays a loop computing the {@code needed} members reads element by element:
   * those an operand of a computed (not {@code readable}, not splat) member refers to.
   */
  private boolean[] arraysToLoad(boolean[] needed, boolean[] readable) {
    boolean[] load = new boolean[arrayLocal.length];
    for (int m = 0; m < count; m++) {
      byte kind = region.kinds()[m];
      if (needed[m] && !readable[m] && kind != Region.SPLAT && kind != Region.BROADCAST) {
        for (int a : region.arguments()[m]) {
          if (a >= 0 && a % 2 == 0) {
            load[a / 2] = true;
          }
        }
      }
    }
    return load;
  }

  /**
   * One counted loop over element indices {@code [local from, local to)} giving the members
   * {@code needed} marks: the {@code readable} ones are read from {@code scratchOf[m]} at {@code
   * i − from}, the others computed. It stores {@code storeOperandOf}'s operand in that member's
   * scratch array (unless −1), and with {@code finish} stores the live-outs and adds to the sums.
   */
  private void elementLoopWithScratch(
      int from, int to, boolean[] needed, boolean[] readable, int[] scratchOf,
      int storeOperandOf, boolean finish) {
    boolean[] load = arraysToLoad(needed, readable);
    // the lane-order sums this loop adds to: each slot's eight lanes in rotating locals
    int[][] laneLocals = new int[sumSlots[region.sums().length]][];
    if (finish && lanes) {
      for (int k = 0; k < region.sums().length; k++) {
        int m = region.sums()[k];
        if (needed[m] && !sumInPlace[m]) {
          for (int slot = sumSlots[k]; slot < sumSlots[k + 1]; slot++) {
            laneLocals[slot] = new int[LaneSum.LANES];
            for (int j = 0; j < LaneSum.LANES; j++) {
              laneLocals[slot][j] = next;
              next += 2;
            }
            moveLanes(slot, laneLocals[slot], from, true);
          }
        }
      }
    }
    boolean walks = startMaps(from, to, needed, readable, finish);
    int index = next++;
    mv.visitVarInsn(ILOAD, from);
    mv.visitVarInsn(ISTORE, index);
    Label body = new Label();
    Label test = new Label();
    mv.visitJumpInsn(GOTO, test);
    mv.visitLabel(body);
    for (int e = 0; e < arrayLocal.length; e++) {
      if (load[e] && region.complexArrays()[e]) {
        // interleaved: the real part at 2·i, the imaginary part at 2·i + 1
        mv.visitVarInsn(ALOAD, arrayLocal[e]);
        pushDoubledIndex(index, false);
        mv.visitInsn(DALOAD);
        mv.visitVarInsn(DSTORE, elementLocal[e]);
        mv.visitVarInsn(ALOAD, arrayLocal[e]);
        pushDoubledIndex(index, true);
        mv.visitInsn(DALOAD);
        mv.visitVarInsn(DSTORE, elementImLocal[e]);
      } else if (load[e]) {
        mv.visitVarInsn(ALOAD, arrayLocal[e]);
        mv.visitVarInsn(ILOAD, index);
        mv.visitInsn(DALOAD);
        mv.visitVarInsn(DSTORE, elementLocal[e]);
      }
    }
    for (int m = 0; m < count; m++) {
      byte kind = region.kinds()[m];
      if (!needed[m] || kind == Region.SPLAT) {
        continue;
      }
      if (readable[m]) {
        loadScratchElement(scratchOf[m], index, from);
        mv.visitInsn(DALOAD);
        mv.visitVarInsn(DSTORE, valueLocal[m]);
      } else if (kind == Region.BROADCAST) {
        readBroadcast(m);
      } else if (kind == Region.AXIS_SUM) {
        continue; // added to its result element with the live-outs
      } else if (kind == Region.SUM) {
        int operand = region.arguments()[m][0];
        if (finish && lanes) {
          // the lane of element i is in the first lane local: add to it, rotate the eight
          int slot = sumSlots[indexOfSum(m)];
          addAndRotate(laneLocals[slot], operand, false);
          if (region.complex()[m]) {
            addAndRotate(laneLocals[slot + 1], operand, true);
          }
        } else if (finish) {
          mv.visitVarInsn(DLOAD, sumLocal[m]);
          loadArgument(operand);
          mv.visitInsn(DADD);
          mv.visitVarInsn(DSTORE, sumLocal[m]);
          if (region.complex()[m]) {
            mv.visitVarInsn(DLOAD, sumImLocal[m]);
            loadArgumentIm(operand);
            mv.visitInsn(DADD);
            mv.visitVarInsn(DSTORE, sumImLocal[m]);
          }
        }
      } else {
        callElementKernel(m);
      }
    }
    if (storeOperandOf >= 0) {
      loadScratchElement(scratchOf[storeOperandOf], index, from);
      loadArgument(region.arguments()[storeOperandOf][0]);
      mv.visitInsn(DASTORE);
    }
    if (finish) {
      for (int o = 0; o < outLocal.length; o++) {
        int m = region.liveOuts()[o];
        if (region.kinds()[m] == Region.AXIS_SUM) {
          addToAxisSum(m, outLocal[o]);
          continue;
        }
        mv.visitVarInsn(ALOAD, outLocal[o]);
        if (region.complex()[m]) {
          pushDoubledIndex(index, false);
          mv.visitVarInsn(DLOAD, valueLocal[m]);
          mv.visitInsn(DASTORE);
          mv.visitVarInsn(ALOAD, outLocal[o]);
          pushDoubledIndex(index, true);
          mv.visitVarInsn(DLOAD, valueImLocal[m]);
        } else {
          mv.visitVarInsn(ILOAD, index);
          mv.visitVarInsn(DLOAD, valueLocal[m]);
        }
        mv.visitInsn(DASTORE);
      }
    }
    if (walks) {
      advanceMaps(index, to, finish);
    }
    mv.visitIincInsn(index, 1);
    mv.visitLabel(test);
    mv.visitVarInsn(ILOAD, index);
    mv.visitVarInsn(ILOAD, to);
    mv.visitJumpInsn(IF_ICMPLT, body);
    for (int slot = 0; slot < laneLocals.length; slot++) {
      if (laneLocals[slot] != null) {
        moveLanes(slot, laneLocals[slot], to, false);
      }
    }
  }

  /**
   * Sets up the index maps of an element loop over {@code [from, to)} if it reads a broadcast or
   * (with {@code finish}) adds to an axis sum: the counters of element {@code from}, each used
   * map's offset, and each running axis sum's total (its result element, when the loop runs at
   * least one element). Returns whether the loop uses any map.
   */
  private boolean startMaps(
      int from, int to, boolean[] needed, boolean[] readable, boolean finish) {
    IndexMaps maps = region.maps();
    offsetLocal = new int[count];
    runningLocal = new int[count];
    runningImLocal = new int[count];
    Arrays.fill(offsetLocal, -1);
    Arrays.fill(runningLocal, -1);
    Arrays.fill(runningImLocal, -1);
    boolean any = false;
    for (int m = 0; m < count; m++) {
      byte kind = region.kinds()[m];
      boolean uses =
          (kind == Region.BROADCAST && needed[m] && !readable[m])
              || (kind == Region.AXIS_SUM && finish && needed[m] && liveOut[m]);
      if (uses) {
        offsetLocal[m] = next++;
        any = true;
      }
    }
    if (!any) {
      return false;
    }
    int[] dims = maps.loopDims();
    int rank = dims.length;
    counterLocal = new int[rank];
    int rest = next++;
    mv.visitVarInsn(ILOAD, from);
    mv.visitVarInsn(ISTORE, rest);
    for (int d = rank - 1; d >= 0; d--) {
      counterLocal[d] = next++;
      mv.visitVarInsn(ILOAD, rest);
      if (d > 0) {
        pushInt(dims[d]);
        mv.visitInsn(IREM);
      }
      mv.visitVarInsn(ISTORE, counterLocal[d]);
      if (d > 0) {
        mv.visitVarInsn(ILOAD, rest);
        pushInt(dims[d]);
        mv.visitInsn(IDIV);
        mv.visitVarInsn(ISTORE, rest);
      }
    }
    Label empty = new Label();
    for (int m = 0; m < count; m++) {
      if (offsetLocal[m] < 0) {
        continue;
      }
      int[] strides = maps.strides()[m];
      mv.visitInsn(ICONST_0);
      for (int d = 0; d < rank; d++) {
        if (strides[d] != 0) {
          mv.visitVarInsn(ILOAD, counterLocal[d]);
          pushInt(strides[d]);
          mv.visitInsn(IMUL);
          mv.visitInsn(IADD);
        }
      }
      mv.visitVarInsn(ISTORE, offsetLocal[m]);
      if (region.kinds()[m] == Region.AXIS_SUM && rank > 1 && strides[rank - 1] == 0) {
        runningLocal[m] = next;
        next += 2;
        mv.visitInsn(DCONST_0);
        mv.visitVarInsn(DSTORE, runningLocal[m]);
        if (region.complex()[m]) {
          runningImLocal[m] = next;
          next += 2;
          mv.visitInsn(DCONST_0);
          mv.visitVarInsn(DSTORE, runningImLocal[m]);
        }
      }
    }
    mv.visitVarInsn(ILOAD, from);
    mv.visitVarInsn(ILOAD, to);
    mv.visitJumpInsn(IF_ICMPGE, empty);
    loadRunningSums();
    mv.visitLabel(empty);
    return true;
  }

  /** Each running axis sum's total: its result element at its offset. */
  private void loadRunningSums() {
    for (int o = 0; o < outLocal.length; o++) {
      int m = region.liveOuts()[o];
      if (runningLocal[m] < 0) {
        continue;
      }
      mv.visitVarInsn(ALOAD, outLocal[o]);
      pushMappedIndex(m, false);
      mv.visitInsn(DALOAD);
      mv.visitVarInsn(DSTORE, runningLocal[m]);
      if (runningImLocal[m] >= 0) {
        mv.visitVarInsn(ALOAD, outLocal[o]);
        pushMappedIndex(m, true);
        mv.visitInsn(DALOAD);
        mv.visitVarInsn(DSTORE, runningImLocal[m]);
      }
    }
  }

  /** Pushes member {@code m}'s offset: doubled, plus one for the imaginary part, if complex. */
  private void pushMappedIndex(int m, boolean imaginary) {
    mv.visitVarInsn(ILOAD, offsetLocal[m]);
    if (region.complex()[m]) {
      mv.visitInsn(ICONST_1);
      mv.visitInsn(ISHL);
      if (imaginary) {
        mv.visitInsn(ICONST_1);
        mv.visitInsn(IADD);
      }
    }
  }

  /** Broadcast member {@code m}'s value: its operand's element at its offset. */
  private void readBroadcast(int m) {
    int array = arrayLocal[region.arguments()[m][0] / 2];
    mv.visitVarInsn(ALOAD, array);
    pushMappedIndex(m, false);
    mv.visitInsn(DALOAD);
    mv.visitVarInsn(DSTORE, valueLocal[m]);
    if (region.complex()[m]) {
      mv.visitVarInsn(ALOAD, array);
      pushMappedIndex(m, true);
      mv.visitInsn(DALOAD);
      mv.visitVarInsn(DSTORE, valueImLocal[m]);
    }
  }

  /**
   * Adds axis sum {@code m}'s operand to its result element in {@code out} at its offset: through
   * its running total (stored back) where it has one, else loading and storing the element.
   */
  private void addToAxisSum(int m, int out) {
    int operand = region.arguments()[m][0];
    for (boolean imaginary : region.complex()[m] ? new boolean[] {false, true}
        : new boolean[] {false}) {
      int running = imaginary ? runningImLocal[m] : runningLocal[m];
      if (running >= 0) {
        mv.visitVarInsn(DLOAD, running);
        if (imaginary) {
          loadArgumentIm(operand);
        } else {
          loadArgument(operand);
        }
        mv.visitInsn(DADD);
        mv.visitVarInsn(DSTORE, running);
        mv.visitVarInsn(ALOAD, out);
        pushMappedIndex(m, imaginary);
        mv.visitVarInsn(DLOAD, running);
      } else {
        mv.visitVarInsn(ALOAD, out);
        pushMappedIndex(m, imaginary);
        mv.visitInsn(DUP2);
        mv.visitInsn(DALOAD);
        if (imaginary) {
          loadArgumentIm(operand);
        } else {
          loadArgument(operand);
        }
        mv.visitInsn(DADD);
      }
      mv.visitInsn(DASTORE);
    }
  }

  /**
   * Steps the counters and offsets to the next element: the last counter and the offsets by its
   * strides; where it wraps, resets it, carries into the one before (and so on), and reloads the
   * running totals, unless the element at {@code index} is the loop's last.
   */
  private void advanceMaps(int index, int to, boolean finish) {
    int[] dims = region.maps().loopDims();
    int rank = dims.length;
    step(rank - 1);
    if (rank == 1) {
      return;
    }
    Label noWrap = new Label();
    Label carried = new Label();
    mv.visitVarInsn(ILOAD, counterLocal[rank - 1]);
    pushInt(dims[rank - 1]);
    mv.visitJumpInsn(IF_ICMPNE, noWrap);
    for (int d = rank - 1; d >= 1; d--) {
      mv.visitInsn(ICONST_0);
      mv.visitVarInsn(ISTORE, counterLocal[d]);
      for (int m = 0; m < count; m++) {
        int stride = offsetLocal[m] >= 0 ? region.maps().strides()[m][d] : 0;
        if (stride != 0) {
          addToLocal(offsetLocal[m], -stride * dims[d]);
        }
      }
      step(d - 1);
      if (d - 1 >= 1) {
        mv.visitVarInsn(ILOAD, counterLocal[d - 1]);
        pushInt(dims[d - 1]);
        mv.visitJumpInsn(IF_ICMPNE, carried);
      }
    }
    mv.visitLabel(carried);
    if (finish) {
      // index + 1 < to: the next element's result element exists
      mv.visitVarInsn(ILOAD, index);
      mv.visitInsn(ICONST_1);
      mv.visitInsn(IADD);
      mv.visitVarInsn(ILOAD, to);
      mv.visitJumpInsn(IF_ICMPGE, noWrap);
      loadRunningSums();
    }
    mv.visitLabel(noWrap);
  }

  /** Adds one to counter {@code d} and its stride to each used offset. */
  private void step(int d) {
    mv.visitIincInsn(counterLocal[d], 1);
    for (int m = 0; m < count; m++) {
      int stride = offsetLocal[m] >= 0 ? region.maps().strides()[m][d] : 0;
      if (stride != 0) {
        addToLocal(offsetLocal[m], stride);
      }
    }
  }

  /** {@code local += value}, for any int {@code value}. */
  private void addToLocal(int local, int value) {
    if (value >= Short.MIN_VALUE && value <= Short.MAX_VALUE) {
      mv.visitIincInsn(local, value);
    } else {
      mv.visitVarInsn(ILOAD, local);
      pushInt(value);
      mv.visitInsn(IADD);
      mv.visitVarInsn(ISTORE, local);
    }
  }

  /**
   * Loads (or stores) the lanes of {@code slot} into (from) {@code locals}, so that local {@code
   * j} holds lane {@code (j + position − from) & 7}, where {@code position} is the element index
   * the loop is at (its first, or one past its last).
   */
  private void moveLanes(int slot, int[] locals, int position, boolean load) {
    for (int j = 0; j < LaneSum.LANES; j++) {
      mv.visitVarInsn(ALOAD, lanesLocal);
      pushInt(LaneSum.LANES * slot);
      pushInt(j);
      mv.visitVarInsn(ILOAD, position);
      mv.visitInsn(IADD);
      mv.visitVarInsn(ILOAD, FROM);
      mv.visitInsn(ISUB);
      pushInt(LaneSum.LANES - 1);
      mv.visitInsn(IAND);
      mv.visitInsn(IADD);
      if (load) {
        mv.visitInsn(DALOAD);
        mv.visitVarInsn(DSTORE, locals[j]);
      } else {
        mv.visitVarInsn(DLOAD, locals[j]);
        mv.visitInsn(DASTORE);
      }
    }
  }

  /**
   * {@code t = l₀ + operand; l₀ = l₁; …; l₆ = l₇; l₇ = t}: adds the element to its lane (in the
   * first local) and rotates, so that the next element's lane is first; after eight elements each
   * lane is back where it was. The lanes are eight independent chains of additions, in registers.
   */
  private void addAndRotate(int[] locals, int operand, boolean imaginary) {
    mv.visitVarInsn(DLOAD, locals[0]);
    if (imaginary) {
      loadArgumentIm(operand);
    } else {
      loadArgument(operand);
    }
    mv.visitInsn(DADD);
    for (int j = 0; j < LaneSum.LANES - 1; j++) {
      mv.visitVarInsn(DLOAD, locals[j + 1]);
      mv.visitVarInsn(DSTORE, locals[j]);
    }
    mv.visitVarInsn(DSTORE, locals[LaneSum.LANES - 1]);
  }

  /** The position of sum member {@code m} among the region's sums. */
  private int indexOfSum(int m) {
    int[] sums = region.sums();
    for (int k = 0; k < sums.length; k++) {
      if (sums[k] == m) {
        return k;
      }
    }
    throw new IllegalArgumentException("member " + m + " is not a sum");
  }

  /** Pushes {@code scratch} and {@code index − from}, ready for a {@code DALOAD} or value. */
  private void loadScratchElement(int scratch, int index, int from) {
    mv.visitVarInsn(ALOAD, scratch);
    mv.visitVarInsn(ILOAD, index);
    mv.visitVarInsn(ILOAD, from);
    mv.visitInsn(ISUB);
  }

  /**
   * Computes member {@code m}: with its real kernel where it and its operands are real; otherwise
   * with the complex pair, each operand as (real part, imaginary part or 0.0), {@code elementRe}
   * giving a real result, or both giving a complex one.
   */
  private void callElementKernel(int m) {
    ElementKernelDescriptor k = region.kernels()[m];
    boolean complexCall = region.complex()[m];
    for (int a : region.arguments()[m]) {
      complexCall |= region.isComplexArgument(a);
    }
    if (!complexCall) {
      callKernel(m, k.real(), false);
      mv.visitVarInsn(DSTORE, valueLocal[m]);
      return;
    }
    callKernel(m, k.complexRe(), true);
    mv.visitVarInsn(DSTORE, valueLocal[m]);
    if (region.complex()[m]) {
      callKernel(m, k.complexIm(), true);
      mv.visitVarInsn(DSTORE, valueImLocal[m]);
    }
  }

  /** Pushes {@code kernel}'s result for member {@code m}, its operands in parts if {@code pairs}. */
  private void callKernel(int m, ElementKernel kernel, boolean pairs) {
    if (!kernel.isStatic()) {
      mv.visitVarInsn(ALOAD, opLocal[m]);
    }
    for (int a : region.arguments()[m]) {
      loadArgument(a);
      if (pairs) {
        loadArgumentIm(a);
      }
    }
    mv.visitMethodInsn(
        kernel.isStatic() ? INVOKESTATIC : INVOKEINTERFACE,
        region.kernels()[m].ownerInternalName(),
        kernel.methodName(),
        kernel.methodDescriptor(),
        true);
  }

  /** Pushes argument {@code a}'s value, or its real part if it is complex. */
  private void loadArgument(int a) {
    if (a < 0) {
      mv.visitVarInsn(DLOAD, valueLocal[-1 - a]);
    } else if (a % 2 == 0) {
      mv.visitVarInsn(DLOAD, elementLocal[a / 2]);
    } else {
      mv.visitVarInsn(DLOAD, scalarLocal[a / 2]);
    }
  }

  /** Pushes argument {@code a}'s imaginary part: {@code 0.0} if it is real. */
  private void loadArgumentIm(int a) {
    if (!region.isComplexArgument(a)) {
      mv.visitInsn(DCONST_0);
    } else if (a < 0) {
      mv.visitVarInsn(DLOAD, valueImLocal[-1 - a]);
    } else if (a % 2 == 0) {
      mv.visitVarInsn(DLOAD, elementImLocal[a / 2]);
    } else {
      mv.visitVarInsn(DLOAD, scalarImLocal[a / 2]);
    }
  }

  /** Pushes {@code 2·index}, plus one for the imaginary part. */
  private void pushDoubledIndex(int index, boolean imaginary) {
    mv.visitVarInsn(ILOAD, index);
    mv.visitInsn(ICONST_1);
    mv.visitInsn(ISHL);
    if (imaginary) {
      mv.visitInsn(ICONST_1);
      mv.visitInsn(IADD);
    }
  }

  private void pushInt(int value) {
    mv.visitLdcInsn(value);
  }
}
