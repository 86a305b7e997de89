package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A thread is named by its name in quotes, or by its id where it has no name. */
class ThreadNamesTest {

  @Test
  void aNamedThreadByItsNameAndAnUnnamedOneByItsId() throws Exception {
    String[] seen = new String[2];
    Thread named = new Thread(() -> seen[0] = whoAmI(), "worker-1");
    Thread unnamed = new Thread(() -> seen[1] = whoAmI(), "");
    named.start();
    unnamed.start();
    named.join();
    unnamed.join();
    assertEquals("'worker-1'", seen[0]);
    assertEquals("#" + unnamed.getId() + " (unnamed)", seen[1]);
  }

  private static String whoAmI() {
    String who = ThreadNames.of(Thread.currentThread()); // 'main'; a thread of no name: #31 (unnamed)
    return who;
  }
}
