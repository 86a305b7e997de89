package io.github.tidu4j.graph;

import java.util.Objects;

/**
 * The block kernel a unary elementwise primitive declares: a static method {@code void
 * block(double[] x, int xOff, double[] y, int yOff, int n)} of its interface computing its
 * per-element kernel over {@code n} consecutive elements, which a fusion backend calls once per
 * block of elements instead of the element kernel once per element (a vectorised {@code exp}, say).
 * The tidu4j processor lists a set's as {@code XKernels.BLOCK_KERNELS}; a fusion set takes them as
 * {@code graph.fusion.BlockKernel}s ({@code BlockKernel.byPrimitive}).
 *
 * <pre>{@code
 * BlockKernelDescriptor exp =
 *     new BlockKernelDescriptor(13, "Exp", "com/example/Tensors$Exp", "block");
 * }</pre>
 *
 * @param opcode the primitive's opcode
 * @param primitiveName the primitive's name
 * @param ownerInternalName the internal name of the interface declaring the method
 * @param methodName the method's name
 */
public record BlockKernelDescriptor(
    int opcode, String primitiveName, String ownerInternalName, String methodName) {

  /**
   * Checks the descriptor is complete.
   *
   * @throws IllegalArgumentException if the opcode is negative or a name is empty
   */
  public BlockKernelDescriptor {
    Objects.requireNonNull(primitiveName, "primitiveName");
    Objects.requireNonNull(ownerInternalName, "ownerInternalName");
    Objects.requireNonNull(methodName, "methodName");
    if (opcode < 0 || primitiveName.isEmpty() || ownerInternalName.isEmpty()
        || methodName.isEmpty()) {
      throw new IllegalArgumentException(
          "block kernel descriptor needs an opcode of 0 or more and non-empty names: " + opcode
              + ", " + primitiveName + ", " + ownerInternalName + ", " + methodName);
    }
  }
}
