package io.github.tidu4j.graph;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * One static method that computes several unary, single-output primitives of one argument at
 * once, exactly as their own kernels would: a sine and a cosine from one argument reduction, say.
 * A bytecode backend that finds a program applying two or more of them to the same value calls
 * this method once, at the first of those instructions, and reads the results from there.
 *
 * <p>The method is {@code static void name(T x, T[] out, int at)}, {@code T} the set's operand
 * type: it writes the result of {@code primitiveOpcodes().get(j)} to {@code out[at + j]}, and
 * touches nothing else. Each result must be bit for bit what that primitive's own kernel returns
 * for {@code x}; that is what keeps the backend's results those of the other evaluators, and the
 * set that declares the method promises it (the tidu4j processor generates these descriptors from
 * {@code @JointKernel} methods).
 *
 * <pre>{@code
 * // static void sinCos(double x, double[] out, int at) in com.example.Real, Sin opcode 7, Cos 8
 * JointKernelDescriptor sinCos = new JointKernelDescriptor(
 *     List.of(7, 8), "com/example/Real", "sinCos", "(D[DI)V", true);
 * }</pre>
 *
 * @param primitiveOpcodes the opcodes of the primitives it computes, in the order of its results
 * @param ownerInternalName the internal name of the class or interface declaring it
 * @param methodName its name
 * @param methodDescriptor its JVM descriptor, e.g. {@code (D[DI)V}
 * @param ownerIsInterface whether the owner is an interface
 */
public record JointKernelDescriptor(
    List<Integer> primitiveOpcodes,
    String ownerInternalName,
    String methodName,
    String methodDescriptor,
    boolean ownerIsInterface) {

  /**
   * Checks the descriptor is complete.
   *
   * @throws IllegalArgumentException if a name is missing, or the opcodes are fewer than two,
   *     negative or repeated
   */
  public JointKernelDescriptor {
    primitiveOpcodes = List.copyOf(primitiveOpcodes);
    requireText(ownerInternalName, "ownerInternalName");
    requireText(methodName, "methodName");
    requireText(methodDescriptor, "methodDescriptor");
    if (primitiveOpcodes.size() < 2) {
      throw new IllegalArgumentException(
          "joint kernel " + methodName + " computes " + primitiveOpcodes.size()
              + " primitive(s); a joint kernel computes two or more");
    }
    Set<Integer> seen = new HashSet<>();
    for (int opcode : primitiveOpcodes) {
      if (opcode < 0 || !seen.add(opcode)) {
        throw new IllegalArgumentException(
            "joint kernel " + methodName + " lists opcode " + opcode
                + (opcode < 0 ? ", which is negative" : " twice"));
      }
    }
  }

  private static void requireText(String value, String what) {
    if (value == null || value.isEmpty()) {
      throw new IllegalArgumentException("a joint kernel descriptor needs a " + what);
    }
  }
}
