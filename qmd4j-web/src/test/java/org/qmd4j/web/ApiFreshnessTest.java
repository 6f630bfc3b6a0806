package org.qmd4j.web;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.ConcurrentFreshness;
import org.qmd4j.EngineChoice;
import org.qmd4j.RandomVaultEdits;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.web.WebTesting.Reply;

/**
 * {@code serve}'s {@code /api/search} is never stale under concurrency: while other clients
 * search over HTTP without pause, every write of one client (in place or by an atomic rename,
 * a new file, a rename, a delete, a folder renamed) is seen by that client's next search. The
 * searcher is the one {@code serve} runs: embedded engine, watched vault, index on disk.
 */
@Tag("slow")
class ApiFreshnessTest {
  @TempDir Path tmp;

  @Test
  void everyEditIsSeenByTheWritersSearchWhileOthersSearchBesideIt() throws Exception {
    RandomVaultEdits edits = RandomVaultEdits.newVault(tmp.resolve("vault"),
        "ApiFreshnessTest");
    SearchOptions options = SearchOptions.DEFAULT.withEngine(EngineChoice.EMBEDDED)
        .withWatch(true).withEnvironment(Map.of()).withCacheDir(tmp.resolve("cache"));
    try (Searcher searcher = SearchProviders.forVault(edits.vault(), options);
        WebServer server = WebServer.newBuilder(searcher).port(0).build().start()) {
      ConcurrentFreshness.run(edits, 300, word -> paths(server, word),
          word -> paths(server, word)).assertNeverStale();
    }
  }

  /** The files of the answer's results that hold {@code word} itself (not a typo's guess). */
  private static List<String> paths(WebServer server, String word) {
    Reply r = WebTesting.get(server, "/api/search?query="
        + URLEncoder.encode(word, StandardCharsets.UTF_8) + "&limit=50");
    if (r.status() != 200) throw new AssertionError("HTTP " + r.status() + ": " + r.body());
    JsonNode json = r.json();
    JsonNode rows = json.isArray() ? json : json.get("results");
    List<String> out = new ArrayList<>();
    for (JsonNode row : rows) {
      if ("fuzzy".equals(row.path("matchType").asText())) continue;
      String path = row.get("path").asText();
      if (!out.contains(path)) out.add(path);
    }
    return out;
  }
}
