package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.lang.ref.WeakReference;
import java.net.URL;
import java.net.URLClassLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A class loader holding its own copy of tidu4j (an application server's or a plugin host's) is
 * collected once dropped, even after a long-lived thread made keys with that copy: the thread's
 * map of thread-locals holds nothing of the copy's classes.
 */
class IsolatedCopyUnloadingTest {

  @Test
  @Timeout(60)
  void aDroppedCopyIsCollectedAfterThisThreadMadeKeysWithIt() throws Exception {
    WeakReference<ClassLoader> copy = makeKeysWithACopy();
    for (int i = 0; i < 200 && copy.get() != null; i++) { // up to 10 s; one collection suffices
      System.gc();
      Thread.sleep(50);
    }
    assertNull(copy.get(), "the dropped copy's class loader is still reachable");
  }

  /** Loads runtime-graph again in a loader of its own, makes keys with it on this thread. */
  private static WeakReference<ClassLoader> makeKeysWithACopy() throws Exception {
    URL classes = ValueKey.class.getProtectionDomain().getCodeSource().getLocation();
    try (URLClassLoader loader =
        new URLClassLoader(new URL[] {classes}, null)) { // nothing of the application's layer
      Class<?> valueKey = Class.forName(ValueKey.class.getName(), true, loader);
      assertNotSame(ValueKey.class, valueKey);
      for (String name : new String[] {"x", "y", "z"}) {
        valueKey.getMethod("input", Object.class).invoke(null, name);
      }
      return new WeakReference<>(loader);
    }
  }
}
