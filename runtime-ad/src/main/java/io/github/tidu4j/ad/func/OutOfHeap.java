package io.github.tidu4j.ad.func;

import io.github.tidu4j.ad.AD;
import java.util.List;
import java.util.Locale;

/**
 * The error a compilation that ran out of memory ends with: the JVM's {@link OutOfMemoryError},
 * which names only the allocation that failed somewhere inside a transform or the compiler, made
 * into one that names the function and the input types being compiled, the heap's maximum, and
 * what to do; the JVM's error is its cause. A function is traced, transformed and compiled whole
 * before its first call, and a Taylor transform to order K makes up to (K + 1)(K + 2) / 2
 * operations for each of its function's, so a high order of a large function is the usual way to
 * get here: with {@code -Xmx512m}, {@code derivatives} to order 100 of a function of 400
 * operations ends with "compiling derivatives(f, order=100) for [f64] ran out of heap (Java heap
 * space; this JVM's maximum heap is 512 MiB): …", where the JVM's own error named an array copy in
 * the compiler.
 */
final class OutOfHeap {
  private OutOfHeap() {}

  /**
   * {@code e}, thrown while {@code f} was compiled for {@code inputTypes}, described; by the time
   * it is called the compilation's graphs are unreachable, so there is heap for the message.
   */
  static OutOfMemoryError describe(
      Traceable<?, ?, ?> f, List<?> inputTypes, OutOfMemoryError e) {
    String what = "compiling " + f.describe() + " for " + inputTypes;
    String cause = e.getMessage();
    if (!isHeap(cause)) {
      OutOfMemoryError other = new OutOfMemoryError(what + " ran out of memory (" + cause + ")");
      other.initCause(e);
      return other;
    }
    StringBuilder m =
        new StringBuilder(what)
            .append(" ran out of heap (")
            .append(cause)
            .append("; this JVM's maximum heap is ")
            .append(mebibytes(Runtime.getRuntime().maxMemory()))
            .append("): a function is traced, transformed and compiled whole before its first"
                + " call.");
    int order = Transforms.taylorOrder(f);
    if (order > 0) {
      // the terms for one operation; the compilation got past this check for all of them
      long terms = AD.checkTaylorOrder(order, 1);
      m.append(" Taylor mode to order ")
          .append(order)
          .append(" makes up to ")
          .append(String.format(Locale.ROOT, "%,d", terms))
          .append(" operations for each operation of the function it expands. Ask for a lower"
              + " order, give the JVM more heap (-Xmx), or take the coefficients on the set's"
              + " eager runtime (EagerRuntime.taylor), which expands one recorded operation at"
              + " a time and keeps no program");
    } else {
      m.append(" Give the JVM more heap (-Xmx), or compile a smaller function");
    }
    OutOfMemoryError described = new OutOfMemoryError(m.toString());
    described.initCause(e);
    return described;
  }

  /** Whether the JVM's message says the heap (not the metaspace, a thread, …) ran out. */
  private static boolean isHeap(String message) {
    return message != null
        && (message.equals("Java heap space")
            || message.equals("GC overhead limit exceeded")
            || message.startsWith("Requested array size exceeds VM limit"));
  }

  private static String mebibytes(long bytes) {
    return bytes == Long.MAX_VALUE
        ? "unbounded"
        : String.format(Locale.ROOT, "%,d MiB", bytes >> 20);
  }
}
