package org.qmd4j.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MultiTermQuery;
import org.apache.lucene.search.PrefixQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.Fixtures;
import org.qmd4j.vault.Chunker;

/**
 * A query word's prefix finds the same words as Lucene's prefix query, with the same scores:
 * the same rewrite, whatever the number of expansions.
 */
class WordPrefixQueryTest {
  @TempDir static Path tmp;
  private static EmbeddedEngine engine;

  @BeforeAll
  static void open() {
    Path vault = Fixtures.copyVault(tmp.resolve("vault"));
    engine = EmbeddedEngine.open(vault, tmp.resolve("index"), Chunker.defaults());
    engine.refresh();
  }

  @AfterAll
  static void close() {
    engine.close();
  }

  @ParameterizedTest
  @ValueSource(strings = {"cli", "budg", "déc", "proj", "tâch", "a", "zzzz", "reunio"})
  void findsWhatLucenesPrefixQueryFinds(String prefix) throws IOException {
    for (int expansions : List.of(1, 3, 50)) {
      Term term = new Term(Fields.EXACT, prefix);
      Query ours = new WordPrefixQuery(term,
          new MultiTermQuery.TopTermsBlendedFreqScoringRewrite(expansions));
      Query lucene = new PrefixQuery(term,
          new MultiTermQuery.TopTermsBlendedFreqScoringRewrite(expansions));
      IndexSearcher searcher = engine.store().acquire();
      try {
        assertThat(searcher.rewrite(ours)).isEqualTo(searcher.rewrite(lucene));
        TopDocs a = searcher.search(ours, 1000);
        TopDocs b = searcher.search(lucene, 1000);
        assertThat(a.totalHits).isEqualTo(b.totalHits);
        assertThat(keys(a)).isEqualTo(keys(b));
      } finally {
        engine.store().release(searcher);
      }
    }
  }

  private static List<String> keys(TopDocs top) {
    return Arrays.stream(top.scoreDocs).map(WordPrefixQueryTest::key).toList();
  }

  private static String key(ScoreDoc d) {
    return d.doc + "@" + d.score;
  }
}
