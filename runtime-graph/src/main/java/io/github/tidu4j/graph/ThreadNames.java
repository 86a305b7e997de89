package io.github.tidu4j.graph;

/**
 * A thread as a message names it: its name in quotes, or, for a thread without one (a virtual
 * thread has none unless given), its id, which tells threads apart.
 *
 * <pre>{@code
 * String who = ThreadNames.of(Thread.currentThread()); // 'main'; a thread of no name: #31 (unnamed)
 * }</pre>
 */
public final class ThreadNames {
  private ThreadNames() {}

  /** {@code 'main'}; or, for a thread of no name, e.g. {@code #31 (unnamed)}. */
  @SuppressWarnings("deprecation") // getId: threadId() is Java 19's
  public static String of(Thread thread) {
    String name = thread.getName();
    return name.isEmpty() ? "#" + thread.getId() + " (unnamed)" : "'" + name + "'";
  }
}
