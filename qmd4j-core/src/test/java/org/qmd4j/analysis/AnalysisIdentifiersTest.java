package org.qmd4j.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.qmd4j.search.FileKind;
import org.qmd4j.search.LineRange;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.VaultFile;

/**
 * Identifiers in a text are words whole and by their parts; a query's words stay whole; a
 * query word whose stem no longer resembles it is searched as itself.
 */
class AnalysisIdentifiersTest {
  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "readAllLines|readalllines read all lines",
      "HttpClientBuilder|httpclientbuilder http client builder",
      "XMLHttpRequest|xmlhttprequest xml http request",
      "HTTP2Client|http2client http2 client",
      "utf8Decoder|utf8decoder utf8 decoder",
      "read_all_lines|read_all_lines read all lines",
      "Files.readAllLines|files.readalllines files readalllines read all lines",
      "l'HttpClient|httpclient http client"})
  void aTextGivesAnIdentifierWholeThenItsParts(String text, String tokens) {
    assertThat(Analysis.tokens(Analysis.EXACT, text)).containsExactly(tokens.split(" "));
    assertThat(Analysis.tokens(Analysis.WORDS, text)).containsExactly(tokens.split(" ")[0]);
  }

  @ParameterizedTest
  @ValueSource(strings = {"Marie", "API", "aujourd'hui", "3.14", "2025", "facture", "TODO"})
  void aWordThatIsNoIdentifierGainsNothing(String word) {
    assertThat(Analysis.tokens(Analysis.EXACT, word))
        .isEqualTo(Analysis.tokens(Analysis.WORDS, word)).hasSize(1);
  }

  @Test
  void hyphensAndDatesStillSplitIntoWordsAndStayWholeAsCompounds() {
    assertThat(Analysis.tokens(Analysis.EXACT, "en-cours 2025-07-14"))
        .containsExactly("en", "cours", "2025", "07", "14");
    assertThat(Analysis.compounds("en-cours 2025-07-14")).containsExactly("en-cours",
        "2025-07-14");
  }

  @ParameterizedTest
  @CsvSource({"aaaaaaaaaa,aaaaaaaaaa", "xxxxxxxx,xxxxxxxx", "zzz,zzz", "factures,factur",
      "relances,relanc", "x,x"})
  void aWordWhoseStemNoLongerResemblesItIsSearchedAsItself(String word, String searched) {
    assertThat(Analysis.searchedStem(word)).isEqualTo(searched);
  }

  @Test
  void theVocabularyNamesTheIdentifiersHoldingAPartAsQmdReadsThem() {
    Chunk chunk = new Chunk(new VaultFile("a.md", FileKind.NOTE, Optional.empty()), 0,
        new LineRange(1, 1), "Voir `Files.readAllLines(p)` et HttpClientBuilder, read_all_lines.",
        List.of(), Optional.empty());
    ChunkVocabulary vocabulary = ChunkVocabulary.of(List.of(chunk));
    assertThat(vocabulary.identifiersWithPart("builder", 6)).containsExactly(
        "httpclientbuilder");
    assertThat(vocabulary.identifiersWithPart("lines", 6)).containsExactly("readalllines");
    assertThat(vocabulary.identifiersWithPart("build", 6)).containsExactly("httpclientbuilder");
    assertThat(vocabulary.identifiersWithPart("read", 6)).containsExactly("readalllines");
    assertThat(vocabulary.identifiersWithPart("facture", 6)).isEmpty();
  }
}
