package org.qmd4j.solr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The boosts that make Solr's BM25 of a prefix's words the embedded engine's blended one. */
class PrefixTermsTest {
  @Test
  void eachWordScoresWithTheDocumentFrequencyOfTheMostFrequentOne() {
    Map<String, Long> df = new LinkedHashMap<>();
    df.put("decision", 800L);
    df.put("decisionnel", 3L);
    df.put("decisions", 40L);
    long docs = 6000;
    List<PrefixTerms.Term> terms = PrefixTerms.blend(df, docs);
    assertThat(terms).extracting(PrefixTerms.Term::word)
        .containsExactly("decision", "decisionnel", "decisions");
    double blended = PrefixTerms.idf(800, docs);
    for (PrefixTerms.Term t : terms) {
      // Solr scores the term with its own idf; times the boost, the blended idf.
      assertThat(PrefixTerms.idf(df.get(t.word()), docs) * t.boost()).as(t.word())
          .isCloseTo(blended, within(1e-9));
    }
    assertThat(terms.get(0).boost()).isEqualTo(1.0);
  }

  @Test
  void aPrefixOfNoWordStandsForNothing() {
    assertThat(PrefixTerms.blend(Map.of(), 10)).isEmpty();
    assertThat(PrefixTerms.NONE.of("decis")).isEmpty();
  }

  @Test
  void boostsKeepAFloatsPrecisionInQuerySyntax() {
    assertThat(PrefixTerms.boost(0.5)).isEqualTo("0.5000000");
    assertThat(PrefixTerms.boost(0.123456789)).isEqualTo("0.1234568");
  }
}
