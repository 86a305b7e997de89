package io.github.tidu4j.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.github.tidu4j.graph.Checks;
import org.junit.jupiter.api.Test;

/**
 * This module configures Surefire's system properties itself; the identity core's checks mode
 * (docs/identity-core.md), set for every module in the parent pom, still reaches its tests.
 */
class ChecksModeTest {
  @Test
  void theParentsChecksFlagReachesThisModulesTests() {
    String flag = System.getProperty("tidu4j.checks");
    assertNotNull(flag, "the parent pom's tidu4j.checks system property was not passed");
    assertEquals(Boolean.parseBoolean(flag), Checks.ENABLED);
  }
}
