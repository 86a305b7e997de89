package io.github.tidu4j.processor.reading;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class MisspellingsTest {

  @Test
  void aMisspeltGeneratedTypeIsCorrected() {
    assertEquals(
        Optional.of("did you mean RealEmit, the set's generated emitter?"),
        Misspellings.correction("RealEmt", "com.example", "Real"));
    assertEquals(
        Optional.of("did you mean RealEvaluator, the set's generated evaluator?"),
        Misspellings.correction("com.example.RealEvalutor", "com.example", "Real"));
    assertTrue(Misspellings.correction("realemit", "com.example", "Real").isPresent());
  }

  @Test
  void theVocabularyIsImportedOrCorrected() {
    assertEquals(
        Optional.of("import io.github.tidu4j.ad.rules.Tangent"),
        Misspellings.correction("Tangent", "com.example", "Real"));
    assertEquals(
        Optional.of("did you mean Cotangents (io.github.tidu4j.ad.rules.Cotangents)?"),
        Misspellings.correction("Cotangent", "com.example", "Real"));
  }

  @Test
  void theOutputMarkerIsPartOfTheVocabulary() {
    assertEquals(
        Optional.of("import io.github.tidu4j.ad.rules.Output"),
        Misspellings.correction("Output", "com.example", "Real"));
  }

  @Test
  void otherNamesMayStillBeGeneratedSoTheyWait() {
    assertFalse(Misspellings.correction("Sizes", "com.example", "Real").isPresent());
    assertFalse(Misspellings.correction("RealConstants", "com.example", "Real").isPresent());
    assertFalse(Misspellings.correction("com.other.RealEmt", "com.example", "Real").isPresent());
    assertFalse(Misspellings.correction("RealEmt", "com.example", null).isPresent());
  }

  @Test
  void nearMeansOneEditForShortNamesAndTwoForLongOnes() {
    assertTrue(Misspellings.isNear("RaelOp", "RealOp"));
    assertFalse(Misspellings.isNear("ReXYOp", "RealOp"));
    assertTrue(Misspellings.isNear("RealEvaluatr", "RealEvaluator"));
    assertTrue(Misspellings.isNear("RaelEvalutor", "RealEvaluator"));
    assertFalse(Misspellings.isNear("RealEmit", "RealEmit"));
  }
}
