package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A helper task runs its work until released; released, a start runs nothing, and the task no
 * longer holds the work.
 */
class HelperTaskTest {

  /** Work the caller and helpers share: each {@code work()} call counts. */
  private static final class Work {
    final AtomicInteger runs = new AtomicInteger();
    final byte[] data = new byte[1 << 20];

    void work() {
      runs.incrementAndGet();
    }
  }

  @Test
  void aReleasedTaskRunsNothingAndHoldsNothing() {
    List<Runnable> queued = new ArrayList<>();
    Executor executor = queued::add; // workers all busy: nothing starts
    Work run = new Work();
    WeakReference<Work> held = new WeakReference<>(run);
    HelperTask task = new HelperTask(run::work);
    task.offerTo(executor);    // false: the caller works alone
    run.work();                // the caller does what no helper has taken
    task.release();            // once the work is done
    assertEquals(1, run.runs.get());
    run = null;
    for (int attempt = 0; attempt < 10 && held.get() != null; attempt++) {
      System.gc();
    }
    assertTrue(held.get() == null, "the queued task keeps the work");
    queued.forEach(Runnable::run); // starting late, it does nothing
  }

  @Test
  void aTaskStartedBeforeItsReleaseRunsTheWork() {
    Work run = new Work();
    HelperTask task = new HelperTask(run::work);
    task.run();
    task.run();
    assertEquals(2, run.runs.get());
    task.release();
    task.run();
    assertEquals(2, run.runs.get());
  }

  @Test
  void anExecutorThatRejectsTheTaskLeavesTheWorkToTheCaller() {
    HelperTask task = new HelperTask(() -> {});
    assertFalse(task.offerTo(t -> {
      throw new RejectedExecutionException("full");
    }));
    List<Runnable> queued = new ArrayList<>();
    assertTrue(task.offerTo(queued::add));
    assertEquals(List.of(task), queued);
  }
}
