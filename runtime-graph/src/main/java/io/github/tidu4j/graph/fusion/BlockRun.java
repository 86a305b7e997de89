package io.github.tidu4j.graph.fusion;

import io.github.tidu4j.graph.HelperTask;
import java.util.Arrays;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * One run of a fused loop over its elements in blocks of {@link BlockedSum#BLOCK}, on the calling
 * thread and up to {@code threads − 1} tasks of an executor. Threads claim blocks in index order
 * from a shared counter; the caller works too, then waits only for blocks others are running, so a
 * task the executor starts late (or never) finds nothing left and delays nothing. Each block's sums
 * go to its own row of {@code partials}, started from {@code −0.0}, for the caller to add in block
 * order.
 *
 * <p>A region whose axis sums keep their outermost axis (row sums) runs in blocks of whole rows
 * instead ({@link #run(FusedLoop, double[][], double[], double[][], int, int, int, int,
 * Executor)} with a block of {@code chunk} elements), so that each result element gathers its
 * elements on one thread, in order.
 *
 * <p>A failure stops the claiming of further blocks; the exception rethrown is the one of the
 * lowest failing block, which is the one the serial loop, running the blocks in order, throws.
 */
final class BlockRun {
  private static final double[] NO_SUMS = {};

  private final FusedLoop loop;
  private final double[][] inputs;
  private final double[] scalars;
  private final double[][] outputs;
  private final double[][] partials;
  private final int n;
  private final int chunk;
  private final int blocks;
  private final AtomicInteger next = new AtomicInteger();
  private final AtomicInteger pending;
  private final Thread caller = Thread.currentThread();
  private volatile boolean failed;
  private Throwable failure;
  private int failedBlock = Integer.MAX_VALUE;

  private BlockRun(
      FusedLoop loop, double[][] inputs, double[] scalars, double[][] outputs, double[][] partials,
      int n, int chunk) {
    this.loop = loop;
    this.inputs = inputs;
    this.scalars = scalars;
    this.outputs = outputs;
    this.partials = partials;
    this.n = n;
    this.chunk = chunk;
    this.blocks = blocks(n, chunk);
    this.pending = new AtomicInteger(blocks);
  }

  /**
   * Runs {@code loop} over {@code n} elements in blocks, with {@code threads − 1} helper tasks on
   * {@code executor}, and returns each block's sums ({@code partials[b][k]}: sum {@code k} of block
   * {@code b}), or rethrows the first block's failure.
   */
  static double[][] run(
      FusedLoop loop, double[][] inputs, double[] scalars, double[][] outputs, int sumCount, int n,
      int threads, Executor executor) {
    return run(loop, inputs, scalars, outputs, sumCount, n, BlockedSum.BLOCK, threads, executor);
  }

  /** {@link #run} over blocks of {@code chunk} elements. */
  static double[][] run(
      FusedLoop loop, double[][] inputs, double[] scalars, double[][] outputs, int sumCount, int n,
      int chunk, int threads, Executor executor) {
    double[][] partials = new double[blocks(n, chunk)][];
    for (int b = 0; b < partials.length; b++) {
      partials[b] = sumCount == 0 ? NO_SUMS : new double[sumCount];
      Arrays.fill(partials[b], -0.0);
    }
    BlockRun run = new BlockRun(loop, inputs, scalars, outputs, partials, n, chunk);
    // a helper queued behind busy workers starts late or never: released below, it does not
    // hold the arrays until then; behind a backlog it is not queued at all
    HelperTask helper = new HelperTask(run::work);
    for (int t = 1; t < threads; t++) {
      if (!helper.offerTo(executor)) {
        break; // the caller runs what no helper takes
      }
    }
    run.work();
    // park returns at once while the interrupt flag is set: clear it for the wait (so it is a
    // wait, not a spin) and set it again after, so the caller's code still sees it
    boolean interrupted = false;
    while (run.pending.get() != 0) {
      LockSupport.park(run);
      interrupted |= Thread.interrupted();
    }
    helper.release();
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    Throwable failure;
    synchronized (run) {
      failure = run.failure;
    }
    if (failure instanceof RuntimeException e) {
      throw e; // the loop's own exception, unwrapped, as on one thread
    }
    if (failure instanceof Error e) {
      throw e;
    }
    if (failure != null) {
      throw new IllegalStateException("a fused loop failed: " + failure, failure);
    }
    return partials;
  }

  /** The number of blocks of {@code chunk} elements {@code n} elements make. */
  static int blocks(int n, int chunk) {
    return (int) ((n + (long) chunk - 1) / chunk);
  }

  private void work() {
    int b;
    while ((b = next.getAndIncrement()) < blocks) {
      if (!failed) {
        int from = b * chunk;
        int to = n - from > chunk ? from + chunk : n;
        try {
          loop.run(inputs, scalars, outputs, partials[b], from, to);
        } catch (Throwable e) {
          fail(b, e);
        }
      }
      if (pending.decrementAndGet() == 0 && Thread.currentThread() != caller) {
        LockSupport.unpark(caller);
      }
    }
  }

  private synchronized void fail(int block, Throwable e) {
    if (block < failedBlock) {
      failedBlock = block;
      failure = e;
    }
    failed = true;
  }
}
