package io.github.tidu4j.ad.eager;

import java.util.concurrent.CancellationException;

/**
 * Where a backward or Taylor pass of the eager runtime looks at its thread's interrupt status:
 * before each segment of the tape (at most {@link EagerRuntime#SEGMENT_LIMIT} recorded operations
 * by default) for a backward, before each recorded operation for a Taylor expansion, so that an
 * interrupted thread stops within a segment's work instead of running a long pass to its end. No
 * gradient is accumulated by a pass that stops; the interrupt status stays set.
 */
final class PassInterruption {
  private PassInterruption() {}

  /**
   * Throws if this thread is interrupted; {@code pass} names the pass ({@code "backward"}).
   *
   * @throws CancellationException saying the pass stopped and accumulated nothing
   */
  static void check(String pass) {
    if (Thread.currentThread().isInterrupted()) {
      throw new CancellationException(
          "the thread was interrupted, so the " + pass + " stopped part way and gave no result"
              + " (its interrupt status stays set)");
    }
  }
}
