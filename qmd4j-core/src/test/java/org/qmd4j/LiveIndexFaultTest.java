package org.qmd4j;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResult;

/**
 * Every file of the on-disk index damaged (truncated, emptied, overwritten,
 * deleted) under a running, watching searcher, as {@code mcp} and {@code serve} hold one,
 * then a note edited: the next searches answer as a clean build of the vault does, and keep
 * answering. In the full tier (CI) each fault hits the lock, the commit point and two other
 * files at random, in the fast tier one of the first two and one other file ({@link TestTier});
 * with {@code -Dqmd4j.budget=60s} or more, every file. The packaged-jar version against
 * {@code mcp} and {@code serve} processes is {@code qmd4j-cli}'s {@code LiveDamageIT}.
 */
class LiveIndexFaultTest {

  @Test
  void everyIndexFileDamagedUnderARunningSearcherIsHealedInPlace(@TempDir Path tmp)
      throws IOException {
    long seed = HostileInput.seed();
    System.out.println("LiveIndexFaultTest seed=" + seed);
    Random random = new Random(seed);
    Path vault = Fixtures.copyVault(tmp.resolve("vault"));
    Path cache = tmp.resolve("cache");
    Path note = vault.resolve("projects/startup-x/state.md");
    boolean all = HostileInput.budgetMillis(0) >= 60_000;
    int injected = 0;
    SearchOptions live = Fixtures.memoryOptions().withInMemoryIndex(false).withCacheDir(cache)
        .withWatch(true);
    try (Searcher searcher = SearchProviders.forVault(vault, live)) {
      assertThat(IndexFaultTest.everyChunk(searcher)).isNotEmpty();
      for (String fault : new String[] {"truncate", "empty", "overwrite", "delete"}) {
        List<Path> files = IndexFaultTest.indexFiles(cache);
        if (!all) files = IndexFaultTest.sample(files, random);
        for (Path file : files) {
          String where = fault + " " + cache.relativize(file) + " seed=" + seed;
          IndexFaultTest.damage(file, fault, random);
          injected++;
          String word = "guérison" + injected;
          Files.writeString(note, "\n" + word + "\n", StandardOpenOption.APPEND);
          assertThat(searcher.search(SearchRequest.of(word))).as(where)
              .extracting(SearchResult::path).containsExactly("projects/startup-x/state.md");
          List<String> expected;
          List<String> expectedHits;
          try (Searcher clean = SearchProviders.forVault(vault, Fixtures.memoryOptions())) {
            expected = IndexFaultTest.everyChunk(clean);
            expectedHits = IndexFaultTest.keywordHits(clean);
          }
          assertThat(IndexFaultTest.everyChunk(searcher)).as(where).isEqualTo(expected);
          // The same chunks; scores may differ: a long-lived index keeps deleted documents
          // in its statistics until segments merge.
          assertThat(chunksOf(IndexFaultTest.keywordHits(searcher))).as(where)
              .isEqualTo(chunksOf(expectedHits));
        }
      }
    }
    System.out.printf("LiveIndexFaultTest: %d faults under a running searcher, 0 failures%n",
        injected);
    assertThat(injected).isGreaterThanOrEqualTo(4 * TestTier.rounds(2, 4));
  }

  /** "score path:lines" lines as their sorted "path:lines". */
  static List<String> chunksOf(List<String> hits) {
    List<String> out = new ArrayList<>();
    for (String h : hits) out.add(h.substring(h.indexOf(' ') + 1));
    Collections.sort(out);
    return out;
  }
}
