package io.github.tidu4j.primitives.einsum;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class EinsumSpecTest {

  /** Asserts an IllegalArgumentException whose message contains every fragment. */
  static IllegalArgumentException assertRejects(
      org.junit.jupiter.api.function.Executable call, String... fragments) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
    for (String f : fragments) {
      assertTrue(
          e.getMessage().contains(f),
          () -> "message \"" + e.getMessage() + "\" does not contain \"" + f + "\"");
    }
    return e;
  }

  private static void assertParses(String spec, String normalised, boolean explicit) {
    EinsumSpec s = EinsumSpec.parse(spec);
    assertEquals(normalised, s.toString(), spec);
    assertEquals(explicit, s.hasExplicitOutput(), spec);
    assertEquals(spec, s.source());
  }

  @Test
  void parsesExplicitSpecs() {
    EinsumSpec mm = EinsumSpec.parse("ij,jk->ik");
    assertEquals(2, mm.operandCount());
    assertEquals("ij", mm.input(0));
    assertEquals("jk", mm.input(1));
    assertEquals("ik", mm.output());
    assertTrue(mm.hasExplicitOutput());
    assertFalse(mm.hasEllipsis());
    assertParses("bij,bjk->bik", "bij,bjk->bik", true);
    assertParses("ij->", "ij->", true);
    assertParses("ij->ji", "ij->ji", true);
    assertParses("i,j->ij", "i,j->ij", true);
    assertParses("ij,jk,kl->il", "ij,jk,kl->il", true);
    assertParses("Aa,aB->AB", "Aa,aB->AB", true);
  }

  @Test
  void parsesScalarOperands() {
    assertParses("->", "->", true);
    assertParses(",i->i", ",i->i", true);
    assertParses("", "->", false);
    assertEquals(2, EinsumSpec.parse(",").operandCount());
  }

  @Test
  void implicitOutputKeepsIndicesThatAppearOnceSorted() {
    assertParses("ij,jk", "ij,jk->ik", false);
    assertParses("ba", "ba->ab", false); // numpy: implicit output is sorted, so a transpose
    assertParses("ij", "ij->ij", false);
    assertParses("i,i", "i,i->", false);
    assertParses("i,j", "i,j->ij", false);
    assertParses("bij,bjk", "bij,bjk->ik", false); // b appears twice: summed, as in numpy
    assertParses("kj,ji", "kj,ji->ik", false);
    assertParses("ab,Ba", "ab,Ba->Bb", false); // ASCII order: upper case first
    assertParses("ij,jk,kl", "ij,jk,kl->il", false);
  }

  @Test
  void toleratesWhitespace() {
    assertParses(" ij , jk -> ik ", "ij,jk->ik", true);
    assertParses("i j,\tj k", "ij,jk->ik", false);
    assertParses("... ij -> ... ji", "...ij->...ji", true);
  }

  @Test
  void parsesEllipsis() {
    EinsumSpec s = EinsumSpec.parse("...ij,...jk->...ik");
    assertTrue(s.hasEllipsis());
    assertEquals("...ij", s.input(0));
    assertEquals("...ik", s.output());
    assertParses("...ij,...jk", "...ij,...jk->...ik", false); // implicit: ellipsis first
    assertParses("i...j,j...", "i...j,j...->...i", false);
    assertParses("...", "...->...", false);
    assertParses("ij->...ij", "ij->...ij", true);
  }

  @Test
  void specsWithTheSameNormalFormAreEqual() {
    assertEquals(EinsumSpec.parse("ij,jk->ik"), EinsumSpec.parse(" ij,jk "));
    assertEquals(EinsumSpec.parse("ij,jk->ik").hashCode(), EinsumSpec.parse("ij,jk").hashCode());
    assertFalse(EinsumSpec.parse("ij->ij").equals(EinsumSpec.parse("ij->ji")));
  }

  @Test
  void rejectsUnknownCharacters() {
    assertRejects(
        () -> EinsumSpec.parse("i1,jk->ik"),
        "einsum \"i1,jk->ik\"",
        "unknown character '1' at position 1",
        "a-z, A-Z");
    assertRejects(() -> EinsumSpec.parse("ij;jk"), "unknown character ';' at position 2");
    assertRejects(() -> EinsumSpec.parse("ij->é"), "unknown character 'é' at position 4");
  }

  @Test
  void rejectsMalformedArrowsAndCommas() {
    assertRejects(() -> EinsumSpec.parse("ij-ik"), "'-' at position 2 is not followed by '>'");
    assertRejects(() -> EinsumSpec.parse("ij-"), "'-' at position 2 is not followed by '>'");
    assertRejects(() -> EinsumSpec.parse("ij>ik"), "'>' at position 2 is not preceded by '-'");
    assertRejects(
        () -> EinsumSpec.parse("ij->jk->k"), "'->' appears more than once (second at position 6)");
    assertRejects(
        () -> EinsumSpec.parse("ij,jk->i,k"), "',' at position 8 is in the output; the output is");
  }

  @Test
  void rejectsMalformedEllipses() {
    assertRejects(
        () -> EinsumSpec.parse("..ij"), "'.' at position 0 is not part of an ellipsis '...'");
    assertRejects(() -> EinsumSpec.parse("....ij"), "'.' at position 3 is not part of an ellipsis");
    assertRejects(
        () -> EinsumSpec.parse("...i...,i"),
        "operand 0 (\"...i...\") has more than one ellipsis '...'");
    assertRejects(
        () -> EinsumSpec.parse("...i->......"), "the output has more than one ellipsis '...'");
  }

  @Test
  void rejectsDiagonals() {
    assertRejects(
        () -> EinsumSpec.parse("ii->i"),
        "einsum \"ii->i\"",
        "index 'i' appears more than once in operand 0 (\"ii\")",
        "diagonals are not supported");
    assertRejects(
        () -> EinsumSpec.parse("ij,jkj->ik"),
        "index 'j' appears more than once in operand 1 (\"jkj\")",
        "diagonals are not supported");
    assertRejects(() -> EinsumSpec.parse("ii"), "diagonals are not supported");
  }

  @Test
  void rejectsRepeatedOutputIndex() {
    assertRejects(
        () -> EinsumSpec.parse("ij,jk->iki"),
        "einsum \"ij,jk->iki\"",
        "output index 'i' appears more than once in the output");
  }

  @Test
  void rejectsOutputIndexMissingFromInputs() {
    assertRejects(
        () -> EinsumSpec.parse("ij,jk->iz"),
        "einsum \"ij,jk->iz\"",
        "output index 'z' does not appear in any input");
    assertRejects(() -> EinsumSpec.parse("->i"), "output index 'i' does not appear in any input");
  }

  @Test
  void rejectsNull() {
    assertThrows(NullPointerException.class, () -> EinsumSpec.parse(null));
  }
}
