package io.github.tidu4j.processor.validation;

import io.github.tidu4j.processor.diagnostics.Message;
import io.github.tidu4j.processor.model.HelperMethod;
import io.github.tidu4j.processor.model.PrimitiveModel;
import io.github.tidu4j.processor.model.RuleRole;
import java.util.Locale;

/**
 * A method whose name is a slip away from a rule's ({@code Jvp}, {@code jpv}, {@code transposed}):
 * the rule the primitive lacks, declared under another name, which the processor takes for a
 * helper. Where a missing rule is reported, the method is reported too, at its own line, so the
 * user sees the slip and not only the absence.
 */
final class MisspeltRules {
  private MisspeltRules() {}

  /**
   * Reports each helper of {@code primitive} whose name is near {@code role}'s method name (see
   * {@link #near}), as the rule {@code primitive} lacks.
   */
  static void report(PrimitiveModel primitive, RuleRole role, ValidationReport report) {
    String rule = role.methodName();
    for (HelperMethod helper : primitive.helpers()) {
      if (near(helper.name(), rule)) {
        report.add(
            Message.MISSPELT_RULE,
            helper.location(),
            primitive.interfaceType().simpleName(),
            helper.name(),
            rule,
            rule);
      }
    }
  }

  /**
   * Whether {@code name} differs from {@code rule} but is near it: the same ignoring case, or within
   * one edit (an insertion, a deletion, a substitution or two neighbours swapped) of it, two for a
   * name of more than four letters. One edit of a three-letter word is still a slip ({@code jpv});
   * two would take in unrelated names ({@code map} for {@code jvp}).
   */
  static boolean near(String name, String rule) {
    if (name.equals(rule)) {
      return false;
    }
    String a = name.toLowerCase(Locale.ROOT);
    String b = rule.toLowerCase(Locale.ROOT);
    int allowed = b.length() > 4 ? 2 : 1;
    return Math.abs(a.length() - b.length()) <= allowed && distance(a, b) <= allowed;
  }

  // the optimal string alignment distance: edits, neighbours swapped counted as one
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
        if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[a.length()][b.length()];
  }
}
