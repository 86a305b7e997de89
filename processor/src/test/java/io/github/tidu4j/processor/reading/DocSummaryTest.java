package io.github.tidu4j.processor.reading;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The first sentence of a declaration's Javadoc, as generated Javadoc shows it. */
class DocSummaryTest {

  @Test
  void theFirstSentenceEndsAtAPeriodBeforeWhitespace() {
    String summary = DocSummary.of(" Sums over {@code axes}, dropped. Its transpose ...\n");
    // "Sums over {@code axes}, dropped."
    assertEquals("Sums over {@code axes}, dropped.", summary);
    assertEquals("Version 2.5 of it.", DocSummary.of("Version 2.5 of it. More."));
    assertEquals(
        "The last line of a sentence over lines.",
        DocSummary.of(" The last line\n of a sentence\n over lines.\n\n @param x the x\n"));
  }

  @Test
  void aPeriodInsideAnInlineTagDoesNotEndTheSentence() {
    assertEquals(
        "Returns {@code x. y} and more.", DocSummary.of("Returns {@code x. y} and more. Then."));
    assertEquals(
        "Maps {@code {a. b}} here.", DocSummary.of("Maps {@code {a. b}} here. Then."));
  }

  @Test
  void linksBecomeCodeOrTheirLabelAndHtmlIsDropped() {
    assertEquals(
        "As {@code Max} does, the larger, {@code sum}, {@code Foo.bar(int, int)}.",
        DocSummary.of(
            "As {@link Max} does, {@linkplain Max the larger}, {@link #sum},"
                + " {@link Foo#bar(int, int)}. Next."));
    assertEquals("A bold claim.", DocSummary.of("A <b>bold</b> claim. Next."));
  }

  @Test
  void nothingOrOnlyBlockTagsOrAnUnclosedTagGiveNothing() {
    assertEquals("", DocSummary.of(null));
    assertEquals("", DocSummary.of("\n @return it\n"));
    assertEquals("", DocSummary.of("Opens {@code and never closes. Really."));
    assertEquals("No period at the end", DocSummary.of("No period at the end\n"));
  }
}
