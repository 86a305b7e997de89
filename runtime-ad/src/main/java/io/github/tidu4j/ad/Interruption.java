package io.github.tidu4j.ad;

import java.util.concurrent.CancellationException;

/**
 * Where the AD runtime looks at its thread's interrupt status: between the steps of a functional
 * API's compilation (each transform's linearize, transpose or Taylor expansion, the compile of
 * the program, the preparing of its runner) and before each segment of an eager backward pass or
 * each recorded operation of an eager Taylor pass. An interrupted thread (a request past its
 * deadline, a {@code Future} cancelled with {@code cancel(true)}) stops there instead of running
 * long work to its end; the steps themselves are not cut, and the interrupt status stays set, as
 * the thread's other code expects.
 */
public final class Interruption {
  private Interruption() {}

  /**
   * Throws if this thread is interrupted; {@code stopped} says what stopped where ({@code "the
   * compilation stopped before linearizing"}).
   *
   * @throws CancellationException saying the thread was interrupted, then {@code stopped}
   */
  public static void check(String stopped) {
    if (Thread.currentThread().isInterrupted()) {
      throw new CancellationException(
          "the thread was interrupted, so " + stopped + " (its interrupt status stays set)");
    }
  }
}
