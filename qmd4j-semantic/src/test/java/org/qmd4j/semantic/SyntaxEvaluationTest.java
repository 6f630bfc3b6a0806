package org.qmd4j.semantic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.EngineChoice;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.analysis.QuerySyntax;
import org.qmd4j.search.InvalidQueryException;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResult;
import org.qmd4j.semantic.EvaluationSet.Question;
import org.qmd4j.spi.BinaryLocator;

/**
 * The evaluation set's {@code syntax} and {@code syntax-error} questions (quoted phrases and
 * exclusions, docs/query-syntax.md) in fast mode, on the embedded engine and, when qmd 2.x is
 * on PATH, on the qmd engine: the notes each lists are found, those after {@code !} are not,
 * {@code -} means no result, and no result chunk holds an excluded piece as written.
 */
class SyntaxEvaluationTest {
  @TempDir static Path tmp;
  private static final Map<String, Searcher> ENGINES = new HashMap<>();
  private static List<Question> questions;

  @BeforeAll
  static void open() throws IOException {
    Path vault = EvaluationSet.vault(tmp.resolve("vault"));
    questions = EvaluationSet.questions();
    ENGINES.put("embedded", SearchProviders.forVault(vault, Fixtures.memoryOptions()));
    if (BinaryLocator.fromEnvironment(System.getenv()).locate().isPresent()) {
      Map<String, String> env = new HashMap<>(System.getenv());
      env.remove("QMD4J_SEARCH_FALLBACK");
      env.remove(BinaryLocator.BINARY_ENV);
      env.put("XDG_CACHE_HOME", tmp.resolve("xdg-cache").toString());
      ENGINES.put("qmd", SearchProviders.forVault(vault, SearchOptions.DEFAULT
          .withEngine(EngineChoice.QMD).withCacheDir(tmp.resolve("cache"))
          .withInMemoryIndex(true).withClock(Fixtures.CLOCK).withEnvironment(env)));
    }
  }

  @AfterAll
  static void close() {
    ENGINES.values().forEach(Searcher::close);
  }

  @Test
  void phrasesAndExclusionsFindWhatTheSetSays() {
    List<String> failures = new ArrayList<>();
    int asked = 0;
    for (Question q : questions) {
      if (!q.kind().equals("syntax")) continue;
      asked++;
      for (Map.Entry<String, Searcher> engine : ENGINES.entrySet()) {
        List<SearchResult> results = engine.getValue()
            .search(SearchRequest.of(q.text()).withLimit(1000));
        List<String> paths = results.stream().map(SearchResult::path).distinct().toList();
        String where = engine.getKey() + " [" + q.text() + "] -> " + paths + ": ";
        for (String expected : q.expected()) {
          if (expected.equals("-")) {
            if (!paths.isEmpty()) failures.add(where + "expected no result");
          } else if (expected.startsWith("!")) {
            if (paths.contains(expected.substring(1))) failures.add(where + "has " + expected);
          } else if (!paths.contains(expected)) {
            failures.add(where + "misses " + expected);
          }
        }
        for (String piece : QuerySyntax.parse(q.text()).excluded()) {
          String excluded = piece.toLowerCase(Locale.ROOT);
          for (SearchResult r : results) {
            if (r.chunk().toLowerCase(Locale.ROOT).contains(excluded)) {
              failures.add(where + r.path() + ":" + r.lines() + " holds " + piece);
            }
          }
        }
      }
    }
    assertThat(asked).isGreaterThanOrEqualTo(10);
    assertThat(failures).isEmpty();
  }

  @Test
  void queriesOfExclusionsOnlyAreRefused() {
    for (Question q : questions) {
      if (!q.kind().equals("syntax-error")) continue;
      for (Searcher searcher : ENGINES.values()) {
        assertThatThrownBy(() -> searcher.search(SearchRequest.of(q.text())))
            .as(q.text()).isInstanceOf(InvalidQueryException.class)
            .hasMessageContaining("only excludes");
      }
    }
  }
}
