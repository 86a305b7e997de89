package io.github.tidu4j.graph.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/** Runs a task on several threads released together, to put shared state under contention. */
public final class Concurrently {
  private Concurrently() {}

  /** A task run by one thread; it gets the thread's index and returns a result. */
  public interface Task<T> {
    T run(int thread) throws Exception;
  }

  /**
   * Runs {@code task} on {@code threads} threads that all start at once, and returns their
   * results by thread index. Fails if a thread throws or takes longer than a minute.
   */
  public static <T> List<T> run(int threads, Task<T> task) throws Exception {
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<T>> futures = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int thread = t;
        futures.add(
            pool.submit(
                () -> {
                  start.await();
                  return task.run(thread);
                }));
      }
      start.countDown();
      List<T> results = new ArrayList<>();
      for (Future<T> f : futures) {
        results.add(f.get(60, TimeUnit.SECONDS));
      }
      return results;
    } finally {
      pool.shutdownNow();
      if (!pool.awaitTermination(10, TimeUnit.SECONDS)) {
        throw new IllegalStateException("worker threads did not stop");
      }
    }
  }
}
