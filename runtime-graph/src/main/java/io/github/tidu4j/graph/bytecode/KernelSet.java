package io.github.tidu4j.graph.bytecode;

import io.github.tidu4j.graph.GraphException;
import io.github.tidu4j.graph.GraphOperation;
import io.github.tidu4j.graph.JointKernelDescriptor;
import io.github.tidu4j.graph.KernelDescriptor;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.ToIntFunction;
import org.objectweb.asm.Type;

/**
 * What the bytecode backend needs to know about a primitive set: its operand type, its kernel
 * table (one {@link KernelDescriptor} per opcode) and how to get an operation's opcode.
 *
 * <p>Every descriptor is checked when the set is made: the opcode matches its index, the method
 * descriptor takes {@code inputArity} operands and returns one operand or an array of them, and the
 * kernel resolves to an accessible method from the set's {@linkplain #lookup() lookup}. A bad
 * table fails here, naming the primitive, rather than later inside generated code.
 *
 * <p>The opcode function is a plain {@link ToIntFunction} so this package depends on nothing
 * generated: a processor-generated set passes its ops' {@code opcode()} method, a hand-written
 * set anything that maps its operations to table indices (an enum's {@code ordinal}).
 *
 * <pre>{@code
 * KernelSet<ScalarOp> kernels =
 *     KernelSet.of(double.class, ScalarKernels.TABLE, ScalarOp::opcode);
 * BytecodeProgram<ScalarOp> p = new BytecodeCompiler<>(kernels).compile(program);
 * }</pre>
 *
 * <p>Generated classes are hidden classes defined with the set's lookup, so they live in its
 * package and class loader and can call what it can call. By default that is this package, in
 * runtime-graph's class loader and module: enough when the kernels are public and visible from it
 * (one class path, or one module path with the kernels' package exported; this module then reads
 * theirs). Kernels in another class loader, in a package their named module does not export, or
 * package-private, need a set made with a lookup from their own package ({@link #of(Class, List,
 * ToIntFunction, MethodHandles.Lookup)}); a processor-generated {@code XKernels.kernelSet()} does
 * that already.
 *
 * <p>{@link #withJointKernels} adds methods that compute several unary primitives of one argument
 * at once ({@link JointKernelDescriptor}): the backend then makes one call for, say, the sine and
 * the cosine of one value. A set without them, or made without {@code withJointKernels}, calls
 * every kernel apart, with the same results.
 *
 * @param <Op> the operation type
 */
public final class KernelSet<Op extends GraphOperation> {
  /** What a message about a kernel the set's lookup cannot reach tells the user to do. */
  private static final String REMEDY =
      "make the set with a lookup of the kernels' package, KernelSet.of(operandType, table,"
          + " opcodeOf, MethodHandles.lookup()) there, as a generated kernelSet() does (or export"
          + " the package, and make it visible from tidu4j's class loader)";

  private final Class<?> operandType;
  private final Type operand;
  private final List<KernelDescriptor> table;
  private final ToIntFunction<? super Op> opcodeOf;
  private final MethodHandles.Lookup lookup;
  private final Class<?>[] owners;
  private final MethodHandle[] handles;
  /** Per opcode, the arithmetic the generated code computes in place of the call, or null. */
  private final InlineBody[] inlineBodies;
  private final List<JointKernelDescriptor> joints;
  /** Per opcode, the index in {@link #joints} of the joint kernel computing it, or -1. */
  private final int[] jointOf;
  /** Per opcode with a joint kernel, the index of its result among that kernel's. */
  private final int[] jointPosition;

  /**
   * Checks and resolves {@code table} and {@code joints} from {@code lookup}; the kernels as {@code
   * resolved} resolved them if it is not null (a set of this table, resolved from this lookup).
   */
  private KernelSet(
      Class<?> operandType,
      List<KernelDescriptor> table,
      ToIntFunction<? super Op> opcodeOf,
      MethodHandles.Lookup lookup,
      List<JointKernelDescriptor> joints,
      KernelSet<?> resolved) {
    this.operandType = operandType;
    this.operand = Type.getType(operandType);
    this.table = table;
    this.opcodeOf = opcodeOf;
    this.lookup = lookup;
    this.joints = joints;
    this.jointOf = new int[table.size()];
    this.jointPosition = new int[table.size()];
    this.owners = resolved != null ? resolved.owners : new Class<?>[table.size()];
    this.handles = resolved != null ? resolved.handles : new MethodHandle[table.size()];
    // resolve as the generated class will: same package and loader, no private access
    MethodHandles.Lookup access = lookup.dropLookupMode(MethodHandles.Lookup.PRIVATE);
    ClassLoader loader = lookup.lookupClass().getClassLoader();
    Class<?> element = operandType;
    while (element.isArray()) {
      element = element.getComponentType();
    }
    readIfDefault(element);
    try {
      access.accessClass(element);
    } catch (IllegalAccessException e) {
      throw new IllegalArgumentException(
          "operand type " + operandType.getName() + " is not accessible from " + lookupName(), e);
    }
    if (resolved == null) {
      for (int i = 0; i < table.size(); i++) {
        KernelDescriptor k = Objects.requireNonNull(table.get(i), "kernel table entry " + i);
        checkShape(i, k);
        owners[i] = resolveOwner(k, loader);
        readIfDefault(owners[i]);
        handles[i] = resolveMethod(k, owners[i], access, loader);
      }
    }
    this.inlineBodies =
        resolved != null
            ? resolved.inlineBodies
            : InlineKernels.bodiesOf(table, owners, access, operandType);
    Arrays.fill(jointOf, -1);
    for (int j = 0; j < joints.size(); j++) {
      checkJoint(j, Objects.requireNonNull(joints.get(j), "joint kernel " + j), access, loader);
    }
  }

  /**
   * A kernel set whose generated classes are defined in this package.
   *
   * @param operandType the type of every operand and result: a primitive class such as {@code
   *     double.class} (kept unboxed) or a reference type
   * @param table the kernels, {@code table.get(k).opcode() == k}
   * @param opcodeOf an operation's opcode: its index in {@code table}
   * @throws IllegalArgumentException naming the primitive if a descriptor does not fit the operand
   *     type or does not resolve to an accessible method
   */
  public static <Op extends GraphOperation> KernelSet<Op> of(
      Class<?> operandType, List<KernelDescriptor> table, ToIntFunction<? super Op> opcodeOf) {
    return of(operandType, table, opcodeOf, MethodHandles.lookup());
  }

  /**
   * This set, with generated classes defined by {@code lookup}: in its lookup class's package,
   * class loader and module. Checks the kernels again from there.
   *
   * @throws IllegalArgumentException if {@code lookup} lacks full privilege access (make it with
   *     {@link MethodHandles#lookup()} in the class whose package should hold the generated code)
   */
  public KernelSet<Op> withLookup(MethodHandles.Lookup lookup) {
    return new KernelSet<>(operandType, table, opcodeOf, fullPrivilege(lookup), joints, null);
  }

  /**
   * A kernel set whose generated classes are defined by {@code lookup}: in its lookup class's
   * package, class loader and module, from where the kernels are checked and called. This is how
   * a set's generated {@code kernelSet()} makes its own, with a lookup of the set's package, which
   * therefore need not be exported or opened, nor visible from tidu4j's class loader; {@link
   * #of(Class, List, ToIntFunction)} followed by {@link #withLookup} checks the kernels from
   * tidu4j's package first.
   *
   * <pre>{@code
   * KernelSet<ScalarOp> set =
   *     KernelSet.of(double.class, ScalarKernels.TABLE, ScalarOp::opcode, MethodHandles.lookup());
   * }</pre>
   *
   * @throws IllegalArgumentException if {@code lookup} lacks full privilege access, or naming the
   *     primitive if a descriptor does not fit the operand type or does not resolve to a method
   *     accessible from {@code lookup}
   */
  public static <Op extends GraphOperation> KernelSet<Op> of(
      Class<?> operandType,
      List<KernelDescriptor> table,
      ToIntFunction<? super Op> opcodeOf,
      MethodHandles.Lookup lookup) {
    return new KernelSet<>(
        checkOperand(operandType),
        List.copyOf(table),
        Objects.requireNonNull(opcodeOf, "opcodeOf"),
        fullPrivilege(Objects.requireNonNull(lookup, "lookup")),
        List.of(),
        null);
  }

  private static MethodHandles.Lookup fullPrivilege(MethodHandles.Lookup lookup) {
    if (!lookup.hasFullPrivilegeAccess()) {
      throw new IllegalArgumentException(
          "defining hidden classes needs a lookup with full privilege access; "
              + lookup
              + " has lost some (use MethodHandles.lookup() in the target package)");
    }
    return lookup;
  }

  /**
   * This set, whose backend calls {@code joints} for primitives of one argument that a program
   * applies together (replacing any joint kernels given before). Checks each against the table
   * and resolves it from this set's lookup.
   *
   * <pre>{@code
   * KernelSet<ScalarOp> joint = KernelSet.of(double.class, ScalarKernels.TABLE, ScalarOp::opcode)
   *     .withJointKernels(ScalarKernels.JOINT);
   * }</pre>
   *
   * @throws IllegalArgumentException naming the kernel if it lists an opcode outside the table, a
   *     primitive that is not unary with one output and a static kernel, or one another joint
   *     kernel lists too, or if its method does not take {@code (operand, operand[], int)} and
   *     return {@code void}, or does not resolve to an accessible static method
   */
  public KernelSet<Op> withJointKernels(List<JointKernelDescriptor> joints) {
    // the same table from the same lookup: its kernels resolve as they did here
    return new KernelSet<>(operandType, table, opcodeOf, lookup, List.copyOf(joints), this);
  }

  private void checkJoint(
      int j, JointKernelDescriptor joint, MethodHandles.Lookup access, ClassLoader loader) {
    String name = "joint kernel " + joint.methodName();
    for (int position = 0; position < joint.primitiveOpcodes().size(); position++) {
      int opcode = joint.primitiveOpcodes().get(position);
      if (opcode >= table.size()) {
        throw new IllegalArgumentException(
            name + " lists opcode " + opcode + ", but the kernel table has " + table.size()
                + " kernels");
      }
      KernelDescriptor k = table.get(opcode);
      if (k.inputArity() != 1 || k.outputArity() != 1 || !k.isStatic()) {
        throw new IllegalArgumentException(
            name + " lists " + k.primitiveName() + ", whose kernel " + k.methodName()
                + k.methodDescriptor() + " is not a static kernel of one input and one output");
      }
      if (jointOf[opcode] >= 0) {
        throw new IllegalArgumentException(
            name + " lists " + k.primitiveName() + ", which joint kernel "
                + joints.get(jointOf[opcode]).methodName() + " lists too");
      }
      jointOf[opcode] = j;
      jointPosition[opcode] = position;
    }
    String expected = "(" + operand.getDescriptor() + "[" + operand.getDescriptor() + "I)V";
    if (!joint.methodDescriptor().equals(expected)) {
      throw new IllegalArgumentException(
          name + ": descriptor " + joint.methodDescriptor() + " does not fit operands of "
              + operandType.getName() + "; expected " + expected
              + " (the argument, the array the results go to, the index of the first)");
    }
    Class<?> owner;
    try {
      owner = Class.forName(joint.ownerInternalName().replace('/', '.'), false, loader);
    } catch (ClassNotFoundException | LinkageError e) {
      throw new IllegalArgumentException(
          name + ": owner " + joint.ownerInternalName() + " is not visible from " + lookupName(),
          e);
    }
    if (owner.isInterface() != joint.ownerIsInterface()) {
      throw new IllegalArgumentException(
          name + ": " + owner.getName() + (owner.isInterface() ? " is" : " is not")
              + " an interface, but the descriptor says ownerIsInterface="
              + joint.ownerIsInterface());
    }
    readIfDefault(owner);
    try {
      access.findStatic(
          owner,
          joint.methodName(),
          MethodType.fromMethodDescriptorString(joint.methodDescriptor(), loader));
    } catch (NoSuchMethodException | IllegalAccessException | TypeNotPresentException e) {
      throw new IllegalArgumentException(
          name + ": no accessible static method " + owner.getName() + "." + joint.methodName()
              + joint.methodDescriptor() + " from " + lookupName(), e);
    }
  }

  private static Class<?> checkOperand(Class<?> operandType) {
    Objects.requireNonNull(operandType, "operandType");
    if (operandType == void.class) {
      throw new IllegalArgumentException("void is not an operand type");
    }
    return operandType;
  }

  private void checkShape(int index, KernelDescriptor k) {
    if (k.opcode() != index) {
      throw new IllegalArgumentException(
          "kernel table entry " + index + " is " + k.primitiveName() + " with opcode " + k.opcode()
              + "; entries must be indexed by opcode");
    }
    Type method;
    try {
      method = Type.getMethodType(k.methodDescriptor());
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(
          k.primitiveName() + ": malformed method descriptor " + k.methodDescriptor(), e);
    }
    Type[] args = method.getArgumentTypes();
    Type expectedReturn =
        k.outputArity() == 1 ? operand : Type.getType("[" + operand.getDescriptor());
    boolean argsFit = args.length == k.inputArity();
    for (int j = 0; argsFit && j < args.length; j++) {
      argsFit = args[j].equals(operand);
    }
    if (!argsFit || !method.getReturnType().equals(expectedReturn)) {
      StringBuilder expected = new StringBuilder("(");
      for (int j = 0; j < k.inputArity(); j++) {
        expected.append(operand.getDescriptor());
      }
      expected.append(')').append(expectedReturn.getDescriptor());
      throw new IllegalArgumentException(
          k.primitiveName() + ": kernel " + k.methodName() + k.methodDescriptor() + " does not fit "
              + k.inputArity() + " input(s) and " + k.outputArity() + " output(s) of "
              + operandType.getName() + "; expected " + expected);
    }
  }

  private Class<?> resolveOwner(KernelDescriptor k, ClassLoader loader) {
    Class<?> owner;
    try {
      owner = Class.forName(k.ownerInternalName().replace('/', '.'), false, loader);
    } catch (ClassNotFoundException | LinkageError e) {
      throw new IllegalArgumentException(
          k.primitiveName() + ": kernel owner " + k.ownerInternalName() + " is not visible from "
              + lookupName() + "; " + REMEDY, e);
    }
    if (owner.isInterface() != k.ownerIsInterface()) {
      throw new IllegalArgumentException(
          k.primitiveName() + ": " + owner.getName() + (owner.isInterface() ? " is" : " is not")
              + " an interface, but the descriptor says ownerIsInterface=" + k.ownerIsInterface());
    }
    return owner;
  }

  private MethodHandle resolveMethod(
      KernelDescriptor k, Class<?> owner, MethodHandles.Lookup access, ClassLoader loader) {
    try {
      MethodType type = MethodType.fromMethodDescriptorString(k.methodDescriptor(), loader);
      return k.isStatic()
          ? access.findStatic(owner, k.methodName(), type)
          : access.findVirtual(owner, k.methodName(), type);
    } catch (NoSuchMethodException | IllegalAccessException | TypeNotPresentException e) {
      throw new IllegalArgumentException(
          k.primitiveName() + ": no accessible " + (k.isStatic() ? "static" : "instance")
              + " kernel " + owner.getName() + "." + k.methodName() + k.methodDescriptor()
              + " from " + lookupName() + "; " + REMEDY, e);
    }
  }

  /**
   * With the default lookup, generated classes live in this module, which must read the module of
   * every operand and kernel class, as the module of a class-path caller reads everything; a named
   * module reads only what it requires, so this module adds the edge to {@code type}'s module (a
   * no-op on the class path). The type's package must still be exported: kernels in a package a
   * named module keeps to itself need {@link #withLookup}, with a lookup from that package.
   */
  private void readIfDefault(Class<?> type) {
    Module self = KernelSet.class.getModule();
    if (lookup.lookupClass().getModule() == self) {
      self.addReads(type.getModule());
    }
  }

  private String lookupName() {
    return "package " + lookup.lookupClass().getPackageName();
  }

  /** The type of every operand and result. */
  public Class<?> operandType() {
    return operandType;
  }

  /** The kernels, indexed by opcode. */
  public List<KernelDescriptor> table() {
    return table;
  }

  /** The joint kernels, {@link #withJointKernels}; none by default. */
  public List<JointKernelDescriptor> jointKernels() {
    return joints;
  }

  /** The index in {@link #jointKernels()} of the joint kernel computing {@code opcode}, or -1. */
  int jointOf(int opcode) {
    return opcode >= 0 && opcode < jointOf.length ? jointOf[opcode] : -1;
  }

  /** The index of {@code opcode}'s result among its joint kernel's results. */
  int jointPosition(int opcode) {
    return jointPosition[opcode];
  }

  /**
   * How {@code opcode}'s kernel is computed in place of a call ({@link InlineKernels}), or null if
   * the kernel is called.
   */
  InlineBody inlineBody(int opcode) {
    return inlineBodies[opcode];
  }

  /** The lookup generated classes are defined with. */
  public MethodHandles.Lookup lookup() {
    return lookup;
  }

  /** The opcode of {@code operation}, unchecked. */
  public int opcodeOf(Op operation) {
    return opcodeOf.applyAsInt(operation);
  }

  /** The kernel of {@code operation}, the program's instruction {@code i}, checked against it. */
  KernelDescriptor kernelFor(Op operation, int i, int argumentCount, int resultCount) {
    int opcode;
    try {
      opcode = opcodeOf.applyAsInt(operation);
    } catch (ClassCastException e) {
      // an operation of another set passed through raw types: a generated set's opcodeOf casts
      throw new GraphException(
          operation.name() + " (instruction " + i + ") is a " + operation.getClass().getName()
              + ", an operation this kernel set's opcodeOf does not take: a program compiles with"
              + " the kernels of its own set",
          e);
    }
    if (opcode < 0 || opcode >= table.size()) {
      throw new GraphException(
          operation.name() + " (instruction " + i + ") has opcode " + opcode
              + " but the kernel table has " + table.size() + " kernels");
    }
    KernelDescriptor k = table.get(opcode);
    if (k.inputArity() != argumentCount || k.outputArity() != resultCount) {
      throw new GraphException(
          operation.name() + " (instruction " + i + ") takes " + argumentCount + " input(s) and "
              + "gives " + resultCount + " output(s), but its kernel " + k.primitiveName() + " "
              + k.methodName() + k.methodDescriptor() + " takes " + k.inputArity() + " and gives "
              + k.outputArity());
    }
    if (!k.isStatic() && !owners[opcode].isInstance(operation)) {
      throw new GraphException(
          operation.name() + " (instruction " + i + ") is a " + operation.getClass().getName()
              + ", not a " + owners[opcode].getName() + " whose instance kernel "
              + k.methodName() + " it maps to");
    }
    return k;
  }

  /** A handle on kernel {@code opcode}; instance kernels take the operation first. */
  MethodHandle handle(int opcode) {
    return handles[opcode];
  }

  Type operandAsmType() {
    return operand;
  }
}
