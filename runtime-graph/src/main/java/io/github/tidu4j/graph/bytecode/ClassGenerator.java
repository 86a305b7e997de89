package io.github.tidu4j.graph.bytecode;

import static org.objectweb.asm.Opcodes.AALOAD;
import static org.objectweb.asm.Opcodes.AASTORE;
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
import static org.objectweb.asm.Opcodes.IRETURN;
import static org.objectweb.asm.Opcodes.ISTORE;
import static org.objectweb.asm.Opcodes.ISUB;
import static org.objectweb.asm.Opcodes.NEWARRAY;
import static org.objectweb.asm.Opcodes.NOP;
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
import io.github.tidu4j.graph.JointKernelDescriptor;
import io.github.tidu4j.graph.KernelDescriptor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.ClassTooLargeException;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.ConstantDynamic;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodTooLargeException;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Type;

/**
 * Writes the class files of one program: straight-line code calling each instruction's kernel
 * directly, program values in JVM locals, cut into methods of bounded size, in one class or, for a
 * program too large for one constant pool, in several.
 *
 * <p><b>Layout.</b> The program's positions are its instructions, then one output write per
 * output. They are cut into consecutive <em>steps</em>, one private static method each, {@code
 * s<first>} (its first position; those from {@code instructionCount} on write outputs), of at most
 * {@link BytecodeOptions#methodBytes} bytes and at most {@value #CALLS_PER_STEP} kernel calls.
 * Every step takes the same three arrays: the inputs, a per-call <em>frame</em>, and the outputs.
 * Within a step each program slot it touches gets a JVM local; a value is read from the inputs
 * array or the frame the first time a step needs it (and kept in its local if the step reads it
 * again), and a value a later step needs is written to the frame when its step ends. Frame cells
 * are allocated per program slot that ever crosses a step boundary, so the program's own slot
 * reuse carries over. Over an operand of a reference type, a step also clears the cell and the
 * local of a value once its last reader has run (a cell read more than once by one instruction
 * before the step returns), so that the frame and the step, like the interpreter's slots, hold
 * only values still to be read. The frame holds its cells in
 * <em>sub-frames</em> of {@value #SUBFRAME_CELLS} (an array of arrays of the operand type), so
 * every cell's index is a short pushed by {@code sipush}, never an {@code ldc} of a pool constant:
 * a step loads each sub-frame it uses into a local once, at its first use. A result whose only use
 * is as the first operand of the next instruction (a static kernel's) stays on the operand stack,
 * neither stored nor loaded: on a chain this leaves one {@code invoke} per instruction.
 *
 * <p><b>Joint kernels.</b> When the kernel set has {@linkplain KernelSet#withJointKernels joint
 * kernels}, instructions applying two or more primitives of one joint kernel to the same value form
 * a <em>group</em>: at the first of them, one call of the joint kernel writes all its results to a
 * block of frame cells reserved for the group (the frame's first cells, within one sub-frame,
 * reused once a group's last member has run); each member, the first included, then reads its own
 * result from there (over a reference type, clearing its cell). The block lives in the frame, so a
 * group may span steps and classes; a member after the first neither reads its argument nor calls
 * anything. The joint kernel's results are, by its contract, those of the members' own kernels, so
 * the program computes what it computes without it.
 *
 * <p><b>Classes.</b> A program that fits one class whatever its steps turn out to be (its
 * worst-case constant pool, {@link #poolBound}, is within {@link #POOL_LIMIT}) is one class
 * implementing {@link ProgramBody}: {@code run} casts the arrays, allocates the frame (none if no
 * value crosses a boundary) and calls the steps, through a tree of driver methods if there are
 * more than {@value #FANOUT}. A larger one is cut, between steps, into classes implementing {@link
 * ProgramPart}, each closed when its constant pool could not take one more step; its {@code run}
 * takes the frame, and {@link PartedBody} allocates it and runs the parts in order. Steps do not
 * care which class they are in: values cross classes through the frame as they cross methods. A
 * program may also be cut into a number of classes asked for ({@code classesWanted}), at the first
 * step boundary after each equal share of its positions, so that the JVM can define them in
 * parallel ({@link ClassDefiner}); each class is handed to a {@link ClassSink} as soon as it is
 * written.
 *
 * <p>Steps are emitted in one pass: the next position starts a new step when the bytes it may
 * emit (an upper bound, {@link #bound}) and the frame writes the step may end with would exceed
 * the limit. Byte counts are exact except that every {@code ldc} counts 3.
 *
 * <p><b>Constants.</b> A kernel computed in place that reads its operation's attributes ({@link
 * InlineKernels}) pushes each attribute's value as a constant of the class's pool ({@code ldc2_w}),
 * counted once per distinct value. A called instance kernel's receiver, the operation itself, is
 * the class data of the hidden class: each distinct operation (by {@code equals}) is one dynamic
 * constant resolved by {@code MethodHandles.classDataAt}, a true constant to the JIT: the kernel
 * call binds to the operation's exact class and inlines, and attributes held in trusted final
 * fields (record components) fold to constants. Beyond {@link BytecodeOptions#constantLimit}
 * distinct operations in one class, the rest are read from one constant array.
 *
 * <p>The code has no branches (a multi-output kernel's array length is checked with {@code
 * Objects.checkIndex}), so it needs no stack map frames, and its maximum stack and locals are
 * bounded here instead of by ASM's flow analysis. Generation is deterministic: the same program,
 * kernels and options give the same bytes.
 */
final class ClassGenerator {
  /** Calls per driver method: 6 bytes each, so a driver stays under 8,000 bytes. */
  static final int FANOUT = 1_000;

  /**
   * Kernel calls per step at most, besides its bytes: the calls C2 does not inline (a sine, a
   * cosine, the set's larger kernels) are what its compile time grows with, since every value live
   * across a call is spilled around it and the register allocator's work grows with the values live
   * at once. A step runs once per call of the program, so it reaches C2 only after thousands of
   * calls; steps of a program whose kernels are all called (a set without joint or in-place
   * kernels) and cut by bytes alone hold about 50 calls, and much of a program of tens of
   * thousands of instructions then runs at C1 for tens of seconds ({@code WarmUpCurve plain},
   * bench/RESULTS.md). A kernel computed in place is no call.
   */
  static final int CALLS_PER_STEP = 32;

  /**
   * The constant pool entries one class may use, below the class file's 65,535 with room for the
   * entries {@link #POOL_BASE} does not list one by one.
   */
  static final int POOL_LIMIT = 65_000;

  /** Pool entries of a step or driver method: its name, its name-and-type, its method ref. */
  private static final int POOL_PER_METHOD = 3;

  /** Pool entries of a distinct receiver constant: the dynamic constant and its index. */
  private static final int POOL_PER_CONSTANT = 2;

  /**
   * The {@code nop}s a caller of an instance kernel begins with ({@link #callerOf}): alone longer
   * than C1's inlining limit of 35 bytes, with the call well within C2's 325.
   */
  static final int CALLER_PADDING = 36;

  /**
   * Receiver constants per resolver method ({@link #writeResolvers}): 4 bytes each at most ({@code
   * ldc_w}, {@code pop}), so a resolver stays under the 8,000 bytes beyond which HotSpot compiles
   * no method.
   */
  static final int CONSTANTS_PER_RESOLVER = 1_000;

  /** {@link #attributesOf}' mark of an operation whose kernel is called. */
  private static final Object[] CALLED = new Object[0];

  /**
   * Pool entries of one kernel used in a class, at most: its method ref, name-and-type, class,
   * the class's name, the method's name and descriptor, a receiver constant's descriptor and
   * name-and-type, and its caller's name, descriptor, name-and-type and method ref ({@link
   * #callerOf}).
   */
  private static final int POOL_PER_KERNEL = 12;

  /**
   * Pool entries of a class besides its steps, drivers, kernels and constants: its own, its super
   * class and interface, the constructor, {@code run}, {@code Code}, the step descriptor, the array
   * class, {@code Objects.checkIndex}, {@code classDataAt} and its bootstrap method, the frame
   * size; generously.
   */
  private static final int POOL_BASE = 64;

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

  /** Distinct operations whose kernels the analysis keeps at hand (see the constructor). */
  private static final int SEEN_OPERATIONS = 8;

  // local variables of a step
  private static final int IN = 0;
  private static final int FRAME = 1;
  private static final int OUT = 2;
  private static final int FIRST_VALUE_LOCAL = 3; // the sub-frames' locals, then the values'

  /** The frame's cells are held in sub-frames of 2^15 cells, so a cell's index is a short. */
  private static final int SUBFRAME_BITS = 15;

  /** The cells of one sub-frame: {@code frame[cell >>> 15][cell & 32767]} holds a cell. */
  static final int SUBFRAME_CELLS = 1 << SUBFRAME_BITS;

  /** The sub-frames a frame of {@code cells} cells takes. */
  static int subframeCount(long cells) {
    return (int) ((cells + SUBFRAME_CELLS - 1) >>> SUBFRAME_BITS);
  }

  /** The cells of sub-frame {@code k} of a frame of {@code cells}: all but the last are full. */
  static int subframeLength(int cells, int k) {
    return Math.min(SUBFRAME_CELLS, cells - (k << SUBFRAME_BITS));
  }

  /**
   * What was generated: one class file and its class data per class; {@code parted} if they are
   * {@link ProgramPart}s rather than one {@link ProgramBody}.
   */
  record Result(
      List<byte[]> classFiles,
      List<List<Object>> classData,
      boolean parted,
      int stepCount,
      int maxStepBytes,
      int frameSize) {}

  private final CompiledProgram<?> program;
  private final BytecodeOptions options;
  private final String className;
  private final int poolLimit;
  /** At least this many classes, for definition in parallel ({@link ClassDefiner}); 1: as needed. */
  private final int classesWanted;
  /** Told of each class as soon as it is written, in order; or null. */
  private final ClassSink sink;

  // the operand type
  private final Type operand;
  private final int width;
  private final int load;
  private final int store;
  private final int arrayLoad;
  private final int arrayStore;
  private final String arrayDescriptor;
  private final String frameDescriptor;
  private final String stepDescriptor;

  // the program, analysed
  private final int n;
  private final int inputCount;
  private final int outputCount;
  /** The set's kernels by opcode. */
  private final KernelDescriptor[] table;
  /**
   * Each instruction's opcode, its kernel's index in {@link #table}: ints rather than references,
   * since storing a reference into a large array costs the collector's write barrier per element.
   */
  private final int[] opcodes;
  /** The set the kernels are from: which of them are computed in place ({@link InlineKernels}). */
  private final KernelSet<?> kernelSet;
  private final int[] argStart;
  private final int[] argValues;
  private final int[] resultStart;
  private final int[] valueSlot;
  private final int[] lastUse;
  private final int[] outputValues;

  /** The instructions that share joint kernel calls, and their blocks of frame cells. */
  private final JointGroups groups;

  // upper bounds, in bytes, used to plan steps: pushing an index, a value (reloaded and kept), ...
  private final int pushMax;
  private final int subframes; // at most this many sub-frames
  private final int subframeLocalMax; // the bytes of loading or storing a sub-frame's local
  private final int subframeLoad; // a sub-frame's first use in a step: bytes beyond its local's
  private final int frameRefMax; // pushing a sub-frame and a cell's index in it
  private final int valueMax;
  private final int spillMax;
  private final int outputMax;
  private final int receiverMax;
  private final int lengthCheck;
  private final int resultMax;
  private final int clearMax; // clearing a frame cell: the sub-frame, the index, null, the store

  /**
   * Whether the steps clear the frame cells whose values are dead: for an operand of a reference
   * type, whose values may hold memory (tensors). A cell belongs to a program slot and is written
   * again only when a later value of that slot crosses a step, so without clearing a cell whose
   * slot is not reused keeps its last value to the end of the run, as a slot of the interpreter
   * would ({@link io.github.tidu4j.graph.DeadSlots}). A primitive operand holds nothing.
   */
  private final boolean clearsDead;

  // the classes
  private final boolean parted;
  private final int poolFixed;
  private final List<byte[]> classFiles = new ArrayList<>();
  private final List<List<Object>> classData = new ArrayList<>();
  private ClassWriter cw;
  private List<String> classSteps;
  private int poolUsed;
  private int stepCount;
  private int maxStepBytes;
  private int classNumber; // 1 for the first class
  /**
   * For each int beyond a short that {@link #pushInt} may push (an index of an input, output,
   * frame cell or overflow constant), the number of the last class whose pool holds it; null if
   * there are none.
   */
  private final int[] bigIntClass;

  // emission state
  private MethodVisitor mv;
  private int bytes;
  private int calls; // kernel calls in the step being written
  private int nextLocal;
  private int stepStart;
  private int maxStack;
  private int liveDefined;
  private final int[] localOf;
  private final int[] held;
  private final int[] frameIndex;
  private int frameSize;
  private final int[] loaded; // the sub-frames the current step holds in locals
  private int loadedCount;
  private final boolean[] isLoaded;
  private final int[] touched; // the slots the current step has locals for
  private int touchedCount;
  private int[] definedHere = new int[64]; // the values the current step defines
  private int definedCount;
  private int[] readHere = new int[64]; // the values the current step reads from the frame
  private int readCount;
  private int stacked = -1; // the value on the operand stack for the next instruction, if any
  private final Map<GraphOperation, Integer> constantIndex = new HashMap<>();
  /** The instance kernels the current class calls, by opcode, each with its caller. */
  private final List<Integer> callers = new ArrayList<>();
  private final boolean[] hasCaller;
  /**
   * The attribute values of the instance kernels computed in place at the last few positions
   * asked for ({@link #attributesOf}), by position modulo their number: the planning of a step and
   * its emission ask for one position or the next, and a program of millions of distinct
   * operations keeps nothing per operation.
   */
  private final int[] valuesAt = {-1, -1, -1, -1};
  private final Object[][] valuesOf = new Object[4][];
  /** The attribute constants the current class's pool holds, by type and bits. */
  private final Set<List<Object>> pooledValues = new HashSet<>();
  private List<Object> constants;
  /** The descriptor each of {@link #constants} is loaded as. */
  private List<String> constantOwners;
  private List<Object> overflow;

  private <Op extends GraphOperation> ClassGenerator(
      CompiledProgram<Op> program,
      KernelSet<Op> kernelSet,
      BytecodeOptions options,
      String className,
      int poolLimit,
      int classesWanted,
      ClassSink sink) {
    this.program = program;
    this.options = options;
    this.className = className;
    this.poolLimit = poolLimit;
    this.classesWanted = classesWanted;
    this.sink = sink;
    this.operand = kernelSet.operandAsmType();
    this.width = operand.getSize();
    this.load = operand.getOpcode(ILOAD);
    this.store = operand.getOpcode(ISTORE);
    this.arrayLoad = operand.getOpcode(IALOAD);
    this.arrayStore = operand.getOpcode(IASTORE);
    this.arrayDescriptor = "[" + operand.getDescriptor();
    this.frameDescriptor = "[" + arrayDescriptor;
    this.stepDescriptor = "(" + arrayDescriptor + frameDescriptor + arrayDescriptor + ")V";

    this.n = program.instructionCount();
    this.inputCount = program.inputCount();
    this.outputCount = program.outputCount();
    int slots = program.slotCount();
    this.table = kernelSet.table().toArray(new KernelDescriptor[0]);
    this.hasCaller = new boolean[table.length];
    this.opcodes = new int[n];
    this.kernelSet = kernelSet;
    this.argStart = new int[n + 1];
    this.resultStart = new int[n + 1];
    int receivers = 0;
    int mostResults = 0;
    // values: the inputs, then every result in order; positions: instructions, then outputs
    int valueCount = program.valueCount();
    this.argValues = new int[program.argumentTotal()];
    this.valueSlot = new int[valueCount];
    this.lastUse = new int[valueCount];
    Arrays.fill(lastUse, -1);
    int[] current = new int[slots];
    for (int i = 0; i < inputCount; i++) {
      valueSlot[i] = program.inputSlot(i);
      current[valueSlot[i]] = i;
    }
    List<JointKernelDescriptor> jointKernels = kernelSet.jointKernels();
    JointGroups groups = new JointGroups(n, valueCount, jointKernels);
    // the kernels of the last few distinct operations met: a program's operations are mostly a
    // few canonical instances, each looked up and checked against its kernel once (its opcode and
    // owner depend on the operation alone; the arities are compared at every instruction)
    Object[] seenOps = new Object[SEEN_OPERATIONS];
    KernelDescriptor[] seenKernels = new KernelDescriptor[SEEN_OPERATIONS];
    int seen = 0;
    // one pass over the program: each instruction's kernel, where its arguments and results
    // start, which value each argument reads (the value its slot holds there), its joint group,
    // and the last instruction reading each value
    for (int i = 0; i < n; i++) {
      int args = program.argumentCount(i);
      int results = program.resultCount(i);
      Op op = program.operation(i);
      KernelDescriptor k = null;
      for (int s = 0; s < seen; s++) {
        if (seenOps[s] == op) {
          k = seenKernels[s];
          break;
        }
      }
      if (k == null || k.inputArity() != args || k.outputArity() != results) {
        k = kernelSet.kernelFor(op, i, args, results);
        if (seen < SEEN_OPERATIONS) {
          seenOps[seen] = op;
          seenKernels[seen++] = k;
        }
      }
      int opcode = k.opcode();
      opcodes[i] = opcode;
      // a pool constant for each: a receiver, or an attribute read in place (2 entries at most)
      InlineBody body = kernelSet.inlineBody(opcode);
      receivers += k.isStatic() ? 0 : body != null ? Math.max(1, body.attributeCount()) : 1;
      mostResults = Math.max(mostResults, results);
      int argFirst = argStart[i];
      int argEnd = argFirst + args;
      argStart[i + 1] = argEnd;
      resultStart[i + 1] = resultStart[i] + results;
      for (int j = 0, a = argFirst; a < argEnd; j++, a++) {
        argValues[a] = current[program.argumentSlot(i, j)];
      }
      int joint = kernelSet.jointOf(opcode);
      boolean follower =
          joint >= 0
              && groups.join(i, joint, kernelSet.jointPosition(opcode), argValues[argFirst]);
      if (!follower) { // a later member of a group neither reads its argument nor calls a kernel
        for (int a = argFirst; a < argEnd; a++) {
          lastUse[argValues[a]] = i;
        }
      }
      int valueEnd = inputCount + resultStart[i + 1];
      for (int r = 0, v = inputCount + resultStart[i]; v < valueEnd; r++, v++) {
        int slot = program.resultSlot(i, r);
        valueSlot[v] = slot;
        current[slot] = v;
      }
    }
    groups.place(SUBFRAME_CELLS); // a block lies in one sub-frame
    this.groups = groups;
    int jointCells = groups.cellCount(); // the frame's first cells, before values crossing steps
    this.outputValues = new int[outputCount];
    for (int o = 0; o < outputCount; o++) {
      outputValues[o] = current[program.outputSlot(o)];
      lastUse[outputValues[o]] = n + o;
    }
    int positions = n + outputCount;
    this.pushMax = pushSize(Math.max(inputCount, outputCount));
    // a slot crossing steps gets one cell, after the joint blocks
    this.subframes = subframeCount((long) jointCells + slots);
    this.subframeLocalMax = localSize(FIRST_VALUE_LOCAL + subframes - 1);
    this.subframeLoad = 1 + pushSize(subframes) + 1 + 1; // aload frame, push k, aaload, dup
    this.frameRefMax = subframeLoad + subframeLocalMax + 3;
    this.valueMax = Math.max(1 + pushMax, frameRefMax) + 1 + 1 + LOCAL_MAX;
    this.spillMax = subframeLocalMax + 3 + LOCAL_MAX + 1;
    this.loaded = new int[subframes];
    this.isLoaded = new boolean[subframes];
    this.outputMax = 1 + pushMax + valueMax + 1;
    this.receiverMax = 3 + pushSize(n) + 1 + 3;
    this.lengthCheck = 1 + 1 + pushSize(resultStart[n]) + 1 + 1 + 3 + 1;
    this.resultMax = 1 + pushSize(resultStart[n]) + 1 + LOCAL_MAX;
    this.clearsDead = operand.getSort() == Type.OBJECT || operand.getSort() == Type.ARRAY;
    this.clearMax = frameRefMax + 2;
    this.localOf = new int[slots];
    this.held = new int[slots];
    this.frameIndex = new int[slots];
    this.touched = new int[slots];
    Arrays.fill(localOf, -1);
    Arrays.fill(held, -1);
    Arrays.fill(frameIndex, -1);
    this.poolFixed =
        POOL_BASE
            + POOL_PER_KERNEL * (kernelSet.table().size() + jointKernels.size())
            + POOL_PER_METHOD * (options.constantLimit() / CONSTANTS_PER_RESOLVER + 2);
    this.frameSize = jointCells;
    // the ints pushed: input and output indices, sub-frame numbers (a cell's index in its
    // sub-frame is a short), result counts and indices, and indices into the overflow constants
    // (fewer than the receivers)
    int maxInt =
        Math.max(
            Math.max(Math.max(inputCount, outputCount), subframes),
            Math.max(receivers, mostResults));
    this.bigIntClass = maxInt > Short.MAX_VALUE ? new int[maxInt + 1] : null;
    this.parted = classesWanted > 1 || poolBound(positions, receivers, maxInt) > poolLimit;
  }

  /**
   * The constant pool entries one class holding all {@code positions} would use at most: one step
   * per position, one constant per instruction with a receiver, every int up to {@code maxInt}
   * beyond a short.
   */
  private long poolBound(int positions, int receivers, int maxInt) {
    long steps = Math.max(positions, 1);
    long methods = steps + steps / (FANOUT - 1) + 2; // steps and drivers
    long ints = Math.max(0, maxInt - Short.MAX_VALUE);
    return poolFixed + POOL_PER_METHOD * methods + POOL_PER_CONSTANT * (long) receivers + ints + 1;
  }

  /**
   * Generates the classes {@code className} (an internal name) running {@code program}, each with
   * at most {@code poolLimit} constant pool entries ({@link #POOL_LIMIT}; less to test cutting).
   */
  static <Op extends GraphOperation> Result generate(
      CompiledProgram<Op> program,
      KernelSet<Op> kernels,
      BytecodeOptions options,
      String className,
      int poolLimit) {
    return generate(program, kernels, options, className, poolLimit, 1, null);
  }

  /**
   * As {@link #generate(CompiledProgram, KernelSet, BytecodeOptions, String, int)}, cut into at
   * least {@code classesWanted} classes of about as many positions each (fewer if the program has
   * fewer steps), each handed to {@code sink} (if not null) as soon as it is written.
   */
  static <Op extends GraphOperation> Result generate(
      CompiledProgram<Op> program,
      KernelSet<Op> kernels,
      BytecodeOptions options,
      String className,
      int poolLimit,
      int classesWanted,
      ClassSink sink) {
    if (classesWanted < 1) {
      throw new IllegalArgumentException("classesWanted is " + classesWanted + "; at least 1");
    }
    return new ClassGenerator(
            program, kernels, options, className, poolLimit, classesWanted, sink)
        .generate();
  }

  private Result generate() {
    int positions = n + outputCount;
    beginClass();
    long nextCut = (long) positions / classesWanted; // a step starting here or later: a new class
    beginStep(0);
    for (int p = 0; p < positions; p++) {
      int spills = liveDefined + newValues(p);
      int loads = Math.min(spills, subframes - loadedCount); // sub-frames the spills may load
      boolean call = callsKernel(p);
      // the cells the step may clear at its end: those it has read, and those p may read
      int clears = clearsDead ? readCount + reads(p) : 0;
      if (p > stepStart
          && (bytes + bound(p) + spillMax * spills + subframeLoad * loads + clearMax * clears + 1
                  > options.methodBytes()
              || (call && calls == CALLS_PER_STEP))) {
        endStep(p);
        if (parted && (!roomForAStep() || p >= nextCut)) {
          endClass();
          beginClass();
          nextCut = Math.max(nextCut, (long) positions * classNumber / classesWanted);
        }
        beginStep(p);
      }
      emit(p);
      if (call) {
        calls++;
      }
    }
    endStep(positions);
    endClass();
    return new Result(
        List.copyOf(classFiles), List.copyOf(classData), parted, stepCount, maxStepBytes,
        frameSize);
  }

  // ---- classes

  private void beginClass() {
    classNumber++;
    cw = new ClassWriter(0);
    String face = Type.getInternalName(parted ? ProgramPart.class : ProgramBody.class);
    cw.visit(V17, ACC_PUBLIC | ACC_FINAL | ACC_SUPER, className, null, OBJECT, new String[] {face});
    classSteps = new ArrayList<>();
    poolUsed = poolFixed;
    constantIndex.clear();
    pooledValues.clear();
    constants = new ArrayList<>();
    constantOwners = new ArrayList<>();
    overflow = new ArrayList<>();
  }

  /**
   * Whether the current class's pool takes one more step: its name, the drivers it may add, and a
   * receiver constant (2 entries) or an int (1) for every {@code ldc} it may hold (2 bytes or more
   * each).
   */
  private boolean roomForAStep() {
    int drivers = classSteps.size() / (FANOUT - 1) + 2;
    int step = POOL_PER_METHOD + POOL_PER_CONSTANT * (options.methodBytes() / 2 + 1);
    return poolUsed + POOL_PER_METHOD * drivers + step <= poolLimit;
  }

  /**
   * The name of the current class's caller of instance kernel {@code opcode}, a private static
   * method {@code (Object operation, operands...)} that casts the operation and calls the kernel
   * on it; written once per class, when the class ends ({@link #writeCallers}).
   *
   * <p>Steps call an instance kernel through it rather than with {@code invokeinterface} at each
   * instruction: each step runs once per evaluation, so it stays in C1's profiling tier for
   * thousands of evaluations, where every virtual call and cast of its own carries a type profile
   * (tens of bytes of code, and a profile written at every call), so a program of many such
   * instructions runs slower there the more of its steps reach that tier ({@code
   * AttributeChainCurve clamp}, bench/RESULTS.md). The caller is one call site per kernel, hot from the first evaluation: compiled by C2
   * at once and inlined into each step that C2 compiles, where a receiver constant still binds the
   * call to its exact class and folds its attributes. C1 must not inline it, or each step would
   * hold the profiled call again: C1 inlines a method of at most 35 bytes ({@code
   * C1MaxInlineSize}), so the caller begins with {@link #CALLER_PADDING} {@code nop}s, which no
   * compiler emits code for; C2 inlines a method called as often as its caller up to 325 bytes
   * ({@code FreqInlineSize}).
   */
  private String callerOf(int opcode) {
    if (!hasCaller[opcode]) {
      hasCaller[opcode] = true;
      callers.add(opcode); // its pool entries are counted with its kernel's (POOL_PER_KERNEL)
    }
    return "k" + opcode;
  }

  /** The descriptor of the caller of instance kernel {@code k}: the operation, then its own. */
  private static String callerDescriptor(KernelDescriptor k) {
    return "(Ljava/lang/Object;" + k.methodDescriptor().substring(1);
  }

  /** Writes the current class's callers of instance kernels ({@link #callerOf}). */
  private void writeCallers() {
    for (int opcode : callers) {
      KernelDescriptor k = table[opcode];
      String descriptor = callerDescriptor(k);
      MethodVisitor m =
          cw.visitMethod(ACC_PRIVATE | ACC_STATIC, callerOf(opcode), descriptor, null, null);
      m.visitCode();
      for (int pad = 0; pad < CALLER_PADDING; pad++) {
        m.visitInsn(NOP);
      }
      m.visitVarInsn(ALOAD, 0);
      m.visitTypeInsn(CHECKCAST, k.ownerInternalName());
      int local = 1;
      for (Type t : Type.getArgumentTypes(k.methodDescriptor())) {
        m.visitVarInsn(t.getOpcode(ILOAD), local);
        local += t.getSize();
      }
      m.visitMethodInsn(
          k.ownerIsInterface() ? INVOKEINTERFACE : INVOKEVIRTUAL, k.ownerInternalName(),
          k.methodName(), k.methodDescriptor(), k.ownerIsInterface());
      Type result = Type.getReturnType(k.methodDescriptor());
      m.visitInsn(result.getOpcode(IRETURN));
      // the stack holds the receiver and operands (the locals' size), then the result
      m.visitMaxs(Math.max(local, result.getSize()), local);
      m.visitEnd();
      hasCaller[opcode] = false;
    }
    callers.clear();
  }

  private void endClass() {
    writeCallers();
    writeConstructor(cw, writeResolvers());
    if (parted) {
      writePartRun(cw, classSteps);
    } else {
      writeRun(cw, classSteps);
    }
    cw.visitEnd();
    try {
      classFiles.add(cw.toByteArray());
    } catch (ClassTooLargeException | MethodTooLargeException e) {
      throw new GraphException(
          "class " + (classFiles.size() + 1) + " of a program of " + n + " instructions ("
              + classSteps.size() + " methods) is too large (a bytecode backend bug): "
              + e.getMessage(), e);
    }
    List<Object> data = new ArrayList<>(constants);
    if (!overflow.isEmpty()) {
      data.add(overflow.toArray());
    }
    classData.add(List.copyOf(data));
    cw = null;
    if (sink != null) {
      sink.accept(classFiles.get(classFiles.size() - 1), classData.get(classData.size() - 1));
    }
  }

  // ---- steps

  private void beginStep(int start) {
    String name = n + outputCount == 0 ? "empty" : "s" + start;
    classSteps.add(name);
    poolUsed += POOL_PER_METHOD;
    mv = cw.visitMethod(ACC_PRIVATE | ACC_STATIC, name, stepDescriptor, null, null);
    mv.visitCode();
    bytes = 0;
    calls = 0;
    nextLocal = FIRST_VALUE_LOCAL + subframes;
    for (int l = 0; l < loadedCount; l++) {
      isLoaded[loaded[l]] = false;
    }
    loadedCount = 0;
    // an output write reloading its value: the outputs and an index, the inputs and an index,
    // then the value and its copy kept with dup (a bound, generously)
    maxStack = 4 + 2 * width;
    stepStart = start;
    liveDefined = 0;
    for (int t = 0; t < touchedCount; t++) {
      localOf[touched[t]] = -1;
      held[touched[t]] = -1;
    }
    touchedCount = 0;
    definedCount = 0;
    readCount = 0;
  }

  /**
   * Ends the step before position {@code end}: stores a value left on the operand stack, and writes
   * the values later steps read to the frame.
   */
  private void endStep(int end) {
    if (stacked >= 0) {
      int slot = valueSlot[stacked];
      var(store, local(slot));
      held[slot] = stacked;
      stacked = -1;
    }
    // the cells read here whose values nothing reads from here on: cleared before the writes
    // below, which may give a cell of a slot reused here its new value
    for (int r = 0; r < readCount; r++) {
      int v = readHere[r];
      if (v >= 0 && lastUse[v] < end) { // v < 0: cleared at its last read already
        clearCell(frameIndex[valueSlot[v]]);
      }
    }
    for (int d = 0; d < definedCount; d++) {
      int v = definedHere[d];
      if (lastUse[v] >= end) {
        int slot = valueSlot[v];
        if (frameIndex[slot] < 0) {
          frameIndex[slot] = frameSize++;
        }
        pushCell(frameIndex[slot]);
        var(load, localOf[slot]);
        insn(arrayStore);
      }
    }
    insn(RETURN);
    Label codeEnd = new Label();
    mv.visitLabel(codeEnd);
    mv.visitMaxs(maxStack, nextLocal);
    mv.visitEnd();
    stepCount++;
    maxStepBytes = Math.max(maxStepBytes, codeEnd.getOffset());
  }

  /** An upper bound on the bytes position {@code p} emits, its locals' clearing included. */
  private int bound(int p) {
    return p < n && clearsDead ? boundOf(p) + reads(p) * (1 + LOCAL_MAX) : boundOf(p);
  }

  /** An upper bound on the bytes position {@code p} emits, before {@link #clearLocals}. */
  private int boundOf(int p) {
    if (p >= n) {
      return outputMax;
    }
    KernelDescriptor k = table[opcodes[p]];
    if (groups.shares(p)) {
      // the call (the argument, the frame, the cell), then the result read from the frame (and
      // its cell cleared)
      return (groups.makesCall(p) ? valueMax + frameRefMax + 3 : 0) + frameRefMax + 1 + LOCAL_MAX
          + (clearsDead ? clearMax : 0);
    }
    InlineBody body = inPlace(p);
    int size =
        body != null // the attributes' ldc, the operands, the arithmetic (at least a call's bytes)
            ? 3 * body.attributeCount() + valueMax * k.inputArity()
                + Math.max(5, body.arithmeticCount())
            : (k.isStatic() ? 0 : receiverMax) + valueMax * k.inputArity() + 5;
    return k.outputArity() == 1
        ? size + LOCAL_MAX
        : size + lengthCheck + resultMax * k.outputArity() + 1;
  }

  /**
   * Whether position {@code p} calls a kernel: an instruction whose kernel is not computed in
   * place, or the member of a joint group that makes the group's call.
   */
  private boolean callsKernel(int p) {
    if (p >= n) {
      return false;
    }
    if (groups.shares(p)) {
      return groups.makesCall(p);
    }
    return inPlace(p) == null;
  }

  /**
   * How instruction {@code p}'s kernel is computed in place of a call ({@link InlineKernels}), or
   * null if it is called: an instance kernel only for an operation whose attributes were read
   * ({@link #attributesOf}).
   */
  private InlineBody inPlace(int p) {
    InlineBody body = kernelSet.inlineBody(opcodes[p]);
    if (body == null || !body.readsOperation()) {
      return body;
    }
    return attributesOf(p, body) != CALLED ? body : null;
  }

  /**
   * The attribute values {@code body} reads from the operation of instruction {@code p}, or {@link
   * #CALLED}. An operation is an immutable value, so reading them again elsewhere gives the same.
   */
  private Object[] attributesOf(int p, InlineBody body) {
    int at = p & (valuesAt.length - 1);
    if (valuesAt[at] != p) {
      Object[] values = body.values(program.operation(p));
      valuesOf[at] = values == null ? CALLED : values;
      valuesAt[at] = p;
    }
    return valuesOf[at];
  }

  /** The values position {@code p} reads, each perhaps from a frame cell, at most. */
  private int reads(int p) {
    return p < n ? argStart[p + 1] - argStart[p] : 1;
  }

  private int newValues(int p) {
    return p < n ? resultStart[p + 1] - resultStart[p] : 0;
  }

  private void emit(int p) {
    if (p < n) {
      emitInstruction(p);
      if (clearsDead) {
        clearLocals(p);
      }
    } else {
      int o = p - n;
      var(ALOAD, OUT);
      pushInt(o);
      pushValue(outputValues[o], p);
      insn(arrayStore);
    }
    // the values read here for the last time, each once, that this step defined: no longer live
    // (values are numbered in the order they are defined, so this step's are from firstHere on)
    int firstHere = inputCount + resultStart[Math.min(stepStart, n)];
    if (p < n) {
      for (int a = argStart[p], end = argStart[p + 1]; a < end; a++) {
        int v = argValues[a];
        if (v >= firstHere && lastUse[v] == p && !argumentsHold(v, argStart[p], a)) {
          liveDefined--;
        }
      }
    } else {
      int v = outputValues[p - n];
      if (v >= firstHere && lastUse[v] == p) {
        liveDefined--;
      }
    }
  }

  /**
   * Clears the locals of the values instruction {@code p} has read for the last time: a step holds
   * up to {@value #CALLS_PER_STEP} calls, and a local, a root for the collector until the step
   * returns (while the step runs in the interpreter, at least), would keep a dead value (a tensor)
   * alive that long.
   */
  private void clearLocals(int p) {
    for (int a = argStart[p], end = argStart[p + 1]; a < end; a++) {
      int v = argValues[a];
      int slot = valueSlot[v];
      if (lastUse[v] == p && held[slot] == v) { // an argument read twice is cleared once
        insn(ACONST_NULL);
        var(ASTORE, localOf[slot]);
        held[slot] = -1;
        for (int r = 0; r < readCount; r++) {
          if (readHere[r] == v) { // read from its cell in this step: the cell lets it go too
            clearCell(frameIndex[slot]);
            readHere[r] = -1;
          }
        }
      }
    }
  }

  /**
   * Whether position {@code p} reads {@code value} once (an instruction may take a value twice,
   * reading its cell for each).
   */
  private boolean readOnceAt(int value, int p) {
    if (p >= n) {
      return true;
    }
    int count = 0;
    for (int a = argStart[p]; a < argStart[p + 1]; a++) {
      count += argValues[a] == value ? 1 : 0;
    }
    return count == 1;
  }

  /** Stores null in frame cell {@code cell}. */
  private void clearCell(int cell) {
    pushCell(cell);
    insn(ACONST_NULL);
    insn(AASTORE);
  }

  /** Whether {@code value} is among the arguments {@code argValues[from..to)}. */
  private boolean argumentsHold(int value, int from, int to) {
    for (int a = from; a < to; a++) {
      if (argValues[a] == value) {
        return true;
      }
    }
    return false;
  }

  private void emitInstruction(int i) {
    if (groups.shares(i)) {
      emitJointMember(i);
      return;
    }
    KernelDescriptor k = table[opcodes[i]];
    int firstValue = inputCount + resultStart[i];
    InlineBody inline = inPlace(i);
    if (inline != null) { // the kernel's own instructions, in place of calling it (InlineKernels)
      emitInPlace(i, inline);
      // the method budget counts the call it replaces: a step then holds as many instructions as
      // the bound is set for (BytecodeOptions)
      bytes += Math.max(0, 3 - inline.arithmeticCount());
      takeResult(firstValue, i);
      return;
    }
    // the receiver, the operands, and room to reload the last one (an array and an index, then
    // the value and its copy; a bound, generously)
    maxStack = Math.max(maxStack, 1 + width * k.inputArity() + 3 + width);
    if (!k.isStatic()) {
      pushReceiver(program.operation(i), k.ownerInternalName());
    }
    for (int a = argStart[i]; a < argStart[i + 1]; a++) {
      pushValue(argValues[a], i);
    }
    if (k.isStatic()) {
      mv.visitMethodInsn(
          INVOKESTATIC, k.ownerInternalName(), k.methodName(), k.methodDescriptor(),
          k.ownerIsInterface());
    } else { // through the class's caller of the kernel (see callerOf)
      mv.visitMethodInsn(INVOKESTATIC, className, callerOf(k.opcode()), callerDescriptor(k), false);
    }
    bytes += 3;
    int results = resultStart[i + 1] - resultStart[i];
    if (k.outputArity() == 1) {
      checkNotNull();
      takeResult(firstValue, i);
      return;
    }
    // an array of results: check its length (branch-free: checkIndex(length - arity, 1)), unpack
    insn(DUP);
    insn(ARRAYLENGTH);
    pushInt(results);
    insn(ISUB);
    insn(ICONST_1);
    mv.visitMethodInsn(INVOKESTATIC, "java/util/Objects", "checkIndex", "(II)I", false);
    bytes += 3;
    insn(POP);
    for (int r = 0; r < results; r++) {
      if (lastUse[firstValue + r] >= 0) {
        insn(DUP);
        pushInt(r);
        insn(arrayLoad);
        checkNotNull();
        define(firstValue + r);
      } else if (operand.getSort() == Type.OBJECT) {
        insn(DUP);
        pushInt(r);
        insn(arrayLoad);
        checkNotNull();
        insn(POP);
      }
    }
    insn(POP);
  }

  /**
   * For a set over a reference type, checks the result on top of the stack is not {@code null}
   * ({@code Objects.requireNonNull}, whose failure {@link Diagnosis} reports at this instruction
   * as every tier does): a null value is never one of the set's.
   */
  private void checkNotNull() {
    if (operand.getSort() == Type.OBJECT) {
      insn(DUP);
      mv.visitMethodInsn(
          INVOKESTATIC, "java/util/Objects", "requireNonNull",
          "(Ljava/lang/Object;)Ljava/lang/Object;", false);
      insn(POP);
      bytes += 5;
    }
  }

  /**
   * Instruction {@code i}'s kernel as {@code body}'s elements: its operands pushed in order, its
   * attributes as constants of the class, its arithmetic.
   */
  private void emitInPlace(int i, InlineBody body) {
    // the operands and attributes, and room to reload the last operand (a bound, generously)
    maxStack =
        Math.max(maxStack, width * program.argumentCount(i) + 2 * body.attributeCount() + 3 + width);
    Object[] values = body.readsOperation() ? attributesOf(i, body) : null;
    int a = argStart[i];
    for (int element : body.code()) {
      if (element == InlineBody.OPERAND) {
        pushValue(argValues[a++], i);
      } else if (element < InlineBody.OPERAND) {
        pushAttribute(values[InlineBody.attributeOf(element)]);
      } else {
        insn(element);
      }
    }
  }

  /** Pushes an attribute's value, a constant of the class's pool, counted once per class. */
  private void pushAttribute(Object value) {
    long bits =
        value instanceof Double d
            ? Double.doubleToRawLongBits(d)
            : value instanceof Float f ? Float.floatToRawIntBits(f) : ((Number) value).longValue();
    if (pooledValues.add(List.of(value.getClass(), bits))) {
      poolUsed += value instanceof Double || value instanceof Long ? 2 : 1;
    }
    ldc(value);
  }

  /**
   * A member of a joint kernel group: the first calls the joint kernel, writing every member's
   * result to the group's frame cells; each reads its own result from there.
   */
  private void emitJointMember(int i) {
    maxStack = Math.max(maxStack, width + 2);
    if (groups.makesCall(i)) {
      JointKernelDescriptor joint = groups.kernel(i);
      pushValue(argValues[argStart[i]], i);
      pushCell(groups.blockCell(i));
      mv.visitMethodInsn(
          INVOKESTATIC, joint.ownerInternalName(), joint.methodName(), joint.methodDescriptor(),
          joint.ownerIsInterface());
      bytes += 3;
    }
    pushCell(groups.resultCell(i));
    insn(arrayLoad);
    if (clearsDead) { // read once: the block's cell lets its value go
      clearCell(groups.resultCell(i));
    }
    takeResult(inputCount + resultStart[i], i);
  }

  /** Takes the single result {@code value} of instruction {@code i} off the operand stack. */
  private void takeResult(int value, int i) {
    if (lastUse[value] < 0) {
      insn(width == 2 ? POP2 : POP);
    } else if (onlyFirstOperandOfNext(value, i)) {
      stacked = value;
      record(value);
    } else {
      define(value);
    }
  }

  /**
   * Whether {@code value}, the result of instruction {@code i}, is read once, as the first operand
   * of instruction {@code i + 1}, whose kernel is static (so nothing is pushed before it) and which
   * reads its operands (is not a joint kernel group's later member).
   */
  private boolean onlyFirstOperandOfNext(int value, int i) {
    int next = i + 1;
    if (next >= n
        || lastUse[value] != next
        || !nothingPushedBeforeOperands(next)
        || (groups.shares(next) && !groups.makesCall(next))) {
      return false;
    }
    int first = argStart[next];
    int end = argStart[next + 1];
    return first < end && argValues[first] == value && !argumentsHold(value, first + 1, end);
  }

  /** Whether instruction {@code p} pushes its first operand before anything else. */
  private boolean nothingPushedBeforeOperands(int p) {
    InlineBody body = inPlace(p);
    return body != null ? body.operandFirst() : table[opcodes[p]].isStatic();
  }

  /** Stores the value on the stack as {@code value}, a result of the current step. */
  private void define(int value) {
    int slot = valueSlot[value];
    var(store, local(slot));
    held[slot] = value;
    record(value);
  }

  /** Notes {@code value} as defined by the current step (and to be spilled if read later). */
  private void record(int value) {
    if (definedCount == definedHere.length) {
      definedHere = Arrays.copyOf(definedHere, 2 * definedCount);
    }
    definedHere[definedCount++] = value;
    liveDefined++;
  }

  /** Pushes {@code value}, read at position {@code p}. */
  private void pushValue(int value, int p) {
    if (value == stacked) { // the previous result, left on the stack
      stacked = -1;
      return;
    }
    int slot = valueSlot[value];
    if (held[slot] == value) {
      var(load, localOf[slot]);
      return;
    }
    if (value < inputCount) {
      var(ALOAD, IN);
      pushInt(value);
    } else {
      pushCell(frameIndex[slot]);
    }
    insn(arrayLoad);
    if (clearsDead && value >= inputCount) {
      if (lastUse[value] == p && readOnceAt(value, p)) {
        clearCell(frameIndex[slot]); // its only and last read: the value is on the stack
      } else { // kept in a local (cleared with it), or read again here (cleared at the step's end)
        if (readCount == readHere.length) {
          readHere = Arrays.copyOf(readHere, 2 * readCount);
        }
        readHere[readCount++] = value;
      }
    }
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

  /**
   * Pushes the sub-frame holding frame cell {@code cell} and the cell's index in it. A step loads
   * each sub-frame it uses once, into its own local ({@link #FIRST_VALUE_LOCAL} plus its number).
   */
  private void pushCell(int cell) {
    int k = cell >>> SUBFRAME_BITS;
    if (isLoaded[k]) {
      var(ALOAD, FIRST_VALUE_LOCAL + k);
    } else {
      var(ALOAD, FRAME);
      pushInt(k);
      insn(AALOAD);
      insn(DUP);
      var(ASTORE, FIRST_VALUE_LOCAL + k);
      isLoaded[k] = true;
      loaded[loadedCount++] = k;
    }
    pushInt(cell & (SUBFRAME_CELLS - 1));
  }

  private void pushReceiver(GraphOperation operation, String owner) {
    Integer index = constantIndex.get(operation);
    if (index == null) {
      index = constants.size() + overflow.size();
      constantIndex.put(operation, index);
      if (index < options.constantLimit() || overflow.isEmpty()) {
        // a constant of its own in the class's pool, or the array of the overflow, once: counted,
        // so that the class is cut before its pool fills (roomForAStep)
        poolUsed += POOL_PER_CONSTANT;
      }
      if (index < options.constantLimit()) {
        constants.add(operation);
        constantOwners.add("L" + owner + ";");
      } else {
        overflow.add(operation);
      }
    }
    if (index < options.constantLimit()) {
      ldc(new ConstantDynamic("_", constantOwners.get(index), CLASS_DATA_AT, index));
    } else {
      ldc(new ConstantDynamic("_", "[Ljava/lang/Object;", CLASS_DATA_AT, options.constantLimit()));
      pushInt(index - options.constantLimit());
      insn(AALOAD); // an Object: the kernel's caller casts it
    }
  }

  // ---- instructions, counted

  private void var(int opcode, int index) {
    mv.visitVarInsn(opcode, index);
    bytes += localSize(index);
  }

  /** The bytes of loading or storing local {@code index}. */
  private static int localSize(int index) {
    return index < 4 ? 1 : index < 256 ? 2 : 4;
  }

  private void insn(int opcode) {
    mv.visitInsn(opcode);
    bytes += 1;
  }

  private void ldc(Object constant) {
    mv.visitLdcInsn(constant);
    bytes += 3;
  }

  /**
   * Pushes an int, one instruction whatever its size: beyond a short, an {@code ldc} of an integer
   * constant, which the class's pool counts once ({@link #bigIntClass}).
   */
  private void pushInt(int value) {
    if (value >= -1 && value <= 5) {
      insn(ICONST_0 + value);
    } else if (value >= Byte.MIN_VALUE && value <= Byte.MAX_VALUE) {
      mv.visitIntInsn(BIPUSH, value);
      bytes += 2;
    } else if (value >= Short.MIN_VALUE && value <= Short.MAX_VALUE) {
      mv.visitIntInsn(SIPUSH, value);
      bytes += 3;
    } else { // an index beyond 2^15 - 1
      if (bigIntClass[value] != classNumber) {
        bigIntClass[value] = classNumber;
        poolUsed++;
      }
      ldc(value);
    }
  }

  /** The bytes {@link #pushInt} takes for any value in {@code 0..max}. */
  private static int pushSize(int max) {
    return max <= Byte.MAX_VALUE ? 2 : 3;
  }

  // ---- the class around the steps

  /** The constructor: it calls the {@code resolvers} ({@link #writeResolvers}). */
  private void writeConstructor(ClassWriter cw, int resolvers) {
    MethodVisitor init = cw.visitMethod(ACC_PUBLIC, "<init>", "()V", null, null);
    init.visitCode();
    init.visitVarInsn(ALOAD, 0);
    init.visitMethodInsn(INVOKESPECIAL, OBJECT, "<init>", "()V", false);
    for (int r = 0; r < resolvers; r++) {
      init.visitMethodInsn(INVOKESTATIC, className, "c" + r, "()V", false);
    }
    init.visitInsn(RETURN);
    init.visitMaxs(1, 1);
    init.visitEnd();
  }

  /**
   * Writes the methods that resolve the current class's receiver constants, {@value
   * #CONSTANTS_PER_RESOLVER} each, and returns their number: each loads its constants ({@code
   * ldc}, the instruction and pool entry of the steps) and drops them. The constructor calls them,
   * so the JVM resolves every dynamic constant of the class when the class is instantiated, where
   * it is defined (a helper thread, or the tiered runners' compiler thread), rather than at each
   * constant's first use in an evaluation: the resolution costs microseconds per constant, which a
   * program of many distinct operations with called kernels would otherwise pay on a caller's
   * first evaluation ({@code AttributeChainCurve clamp}, bench/RESULTS.md).
   */
  private int writeResolvers() {
    int count = constants.size() + (overflow.isEmpty() ? 0 : 1);
    int resolvers = (count + CONSTANTS_PER_RESOLVER - 1) / CONSTANTS_PER_RESOLVER;
    for (int r = 0; r < resolvers; r++) {
      MethodVisitor m = cw.visitMethod(ACC_PRIVATE | ACC_STATIC, "c" + r, "()V", null, null);
      m.visitCode();
      for (int c = r * CONSTANTS_PER_RESOLVER, end = Math.min(count, c + CONSTANTS_PER_RESOLVER);
          c < end;
          c++) {
        m.visitLdcInsn(
            c < constants.size()
                ? new ConstantDynamic("_", constantOwners.get(c), CLASS_DATA_AT, c)
                : new ConstantDynamic(
                    "_", "[Ljava/lang/Object;", CLASS_DATA_AT, options.constantLimit()));
        m.visitInsn(POP);
      }
      m.visitInsn(RETURN);
      m.visitMaxs(1, 0);
      m.visitEnd();
    }
    return resolvers;
  }

  /**
   * Writes the driver methods over {@code steps}, {@value #FANOUT} calls each, level by level;
   * returns what {@code run} calls: the steps if there are at most {@value #FANOUT}, else the top
   * drivers.
   */
  private List<String> writeDrivers(ClassWriter cw, List<String> steps) {
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
    return callees;
  }

  /**
   * {@code run(Object in, Object frame, Object out)} of a {@link ProgramPart}: cast, call the
   * steps (via drivers).
   */
  private void writePartRun(ClassWriter cw, List<String> steps) {
    List<String> callees = writeDrivers(cw, steps);
    MethodVisitor run =
        cw.visitMethod(
            ACC_PUBLIC, "run", "(Ljava/lang/Object;Ljava/lang/Object;Ljava/lang/Object;)V", null,
            null);
    run.visitCode();
    // locals: this, in, frame, out; the arrays replace the Objects they came as
    for (int local = 1; local <= 3; local++) {
      run.visitVarInsn(ALOAD, local);
      run.visitTypeInsn(CHECKCAST, local == 2 ? frameDescriptor : arrayDescriptor);
      run.visitVarInsn(ASTORE, local);
    }
    callAll(run, callees, 1, 2, 3);
    run.visitInsn(RETURN);
    run.visitMaxs(3, 4);
    run.visitEnd();
  }

  /**
   * {@code run(Object in, Object out)} of a {@link ProgramBody}: cast, allocate the frame, call the
   * steps (via drivers).
   */
  private void writeRun(ClassWriter cw, List<String> steps) {
    List<String> callees = writeDrivers(cw, steps);
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
    } else { // the sub-frames: full ones, then the rest
      int count = subframeCount(frameSize);
      run.visitLdcInsn(count);
      run.visitTypeInsn(ANEWARRAY, arrayDescriptor);
      for (int k = 0; k < count; k++) {
        run.visitInsn(DUP);
        run.visitLdcInsn(k);
        run.visitLdcInsn(subframeLength(frameSize, k));
        if (operand.getSort() == Type.OBJECT || operand.getSort() == Type.ARRAY) {
          run.visitTypeInsn(ANEWARRAY, operand.getInternalName());
        } else {
          run.visitIntInsn(NEWARRAY, primitiveArrayCode(operand));
        }
        run.visitInsn(AASTORE);
      }
    }
    run.visitVarInsn(ASTORE, 3);
    callAll(run, callees, 1, 3, 2);
    run.visitInsn(RETURN);
    run.visitMaxs(4, 4);
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
