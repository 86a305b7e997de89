package io.github.tidu4j.graph.bytecode;

import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.tidu4j.graph.testing.ScalarOp;
import io.github.tidu4j.graph.ProgramRunner;
import java.io.InputStream;
import java.lang.ref.WeakReference;
import java.net.URL;
import java.security.CodeSource;
import java.security.ProtectionDomain;
import java.security.cert.Certificate;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The shared compiler thread ({@code tidu4j-bytecode}) keeps nothing of the application whose code
 * happened to start it, and stops when asked, as an application server undeploying an application
 * needs.
 */
class CompilerThreadTest {

  /** Runs what it is given: defined again in a loader of its own, an application's class. */
  public static final class Caller implements Consumer<Runnable> {
    public Caller() {}

    @Override
    public void accept(Runnable r) {
      r.run();
    }
  }

  /** A loader defining {@link Caller} anew, in a protection domain of its own that names it. */
  private static final class ApplicationLoader extends ClassLoader {
    ApplicationLoader() {
      super(null);
    }

    Class<?> defineCaller() throws Exception {
      byte[] bytes;
      try (InputStream in =
          Caller.class.getResourceAsStream(
              Caller.class.getName().substring(Caller.class.getPackageName().length() + 1)
                  + ".class")) {
        bytes = in.readAllBytes();
      }
      ProtectionDomain domain =
          new ProtectionDomain(
              new CodeSource(new URL("file:/application/"), (Certificate[]) null), null, this,
              null);
      return defineClass(Caller.class.getName(), bytes, 0, bytes.length, domain);
    }
  }

  /**
   * Up to JDK 23 a new thread keeps the protection domains of the classes on its creator's stack,
   * and each domain its class loader: made from an application's code, the compiler thread kept
   * that application loaded for as long as it lived.
   */
  @Test
  @SuppressWarnings("unchecked")
  void theThreadKeepsNoClassLoaderOfTheCodeThatStartedIt() throws Exception {
    ApplicationLoader loader = new ApplicationLoader();
    Consumer<Runnable> caller =
        (Consumer<Runnable>) loader.defineCaller().getConstructor().newInstance();
    CountDownLatch hold = new CountDownLatch(1);
    Thread[] made = new Thread[1];
    caller.accept(() -> made[0] = TieredRunners.compilerThread(() -> awaitQuietly(hold)));
    made[0].start();
    WeakReference<ClassLoader> application = new WeakReference<>(loader);
    loader = null;
    caller = null;
    try {
      for (int attempt = 0; attempt < 10 && application.get() != null; attempt++) {
        System.gc();
      }
      assertTrue(application.get() == null, "the running compiler thread keeps the loader");
    } finally {
      hold.countDown();
      made[0].join();
    }
  }

  @Test
  void stoppedTheThreadEndsAndTheNextRequestStartsAnother() throws Exception {
    TieredRunners<ScalarOp, Double> tiered =
        TieredRunners.builder(
                ProgramRunner.<ScalarOp, Double>interpreter(),
                new BytecodeCompiler<>(Fixtures.SCALAR))
            .build();
    Thread first = threadRunning(tiered);
    TieredRunners.stopCompilerThread(); // e.g. in a ServletContextListener's contextDestroyed
    first.join(TimeUnit.SECONDS.toMillis(10));
    assertTrue(!first.isAlive(), "the stopped compiler thread still runs");
    Thread second = threadRunning(tiered);
    assertNotSame(first, second);
    assertTrue(second.getName().equals("tidu4j-bytecode"), second.getName());
  }

  /** The thread that runs a task handed to {@code tiered}'s default executor. */
  private static Thread threadRunning(TieredRunners<ScalarOp, Double> tiered) throws Exception {
    Thread[] ran = new Thread[1];
    CountDownLatch done = new CountDownLatch(1);
    tiered.executor().execute(() -> {
      ran[0] = Thread.currentThread();
      done.countDown();
    });
    assertTrue(done.await(10, TimeUnit.SECONDS));
    return ran[0];
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
