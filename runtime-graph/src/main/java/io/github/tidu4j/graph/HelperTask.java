package io.github.tidu4j.graph;

import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RejectedExecutionException;

/**
 * A helper task handed to an executor for work the caller does too, and lets go of once the
 * caller has finished it. The common pool's workers may all be busy (a server's blocking tasks
 * hold them), so a task queued there may start late or never; until it starts, the queue holds it,
 * and a task that referenced its work directly would keep the work's arrays or classes alive for
 * that long, call after call. Released, it holds nothing, and if it starts later it does nothing.
 * Nor is it queued behind a backlog ({@link #offerTo}): a pool whose workers stay blocked would
 * otherwise collect one released task per call.
 *
 * <pre>{@code
 * HelperTask task = new HelperTask(run::work);
 * task.offerTo(executor);    // false: the caller works alone
 * run.work();                // the caller does what no helper has taken
 * task.release();            // once the work is done
 * }</pre>
 */
public final class HelperTask implements Runnable {
  /**
   * The tasks waiting in a {@link ForkJoinPool} (its submissions and its workers' queues) from
   * which {@link #offerTo} queues no helper there: one would start after them all, if ever.
   */
  public static final int MAX_BACKLOG = 64;

  private volatile Runnable work;

  /** A task that runs {@code work} until released. */
  public HelperTask(Runnable work) {
    this.work = work;
  }

  /**
   * Hands this task to {@code executor}, unless it would only wait there: a {@link ForkJoinPool}
   * with {@value #MAX_BACKLOG} tasks or more waiting already (its workers blocked by a server's
   * tasks, say), or an executor that rejects it.
   *
   * @return whether {@code executor} took the task; if not, the caller does the work alone
   */
  public boolean offerTo(Executor executor) {
    if (executor instanceof ForkJoinPool pool
        && pool.getQueuedSubmissionCount() + pool.getQueuedTaskCount() >= MAX_BACKLOG) {
      return false;
    }
    try {
      executor.execute(this);
      return true;
    } catch (RejectedExecutionException e) {
      return false;
    }
  }

  /** Runs the work, unless released. */
  @Override
  public void run() {
    Runnable w = work;
    if (w != null) {
      w.run();
    }
  }

  /** Lets go of the work: from now on a start runs nothing, and the task holds nothing. */
  public void release() {
    work = null;
  }
}
