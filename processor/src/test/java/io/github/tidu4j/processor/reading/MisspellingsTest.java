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
        Misspellings.correction("RealEmt", "com.example", "Real", true));
    assertEquals(
        Optional.of("did you mean RealEvaluator, the set's generated evaluator?"),
        Misspellings.correction("com.example.RealEvalutor", "com.example", "Real", true));
    assertTrue(Misspellings.correction("realemit", "com.example", "Real", true).isPresent());
  }

  @Test
  void theVocabularyIsImportedOrCorrected() {
    assertEquals(
        Optional.of("import io.github.tidu4j.ad.rules.Tangent"),
        Misspellings.correction("Tangent", "com.example", "Real", true));
    assertEquals(
        Optional.of("did you mean Cotangents (io.github.tidu4j.ad.rules.Cotangents)?"),
        Misspellings.correction("Cotangent", "com.example", "Real", true));
  }

  @Test
  void theOutputMarkerIsPartOfTheVocabulary() {
    assertEquals(
        Optional.of("import io.github.tidu4j.ad.rules.Output"),
        Misspellings.correction("Output", "com.example", "Real", true));
  }

  @Test
  void outsideRulesAVocabularyNameMayBeAnyonesSoItWaits() {
    assertFalse(Misspellings.correction("Output", "com.example", "Real", false).isPresent());
    assertFalse(Misspellings.correction("Args", "com.example", "Real", false).isPresent());
    assertTrue(Misspellings.correction("RealOpp", "com.example", "Real", false).isPresent());
  }

  @Test
  void otherNamesMayStillBeGeneratedSoTheyWait() {
    assertFalse(Misspellings.correction("Sizes", "com.example", "Real", true).isPresent());
    assertFalse(Misspellings.correction("RealConstants", "com.example", "Real", true).isPresent());
    assertFalse(Misspellings.correction("com.other.RealEmt", "com.example", "Real", true).isPresent());
    assertFalse(Misspellings.correction("RealEmt", "com.example", null, true).isPresent());
  }
}
