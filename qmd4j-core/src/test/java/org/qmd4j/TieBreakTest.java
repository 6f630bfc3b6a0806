package org.qmd4j;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.search.Mode;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResult;

/**
 * Chunks with equal scores come in one order, by path and then line, whatever the
 * order the index was built in (document ids change at every rebuild).
 */
class TieBreakTest {
  @TempDir Path tmp;

  /** 30 tasks files of identical text, written in a shuffled order: two equal tasks each. */
  private Path vault(long seed) throws IOException {
    Path vault = Files.createDirectories(tmp.resolve("vault-" + seed));
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < 30; i++) order.add(i);
    Collections.shuffle(order, new Random(seed));
    for (int i : order) {
      Path file = vault.resolve("projects/p" + i + "/tasks.md");
      Files.createDirectories(file.getParent());
      Files.writeString(file, "# Mêmes mots\nune égalité parfaite\n\n"
          + "# Mêmes mots\nune égalité parfaite\n");
    }
    return vault;
  }

  private static List<String> ranked(Path vault, Mode mode) {
    try (Searcher searcher = SearchProviders.forVault(vault, Fixtures.memoryOptions())) {
      List<String> out = new ArrayList<>();
      for (SearchResult r : searcher.search(SearchRequest.of("égalité parfaite").withMode(mode)
          .withLimit(200))) {
        out.add(String.format("%s:%03d %s", r.path(), r.lines().from(), r.score()));
      }
      return out;
    }
  }

  @Test
  void equalScoresAreOrderedByPathThenLineWhateverTheBuildOrder() throws IOException {
    for (Mode mode : Mode.values()) {
      List<String> first = ranked(vault(1), mode);
      assertThat(first).as(mode.toString()).hasSize(60);
      assertThat(first).as(mode + ": sorted by path then line").isSorted();
      for (long seed = 2; seed <= 4; seed++) {
        assertThat(ranked(vault(seed), mode)).as(mode + ", build order " + seed)
            .isEqualTo(first);
      }
    }
  }
}
