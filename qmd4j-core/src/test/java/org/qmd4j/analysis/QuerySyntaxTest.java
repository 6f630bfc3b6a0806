package org.qmd4j.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.qmd4j.search.FileKind;
import org.qmd4j.search.LineRange;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.VaultFile;

/** How a query's phrases and exclusions are read (docs/query-syntax.md). */
class QuerySyntaxTest {
  @Test
  void quotedPhrasesAreReadWithTheirWordsInThePositiveText() {
    QuerySyntax s = QuerySyntax.parse("\"geler les recrutements\" budget");
    assertThat(s.phrases()).containsExactly("geler les recrutements");
    assertThat(s.pieces()).containsExactly("\"geler les recrutements\"", "budget");
    assertThat(s.positive()).contains("geler les recrutements").contains("budget");
    assertThat(s.loose().strip()).isEqualTo("budget");
    assertThat(s.excluded()).isEmpty();
  }

  @Test
  void aDashStartingAPieceExcludesAWordAPhraseATagOrAHashtag() {
    QuerySyntax s = QuerySyntax.parse("budget -brouillon -\"en retard\" -[blocage] -#archive");
    assertThat(s.excluded()).containsExactly("brouillon", "en retard", "[blocage]", "#archive");
    assertThat(s.pieces()).containsExactly("budget");
    assertThat(s.onlyExclusions()).isFalse();
  }

  @ParameterizedTest
  @ValueSource(strings = {"status: en-cours", "2025-07-14", "startup-x v2.3.1",
      "note - suite", "a -> b", "fin --", "x –y", "-", "--verbose"})
  void hyphensInsideWordsDatesAndLonePunctuationAreNotExclusions(String query) {
    QuerySyntax s = QuerySyntax.parse(query);
    assertThat(s.excluded()).as(query).isEmpty();
    assertThat(s.positive()).isEqualTo(query);
  }

  @Test
  void anExcludedCompoundOrDateIsExcludedWhole() {
    assertThat(QuerySyntax.parse("tâche -en-cours -2025-07-14").excluded())
        .containsExactly("en-cours", "2025-07-14");
  }

  @Test
  void anUnclosedQuoteRunsToTheEndOfTheQuery() {
    QuerySyntax s = QuerySyntax.parse("budget \"geler les recrutements");
    assertThat(s.phrases()).containsExactly("geler les recrutements");
    assertThat(s.pieces()).containsExactly("budget", "\"geler les recrutements\"");
  }

  @Test
  void frenchAndCurlyQuotesAreQuotesToo() {
    assertThat(QuerySyntax.parse("«mises à jour» “état du projet”").phrases())
        .containsExactly("mises à jour", "état du projet");
    assertThat(QuerySyntax.parse("x -« hors sujet »").excluded()).containsExactly("hors sujet");
  }

  @Test
  void emptyQuotesSearchNothing() {
    QuerySyntax s = QuerySyntax.parse("budget \"\" -\"\"");
    assertThat(s.phrases()).isEmpty();
    assertThat(s.excluded()).isEmpty();
    assertThat(s.hasConditions()).isFalse();
  }

  @Test
  void onlyExclusionsIsToldApartFromAWildcard() {
    assertThat(QuerySyntax.parse("-brouillon").onlyExclusions()).isTrue();
    assertThat(QuerySyntax.parse("-brouillon -\"en retard\" ,").onlyExclusions()).isTrue();
    assertThat(QuerySyntax.parse("* -brouillon").onlyExclusions()).isFalse();
    assertThat(QuerySyntax.parse("* -brouillon").isWildcard()).isTrue();
    assertThat(QuerySyntax.parse("budget").onlyExclusions()).isFalse();
  }

  private static Chunk chunk(String text, String... headings) {
    VaultFile file = new VaultFile("notes/a.md", FileKind.NOTE, Optional.empty());
    return new Chunk(file, 0, new LineRange(1, 1 + (int) text.lines().count()), text,
        List.of(headings), Optional.empty());
  }

  @Test
  void aPhraseHoldsWhereItsStemsStandInOrderNextToEachOther() {
    var phrase = QuerySyntax.parse("\"facture impayée\"").condition().orElseThrow();
    assertThat(phrase.test(chunk("Deux Factures impayées ce mois."))).isTrue();
    assertThat(phrase.test(chunk("Impayée, la facture ?"))).isFalse();
    assertThat(phrase.test(chunk("La facture reste impayée."))).isFalse();
    assertThat(phrase.test(chunk("Rien ici.", "Facture impayée"))).as("a heading").isTrue();
  }

  @Test
  void anExclusionRefusesTheChunkHoldingTheWordButNotAWordItBegins() {
    var condition = QuerySyntax.parse("budget -api").condition().orElseThrow();
    assertThat(condition.test(chunk("Budget de l'API"))).isFalse();
    assertThat(condition.test(chunk("Budget apiculture"))).isTrue();
    var compound = QuerySyntax.parse("status -en-cours").condition().orElseThrow();
    assertThat(compound.test(chunk("status: en-cours"))).isFalse();
    assertThat(compound.test(chunk("status: à-faire, en cas de cours"))).isTrue();
    var tag = QuerySyntax.parse("entrée -[blocage]").condition().orElseThrow();
    assertThat(tag.test(chunk("## [blocage] Webhook"))).isFalse();
    assertThat(tag.test(chunk("## [décision] Pas de blocage"))).isTrue();
    var hashtag = QuerySyntax.parse("note -#archive").condition().orElseThrow();
    assertThat(hashtag.test(chunk("Vieille note #archive/2024"))).isFalse();
    assertThat(hashtag.test(chunk("Une archive"))).isTrue();
  }

  @Test
  void theMatcherHighlightsThePhraseWholeAndNotItsWordsAlone() {
    TermMatcher m = TermMatcher.of("\"geler les recrutements\" budget");
    String line = "Budget : geler les recrutements, mais geler le reste.";
    assertThat(m.find(line)).extracting(r -> line.substring(r.start(), r.end()))
        .containsExactly("Budget", "geler les recrutements");
    assertThat(m.words()).contains("geler", "recrutements", "budget");
    assertThat(TermMatcher.of("budget -geler").words()).containsExactly("budget");
  }
}
