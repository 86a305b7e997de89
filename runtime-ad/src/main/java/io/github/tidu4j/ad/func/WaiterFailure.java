package io.github.tidu4j.ad.func;

import io.github.tidu4j.ad.ADRuleError;
import java.lang.reflect.Constructor;

/**
 * The failure of a compilation as a thread that waited for it throws it: an exception of its own,
 * of the same class and message, made in the waiting thread (so its stack trace is that thread's,
 * and suppressed exceptions one thread adds are not seen by another), with the compiling thread's
 * exception as its cause, as {@code ForkJoinTask.join} rethrows. An {@link ADRuleError} keeps its
 * primitive, rule kind, reason and cause ({@link ADRuleError#inThisThread}). Where the class
 * cannot be made again (no public constructor from a message and a cause, or from a message), the
 * compiling thread's exception itself is thrown.
 */
final class WaiterFailure {
  private WaiterFailure() {}

  /** {@code failure}, a {@link RuntimeException} or an {@link Error}, for this thread. */
  static RuntimeException rethrow(Throwable failure) {
    Throwable own = ownCopy(failure);
    if (own instanceof RuntimeException e) {
      throw e;
    }
    throw (Error) own;
  }

  private static Throwable ownCopy(Throwable failure) {
    if (failure instanceof ADRuleError e) {
      return e.inThisThread();
    }
    Class<? extends Throwable> type = failure.getClass();
    try {
      Constructor<? extends Throwable> withCause =
          type.getConstructor(String.class, Throwable.class);
      return withCause.newInstance(failure.getMessage(), failure);
    } catch (ReflectiveOperationException | RuntimeException noSuchConstructor) {
      // try a message alone
    }
    try {
      Throwable copy = type.getConstructor(String.class).newInstance(failure.getMessage());
      copy.initCause(failure);
      return copy;
    } catch (ReflectiveOperationException | RuntimeException cannot) {
      return failure;
    }
  }
}
