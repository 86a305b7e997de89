package io.github.tidu4j.processor.model;

import io.github.tidu4j.processor.diagnostics.Location;
import java.util.List;
import org.immutables.value.Value;

/**
 * The block kernel of a unary elementwise primitive: a method named {@code block} in its interface,
 * {@code static void block(double[] x, int xOff, double[] y, int yOff, int n)} computing the
 * primitive's {@code element} kernel over {@code n} consecutive elements ({@code y[yOff + i] =
 * element(x[xOff + i])}), which a fused loop calls once per block of elements instead of the
 * element kernel once per element: a vectorised {@code exp}, say.
 */
@Value.Immutable
public interface BlockKernelModel {
  /** The name a block kernel has. */
  String NAME = "block";

  /** The JVM descriptor a block kernel has. */
  String DESCRIPTOR = "([DI[DII)V";

  /** How it is declared: only a static method can be called without an operation. */
  Dispatch dispatch();

  /** Its JVM method descriptor, {@link #DESCRIPTOR} when right. */
  String descriptor();

  /** Its parameter types as written, for messages. */
  List<String> parameterTypes();

  /** Its return type as written, for messages. */
  String returnText();

  /** Its type parameters, if any (not allowed). */
  List<String> typeParameters();

  /** The checked exceptions it declares (not allowed). */
  List<String> checkedExceptions();

  /** Where to report a problem with it. */
  @Value.Auxiliary
  Location location();
}
