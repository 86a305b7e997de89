package io.github.tidu4j.ad.func;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.ad.testing.RealOp;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Threads calling a transformed function for the first time at once compile it once. */
class FunctionCacheConcurrencyTest {
  private static final int THREADS = 8;

  @Test
  void concurrentFirstCallsCompileOnceAndAgree() throws Exception {
    ScalarAutodiff<RealOp> ad = ScalarAutodiff.of(RealOp.class);
    AtomicInteger traces = new AtomicInteger();
    CountDownLatch tracing = new CountDownLatch(1);
    ScalarFunction<RealOp> f =
        ad.function(
            (b, x) -> {
              traces.incrementAndGet();
              tracing.countDown();
              sleep(300); // keep the first compilation running while the others arrive
              return b.apply(RealOp.SIN, x);
            });
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try {
      List<Future<Double>> results = new ArrayList<>();
      for (int i = 0; i < THREADS; i++) {
        results.add(
            pool.submit(
                () -> {
                  start.await();
                  return ad.grad(f).apply(0.5);
                }));
      }
      start.countDown();
      for (Future<Double> r : results) {
        assertEquals(Math.cos(0.5), r.get(30, TimeUnit.SECONDS), 1e-15);
      }
    } finally {
      pool.shutdownNow();
    }
    assertTrue(tracing.getCount() == 0);
    assertEquals(1, traces.get(), "the function was traced more than once");
    assertEquals(1, ad.cacheStats().compilations(), "the gradient was compiled more than once");
    assertEquals(THREADS - 1, ad.cacheStats().hits());
  }

  @Test
  void aFailedCompilationFailsEveryWaiterAndIsNotCached() throws Exception {
    ScalarAutodiff<RealOp> ad = ScalarAutodiff.of(RealOp.class);
    AtomicInteger traces = new AtomicInteger();
    ScalarFunction<RealOp> f =
        ad.function(
            (b, x) -> {
              if (traces.incrementAndGet() == 1) {
                sleep(300);
                throw new IllegalStateException("first trace fails");
              }
              return b.apply(RealOp.SIN, x);
            });
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      List<Future<Object>> results = new ArrayList<>();
      for (int i = 0; i < 2; i++) {
        results.add(
            pool.submit(
                () -> {
                  start.await();
                  try {
                    return ad.grad(f).apply(0.5);
                  } catch (IllegalStateException e) {
                    return e;
                  }
                }));
      }
      start.countDown();
      Object first = results.get(0).get(30, TimeUnit.SECONDS);
      Object second = results.get(1).get(30, TimeUnit.SECONDS);
      assertTrue(first instanceof IllegalStateException, String.valueOf(first));
      assertTrue(second instanceof IllegalStateException, String.valueOf(second));
      // the waiter throws an exception of its own (its own stack trace), whose cause is the
      // compiling thread's, with the same message
      Throwable compiling = ((Throwable) first).getCause() == second ? (Throwable) second
          : (Throwable) first;
      Throwable waiting = compiling == first ? (Throwable) second : (Throwable) first;
      assertSame(compiling, waiting.getCause(), "the waiter's failure has the compiler's as cause");
      assertEquals("first trace fails", waiting.getMessage());
      assertTrue(
          java.util.Arrays.stream(waiting.getStackTrace())
              .anyMatch(frame -> frame.getMethodName().equals("awaitDone")),
          "the waiter's own stack trace");
    } finally {
      pool.shutdownNow();
    }
    assertEquals(Math.cos(0.5), ad.grad(f).apply(0.5), 1e-15);
    assertEquals(2, traces.get(), "a failed compilation is not cached, so it is traced again");
  }

  /**
   * A traced function that hands a call of itself to another thread and waits for it: the other
   * thread waits for this one's compilation, this one for it. After the stall time a warning
   * names both threads and where the compiling one is; interrupted, the waiting thread stops with
   * a CancellationException (its interrupt status kept), and the compilation then completes.
   */
  @Test
  void aThreadWaitingForACompilationThatWaitsForItIsWarnedOfAndCanBeInterrupted()
      throws Exception {
    ScalarAutodiff<RealOp> ad = ScalarAutodiff.of(RealOp.class);
    List<String> warned = new java.util.concurrent.CopyOnWriteArrayList<>();
    java.util.function.Consumer<String> warningsBefore = FunctionCache.warnings;
    long stallBefore = FunctionCache.stallWarningNanos;
    FunctionCache.warnings = warned::add;
    FunctionCache.stallWarningNanos = TimeUnit.MILLISECONDS.toNanos(200);
    Object[] childSaw = new Object[2];
    ScalarFunction<RealOp>[] self = new ScalarFunction[1];
    self[0] =
        ad.function(
            (b, x) -> {
              Thread child =
                  new Thread(
                      () -> {
                        try {
                          childSaw[0] = ad.grad(self[0]).apply(0.25);
                        } catch (RuntimeException e) {
                          childSaw[0] = e;
                        }
                        childSaw[1] = Thread.currentThread().isInterrupted();
                      },
                      "child");
              Thread second = new Thread(() -> {
                try {
                  ad.grad(self[0]).apply(0.75);
                } catch (RuntimeException e) {
                  // cancelled below, as the child is
                }
              }, "second");
              child.start();
              second.start();
              try {
                child.join(1_000); // the child waits for this compilation: it does not end
                assertTrue(child.isAlive(), "the child waits for the compilation");
                child.interrupt();
                second.interrupt();
                child.join(10_000);
                second.join(10_000);
              } catch (InterruptedException e) {
                throw new AssertionError(e);
              }
              return b.apply(RealOp.SIN, x);
            });
    try {
      assertEquals(Math.cos(0.5), ad.grad(self[0]).apply(0.5), 1e-15);
    } finally {
      FunctionCache.warnings = warningsBefore;
      FunctionCache.stallWarningNanos = stallBefore;
    }
    assertTrue(childSaw[0] instanceof java.util.concurrent.CancellationException,
        String.valueOf(childSaw[0]));
    assertTrue(((Exception) childSaw[0]).getMessage().startsWith(
        "interrupted while waiting for thread '" + Thread.currentThread().getName()
            + "' to compile grad(f) for [f64]"), ((Exception) childSaw[0]).getMessage());
    assertEquals(Boolean.TRUE, childSaw[1], "the child's interrupt status is kept");
    assertEquals(1, warned.size(), "one warning however many threads wait: " + warned);
    assertTrue(warned.get(0).matches("thread '(child|second)' has waited .*"), warned.get(0));
    // the compiling thread's top frame is the JDK's wait; the warning names the code below it
    assertTrue(warned.get(0).matches(
        ".*, called from \\S*" + FunctionCacheConcurrencyTest.class.getName() + "\\.lambda.*"),
        warned.get(0));
    assertTrue(warned.get(0).contains(" s for thread '" + Thread.currentThread().getName()
        + "' to compile grad(f) for [f64]; that thread is"), warned.get(0));
    assertTrue(warned.get(0).contains("but if that thread waits for this one by a means the cache"
        + " cannot see"), warned.get(0));
    assertEquals(Math.cos(0.25), ad.grad(self[0]).apply(0.25), 1e-15, "the cache works after");
  }

  /**
   * Two functions whose traces call each other, first called on two threads at once: each thread
   * compiles one and would wait for the other's compilation forever. The second to wait sees the
   * cycle and throws, which fails its compilation, and so the first's: both callers get the error
   * at once, naming both threads and both functions.
   */
  @Test
  @SuppressWarnings("unchecked")
  void functionsWhoseTracesCallEachOtherOnTwoThreadsFailInsteadOfWaitingForever()
      throws Exception {
    ScalarAutodiff<RealOp> ad = ScalarAutodiff.of(RealOp.class);
    CountDownLatch bothTracing = new CountDownLatch(2);
    ScalarFunction<RealOp>[] fg = new ScalarFunction[2];
    for (int i = 0; i < 2; i++) {
      int other = 1 - i;
      fg[i] =
          ad.function(
              (b, x) -> {
                bothTracing.countDown();
                try {
                  assertTrue(bothTracing.await(30, TimeUnit.SECONDS));
                } catch (InterruptedException e) {
                  throw new AssertionError(e);
                }
                fg[other].apply(0.0);
                return b.apply(RealOp.SIN, x);
              });
    }
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      List<Future<Double>> calls =
          List.of(pool.submit(() -> fg[0].apply(0.1)), pool.submit(() -> fg[1].apply(0.1)));
      for (Future<Double> call : calls) {
        ExecutionException e =
            assertThrows(ExecutionException.class, () -> call.get(30, TimeUnit.SECONDS));
        assertTrue(e.getCause() instanceof IllegalStateException, String.valueOf(e.getCause()));
        String message = e.getCause().getMessage();
        assertTrue(message.contains("would wait for thread 'pool-"), message);
        assertTrue(message.contains(", which waits for thread 'pool-"), message);
        assertTrue(message.endsWith("make their traces not call each other"), message);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * A thread interrupted while it compiles stops at the compilation's next step, with a
   * CancellationException naming the function (its interrupt status kept); a thread that was
   * waiting for that compilation was not interrupted, and compiles the function itself.
   */
  @Test
  void anInterruptedCompilationStopsAtItsNextStepAndAWaiterCompilesIt() throws Exception {
    ScalarAutodiff<RealOp> ad = ScalarAutodiff.of(RealOp.class);
    AtomicInteger traces = new AtomicInteger();
    CountDownLatch tracing = new CountDownLatch(1);
    java.util.concurrent.atomic.AtomicBoolean release =
        new java.util.concurrent.atomic.AtomicBoolean();
    ScalarFunction<RealOp> f =
        ad.function(
            (b, x) -> {
              traces.incrementAndGet();
              tracing.countDown();
              while (!release.get()) {
                Thread.onSpinWait(); // a long trace that does not look at interrupts
              }
              return b.apply(RealOp.SIN, x);
            });
    Object[] compilerSaw = new Object[2];
    Thread compiler =
        new Thread(
            () -> {
              try {
                compilerSaw[0] = ad.grad(f).apply(0.5);
              } catch (RuntimeException e) {
                compilerSaw[0] = e;
              }
              compilerSaw[1] = Thread.currentThread().isInterrupted();
            },
            "compiler");
    Object[] waiterSaw = new Object[1];
    Thread waiter =
        new Thread(
            () -> {
              try {
                waiterSaw[0] = ad.grad(f).apply(0.5);
              } catch (RuntimeException e) {
                waiterSaw[0] = e;
              }
            },
            "waiter");
    compiler.start();
    assertTrue(tracing.await(30, TimeUnit.SECONDS));
    waiter.start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (waiter.getState() != Thread.State.WAITING
        && waiter.getState() != Thread.State.TIMED_WAITING
        && System.nanoTime() < deadline) {
      Thread.onSpinWait();
    }
    compiler.interrupt();
    release.set(true);
    compiler.join(30_000);
    waiter.join(30_000);
    assertTrue(
        compilerSaw[0] instanceof java.util.concurrent.CancellationException,
        String.valueOf(compilerSaw[0]));
    assertEquals(
        "compiling grad(f) for [f64] stopped: the thread was interrupted, so the compilation"
            + " stopped before linearizing (its interrupt status stays set); a later call compiles"
            + " it again",
        ((Exception) compilerSaw[0]).getMessage());
    assertEquals(Boolean.TRUE, compilerSaw[1], "the interrupt status is kept");
    assertEquals(Math.cos(0.5), (Double) waiterSaw[0], 1e-15, "the waiter compiled it");
    assertEquals(2, traces.get(), "traced by the interrupted thread, then by the waiter");
    assertEquals(1, ad.cacheStats().compilations());
  }

  @Test
  void aThreadAlreadyInterruptedDoesNotStartACompilationAndTheNextCallCompiles() {
    ScalarAutodiff<RealOp> ad = ScalarAutodiff.of(RealOp.class);
    ScalarFunction<RealOp> f = ad.function((b, x) -> b.apply(RealOp.SIN, x));
    Thread.currentThread().interrupt();
    try {
      assertThrows(java.util.concurrent.CancellationException.class, () -> ad.grad(f).apply(0.5));
      assertTrue(Thread.currentThread().isInterrupted(), "the interrupt status is kept");
    } finally {
      Thread.interrupted();
    }
    assertEquals(Math.cos(0.5), ad.grad(f).apply(0.5), 1e-15);
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** Set before the function is called: its body calls it. */
  private static ScalarFunction<RealOp> selfCalling;

  @Test
  @org.junit.jupiter.api.Timeout(30)
  void aFunctionCallingItselfWhileTracedFailsInsteadOfWaitingForItself() {
    ScalarAutodiff<RealOp> ad = ScalarAutodiff.of(RealOp.class);
    selfCalling =
        ad.function(
            (b, x) -> {
              selfCalling.apply(1.0); // the function, called from its own trace
              return b.apply(RealOp.SIN, x);
            });
    IllegalStateException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            IllegalStateException.class, () -> selfCalling.apply(0.5));
    assertTrue(
        e.getMessage().contains("while it is traced for them on this thread: a function that"
            + " calls itself is traced without end"),
        e.getMessage());
    // the failed trace leaves nothing behind: another function still compiles and runs
    assertEquals(Math.sin(0.5), ad.function((b, x) -> b.apply(RealOp.SIN, x)).apply(0.5), 0.0);
  }
}
