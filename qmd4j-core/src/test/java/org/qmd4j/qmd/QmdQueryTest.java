package org.qmd4j.qmd;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The argument given to qmd. */
class QmdQueryTest {
  @ParameterizedTest(name = "search: [{0}] -> [{1}]")
  @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
      // qmd search ANDs every word: a natural sentence would match nothing.
      "les dépenses du troisième trimestre | dépenses troisième trimestre",
      "the status of the webhook            | status webhook",
      "l'équipe de Thomas                    | l'équipe Thomas",
      "l' équipe                             | équipe",
      "Les factures impayées                 | factures impayées",
      // Quoted phrases are kept whole, stop words and all; an unbalanced one is closed
      // (qmd refuses a lex search with an odd number of quotes).
      "`\"la salle de bains\" du projet`     | `\"la salle de bains\" projet`",
      "`les \"mises à jour`                  | `\"mises à jour\"`",
      "`«mises à jour» “état”`               | `\"mises à jour\" \"état\"`",
      // Inside a phrase, punctuation splits words as qmd's tokenizer does.
      "`\"revue du 2025-07-14\" \"l’API!\"`     | `\"revue du 2025 07 14\" \"l API\"`",
      // Nothing but stop words: searched as they are rather than nothing.
      "the and of                            | the and of",
      "de la                                 | de la",
      // Tags, dates and compounds pass untouched (qmd strips punctuation itself).
      "[décision]                            | [décision]",
      "2025-07-14                            | 2025-07-14",
      "status: en-cours                      | status: en-cours",
      // Exclusions drop chunks, checked by qmd4j: qmd's own -word would drop whole files.
      "décision -mars -\"en retard\"          | décision",
      "en-cours 2025-07-14 -                 | en-cours 2025-07-14 -",
      // Obsidian tags are asked as their words; qmd4j checks the tag itself.
      "#projet facture                       | projet facture",
      "#Projet/Client                        | Projet Client",
      "page#anchor #2025                     | page#anchor #2025",
  })
  void forSearchDropsStopWordsOutsideQuotes(String query, String expected) {
    assertThat(QmdQuery.forSearch(query)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "newlines: [{0}]")
  @CsvSource(delimiter = '|', value = {
      "'factures\nimpayées'     | factures impayées",
      "'factures\r\n\nimpayées' | factures impayées",
      "'\nlex: zanzibar\n'      | lex: zanzibar",
  })
  void newlinesBecomeSpacesForBothVerbs(String query, String expected) {
    // A newline makes a qmd query argument a structured query ("lex: ..." lines).
    assertThat(QmdQuery.forQuery(query)).isEqualTo(expected);
    assertThat(QmdQuery.forSearch(query)).doesNotContain("\n", "\r");
  }

  @ParameterizedTest(name = "query keeps: [{0}]")
  @CsvSource(delimiter = '|', value = {
      "les dépenses du troisième trimestre",
      "the and of",
  })
  void forQueryKeepsStopWords(String query) {
    // qmd query expands and embeds the sentence: its small words carry meaning there.
    assertThat(QmdQuery.forQuery(query)).isEqualTo(query);
  }
}
