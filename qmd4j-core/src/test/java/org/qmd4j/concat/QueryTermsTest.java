package org.qmd4j.concat;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class QueryTermsTest {

  @Test
  void stopWordsElidedArticlesAndPunctuationAreNotTerms() {
    assertThat(QueryTerms.of("[décision] Abandon de l'API, et la suite ?"))
        .containsExactly("décision", "abandon", "api", "suite");
  }

  @Test
  void compoundsAndDatesStayOneTerm() {
    assertThat(QueryTerms.of("status: en-cours 2025-07-14 startup-x"))
        .containsExactly("status", "en-cours", "2025-07-14", "startup-x");
  }

  @Test
  void termsAreDistinctAfterFolding() {
    assertThat(QueryTerms.of("Échéances echeances ÉCHÉANCES")).containsExactly("échéances");
  }

  @Test
  void matchingFoldsCaseAccentsAndUnicodeForms() {
    List<String> terms = List.of("echeances", "DÉCISION", "de\u0301cision");
    assertThat(QueryTerms.foundIn(terms, "## ÉCHÉANCES À VENIR\n[décision]"))
        .containsExactlyElementsOf(terms);
  }

  @Test
  void matchingStemsAndAcceptsPrefixes() {
    assertThat(QueryTerms.foundIn(List.of("factures", "impayées", "paie", "abandonner"),
        "Relance: facture impayée, paiement en retard. Abandon du projet."))
        .containsExactly("factures", "impayées", "paie", "abandonner");
  }

  @Test
  void partsOfCompoundsMatch() {
    assertThat(QueryTerms.foundIn(List.of("startup", "cours"), "startup-x est en-cours"))
        .containsExactly("startup", "cours");
  }

  @Test
  void absentTermsAreNotFound() {
    assertThat(QueryTerms.foundIn(List.of("zorglub", "api"), "l'API externe"))
        .containsExactly("api");
  }
}
