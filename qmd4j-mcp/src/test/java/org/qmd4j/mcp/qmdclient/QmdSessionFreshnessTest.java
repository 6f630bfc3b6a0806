package org.qmd4j.mcp.qmdclient;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.qmd4j.ConcurrentFreshness;
import org.qmd4j.RandomVaultEdits;
import org.qmd4j.Searcher;
import org.qmd4j.SearchProviders;
import org.qmd4j.search.MatchType;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResult;
import org.qmd4j.spi.BinaryLocator;

/**
 * The qmd engine of a long-lived searcher, through its resident {@code qmd mcp} session (as
 * {@code qmd4j mcp} and {@code serve} run it), is never stale under concurrency: while other
 * threads search without pause, every write of one client (in place or by an atomic rename,
 * a new file, a rename, a delete, a folder renamed) is seen by that client's next search;
 * with the vault watched, and walked beside each call to the session. Against the real qmd
 * 2.x on PATH; skipped, saying why, when there is none.
 */
@Tag("qmd")
@Tag("slow")
class QmdSessionFreshnessTest {
  private static final Optional<Path> QMD =
      BinaryLocator.fromEnvironment(System.getenv()).locate();

  @TempDir Path tmp;

  @ParameterizedTest(name = "watch {0}")
  @ValueSource(booleans = {true, false})
  void everyEditIsSeenByTheWritersSearchWhileOthersSearchBesideIt(boolean watch)
      throws Exception {
    Assumptions.assumeTrue(QMD.isPresent(), "no qmd on PATH");
    RandomVaultEdits edits = RandomVaultEdits.newVault(tmp.resolve("vault"),
        "QmdSessionFreshnessTest watch " + watch);
    try (Searcher searcher = SearchProviders.forVault(edits.vault(),
        QmdSessionIntegrationTest.options(tmp).withWatch(watch))) {
      // qmd costs about a quarter of a second per update: fewer writes than the embedded test.
      ConcurrentFreshness.run(edits, 30, word -> paths(searcher, word),
          word -> paths(searcher, word)).assertNeverStale();
    }
  }

  /** The files of the results that hold {@code word} itself (not a typo-tolerant guess). */
  private static List<String> paths(Searcher searcher, String word) {
    List<SearchResult> results = searcher.search(SearchRequest.of(word).withLimit(50));
    for (SearchResult r : results) {
      if (r.degraded().isPresent()) throw new AssertionError("degraded: " + r.degraded().get());
    }
    return results.stream().filter(r -> r.matchType() != MatchType.FUZZY)
        .map(SearchResult::path).distinct().toList();
  }
}
