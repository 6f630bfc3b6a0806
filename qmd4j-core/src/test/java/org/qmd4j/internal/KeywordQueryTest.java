package org.qmd4j.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The one description of a keyword query both keyword engines render. */
class KeywordQueryTest {
  @Test
  void wordsPhraseCompoundsAndTagsOfAQuery() {
    KeywordQuery q = KeywordQuery.of("[décision] status: en-cours #projet/client");
    assertThat(q.words()).containsEntry("decision", "decision").containsEntry("cours", "cour")
        .as("a stop word").doesNotContainKey("en");
    assertThat(q.tags()).containsExactly("decision");
    assertThat(q.units()).contains("en-cours");
    assertThat(q.hashtags()).containsExactly("projet/client");
    assertThat(q.phrase()).isNotEmpty();
    assertThat(q.termCount()).isEqualTo(q.words().size() + 1);
    assertThat(q.prefixWords()).containsExactly("decision", "status", "cours");
  }

  @Test
  void aLongQueryExpandsFewerPrefixesAndHasNoPhrase() {
    assertThat(KeywordQuery.of("facture client").expansions()).isEqualTo(32);
    KeywordQuery longer = KeywordQuery.of("un deux trois quatre cinq six sept huit neuf dix "
        + "onze douze treize quatorze quinze seize dix-sept dix-huit");
    assertThat(longer.expansions()).isEqualTo(12);
    assertThat(longer.phrase()).isEmpty();
  }

  @Test
  void punctuationAloneIsAnEmptyQuery() {
    assertThat(KeywordQuery.of("?! ...").isEmpty()).isTrue();
  }

  @Test
  void scoresFallInTheBandOfTheWordsHeld() {
    assertThat(KeywordQuery.normalize(1f, 0)).isEqualTo(0.5);
    assertThat(KeywordQuery.normalize(KeywordQuery.TIER * 2 + 5f, 2)).isEqualTo(0.75);
    assertThat(KeywordQuery.normalize(KeywordQuery.TIER + 5f, 2)).isEqualTo(0.375);
    assertThat(KeywordQuery.held(KeywordQuery.TIER * 3 + 2f)).isEqualTo(3);
  }
}
