package org.qmd4j.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.bench.VaultGenerator;
import org.qmd4j.search.MatchType;
import org.qmd4j.search.Mode;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.spi.EmbeddingModel;
import org.qmd4j.vault.Chunker;
import org.qmd4j.vault.NoteText;
import org.qmd4j.vault.VaultLayout;
import org.qmd4j.vault.VaultScanner;

/**
 * A first index with a model asks it for the vectors of many files per call (a model
 * batches a call's windows by length, so one call per file padded every batch to its file's
 * longest chunk), every chunk gets its vector once, and the pass reports progress like one
 * without a model.
 */
class VectorBatchingTest {
  @TempDir Path tmp;

  /** A model that records the size of every call; each call takes 150 ms (a real one is slow). */
  static final class CountingModel implements EmbeddingModel {
    final List<Integer> passageCalls = Collections.synchronizedList(new ArrayList<>());

    @Override
    public String id() {
      return "counting";
    }

    @Override
    public int dimension() {
      return 8;
    }

    @Override
    public List<float[]> embedQueries(List<String> queries) {
      return vectors(queries);
    }

    @Override
    public List<float[]> embedPassages(List<String> passages) {
      passageCalls.add(passages.size());
      try {
        Thread.sleep(150);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return vectors(passages);
    }

    private static List<float[]> vectors(List<String> texts) {
      List<float[]> out = new ArrayList<>();
      for (String t : texts) {
        float[] v = new float[8];
        for (int i = 0; i < t.length(); i++) v[(t.charAt(i) * 31 + i) & 7] += 1;
        out.add(v);
      }
      return out;
    }
  }

  private static int chunks(Path vault) throws IOException {
    VaultLayout layout = VaultLayout.of(vault, Optional.empty());
    int n = 0;
    for (String path : VaultScanner.stamps(vault, layout).keySet()) {
      n += Chunker.defaults().parse(layout.classify(path).orElseThrow(),
          NoteText.read(vault.resolve(path))).chunks().size();
    }
    return n;
  }

  @Test
  void aFirstIndexEmbedsManyFilesPerCallAndReportsProgress() throws IOException {
    Path vault = tmp.resolve("vault");
    VaultGenerator.generate(vault, 300, 42);
    CountingModel model = new CountingModel();
    List<int[]> reports = Collections.synchronizedList(new ArrayList<>());
    try (Searcher searcher = SearchProviders.forVault(vault, Fixtures.memoryOptions()
        .withEmbeddingModel(model)
        .withProgress((done, total, elapsed, finished) ->
            reports.add(new int[] {done, total, finished ? 1 : 0})))) {
      assertThat(searcher.search(SearchRequest.of("décision").withMode(Mode.DEEP)))
          .isNotEmpty().allMatch(r -> r.matchType() == MatchType.HYBRID);
      int embedded = model.passageCalls.stream().mapToInt(Integer::intValue).sum();
      assertThat(embedded).as("every chunk embedded once").isEqualTo(chunks(vault));
      // Groups of 256 chunks, and the rest split over the cores at the end of the pass.
      int cores = Runtime.getRuntime().availableProcessors();
      assertThat(model.passageCalls.size())
          .as("calls %s", model.passageCalls)
          .isLessThanOrEqualTo(embedded / PendingVectors.CHUNKS_PER_CALL + cores + 1);
      assertThat(model.passageCalls.stream().filter(n -> n >= PendingVectors.CHUNKS_PER_CALL))
          .hasSizeGreaterThanOrEqualTo(embedded / PendingVectors.CHUNKS_PER_CALL - cores);
    }
    assertThat(reports).isNotEmpty();
    int[] last = reports.get(reports.size() - 1);
    assertThat(last).containsExactly(300, 300, 1);
    assertThat(reports).as("a report while the pass ran")
        .anyMatch(r -> r[2] == 0 && r[0] > 0 && r[0] < 300);
  }
}
