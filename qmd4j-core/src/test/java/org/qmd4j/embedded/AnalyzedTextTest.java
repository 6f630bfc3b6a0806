package org.qmd4j.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;
import org.junit.jupiter.api.Test;
import org.qmd4j.analysis.Analysis;

/**
 * The one-pass analysis of a chunk's text indexes exactly the tokens, at the same positions,
 * that the two analyzers of the body and exact fields would: queries, phrases and prefixes
 * keep matching what they matched.
 */
class AnalyzedTextTest {
  private static final String[] PIECES = {"l'échéance", "L’Équipe", "qu'il", "Décisions",
      "bloqué", "status:", "en-cours", "2025-07-14", "v2.3.1", "[décision]", "#projet/client",
      "ŒUVRE", "ﬁchier", "naïveté", "Straße", "😀", "日本語", "a", "-", "...", "\n", "\t",
      "x".repeat(300), "prio: haute", "D'ACCORD", "aujourd'hui", "12h30", "email@example.org"};

  @Test
  void replayedTokensAreTheTwoAnalyzersTokens() throws IOException {
    long seed = Long.getLong("qmd4j.seed", System.nanoTime());
    Random random = new Random(seed);
    for (int i = 0; i < 300; i++) {
      StringBuilder text = new StringBuilder();
      int words = random.nextInt(40);
      for (int w = 0; w < words; w++) {
        text.append(PIECES[random.nextInt(PIECES.length)]).append(random.nextInt(5) == 0 ? "" : " ");
      }
      String t = Analysis.normalize(text.toString());
      AnalyzedText analyzed = AnalyzedText.of(t);
      assertThat(read(analyzed.exact())).as("seed %d, text %s", seed, t)
          .isEqualTo(read(Analysis.EXACT, t));
      assertThat(read(analyzed.stemmed())).as("seed %d, text %s", seed, t)
          .isEqualTo(read(Analysis.STEMMED, t));
    }
  }

  private static List<String> read(Analyzer analyzer, String text) throws IOException {
    return read(analyzer.tokenStream("f", text));
  }

  private static List<String> read(TokenStream ts) throws IOException {
    List<String> out = new ArrayList<>();
    try (ts) {
      CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
      PositionIncrementAttribute inc = ts.addAttribute(PositionIncrementAttribute.class);
      ts.reset();
      while (ts.incrementToken()) out.add(term + "+" + inc.getPositionIncrement());
      ts.end();
    }
    return out;
  }
}
