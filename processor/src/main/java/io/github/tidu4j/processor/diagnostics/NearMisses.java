package io.github.tidu4j.processor.diagnostics;

import java.util.Locale;

/**
 * Which name a user probably meant: a near miss is what a typo makes of a name, for the
 * diagnostics that name the likely intent (a misspelt generated type, a misspelt rule).
 */
public final class NearMisses {
  private NearMisses() {}

  /**
   * Whether {@code a} is a near miss of {@code b}: equal ignoring case, or within the edit distance
   * a typo makes (one edit for short names, two for names of eight letters or more), counting a
   * swap of two neighbouring letters as one edit.
   */
  public static boolean isNear(String a, String b) {
    if (a.equals(b)) {
      return false;
    }
    if (a.toLowerCase(Locale.ROOT).equals(b.toLowerCase(Locale.ROOT))) {
      return true;
    }
    int allowed = Math.min(a.length(), b.length()) >= 8 ? 2 : 1;
    return Math.abs(a.length() - b.length()) <= allowed && distance(a, b) <= allowed;
  }

  /** The optimal string alignment distance between {@code a} and {@code b}. */
  private static int distance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1
            && j > 1
            && a.charAt(i - 1) == b.charAt(j - 2)
            && a.charAt(i - 2) == b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[a.length()][b.length()];
  }
}
