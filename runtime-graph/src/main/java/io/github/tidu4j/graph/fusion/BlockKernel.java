package io.github.tidu4j.graph.fusion;

import io.github.tidu4j.graph.BlockKernelDescriptor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A unary elementwise function over a block of f64 elements, which a fused loop calls instead of
 * the primitive's per-element kernel: a public static method {@code void name(double[] x, int
 * xOff, double[] y, int yOff, int n)} of {@code owner} computing {@code y[yOff + i] = f(x[xOff +
 * i])} for {@code 0 ≤ i < n}, in place when {@code x == y} and {@code xOff == yOff}. A vectorised
 * transcendental function (the tensor set's {@code VectorMath.exp}, …) is the case it exists for:
 * over a block it runs several times faster than a loop calling {@code Math.exp} per element.
 *
 * <p>A primitive set may declare its primitives' block kernels ({@code block} methods, listed by the
 * tidu4j processor as {@code XKernels.BLOCK_KERNELS}); {@link #byPrimitive} makes them block
 * kernels for {@link FusionSet#withBlockKernels(Map)}.
 *
 * <pre>{@code
 * BlockKernel exp = new BlockKernel(VectorMath.class, "exp");
 *
 * FusionSet<TensorOp, Tensor> vectorised = exact.withBlockKernels(
 *     BlockKernel.byPrimitive(TensorKernels.BLOCK_KERNELS, TensorKernels.class.getClassLoader()));
 * }</pre>
 *
 * @param owner the class declaring the method
 * @param methodName the method's name
 */
public record BlockKernel(Class<?> owner, String methodName) {

  /** The JVM descriptor every block kernel has. */
  static final String DESCRIPTOR = "([DI[DII)V";

  /**
   * The block kernels {@code descriptors} describe, by primitive name, their owners loaded by
   * {@code loader}: what {@link FusionSet#withBlockKernels(Map)} takes.
   *
   * @throws IllegalArgumentException naming the primitive if its owner cannot be loaded, or has no
   *     such method, or two descriptors name one primitive
   */
  public static Map<String, BlockKernel> byPrimitive(
      List<BlockKernelDescriptor> descriptors, ClassLoader loader) {
    Map<String, BlockKernel> kernels = new HashMap<>();
    for (BlockKernelDescriptor d : descriptors) {
      Class<?> owner;
      try {
        owner = Class.forName(d.ownerInternalName().replace('/', '.'), false, loader);
      } catch (ClassNotFoundException | LinkageError e) {
        throw new IllegalArgumentException(
            d.primitiveName() + ": block kernel owner " + d.ownerInternalName()
                + " cannot be loaded", e);
      }
      if (kernels.put(d.primitiveName(), new BlockKernel(owner, d.methodName())) != null) {
        throw new IllegalArgumentException(
            d.primitiveName() + ": two block kernels for one primitive");
      }
    }
    return Map.copyOf(kernels);
  }

  /**
   * Checks the method exists with the block signature.
   *
   * @throws IllegalArgumentException naming the method if {@code owner} has no public static
   *     {@code void methodName(double[], int, double[], int, int)}
   */
  public BlockKernel {
    Objects.requireNonNull(owner, "owner");
    Objects.requireNonNull(methodName, "methodName");
    Method method;
    try {
      method =
          owner.getMethod(methodName, double[].class, int.class, double[].class, int.class,
              int.class);
    } catch (NoSuchMethodException e) {
      method = null;
    }
    if (method == null
        || !Modifier.isStatic(method.getModifiers())
        || method.getReturnType() != void.class
        || method.getDeclaringClass() != owner) {
      throw new IllegalArgumentException(
          owner.getName() + "." + methodName + ": a block kernel is a public static method void "
              + methodName + "(double[] x, int xOff, double[] y, int yOff, int n) declared by "
              + owner.getName());
    }
  }
}
