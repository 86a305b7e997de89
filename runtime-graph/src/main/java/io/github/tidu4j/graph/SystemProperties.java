package io.github.tidu4j.graph;

/**
 * How tidu4j reads its system properties (every one is listed in {@code docs/settings.md}): unset
 * or blank gives the default; otherwise the text, stripped, must be a decimal integer (ASCII
 * digits, a leading {@code -} for a negative one) within the property's range, or one of its
 * choices in any case ({@code EXACT} is {@code exact}), or the read fails with one message, naming
 * the property, the value and what is expected, never falling back to the default silently.
 *
 * <pre>{@code
 * long bytes = SystemProperties.longValue("example.bytes", 1 << 20, 0, Long.MAX_VALUE,
 *     "a number of bytes");
 * // with -Dexample.bytes=lots, an IllegalArgumentException:
 * // system property example.bytes = 'lots': expected a number of bytes of at least 0
 * }</pre>
 */
public final class SystemProperties {
  private SystemProperties() {}

  /**
   * The system property {@code name} as a long in {@code [min, max]}, or {@code fallback} if it is
   * unset or blank.
   *
   * @param what what the value counts, for the message: {@code "a number of bytes"}
   * @throws IllegalArgumentException naming the property and the value if it is not such a number
   */
  public static long longValue(String name, long fallback, long min, long max, String what) {
    return parse(name, System.getProperty(name), fallback, min, max, what);
  }

  /**
   * {@code value}, the text of the system property {@code name}, read as {@link #longValue} reads
   * it: for a caller that has read the property already, or a test that gives the text.
   */
  public static long parse(
      String name, String value, long fallback, long min, long max, String what) {
    if (value == null || value.isBlank()) {
      return fallback;
    }
    String text = value.strip();
    try {
      // Long.parseLong alone also takes "+5" and digits of other scripts, which no doc promises
      if (isDecimal(text)) {
        long parsed = Long.parseLong(text);
        if (parsed >= min && parsed <= max) {
          return parsed;
        }
      }
    } catch (NumberFormatException e) {
      // too long for a long: reported below, as a value out of range is
    }
    throw new IllegalArgumentException(
        "system property " + name + " = '" + value + "': expected " + what + " of at least " + min
            + (max == Long.MAX_VALUE ? "" : " and at most " + max));
  }

  /** Whether {@code text} is ASCII digits, after a {@code -} or not. */
  private static boolean isDecimal(String text) {
    int start = text.startsWith("-") ? 1 : 0;
    if (text.length() == start) {
      return false;
    }
    for (int i = start; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
    }
    return true;
  }

  /**
   * The system property {@code name}, stripped, which must be one of {@code choices} in any case;
   * the first choice, the default, if it is unset or blank.
   *
   * @return the choice, as {@code choices} spells it
   * @throws IllegalArgumentException naming the property, the value and the choices otherwise
   */
  public static String choice(String name, String... choices) {
    return parseChoice(name, System.getProperty(name), choices);
  }

  /**
   * {@code value}, the text of the system property {@code name}, read as {@link #choice(String,
   * String...)} reads it: for a caller that has read the property already, or a test that gives
   * the text.
   */
  public static String parseChoice(String name, String value, String... choices) {
    if (value == null || value.isBlank()) {
      return choices[0];
    }
    for (String choice : choices) {
      // equalsIgnoreCase compares char by char, whatever the default locale (no Turkish dotless i)
      if (choice.equalsIgnoreCase(value.strip())) {
        return choice;
      }
    }
    StringBuilder expected = new StringBuilder();
    for (int i = 0; i < choices.length; i++) {
      expected
          .append(i == 0 ? "" : i == choices.length - 1 ? " or " : ", ")
          .append('\'')
          .append(choices[i])
          .append('\'');
    }
    throw new IllegalArgumentException(
        "system property " + name + " = '" + value + "': expected " + expected);
  }
}
