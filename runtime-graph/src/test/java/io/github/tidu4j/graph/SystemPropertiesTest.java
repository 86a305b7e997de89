package io.github.tidu4j.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Locale;
import org.junit.jupiter.api.Test;

/** A numeric property is its default when unset or blank, else an integer in range, else named. */
class SystemPropertiesTest {

  @Test
  void aValueIsTheDefaultUnsetAStrippedIntegerInRangeOrAnErrorNamingIt() {
    assertEquals(7, SystemProperties.parse("p", null, 7, 0, 10, "a count"));
    assertEquals(7, SystemProperties.parse("p", "  ", 7, 0, 10, "a count"));
    assertEquals(3, SystemProperties.parse("p", " 3 ", 7, 0, 10, "a count"));
    assertEquals(
        "system property p = '1e3': expected a count of at least 0 and at most 10",
        assertThrows(IllegalArgumentException.class,
            () -> SystemProperties.parse("p", "1e3", 7, 0, 10, "a count")).getMessage());
    assertEquals(
        "system property p = '11': expected a count of at least 0 and at most 10",
        assertThrows(IllegalArgumentException.class,
            () -> SystemProperties.parse("p", "11", 7, 0, 10, "a count")).getMessage());
    assertEquals(
        "system property p = '-1': expected a count of at least 0",
        assertThrows(IllegalArgumentException.class,
            () -> SystemProperties.parse("p", "-1", 7, 0, Long.MAX_VALUE, "a count")).getMessage());
    assertEquals(-3, SystemProperties.parse("p", "-3", 7, -10, 10, "a count"));
    // decimal means ASCII digits: not a sign Long.parseLong takes, nor digits of other scripts
    for (String notDecimal : new String[] {"+5", "\u0665", "\uff15", "-", "99999999999999999999"}) {
      assertThrows(IllegalArgumentException.class,
          () -> SystemProperties.parse("p", notDecimal, 7, 0, 10, "a count"), notDecimal);
    }
  }

  /** The class's Javadoc example. */
  @Test
  void theExampleReadsItsDefaultAndNamesABadValue() {
    String previous = System.getProperty("example.bytes");
    try {
      System.clearProperty("example.bytes");
      long bytes = SystemProperties.longValue("example.bytes", 1 << 20, 0, Long.MAX_VALUE,
          "a number of bytes");
      // with -Dexample.bytes=lots, an IllegalArgumentException:
      // system property example.bytes = 'lots': expected a number of bytes of at least 0
      assertEquals(1 << 20, bytes);
      System.setProperty("example.bytes", "lots");
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class,
              () -> SystemProperties.longValue("example.bytes", 1 << 20, 0, Long.MAX_VALUE,
                  "a number of bytes"));
      assertEquals(
          "system property example.bytes = 'lots': expected a number of bytes of at least 0",
          e.getMessage());
    } finally {
      if (previous == null) {
        System.clearProperty("example.bytes");
      } else {
        System.setProperty("example.bytes", previous);
      }
    }
  }

  @Test
  void aChoiceIsTheFirstUnsetOrEmptyOneOfTheChoicesOrAnErrorListingThem() {
    String name = "example.choice";
    try {
      System.clearProperty(name);
      assertEquals("auto", SystemProperties.choice(name, "auto", "off"));
      System.setProperty(name, "");
      assertEquals("auto", SystemProperties.choice(name, "auto", "off"));
      System.setProperty(name, " off ");
      assertEquals("off", SystemProperties.choice(name, "auto", "off"));
      System.setProperty(name, "OFF");
      assertEquals("off", SystemProperties.choice(name, "auto", "off"), "any case");
      assertEquals("exact", SystemProperties.parseChoice(name, "Exact", "true", "exact", "false"));
      Locale before = Locale.getDefault();
      try {
        Locale.setDefault(new Locale("tr", "TR")); // where "I".toLowerCase() is a dotless ı
        assertEquals("fine", SystemProperties.parseChoice(name, "FINE", "coarse", "fine"));
      } finally {
        Locale.setDefault(before);
      }
      System.setProperty(name, "on");
      assertEquals(
          "system property example.choice = 'on': expected 'true', 'exact' or 'false'",
          assertThrows(IllegalArgumentException.class,
              () -> SystemProperties.choice(name, "true", "exact", "false")).getMessage());
    } finally {
      System.clearProperty(name);
    }
  }
}
