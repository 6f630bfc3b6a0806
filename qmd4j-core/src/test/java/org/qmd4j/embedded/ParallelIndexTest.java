package org.qmd4j.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.TestTier;
import org.qmd4j.bench.VaultGenerator;
import org.qmd4j.spi.ChunkFilter;
import org.qmd4j.spi.Hit;
import org.qmd4j.spi.IndexProgress;
import org.qmd4j.vault.Chunker;
import org.qmd4j.vault.VaultLayout;

/**
 * A first index runs on several threads at once: it must answer exactly as one
 * built file by file, ties included (document ids differ between the two; ties are broken by
 * path and position, not by id), and an interrupted one must resume.
 */
class ParallelIndexTest {
  private static final long SEED = 1717;
  private static final Map<String, String> STAMP = Map.of("format", "test");

  @TempDir Path tmp;

  /** Stands for the process being stopped while it indexes. */
  private static final class Stopped extends Error {
    Stopped() {
      super("stopped");
    }
  }

  @Test
  void aParallelFirstIndexAnswersLikeASequentialOneTiesIncluded() throws IOException {
    Path vault = generated(800);
    List<String> queries = List.of("décision", "projet client", "réunion", "budget retard",
        "facture", "livraison équipe", "*");
    Map<String, List<Hit>> sequential = answers(vault, tmp.resolve("one"), 1, queries);
    Map<String, List<Hit>> parallel = answers(vault, tmp.resolve("four"), 4, queries);
    int ties = 0;
    for (String q : queries) {
      assertThat(parallel.get(q)).as("seed %d, query %s", SEED, q)
          .isNotEmpty()
          .containsExactlyElementsOf(sequential.get(q));
      List<Hit> hits = sequential.get(q);
      for (int i = 1; i < hits.size(); i++) {
        if (hits.get(i).score() == hits.get(i - 1).score()) ties++;
      }
    }
    assertThat(ties).as("equal scores whose order is compared (seed %d)", SEED)
        .isGreaterThan(10);
  }

  @Test
  void aParallelFirstIndexStoppedMidwayResumesWithTheRest() throws IOException {
    // 1,500 files stopped at 600 in the full tier, 800 stopped at 300 in the fast one.
    int generated = TestTier.rounds(800, 1_500);
    int stopAt = TestTier.rounds(300, 600);
    Path vault = generated(generated);
    int files = VaultGenerator.plan(generated, SEED).size();
    Path index = tmp.resolve("index");
    // Stopped from an indexing thread at a progress report once stopAt files are done, after
    // a few checkpoints of 100 files (or at the end, before the last commit, if no report
    // came between).
    IndexProgress stopMidway = (done, total, elapsed, finished) -> {
      if (finished || done >= stopAt) throw new Stopped();
    };
    IndexStore first = store(index);
    try {
      Refresher refresher = new Refresher(vault, VaultLayout.PROJECTS, Chunker.defaults(),
          first, stopMidway);
      refresher.checkpointEvery(Duration.ZERO);
      refresher.indexWith(4);
      assertThatThrownBy(refresher::refresh).isInstanceOf(Stopped.class);
    } finally {
      first.close();
    }
    IndexStore next = store(index);
    try {
      Refresher refresher = new Refresher(vault, VaultLayout.PROJECTS, Chunker.defaults(),
          next, IndexProgress.NONE);
      int committed = refresher.fileCount();
      assertThat(committed).as("files committed at the checkpoints").isPositive()
          .isLessThan(files);
      int chunksCommitted = next.chunkCount();
      RefreshStats resumed = refresher.refresh();
      assertThat(resumed.indexed()).as("files indexed again").isEqualTo(files - committed);
      assertThat(refresher.fileCount()).isEqualTo(files);
      // Whole files only: the chunks now are those of an index built at once.
      assertThat(next.chunkCount()).isGreaterThan(chunksCommitted)
          .isEqualTo(chunksOfAFreshIndex(vault));
    } finally {
      next.close();
    }
  }

  private Path generated(int files) throws IOException {
    Path vault = tmp.resolve("vault");
    VaultGenerator.generate(vault, files, SEED);
    return vault.toRealPath();
  }

  private int chunksOfAFreshIndex(Path vault) throws IOException {
    IndexStore store = store(tmp.resolve("fresh"));
    try {
      new Refresher(vault, VaultLayout.PROJECTS, Chunker.defaults(), store, IndexProgress.NONE)
          .refresh();
      return store.chunkCount();
    } finally {
      store.close();
    }
  }

  private static IndexStore store(Path index) throws IOException {
    return new IndexStore(FSDirectory.open(index), index.toString(), STAMP, Vectors.NONE);
  }

  /** Each query's first 40 hits (fast and deep mode), from an index built on threads. */
  private static Map<String, List<Hit>> answers(Path vault, Path index, int threads,
      List<String> queries) throws IOException {
    IndexStore store = store(index);
    try {
      Refresher refresher = new Refresher(vault, VaultLayout.PROJECTS, Chunker.defaults(),
          store, IndexProgress.NONE);
      refresher.indexWith(threads);
      refresher.checkpointEvery(Duration.ZERO); // commits while other threads index
      refresher.refresh();
      IndexSearcher searcher = store.acquire();
      try {
        Map<String, List<Hit>> out = new java.util.LinkedHashMap<>();
        for (String q : queries) {
          List<Hit> hits = new ArrayList<>();
          if (q.equals("*")) {
            hits.addAll(Ranker.wildcard(searcher, ChunkFilter.EVERYTHING, 40));
          } else {
            QueryPlan plan = QueryPlan.of(q);
            hits.addAll(Ranker.ranked(searcher, plan.tiered(), plan.termCount(),
                ChunkFilter.EVERYTHING, 40));
            hits.addAll(HybridRanker.deep(searcher, plan, q, Vectors.NONE,
                ChunkFilter.EVERYTHING, 40));
          }
          out.put(q, hits);
        }
        return out;
      } finally {
        store.release(searcher);
      }
    } finally {
      store.close();
    }
  }
}
