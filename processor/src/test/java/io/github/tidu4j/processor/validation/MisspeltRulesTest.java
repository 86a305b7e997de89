package io.github.tidu4j.processor.validation;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Which method names are taken for a slip of a rule's name. */
class MisspeltRulesTest {
  @Test
  void aNameOneSlipFromJvpIsNearIt() {
    for (String name : new String[] {"Jvp", "JVP", "jpv", "jv", "jvps", "jvq"}) {
      assertTrue(MisspeltRules.near(name, "jvp"), name);
    }
  }

  @Test
  void jvpItselfAndNamesTwoEditsAwayAreNot() {
    for (String name : new String[] {"jvp", "map", "eval", "apply", "jvpOf", "vjp2"}) {
      assertFalse(MisspeltRules.near(name, "jvp"), name);
    }
  }

  @Test
  void aLongerRuleNameAllowsTwoSlips() {
    for (String name : new String[] {"transposed", "Transpose", "tranpose", "trasnpose", "transpse"}) {
      assertTrue(MisspeltRules.near(name, "transpose"), name);
    }
    for (String name : new String[] {"transposeAll", "compose", "transform", "transpose"}) {
      assertFalse(MisspeltRules.near(name, "transpose"), name);
    }
  }
}
