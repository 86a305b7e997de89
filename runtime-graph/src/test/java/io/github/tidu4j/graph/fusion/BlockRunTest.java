package io.github.tidu4j.graph.fusion;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.HelperTask;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * A fused loop run in blocks on several threads: every element is written once with the value of
 * the serial loop, the block sums are the in-order sums of their blocks, and a failure surfaces as
 * the exception the serial loop throws first, whatever the executor does with the helper tasks.
 */
class BlockRunTest {
  private static final int BLOCK = BlockedSum.BLOCK;
  private static final ExecutorService POOL = Executors.newFixedThreadPool(3);

  @AfterAll
  static void shutDown() {
    POOL.shutdownNow();
  }

  /** out[0][i] = 3·in[0][i] + 1; sums[0] += out; sums[1] += in. */
  private static final FusedLoop AFFINE =
      (inputs, scalars, outputs, sums, from, to) -> {
        double s0 = sums[0];
        double s1 = sums[1];
        for (int i = from; i < to; i++) {
          double v = 3 * inputs[0][i] + 1;
          outputs[0][i] = v;
          s0 += v;
          s1 += inputs[0][i];
        }
        sums[0] = s0;
        sums[1] = s1;
      };

  private static double[] random(int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    double[] x = new double[n];
    for (int i = 0; i < n; i++) {
      x[i] = r.nextDouble(-1e3, 1e3);
    }
    return x;
  }

  @Test
  void everyThreadCountWritesTheSerialValuesAndTheSameBlockSums() {
    for (int n : new int[] {2, BLOCK, BLOCK + 1, 2 * BLOCK, 5 * BLOCK + 7}) {
      double[] x = random(n, n);
      double[] serial = new double[n];
      double[][] serialPartials =
          BlockRun.run(AFFINE, new double[][] {x}, new double[0], new double[][] {serial}, 2, n,
              1, Runnable::run);
      assertEquals(BlockedSum.blocks(n), serialPartials.length);
      for (int b = 0; b < serialPartials.length; b++) {
        int from = b * BLOCK;
        int to = Math.min(n, from + BLOCK);
        assertEquals(BlockedSum.sum(serial, from, to), 0.0 + serialPartials[b][0], "block " + b);
        assertEquals(BlockedSum.sum(x, from, to), 0.0 + serialPartials[b][1], "block " + b);
      }
      for (int threads : new int[] {2, 3, 8}) {
        for (var executor : List.of(ForkJoinPool.commonPool(), POOL)) {
          double[] out = new double[n];
          double[][] partials =
              BlockRun.run(AFFINE, new double[][] {x}, new double[0], new double[][] {out}, 2, n,
                  threads, executor);
          assertArrayEquals(serial, out, "n " + n + ", " + threads + " threads");
          for (int b = 0; b < partials.length; b++) {
            assertArrayEquals(serialPartials[b], partials[b], "block " + b);
          }
        }
      }
    }
  }

  /**
   * A caller whose interrupt flag is set waits for the helpers' blocks without spinning (park
   * returns at once while the flag is set), and finds the flag still set after.
   */
  @Test
  void anInterruptedCallerWaitsForItsHelpersWithoutSpinningAndKeepsItsFlag() {
    int n = 4 * BLOCK;
    Thread caller = Thread.currentThread();
    List<Thread.State> callerWhileHelping = new java.util.concurrent.CopyOnWriteArrayList<>();
    FusedLoop slowOnHelpers =
        (inputs, scalars, outputs, sums, from, to) -> {
          if (Thread.currentThread() != caller) {
            try {
              Thread.sleep(150); // the caller has done its blocks by now, and waits for these
              callerWhileHelping.add(caller.getState());
              Thread.sleep(150);
            } catch (InterruptedException e) {
              throw new AssertionError(e);
            }
          }
          for (int i = from; i < to; i++) {
            outputs[0][i] = i;
          }
        };
    double[] out = new double[n];
    caller.interrupt();
    BlockRun.run(slowOnHelpers, new double[0][], new double[0], new double[][] {out}, 0, n, 4,
        POOL);
    assertTrue(Thread.interrupted(), "the caller's interrupt flag is kept (and cleared here)");
    for (int i = 0; i < n; i++) {
      assertEquals(i, out[i]);
    }
    // parked, not spinning (a RUNNABLE caller is one whose park returns at once)
    for (Thread.State state : callerWhileHelping) {
      assertEquals(Thread.State.WAITING, state, callerWhileHelping.toString());
    }
  }

  @Test
  void aFailureSurfacesAsTheFirstExceptionOfTheSerialLoop() {
    int n = 6 * BLOCK;
    int[] failing = {BLOCK + 17, 3 * BLOCK + 2, 5 * BLOCK};
    FusedLoop loop =
        (inputs, scalars, outputs, sums, from, to) -> {
          for (int i = from; i < to; i++) {
            for (int f : failing) {
              if (i == f) {
                throw new IllegalArgumentException("Log: element " + i + " rejected");
              }
            }
            outputs[0][i] = i;
          }
        };
    IllegalArgumentException serial =
        assertThrows(IllegalArgumentException.class,
            () -> BlockRun.run(loop, new double[0][], new double[0],
                new double[][] {new double[n]}, 0, n, 1, Runnable::run));
    assertEquals("Log: element " + (BLOCK + 17) + " rejected", serial.getMessage());
    for (int round = 0; round < 50; round++) {
      IllegalArgumentException split =
          assertThrows(IllegalArgumentException.class,
              () -> BlockRun.run(loop, new double[0][], new double[0],
                  new double[][] {new double[n]}, 0, n, 4, POOL));
      assertEquals(serial.getMessage(), split.getMessage());
    }
  }

  @Test
  void anErrorIsRethrownAsItIs() {
    StackOverflowError error = new StackOverflowError("deep kernel");
    FusedLoop loop =
        (inputs, scalars, outputs, sums, from, to) -> {
          if (from == 2 * BLOCK) {
            throw error;
          }
        };
    assertSame(error, assertThrows(StackOverflowError.class,
        () -> BlockRun.run(loop, new double[0][], new double[0], new double[0][], 0, 4 * BLOCK,
            2, ForkJoinPool.commonPool())));
  }

  @Test
  void theCallerRunsWhatTheExecutorRejectsOrNeverStarts() {
    int n = 4 * BLOCK + 3;
    double[] x = random(n, 7);
    double[] serial = new double[n];
    BlockRun.run(AFFINE, new double[][] {x}, new double[0], new double[][] {serial}, 2, n, 1,
        Runnable::run);
    List<Runnable> neverRun = new ArrayList<>();
    double[] parked = new double[n];
    BlockRun.run(AFFINE, new double[][] {x}, new double[0], new double[][] {parked}, 2, n, 4,
        neverRun::add);
    assertEquals(3, neverRun.size(), "three helpers handed over, none run");
    assertArrayEquals(serial, parked);
    double[] rejected = new double[n];
    BlockRun.run(AFFINE, new double[][] {x}, new double[0], new double[][] {rejected}, 2, n, 4,
        task -> {
          throw new RejectedExecutionException("full");
        });
    assertArrayEquals(serial, rejected);
    neverRun.forEach(Runnable::run); // a helper starting after the run finds nothing to do
    assertArrayEquals(serial, parked);
  }

  /**
   * Helpers queued behind busy workers (a common pool whose workers a server's blocking tasks
   * hold) keep nothing of a finished run: its input and output arrays are collectable while the
   * queue still holds its tasks.
   */
  @Test
  void helpersNeverStartedDoNotKeepTheRunsArrays() {
    int n = 4 * BLOCK;
    List<Runnable> queued = new ArrayList<>();
    double[] x = random(n, 9);
    double[] out = new double[n];
    java.lang.ref.WeakReference<double[]> input = new java.lang.ref.WeakReference<>(x);
    java.lang.ref.WeakReference<double[]> output = new java.lang.ref.WeakReference<>(out);
    BlockRun.run(AFFINE, new double[][] {x}, new double[0], new double[][] {out}, 2, n, 4,
        queued::add);
    assertEquals(3, queued.size());
    x = null;
    out = null;
    for (int attempt = 0; attempt < 10 && (input.get() != null || output.get() != null); attempt++) {
      System.gc();
    }
    assertTrue(input.get() == null, "the input array, held only by the queued helpers, is kept");
    assertTrue(output.get() == null, "the output array, held only by the queued helpers, is kept");
    queued.forEach(Runnable::run); // and they do nothing when they start
  }

  /**
   * A pool whose one worker stays blocked (a server's blocking task) collects no more than {@link
   * HelperTask#MAX_BACKLOG} queued helpers however many runs offer one: past that backlog the
   * caller works alone, with the same values.
   */
  @Test
  void aBlockedPoolQueuesNoHelpersPastItsBacklog() throws InterruptedException {
    ForkJoinPool pool = new ForkJoinPool(1);
    CountDownLatch blocked = new CountDownLatch(1);
    CountDownLatch unblock = new CountDownLatch(1);
    try {
      pool.execute(
          () -> {
            blocked.countDown();
            try {
              unblock.await();
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          });
      blocked.await();
      int n = 2 * BLOCK;
      double[] x = random(n, 11);
      double[] serial = new double[n];
      BlockRun.run(AFFINE, new double[][] {x}, new double[0], new double[][] {serial}, 2, n, 1,
          Runnable::run);
      for (int call = 0; call < 3 * HelperTask.MAX_BACKLOG; call++) {
        double[] out = new double[n];
        BlockRun.run(AFFINE, new double[][] {x}, new double[0], new double[][] {out}, 2, n, 2, pool);
        assertArrayEquals(serial, out, "call " + call);
      }
      assertEquals(HelperTask.MAX_BACKLOG, pool.getQueuedSubmissionCount());
    } finally {
      unblock.countDown();
      pool.shutdown();
      assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
    }
  }
}
