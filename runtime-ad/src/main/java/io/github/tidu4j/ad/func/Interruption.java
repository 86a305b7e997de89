package io.github.tidu4j.ad.func;

import java.util.concurrent.CancellationException;

/**
 * Where a compilation looks at its thread's interrupt status: between its steps (each transform's
 * linearize and transpose, the compile of the program, the preparing of its runner), so that an
 * interrupted thread (a request past its deadline, a {@code Future} cancelled with {@code
 * cancel(true)}) stops at the next step instead of running a large compilation to its end. The
 * steps themselves are not cut: a step of a graph of 10^6 operations takes about a second. The
 * interrupt status stays set, as the thread's other code expects.
 */
final class Interruption {
  private Interruption() {}

  /**
   * Throws if this thread is interrupted, before {@code step} ({@code "linearizing"}).
   *
   * @throws CancellationException saying the compilation stopped before {@code step}
   */
  static void check(String step) {
    if (Thread.currentThread().isInterrupted()) {
      throw new CancellationException(
          "the thread was interrupted, so the compilation stopped before " + step
              + " (its interrupt status stays set)");
    }
  }
}
