package io.github.tidu4j.graph.testing;

/** Counts where a piece of text occurs in generated output (DOT, textified bytecode, source). */
public final class Occurrences {
  private Occurrences() {}

  /** The number of places {@code needle} starts in {@code text}, overlapping ones included. */
  public static int of(String text, String needle) {
    int n = 0;
    for (int i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) {
      n++;
    }
    return n;
  }
}
