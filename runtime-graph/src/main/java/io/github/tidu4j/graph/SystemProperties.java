package io.github.tidu4j.graph;

/**
 * How tidu4j reads its system properties (every one is listed in {@code docs/settings.md}): unset
 * or blank gives the default; otherwise the text, stripped, must be a decimal integer within the
 * property's range, or one of its choices, or the read fails with one message, naming the
 * property, the value and what is expected, never falling back to the default silently.
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
    try {
      long parsed = Long.parseLong(value.strip());
      if (parsed >= min && parsed <= max) {
        return parsed;
      }
    } catch (NumberFormatException e) {
      // reported below, as a value out of range is
    }
    throw new IllegalArgumentException(
        "system property " + name + " = '" + value + "': expected " + what + " of at least " + min
            + (max == Long.MAX_VALUE ? "" : " and at most " + max));
  }

  /**
   * The system property {@code name}, stripped, which must be one of {@code choices}; the first
   * choice, the default, if it is unset or blank.
   *
   * @throws IllegalArgumentException naming the property, the value and the choices otherwise
   */
  public static String choice(String name, String... choices) {
    String value = System.getProperty(name);
    if (value == null || value.isBlank()) {
      return choices[0];
    }
    for (String choice : choices) {
      if (choice.equals(value.strip())) {
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
