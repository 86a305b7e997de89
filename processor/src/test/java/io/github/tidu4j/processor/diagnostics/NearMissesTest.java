package io.github.tidu4j.processor.diagnostics;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Which names are taken for a slip of another: of a generated type's, or of a rule's. */
class NearMissesTest {
  @Test
  void aNameOneSlipFromJvpIsNearIt() {
    for (String name : new String[] {"Jvp", "JVP", "jpv", "jv", "jvps", "jvq"}) {
      assertTrue(NearMisses.isNear(name, "jvp"), name);
    }
  }

  @Test
  void jvpItselfAndNamesTwoEditsAwayAreNot() {
    for (String name : new String[] {"jvp", "map", "eval", "apply", "jvpOf", "vjp2"}) {
      assertFalse(NearMisses.isNear(name, "jvp"), name);
    }
  }

  @Test
  void aLongerRuleNameAllowsTwoSlips() {
    for (String name : new String[] {"transposed", "Transpose", "tranpose", "trasnpose", "transpse"}) {
      assertTrue(NearMisses.isNear(name, "transpose"), name);
    }
    for (String name : new String[] {"transposeAll", "compose", "transform", "transpose"}) {
      assertFalse(NearMisses.isNear(name, "transpose"), name);
    }
  }

  @Test
  void nearMeansOneEditForShortNamesAndTwoForLongOnes() {
    assertTrue(NearMisses.isNear("RaelOp", "RealOp"));
    assertFalse(NearMisses.isNear("ReXYOp", "RealOp"));
    assertTrue(NearMisses.isNear("RealEvaluatr", "RealEvaluator"));
    assertTrue(NearMisses.isNear("RaelEvalutor", "RealEvaluator"));
    assertFalse(NearMisses.isNear("RealEmit", "RealEmit"));
  }
}
