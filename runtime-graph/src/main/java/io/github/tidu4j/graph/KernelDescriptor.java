package io.github.tidu4j.graph;

/**
 * How to call one primitive's evaluation kernel directly from JVM bytecode: what a bytecode backend
 * needs to emit, for every instruction of a compiled program, a direct call the JIT can inline
 * instead of dispatching through {@link EvaluableGraphOperation#eval}.
 *
 * <p>The tidu4j annotation processor generates one table of these per primitive set ({@code
 * RealKernels.TABLE}, indexed by opcode). A static kernel ({@link #isStatic()}) is called with
 * {@code invokestatic} on the operands alone. A kernel that reads the primitive's attributes is a
 * default method of the primitive's interface: the backend loads the instruction's operation,
 * casts it to {@link #ownerInternalName()} and calls the kernel with {@code invokeinterface}. With
 * several outputs, the kernel returns an array of the operand type holding them in slot order.
 *
 * <pre>{@code
 * KernelDescriptor add = RealKernels.TABLE.get(0);
 * // invokestatic com/example/Real$Add.eval(DD)D, interface method
 * mv.visitMethodInsn(INVOKESTATIC, add.ownerInternalName(), add.methodName(),
 *     add.methodDescriptor(), add.ownerIsInterface());
 * }</pre>
 *
 * @param opcode the primitive's opcode: its declaration index in the set
 * @param primitiveName the primitive's name, as {@link GraphOperation#name()} gives it
 * @param ownerInternalName the internal name of the class or interface declaring the kernel, e.g.
 *     {@code com/example/Real$Add}
 * @param methodName the kernel method's name
 * @param methodDescriptor the kernel's JVM method descriptor, e.g. {@code (DD)D}
 * @param isStatic whether the kernel is static ({@code invokestatic}) rather than an instance
 *     method of the operation ({@code invokeinterface} or {@code invokevirtual})
 * @param ownerIsInterface whether the owner is an interface, as the {@code isInterface} flag of a
 *     method instruction needs it
 * @param inputArity the number of operands the kernel takes
 * @param outputArity the number of results: one returned value, or an array of this many
 */
public record KernelDescriptor(
    int opcode,
    String primitiveName,
    String ownerInternalName,
    String methodName,
    String methodDescriptor,
    boolean isStatic,
    boolean ownerIsInterface,
    int inputArity,
    int outputArity) {

  /**
   * Checks the descriptor is complete.
   *
   * @throws IllegalArgumentException if a name is missing, the opcode or input arity is negative,
   *     or the output arity is not positive
   */
  public KernelDescriptor {
    if (opcode < 0) {
      throw new IllegalArgumentException("opcode " + opcode + " of " + primitiveName + " is negative");
    }
    requireText(primitiveName, "primitiveName");
    requireText(ownerInternalName, "ownerInternalName");
    requireText(methodName, "methodName");
    requireText(methodDescriptor, "methodDescriptor");
    if (inputArity < 0 || outputArity < 1) {
      throw new IllegalArgumentException(
          primitiveName
              + " takes "
              + inputArity
              + " input(s) and gives "
              + outputArity
              + " output(s); a kernel takes at least none and gives at least one");
    }
  }

  private static void requireText(String value, String what) {
    if (value == null || value.isEmpty()) {
      throw new IllegalArgumentException("a kernel descriptor needs a " + what);
    }
  }
}
