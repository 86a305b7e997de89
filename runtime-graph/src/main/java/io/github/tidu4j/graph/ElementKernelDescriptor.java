package io.github.tidu4j.graph;

/**
 * How to compute one elementwise primitive element by element: what a fusion backend ({@code
 * graph.fusion}) needs to compute a whole region of elementwise operations in one loop, with every
 * intermediate element in a local instead of a tensor.
 *
 * <p>The tidu4j annotation processor generates one list of these per primitive set that declares
 * elementwise primitives ({@code TensorKernels.ELEMENTWISE}), one per primitive marked {@code
 * @Primitive(elementwise = true)}, in opcode order. An elementwise primitive's operands and result
 * have one shape; element {@code i} of the result depends on element {@code i} of each operand
 * only.
 *
 * <ul>
 *   <li>{@link #real()} takes one {@code double} per input and gives the result's element, for
 *       real operands and a real result;
 *   <li>{@link #complexRe()} and {@link #complexIm()} take two {@code double}s per input (real,
 *       imaginary; {@code 0.0} for a real operand) and give the real and the imaginary part of the
 *       result's element; where the result is real, {@link #complexRe()} gives it.
 * </ul>
 *
 * A primitive has the real kernel, the complex pair, or both. Kernels that are not static are
 * default methods of the primitive's interface {@link #ownerInternalName()}, called on the
 * operation (cast to it), as {@link KernelDescriptor}'s instance kernels are.
 *
 * <pre>{@code
 * ElementKernelDescriptor neg = new ElementKernelDescriptor(2, "Neg", "com/example/Tensors$Neg", 1,
 *     new ElementKernel("element", "(D)D", true),
 *     new ElementKernel("elementRe", "(DD)D", true),
 *     new ElementKernel("elementIm", "(DD)D", true));
 * }</pre>
 *
 * @param opcode the primitive's opcode, as in {@link KernelDescriptor#opcode()}
 * @param primitiveName the primitive's name, as {@link GraphOperation#name()} gives it
 * @param ownerInternalName the internal name of the primitive's interface, e.g. {@code
 *     com/example/Tensors$Mul}
 * @param inputArity the number of operands
 * @param real the kernel over real elements, or {@code null} if the primitive has none
 * @param complexRe the real part of the result over complex elements, or {@code null}
 * @param complexIm the imaginary part of the result over complex elements; {@code null} exactly
 *     when {@code complexRe} is
 */
public record ElementKernelDescriptor(
    int opcode,
    String primitiveName,
    String ownerInternalName,
    int inputArity,
    ElementKernel real,
    ElementKernel complexRe,
    ElementKernel complexIm) {

  /**
   * Checks the kernels fit the arity and that the complex pair is complete.
   *
   * @throws IllegalArgumentException naming the primitive if a kernel takes the wrong number of
   *     doubles, only half the complex pair is given, or there is no kernel at all
   */
  public ElementKernelDescriptor {
    if (opcode < 0) {
      throw new IllegalArgumentException("opcode " + opcode + " of " + primitiveName + " is negative");
    }
    if (primitiveName == null || primitiveName.isEmpty()) {
      throw new IllegalArgumentException("an element kernel descriptor needs a primitive name");
    }
    if (ownerInternalName == null || ownerInternalName.isEmpty()) {
      throw new IllegalArgumentException(primitiveName + ": an element kernel needs its owner");
    }
    if (inputArity < 1) {
      throw new IllegalArgumentException(
          primitiveName + " takes " + inputArity + " inputs; an elementwise primitive takes one or more");
    }
    if ((complexRe == null) != (complexIm == null)) {
      throw new IllegalArgumentException(
          primitiveName + ": the complex kernels come as a pair, elementRe and elementIm");
    }
    if (real == null && complexRe == null) {
      throw new IllegalArgumentException(primitiveName + " has no per-element kernel");
    }
    checkCount(primitiveName, real, inputArity);
    checkCount(primitiveName, complexRe, 2 * inputArity);
    checkCount(primitiveName, complexIm, 2 * inputArity);
  }

  private static void checkCount(String primitive, ElementKernel kernel, int doubles) {
    if (kernel != null && kernel.parameterCount() != doubles) {
      throw new IllegalArgumentException(
          primitive + ": element kernel " + kernel.methodName() + kernel.methodDescriptor()
              + " takes " + kernel.parameterCount() + " doubles; expected " + doubles);
    }
  }
}
