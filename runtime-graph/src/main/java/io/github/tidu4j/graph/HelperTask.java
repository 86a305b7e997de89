package io.github.tidu4j.graph;

/**
 * A helper task handed to an executor for work the caller does too, and lets go of once the
 * caller has finished it. The common pool's workers may all be busy (a server's blocking tasks
 * hold them), so a task queued there may start late or never; until it starts, the queue holds it,
 * and a task that referenced its work directly would keep the work's arrays or classes alive for
 * that long, call after call. Released, it holds nothing, and if it starts later it does nothing.
 *
 * <pre>{@code
 * HelperTask task = new HelperTask(run::work);
 * executor.execute(task);
 * run.work();                // the caller does what no helper has taken
 * task.release();            // once the work is done
 * }</pre>
 */
public final class HelperTask implements Runnable {
  private volatile Runnable work;

  /** A task that runs {@code work} until released. */
  public HelperTask(Runnable work) {
    this.work = work;
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
