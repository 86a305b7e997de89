package io.github.tidu4j.graph;

import java.util.concurrent.ForkJoinPool;

/**
 * The JVM's common {@link ForkJoinPool} as the executor of helper tasks (the bytecode backend's
 * class definition beside the generating thread, fused loops split across threads), where it runs
 * them.
 *
 * <p>A common pool whose parallelism is configured as 0 or less ({@value #PARALLELISM_PROPERTY})
 * starts no worker: a task handed to it waits in its queue for as long as the JVM runs, holding
 * whatever it references (class files, a loop's arrays, and through them their class loader),
 * while {@link ForkJoinPool#getCommonPoolParallelism()} still reports 1. {@link #helpers()} gives
 * no executor then, and the caller does the work itself.
 *
 * <pre>{@code
 * Executor helper = CommonPool.helpers(); // null under -D…common.parallelism=0
 * }</pre>
 */
public final class CommonPool {
  /** The system property from which the JDK takes the common pool's parallelism. */
  public static final String PARALLELISM_PROPERTY =
      "java.util.concurrent.ForkJoinPool.common.parallelism";

  private CommonPool() {}

  /**
   * The common pool, or {@code null} if it runs no task handed to it (see the class
   * documentation).
   */
  public static ForkJoinPool helpers() {
    return runsTasks(System.getProperty(PARALLELISM_PROPERTY)) ? ForkJoinPool.commonPool() : null;
  }

  /**
   * Whether a common pool configured with {@code parallelism} (the property's value, {@code null}
   * if unset) starts workers: as the JDK reads it, an integer of 0 or less makes it start none, and
   * a value that is not an integer is ignored.
   */
  static boolean runsTasks(String parallelism) {
    if (parallelism == null) {
      return true;
    }
    try {
      return Integer.parseInt(parallelism) > 0;
    } catch (NumberFormatException e) {
      return true; // the JDK ignores it and takes its default
    }
  }
}
