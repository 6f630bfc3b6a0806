package org.qmd4j.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.qmd4j.search.FileKind;
import org.qmd4j.search.LineRange;
import org.qmd4j.search.MatchType;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.Hit;
import org.qmd4j.spi.VaultFile;

/** The fusion of keyword and vector candidates in hybrid deep search. */
class HybridRankerTest {
  private static Chunk chunk(String path) {
    return new Chunk(new VaultFile(path, FileKind.NOTE, Optional.empty()), 0,
        new LineRange(1, 2), "text of " + path, List.of(), Optional.empty());
  }

  /** A keyword hit: 0.5 and above holds every query word (the fast ranking's bands). */
  private static Hit keyword(String path, boolean allWords) {
    return new Hit(chunk(path), allWords ? 0.7 : 0.3, MatchType.KEYWORD);
  }

  @Test
  void chunksHoldingEveryWordAreNeverPushedOutByVectorsWhateverTheirWeight() {
    long seed = System.nanoTime();
    Random random = new Random(seed);
    for (int round = 0; round < 200; round++) {
      int limit = 1 + random.nextInt(10);
      List<Hit> keywords = new ArrayList<>();
      int all = random.nextInt(limit + 3);
      for (int i = 0; i < all; i++) keywords.add(keyword("all" + i + ".md", true));
      int some = random.nextInt(20);
      for (int i = 0; i < some; i++) keywords.add(keyword("some" + i + ".md", false));
      List<Chunk> nearest = new ArrayList<>();
      int vectors = random.nextInt(60);
      for (int i = 0; i < vectors; i++) nearest.add(chunk("vec" + i + ".md"));
      double weight = 0.5 + random.nextDouble() * 100;
      List<Hit> fused = HybridRanker.fuse(keywords, nearest, limit, weight);
      String why = "seed " + seed + " round " + round;
      assertThat(fused).as(why).hasSizeLessThanOrEqualTo(limit)
          .allMatch(h -> h.matchType() == MatchType.HYBRID)
          .allMatch(h -> h.score() >= 0 && h.score() <= 1);
      List<String> paths = fused.stream().map(h -> h.chunk().path()).toList();
      for (int i = 0; i < Math.min(all, limit); i++) {
        assertThat(paths).as(why).contains("all" + i + ".md");
      }
      for (int i = 1; i < fused.size(); i++) {
        assertThat(fused.get(i).score()).as(why).isLessThanOrEqualTo(fused.get(i - 1).score());
      }
    }
  }

  @Test
  void aChunkInBothListsRanksAboveChunksInOne() {
    List<Hit> keywords = List.of(keyword("a.md", false), keyword("both.md", false));
    List<Chunk> nearest = List.of(chunk("v.md"), chunk("both.md"));
    List<Hit> fused = HybridRanker.fuse(keywords, nearest, 3, 1.0);
    assertThat(fused.get(0).chunk().path()).isEqualTo("both.md");
    assertThat(fused.get(0).score()).isLessThanOrEqualTo(1.0);
  }
}
