package io.github.tidu4j.graph.bytecode;

import static org.objectweb.asm.Opcodes.AALOAD;
import static org.objectweb.asm.Opcodes.ACC_FINAL;
import static org.objectweb.asm.Opcodes.ACC_PRIVATE;
import static org.objectweb.asm.Opcodes.ACC_PUBLIC;
import static org.objectweb.asm.Opcodes.ACC_STATIC;
import static org.objectweb.asm.Opcodes.ACC_SUPER;
import static org.objectweb.asm.Opcodes.ACONST_NULL;
import static org.objectweb.asm.Opcodes.ALOAD;
import static org.objectweb.asm.Opcodes.ANEWARRAY;
import static org.objectweb.asm.Opcodes.ARRAYLENGTH;
import static org.objectweb.asm.Opcodes.ASTORE;
import static org.objectweb.asm.Opcodes.BIPUSH;
import static org.objectweb.asm.Opcodes.CHECKCAST;
import static org.objectweb.asm.Opcodes.DUP;
import static org.objectweb.asm.Opcodes.DUP2;
import static org.objectweb.asm.Opcodes.H_INVOKESTATIC;
import static org.objectweb.asm.Opcodes.IALOAD;
import static org.objectweb.asm.Opcodes.IASTORE;
import static org.objectweb.asm.Opcodes.ICONST_0;
import static org.objectweb.asm.Opcodes.ICONST_1;
import static org.objectweb.asm.Opcodes.ILOAD;
import static org.objectweb.asm.Opcodes.INVOKEINTERFACE;
import static org.objectweb.asm.Opcodes.INVOKESPECIAL;
import static org.objectweb.asm.Opcodes.INVOKESTATIC;
import static org.objectweb.asm.Opcodes.INVOKEVIRTUAL;
import static org.objectweb.asm.Opcodes.IOR;
import static org.objectweb.asm.Opcodes.ISHL;
import static org.objectweb.asm.Opcodes.ISTORE;
import static org.objectweb.asm.Opcodes.ISUB;
import static org.objectweb.asm.Opcodes.NEWARRAY;
import static org.objectweb.asm.Opcodes.POP;
import static org.objectweb.asm.Opcodes.POP2;
import static org.objectweb.asm.Opcodes.RETURN;
import static org.objectweb.asm.Opcodes.SIPUSH;
import static org.objectweb.asm.Opcodes.T_BOOLEAN;
import static org.objectweb.asm.Opcodes.T_BYTE;
import static org.objectweb.asm.Opcodes.T_CHAR;
import static org.objectweb.asm.Opcodes.T_DOUBLE;
import static org.objectweb.asm.Opcodes.T_FLOAT;
import static org.objectweb.asm.Opcodes.T_INT;
import static org.objectweb.asm.Opcodes.T_LONG;
import static org.objectweb.asm.Opcodes.T_SHORT;
import static org.objectweb.asm.Opcodes.V17;

import io.github.tidu4j.graph.CompiledProgram;
import io.github.tidu4j.graph.GraphException;
import io.github.tidu4j.graph.GraphOperation;
import io.github.tidu4j.graph.KernelDescriptor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.ClassTooLargeException;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.ConstantDynamic;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodTooLargeException;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Type;

/**
 * Writes the class file of one program: straight-line code calling each instruction's kernel
 * directly, program values in JVM locals, cut into methods of bounded size.
 *
 * <p><b>Layout.</b> The program's positions are its instructions, then one output write per
 * output. They are cut into consecutive <em>steps</em>, one private static method each, {@code
 * s<first>_<last>} (positions; those from {@code instructionCount} on write outputs), of at most
 * {@link BytecodeOptions#methodBytes} bytes. Every step takes the same three arrays of the operand
 * type: the inputs, a per-call <em>frame</em>, and the outputs. Within a step each program slot it
 * touches gets a JVM local; a value is read from the inputs array or the frame the first time a step
 * needs it (and kept in its local if the step reads it again), and a value a later step needs is
 * written to the frame when its step ends. Frame cells are allocated per program slot that ever
 * crosses a step boundary, so the program's own slot reuse carries over. {@code run} casts the
 * arrays, allocates the frame (none if no value crosses a boundary) and calls the steps, through a
 * tree of driver methods if there are more than {@value #FANOUT}.
 *
 * <p>Steps are planned by a dry run of the same emission code that only counts bytes, then emitted
 * for real with their names known. Byte counts are exact except that every {@code ldc} counts 3.
 *
 * <p><b>Constants.</b> An instance kernel's receiver, the operation itself, is the class data of
 * the hidden class: each distinct operation (by {@code equals}) is one dynamic constant resolved
 * by {@code MethodHandles.classDataAt}, a true constant to the JIT: the kernel call binds to the
 * operation's exact class and inlines, and attributes held in trusted final fields (record
 * components) fold to constants. Beyond {@link BytecodeOptions#constantLimit} distinct
 * operations, the rest are read from one constant array.
 *
 * <p>The code has no branches (a multi-output kernel's array length is checked with {@code
 * Objects.checkIndex}), so it needs no stack map frames, and its maximum stack and locals are
 * bounded here instead of by ASM's flow analysis. Generation is deterministic: the same program,
 * kernels and options give the same bytes.
 */
final class ClassGenerator {
  /** Calls per driver method: 6 bytes each, so a driver stays under 8,000 bytes. */
  static final int FANOUT = 1_000;

  private static final String OBJECT = "java/lang/Object";
  private static final Handle CLASS_DATA_AT =
      new Handle(
          H_INVOKESTATIC,
          "java/lang/invoke/MethodHandles",
          "classDataAt",
          "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/Class;I)"
              + "Ljava/lang/Object;",
          false);

  private static final int LOCAL_MAX = 4;

  // local variables of a step
  private static final int IN = 0;
  private static final int FRAME = 1;
  private static final int OUT = 2;
  private static final int FIRST_VALUE_LOCAL = 3;

  /** What was generated. */
  record Result(
      byte[] bytes,
      List<Object> classData,
      int stepCount,
      int maxStepBytes,
      int frameSize) {}

  private final CompiledProgram<?> program;
  private final BytecodeOptions options;
  private final String className;

  // the operand type
  private final Type operand;
  private final int width;
  private final int load;
  private final int store;
  private final int arrayLoad;
  private final int arrayStore;
  private final String arrayDescriptor;
  private final String stepDescriptor;

  // the program, analysed
  private final int n;
  private final int inputCount;
  private final int outputCount;
  private final KernelDescriptor[] kernels;
  private final int[] argStart;
  private final int[] argValues;
  private final int[] resultStart;
  private final int[] valueSlot;
  private final int[] defined;
  private final int[] lastUse;
  private final int[] outputValues;
  private final int[] deathStart;
  private final int[] deaths;

  // upper bounds, in bytes, used to plan steps: pushing an index, a value (reloaded and kept), ...
  private final int pushMax;
  private final int valueMax;
  private final int spillMax;
  private final int outputMax;
  private final int receiverMax;
  private final int lengthCheck;
  private final int resultMax;

  // emission state, reset for each pass
  private MethodVisitor mv;
  private int bytes;
  private int nextLocal;
  private int stepStart;
  private int maxStack;
  private int liveDefined;
  private final int[] localOf;
  private final int[] held;
  private final int[] frameIndex;
  private int frameSize;
  private final int[] touched; // the slots the current step has locals for
  private int touchedCount;
  private int[] definedHere = new int[64]; // the values the current step defines
  private int definedCount;
  private final Map<GraphOperation, Integer> constantIndex = new HashMap<>();
  private final List<Object> constants = new ArrayList<>();
  private final List<Object> overflow = new ArrayList<>();

  private <Op extends GraphOperation> ClassGenerator(
      CompiledProgram<Op> program,
      KernelSet<Op> kernelSet,
      BytecodeOptions options,
      String className) {
    this.program = program;
    this.options = options;
    this.className = className;
    this.operand = kernelSet.operandAsmType();
    this.width = operand.getSize();
    this.load = operand.getOpcode(ILOAD);
    this.store = operand.getOpcode(ISTORE);
    this.arrayLoad = operand.getOpcode(IALOAD);
    this.arrayStore = operand.getOpcode(IASTORE);
    this.arrayDescriptor = "[" + operand.getDescriptor();
    this.stepDescriptor = "(" + arrayDescriptor + arrayDescriptor + arrayDescriptor + ")V";

    this.n = program.instructionCount();
    this.inputCount = program.inputCount();
    this.outputCount = program.outputCount();
    int slots = program.slotCount();
    this.kernels = new KernelDescriptor[n];
    this.argStart = new int[n + 1];
    this.resultStart = new int[n + 1];
    for (int i = 0; i < n; i++) {
      int args = program.argumentCount(i);
      int results = program.resultCount(i);
      kernels[i] = kernelSet.kernelFor(program.operation(i), i, args, results);
      argStart[i + 1] = argStart[i] + args;
      resultStart[i + 1] = resultStart[i] + results;
    }
    // values: the inputs, then every result in order; positions: instructions, then outputs
    int valueCount = inputCount + resultStart[n];
    this.argValues = new int[argStart[n]];
    this.valueSlot = new int[valueCount];
    this.defined = new int[valueCount];
    this.lastUse = new int[valueCount];
    Arrays.fill(lastUse, -1);
    int[] current = new int[slots];
    for (int i = 0; i < inputCount; i++) {
      valueSlot[i] = program.inputSlot(i);
      defined[i] = -1;
      current[valueSlot[i]] = i;
    }
    for (int i = 0; i < n; i++) {
      for (int j = 0, a = argStart[i]; a < argStart[i + 1]; j++, a++) {
        int value = current[program.argumentSlot(i, j)];
        argValues[a] = value;
        lastUse[value] = i;
      }
      for (int r = 0, v = inputCount + resultStart[i]; r < program.resultCount(i); r++, v++) {
        valueSlot[v] = program.resultSlot(i, r);
        defined[v] = i;
        current[valueSlot[v]] = v;
      }
    }
    this.outputValues = new int[outputCount];
    for (int o = 0; o < outputCount; o++) {
      outputValues[o] = current[program.outputSlot(o)];
      lastUse[outputValues[o]] = n + o;
    }
    // the values that die at each position, each once
    int positions = n + outputCount;
    this.deathStart = new int[positions + 1];
    for (int v = 0; v < valueCount; v++) {
      if (lastUse[v] >= 0) {
        deathStart[lastUse[v] + 1]++;
      }
    }
    for (int p = 0; p < positions; p++) {
      deathStart[p + 1] += deathStart[p];
    }
    this.deaths = new int[deathStart[positions]];
    int[] fill = Arrays.copyOf(deathStart, positions);
    for (int v = 0; v < valueCount; v++) {
      if (lastUse[v] >= 0) {
        deaths[fill[lastUse[v]]++] = v;
      }
    }
    this.pushMax = pushSize(Math.max(Math.max(inputCount, outputCount), slots));
    this.valueMax = 1 + pushMax + 1 + 1 + LOCAL_MAX;
    this.spillMax = 1 + pushMax + LOCAL_MAX + 1;
    this.outputMax = 1 + pushMax + valueMax + 1;
    this.receiverMax = 3 + pushSize(n) + 1 + 3;
    this.lengthCheck = 1 + 1 + pushSize(resultStart[n]) + 1 + 1 + 3 + 1;
    this.resultMax = 1 + pushSize(resultStart[n]) + 1 + LOCAL_MAX;
    this.localOf = new int[slots];
    this.held = new int[slots];
    this.frameIndex = new int[slots];
    this.touched = new int[slots];
  }

  /** Generates the class {@code className} (an internal name) running {@code program}. */
  static <Op extends GraphOperation> Result generate(
      CompiledProgram<Op> program,
      KernelSet<Op> kernels,
      BytecodeOptions options,
      String className) {
    return new ClassGenerator(program, kernels, options, className).generate();
  }

  private Result generate() {
    int positions = n + outputCount;
    // pass 1: plan the steps, counting bytes only
    reset();
    List<Integer> starts = new ArrayList<>();
    starts.add(0);
    beginStep(0, null);
    for (int p = 0; p < positions; p++) {
      if (p > stepStart && bytes + bound(p) + spillMax * (liveDefined + newValues(p)) + 1
          > options.methodBytes()) {
        endStep(p);
        starts.add(p);
        beginStep(p, null);
      }
      emit(p);
    }
    endStep(positions);
    starts.add(positions);

    // pass 2: emit them
    reset();
    ClassWriter cw = new ClassWriter(0);
    cw.visit(
        V17,
        ACC_PUBLIC | ACC_FINAL | ACC_SUPER,
        className,
        null,
        OBJECT,
        new String[] {Type.getInternalName(ProgramBody.class)});
    writeConstructor(cw);
    List<String> steps = new ArrayList<>();
    int maxStepBytes = 0;
    for (int s = 0; s + 1 < starts.size(); s++) {
      int from = starts.get(s);
      int to = starts.get(s + 1);
      String name = to > from ? "s" + from + "_" + (to - 1) : "empty";
      steps.add(name);
      beginStep(from, cw.visitMethod(ACC_PRIVATE | ACC_STATIC, name, stepDescriptor, null, null));
      for (int p = from; p < to; p++) {
        emit(p);
      }
      maxStepBytes = Math.max(maxStepBytes, endStep(to));
    }
    writeRun(cw, steps);
    cw.visitEnd();
    byte[] classFile;
    try {
      classFile = cw.toByteArray();
    } catch (ClassTooLargeException | MethodTooLargeException e) {
      throw new GraphException(
          "a program of " + n + " instructions does not fit one class (" + steps.size()
              + " methods): " + e.getMessage(), e);
    }

    List<Object> classData = new ArrayList<>(constants);
    if (!overflow.isEmpty()) {
      classData.add(overflow.toArray());
    }
    return new Result(
        classFile, List.copyOf(classData), steps.size(), maxStepBytes, frameSize);
  }

  private void reset() {
    Arrays.fill(localOf, -1);
    Arrays.fill(held, -1);
    Arrays.fill(frameIndex, -1);
    frameSize = 0;
    constantIndex.clear();
    constants.clear();
    overflow.clear();
  }

  // ---- steps

  private void beginStep(int start, MethodVisitor visitor) {
    mv = visitor;
    if (mv != null) {
      mv.visitCode();
    }
    bytes = 0;
    nextLocal = FIRST_VALUE_LOCAL;
    // an output write reloading its value: the outputs and an index, the inputs and an index
    // being built from two shorts (3 words), then the value and its copy kept with dup
    maxStack = 4 + 2 * width;
    stepStart = start;
    liveDefined = 0;
    for (int t = 0; t < touchedCount; t++) {
      localOf[touched[t]] = -1;
      held[touched[t]] = -1;
    }
    touchedCount = 0;
    definedCount = 0;
  }

  /** Writes the values later steps read to the frame and ends the step; returns its size. */
  private int endStep(int end) {
    for (int d = 0; d < definedCount; d++) {
      int v = definedHere[d];
      if (lastUse[v] >= end) {
        int slot = valueSlot[v];
        if (frameIndex[slot] < 0) {
          frameIndex[slot] = frameSize++;
        }
        var(ALOAD, FRAME);
        pushInt(frameIndex[slot]);
        var(load, localOf[slot]);
        insn(arrayStore);
      }
    }
    insn(RETURN);
    int size = bytes;
    if (mv != null) {
      Label codeEnd = new Label();
      mv.visitLabel(codeEnd);
      size = codeEnd.getOffset();
      mv.visitMaxs(maxStack, nextLocal);
      mv.visitEnd();
    }
    return size;
  }

  /** An upper bound on the bytes position {@code p} emits. */
  private int bound(int p) {
    if (p >= n) {
      return outputMax;
    }
    KernelDescriptor k = kernels[p];
    int size = (k.isStatic() ? 0 : receiverMax) + valueMax * k.inputArity() + 5;
    return k.outputArity() == 1
        ? size + LOCAL_MAX
        : size + lengthCheck + resultMax * k.outputArity() + 1;
  }

  private int newValues(int p) {
    return p < n ? resultStart[p + 1] - resultStart[p] : 0;
  }

  private void emit(int p) {
    if (p < n) {
      emitInstruction(p);
    } else {
      int o = p - n;
      var(ALOAD, OUT);
      pushInt(o);
      pushValue(outputValues[o], p);
      insn(arrayStore);
    }
    for (int d = deathStart[p]; d < deathStart[p + 1]; d++) {
      if (defined[deaths[d]] >= stepStart) {
        liveDefined--;
      }
    }
  }

  private void emitInstruction(int i) {
    KernelDescriptor k = kernels[i];
    // the receiver, the operands, and room to reload the last one (an array and an index being
    // built, 3 words, then the value and its copy)
    maxStack = Math.max(maxStack, 1 + width * k.inputArity() + 3 + width);
    if (!k.isStatic()) {
      pushReceiver(program.operation(i), k.ownerInternalName());
    }
    for (int a = argStart[i]; a < argStart[i + 1]; a++) {
      pushValue(argValues[a], i);
    }
    int opcode =
        k.isStatic() ? INVOKESTATIC : k.ownerIsInterface() ? INVOKEINTERFACE : INVOKEVIRTUAL;
    if (mv != null) {
      mv.visitMethodInsn(
          opcode, k.ownerInternalName(), k.methodName(), k.methodDescriptor(),
          k.ownerIsInterface());
    }
    bytes += opcode == INVOKEINTERFACE ? 5 : 3;
    int firstValue = inputCount + resultStart[i];
    int results = resultStart[i + 1] - resultStart[i];
    if (k.outputArity() == 1) {
      if (lastUse[firstValue] < 0) {
        insn(width == 2 ? POP2 : POP);
      } else {
        define(firstValue);
      }
      return;
    }
    // an array of results: check its length (branch-free: checkIndex(length - arity, 1)), unpack
    insn(DUP);
    insn(ARRAYLENGTH);
    pushInt(results);
    insn(ISUB);
    insn(ICONST_1);
    if (mv != null) {
      mv.visitMethodInsn(INVOKESTATIC, "java/util/Objects", "checkIndex", "(II)I", false);
    }
    bytes += 3;
    insn(POP);
    for (int r = 0; r < results; r++) {
      if (lastUse[firstValue + r] >= 0) {
        insn(DUP);
        pushInt(r);
        insn(arrayLoad);
        define(firstValue + r);
      }
    }
    insn(POP);
  }

  /** Stores the value on the stack as {@code value}, a result of the current step. */
  private void define(int value) {
    int slot = valueSlot[value];
    var(store, local(slot));
    held[slot] = value;
    if (definedCount == definedHere.length) {
      definedHere = Arrays.copyOf(definedHere, 2 * definedCount);
    }
    definedHere[definedCount++] = value;
    liveDefined++;
  }

  /** Pushes {@code value}, read at position {@code p}. */
  private void pushValue(int value, int p) {
    int slot = valueSlot[value];
    if (held[slot] == value) {
      var(load, localOf[slot]);
      return;
    }
    if (value < inputCount) {
      var(ALOAD, IN);
      pushInt(value);
    } else {
      var(ALOAD, FRAME);
      pushInt(frameIndex[slot]);
    }
    insn(arrayLoad);
    if (lastUse[value] > p) { // read again later, perhaps in this step: keep it
      insn(width == 2 ? DUP2 : DUP);
      var(store, local(slot));
      held[slot] = value;
    }
  }

  private int local(int slot) {
    if (localOf[slot] < 0) {
      localOf[slot] = nextLocal;
      nextLocal += width;
      touched[touchedCount++] = slot;
    }
    return localOf[slot];
  }

  private void pushReceiver(GraphOperation operation, String owner) {
    Integer index = constantIndex.get(operation);
    if (index == null) {
      index = constants.size() + overflow.size();
      constantIndex.put(operation, index);
      (index < options.constantLimit() ? constants : overflow).add(operation);
    }
    if (index < options.constantLimit()) {
      ldc(new ConstantDynamic("_", "L" + owner + ";", CLASS_DATA_AT, index));
    } else {
      ldc(new ConstantDynamic("_", "[Ljava/lang/Object;", CLASS_DATA_AT, options.constantLimit()));
      pushInt(index - options.constantLimit());
      insn(AALOAD);
      if (mv != null) {
        mv.visitTypeInsn(CHECKCAST, owner);
      }
      bytes += 3;
    }
  }

  // ---- instructions, counted

  private void var(int opcode, int index) {
    if (mv != null) {
      mv.visitVarInsn(opcode, index);
    }
    bytes += index < 4 ? 1 : index < 256 ? 2 : 4;
  }

  private void insn(int opcode) {
    if (mv != null) {
      mv.visitInsn(opcode);
    }
    bytes += 1;
  }

  private void ldc(Object constant) {
    if (mv != null) {
      mv.visitLdcInsn(constant);
    }
    bytes += 3;
  }

  /**
   * Pushes an int. Beyond a short, it is built from two shorts rather than loaded with {@code ldc},
   * so a program with a hundred thousand inputs, outputs or frame cells does not fill the constant
   * pool with integers.
   */
  private void pushInt(int value) {
    if (value >= -1 && value <= 5) {
      insn(ICONST_0 + value);
    } else if (value >= Byte.MIN_VALUE && value <= Byte.MAX_VALUE) {
      if (mv != null) {
        mv.visitIntInsn(BIPUSH, value);
      }
      bytes += 2;
    } else if (value >= Short.MIN_VALUE && value <= Short.MAX_VALUE) {
      if (mv != null) {
        mv.visitIntInsn(SIPUSH, value);
      }
      bytes += 3;
    } else { // value >= 2^15: (value >>> 15) << 15 | (value & 0x7fff)
      pushInt(value >>> 15);
      pushInt(15);
      insn(ISHL);
      pushInt(value & 0x7fff);
      insn(IOR);
    }
  }

  /** The bytes {@link #pushInt} takes for any value in {@code 0..max}. */
  private static int pushSize(int max) {
    return max <= Byte.MAX_VALUE ? 2 : max <= Short.MAX_VALUE ? 3 : 3 + 2 + 1 + 3 + 1;
  }

  // ---- the class around the steps

  private static void writeConstructor(ClassWriter cw) {
    MethodVisitor init = cw.visitMethod(ACC_PUBLIC, "<init>", "()V", null, null);
    init.visitCode();
    init.visitVarInsn(ALOAD, 0);
    init.visitMethodInsn(INVOKESPECIAL, OBJECT, "<init>", "()V", false);
    init.visitInsn(RETURN);
    init.visitMaxs(1, 1);
    init.visitEnd();
  }

  /** {@code run(Object in, Object out)}: cast, allocate the frame, call the steps (via drivers). */
  private void writeRun(ClassWriter cw, List<String> steps) {
    List<String> callees = steps;
    for (int depth = 0; callees.size() > FANOUT; depth++) {
      List<String> drivers = new ArrayList<>();
      for (int from = 0; from < callees.size(); from += FANOUT) {
        String name = "d" + depth + "_" + drivers.size();
        drivers.add(name);
        MethodVisitor d = cw.visitMethod(ACC_PRIVATE | ACC_STATIC, name, stepDescriptor, null, null);
        d.visitCode();
        callAll(d, callees.subList(from, Math.min(from + FANOUT, callees.size())), IN, FRAME, OUT);
        d.visitInsn(RETURN);
        d.visitMaxs(3, 3);
        d.visitEnd();
      }
      callees = drivers;
    }
    MethodVisitor run =
        cw.visitMethod(ACC_PUBLIC, "run", "(Ljava/lang/Object;Ljava/lang/Object;)V", null, null);
    run.visitCode();
    // locals: this, in, out, frame; the arrays replace the Objects they came as
    run.visitVarInsn(ALOAD, 1);
    run.visitTypeInsn(CHECKCAST, arrayDescriptor);
    run.visitVarInsn(ASTORE, 1);
    run.visitVarInsn(ALOAD, 2);
    run.visitTypeInsn(CHECKCAST, arrayDescriptor);
    run.visitVarInsn(ASTORE, 2);
    if (frameSize == 0) {
      run.visitInsn(ACONST_NULL);
    } else {
      run.visitLdcInsn(frameSize);
      if (operand.getSort() == Type.OBJECT || operand.getSort() == Type.ARRAY) {
        run.visitTypeInsn(ANEWARRAY, operand.getInternalName());
      } else {
        run.visitIntInsn(NEWARRAY, primitiveArrayCode(operand));
      }
    }
    run.visitVarInsn(ASTORE, 3);
    callAll(run, callees, 1, 3, 2);
    run.visitInsn(RETURN);
    run.visitMaxs(3, 4);
    run.visitEnd();
  }

  private void callAll(MethodVisitor m, List<String> callees, int in, int frame, int out) {
    for (String callee : callees) {
      m.visitVarInsn(ALOAD, in);
      m.visitVarInsn(ALOAD, frame);
      m.visitVarInsn(ALOAD, out);
      m.visitMethodInsn(INVOKESTATIC, className, callee, stepDescriptor, false);
    }
  }

  private static int primitiveArrayCode(Type t) {
    switch (t.getSort()) {
      case Type.BOOLEAN: return T_BOOLEAN;
      case Type.CHAR: return T_CHAR;
      case Type.BYTE: return T_BYTE;
      case Type.SHORT: return T_SHORT;
      case Type.INT: return T_INT;
      case Type.FLOAT: return T_FLOAT;
      case Type.LONG: return T_LONG;
      case Type.DOUBLE: return T_DOUBLE;
      default: throw new IllegalArgumentException("not a primitive type: " + t);
    }
  }
}
