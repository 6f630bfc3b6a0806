package org.qmd4j.qmd;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.qmd4j.spi.QmdSession;
import org.qmd4j.spi.QmdSession.Search;

class QmdSearchesTest {
  private static List<String> show(List<Search> searches) {
    return searches.stream().map(s -> s.type().wireName() + ":" + s.text())
        .collect(Collectors.toList());
  }

  @Test
  void wholeQueryFirstThenOneLexSearchPerSignificantTerm() {
    assertThat(show(QmdSearches.fast("la décision d'architecture du paiement")))
        .containsExactly("lex:décision d'architecture paiement", "lex:décision",
            "lex:d'architecture", "lex:paiement");
  }

  @Test
  void oneWordIsOneSearch() {
    assertThat(show(QmdSearches.fast("webhook"))).containsExactly("lex:webhook");
  }

  @Test
  void phrasesStayWholeAndExclusionsAreLeftToQmd4j() {
    // qmd's -word drops a whole document; qmd4j excludes chunks, so it checks them itself.
    assertThat(show(QmdSearches.fast("\"relation client\" facture -brouillon")))
        .containsExactly("lex:\"relation client\" facture", "lex:\"relation client\"",
            "lex:facture");
  }

  @Test
  void vectorSearchGetsNoLexSyntax() {
    // qmd refuses -negation in a vec search.
    assertThat(show(QmdSearches.deep("\"relation client\" facture -brouillon")))
        .contains("vec:relation client facture")
        .noneMatch(s -> s.contains("-brouillon"));
  }

  @Test
  void atMostTenSearches() {
    assertThat(QmdSearches.fast("a1 b2 c3 d4 e5 f6 g7 h8 i9 j10 k11 l12")).hasSize(10);
  }

  @Test
  void deepAddsTheQuestionAsWrittenAsAVectorSearchSecond() {
    assertThat(show(QmdSearches.deep("pourquoi le webhook envoie des doublons ?")))
        .startsWith("lex:pourquoi webhook envoie doublons ?",
            "vec:pourquoi le webhook envoie des doublons ?")
        .contains("lex:webhook", "lex:doublons")
        .noneMatch(s -> s.startsWith("hyde:"));
  }

  @Test
  void onlyStopWordsSearchesTheQueryAsGiven() {
    assertThat(show(QmdSearches.fast("le la les"))).containsExactly("lex:le la les");
  }

  @Test
  void aChunkWithEveryWordOutranksOneWithSomeWhateverTheDocumentScores() {
    assertThat(QmdChunks.score(0.0, 1.0, 100)).isGreaterThan(QmdChunks.score(1.0, 0.99, 100));
    assertThat(QmdChunks.score(1.0, 1.0, 2)).isEqualTo(1.0);
    assertThat(QmdChunks.score(0.2, 0.5, 2)).isLessThan(QmdChunks.score(0.9, 0.5, 2));
    assertThat(QmdChunks.score(0.0, 0.0, 1)).isBetween(0.0, 1.0);
  }

  @Test
  void aChunkHoldingSomeWordsScoresInItsBandAsOnTheEmbeddedEngine() {
    for (double doc : new double[] {0, 0.5, 0.8, 1}) {
      assertThat(QmdChunks.score(doc, 1 / 3.0, 3)).isGreaterThanOrEqualTo(1 / 6.0)
          .isLessThan(2 / 6.0);
      assertThat(QmdChunks.score(doc, 1.0, 3)).isBetween(0.5, 1.0);
    }
    assertThat(QmdChunks.score(0.8, 1.0, 1)).as("qmd's BM25 magnitude 4: mid-band")
        .isCloseTo(0.75, org.assertj.core.data.Offset.offset(1e-9));
  }

  @Test
  void theIdentifiersHoldingAPartAreSearchedByNameWhileThereIsRoom() {
    assertThat(show(QmdSearches.withIdentifiers(QmdSearches.fast("builder"),
        List.of("httpclientbuilder", "requestbuilder"))))
        .containsExactly("lex:builder", "lex:httpclientbuilder", "lex:requestbuilder");
    List<String> many = IntStream.range(0, 20).mapToObj(i -> "id" + i)
        .collect(Collectors.toList());
    assertThat(QmdSearches.withIdentifiers(QmdSearches.fast("builder"), many))
        .hasSize(QmdSession.Query.MAX_SEARCHES);
  }
}
