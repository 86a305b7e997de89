package io.github.tidu4j.processor.model;

import io.github.tidu4j.processor.diagnostics.Location;
import java.util.List;
import org.immutables.value.Value;

/**
 * A per-element kernel of an elementwise primitive: a method named {@code element}, {@code
 * elementRe} or {@code elementIm} in its interface, which a fusion backend calls once per element
 * with unboxed {@code double}s.
 */
@Value.Immutable
public interface ElementKernelModel {
  /** The name of the real kernel: one {@code double} per input. */
  String REAL = "element";

  /** The name of the kernel giving a complex result's real part: two {@code double}s per input. */
  String COMPLEX_RE = "elementRe";

  /** The name of the kernel giving a complex result's imaginary part. */
  String COMPLEX_IM = "elementIm";

  /** Whether {@code name} names a per-element kernel. */
  static boolean isKernelName(String name) {
    return name.equals(REAL) || name.equals(COMPLEX_RE) || name.equals(COMPLEX_IM);
  }

  /** {@link #REAL}, {@link #COMPLEX_RE} or {@link #COMPLEX_IM}. */
  String name();

  /** How it is declared: only a static or default method can be called by generated code. */
  Dispatch dispatch();

  /** Whether each parameter is a {@code double}, in order. */
  List<Boolean> doubleParameters();

  /** Its parameter types as written, for messages. */
  List<String> parameterTypes();

  /** Whether it returns {@code double}. */
  boolean returnsDouble();

  /** Its return type as written, for messages. */
  String returnText();

  /** Its type parameters, if any (not allowed). */
  List<String> typeParameters();

  /** The checked exceptions it declares (not allowed). */
  List<String> checkedExceptions();

  /** Its JVM method descriptor, e.g. {@code (DD)D}. */
  String descriptor();

  /** Where to report a problem with it. */
  @Value.Auxiliary
  Location location();

  /** The number of {@code double}s per input it takes: 1 for {@code element}, else 2. */
  default int doublesPerInput() {
    return name().equals(REAL) ? 1 : 2;
  }
}
