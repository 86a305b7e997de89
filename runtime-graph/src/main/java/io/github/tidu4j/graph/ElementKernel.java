package io.github.tidu4j.graph;

/**
 * One per-element kernel of an elementwise primitive: a method of the primitive's interface that
 * takes and returns unboxed {@code double}s, which a fusion backend calls once per element (see
 * {@link ElementKernelDescriptor}).
 *
 * <pre>{@code
 * ElementKernel mul = new ElementKernel("element", "(DD)D", true);
 * }</pre>
 *
 * @param methodName {@code element}, {@code elementRe} or {@code elementIm}
 * @param methodDescriptor its JVM method descriptor: {@code D} per parameter, returning {@code D}
 * @param isStatic whether it is static ({@code invokestatic}) rather than a default method called
 *     on the operation ({@code invokeinterface}), which reads the operation's attributes
 */
public record ElementKernel(String methodName, String methodDescriptor, boolean isStatic) {

  /**
   * Checks the kernel takes and returns doubles only.
   *
   * @throws IllegalArgumentException if the name is empty or the descriptor is not {@code (D…)D}
   */
  public ElementKernel {
    if (methodName == null || methodName.isEmpty()) {
      throw new IllegalArgumentException("an element kernel needs a method name");
    }
    if (!isDoublesToDouble(methodDescriptor)) {
      throw new IllegalArgumentException(
          "element kernel " + methodName + " has descriptor " + methodDescriptor
              + "; a per-element kernel takes and returns doubles, (D...)D");
    }
  }

  /**
   * Whether {@code descriptor} is {@code (D…)D}: a loop rather than a regular expression, since the
   * generated kernel tables make these when first used, which may be in a first call.
   */
  private static boolean isDoublesToDouble(String descriptor) {
    int n = descriptor == null ? 0 : descriptor.length();
    if (n < 3 || descriptor.charAt(0) != '(' || !descriptor.endsWith(")D")) {
      return false;
    }
    for (int i = 1; i < n - 2; i++) {
      if (descriptor.charAt(i) != 'D') {
        return false;
      }
    }
    return true;
  }

    /** The number of {@code double}s it takes. */
  public int parameterCount() {
    return methodDescriptor.length() - 3;
  }
}
