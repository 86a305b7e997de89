package io.github.tidu4j.processor.diagnostics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MessageTest {

  @Test
  void idsAreUniqueAndTagsAreStable() {
    Set<String> ids = new HashSet<>();
    for (Message message : Message.values()) {
      assertTrue(ids.add(message.id()), "duplicate id " + message.id());
      assertTrue(message.id().matches("[A-Z][A-Za-z]+"), message.id());
      assertEquals("[tidu4j:" + message.id() + "]", message.tag());
    }
  }

  @Test
  void messagesStartWithTheirTagAndFillTheirTemplate() {
    assertEquals(
        "[tidu4j:MissingAccumulator] primitive set Real has no accumulator, which reverse mode needs"
            + " to sum cotangents; mark its binary add primitive @Primitive(accumulator = true)",
        Message.MISSING_ACCUMULATOR.format("Real"));
  }

  @Test
  void onlyDeadRulesAnAuxiliarySetAndAHiddenJavaLangClassAreWarnings() {
    Set<Message> warnings =
        EnumSet.of(
            Message.UNUSED_TRANSPOSE,
            Message.UNUSED_JVP,
            Message.AUXILIARY_SET,
            Message.HIDES_JAVA_LANG);
    for (Message message : Message.values()) {
      assertEquals(
          warnings.contains(message) ? Severity.WARNING : Severity.ERROR,
          message.severity(),
          message.id());
    }
  }

  @Test
  void wrongArgumentsAreAProgrammingErrorNamingTheMessage() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Message.OUTPUT_COUNT.format("Neg", "x"));
    assertTrue(e.getMessage().contains("OutputCount"), e.getMessage());
  }
}
