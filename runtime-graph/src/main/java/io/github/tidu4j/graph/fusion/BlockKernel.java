package io.github.tidu4j.graph.fusion;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Objects;

/**
 * A unary elementwise function over a block of f64 elements, which a fused loop calls instead of
 * the primitive's per-element kernel: a public static method {@code void name(double[] x, int
 * xOff, double[] y, int yOff, int n)} of {@code owner} computing {@code y[yOff + i] = f(x[xOff +
 * i])} for {@code 0 ≤ i < n}, in place when {@code x == y} and {@code xOff == yOff}. A vectorised
 * transcendental function (the tensor set's {@code VectorMath.exp}, …) is the case it exists for:
 * over a block it runs several times faster than a loop calling {@code Math.exp} per element.
 *
 * <pre>{@code
 * BlockKernel exp = new BlockKernel(VectorMath.class, "exp");
 * }</pre>
 *
 * @param owner the class declaring the method
 * @param methodName the method's name
 */
public record BlockKernel(Class<?> owner, String methodName) {

  /** The JVM descriptor every block kernel has. */
  static final String DESCRIPTOR = "([DI[DII)V";

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
