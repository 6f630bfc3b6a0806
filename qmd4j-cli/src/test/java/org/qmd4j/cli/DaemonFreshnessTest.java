package org.qmd4j.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.ConcurrentFreshness;
import org.qmd4j.RandomVaultEdits;
import org.qmd4j.cli.daemon.Request;
import org.qmd4j.cli.daemon.SearcherCache;

/**
 * The daemon's {@code search} is never stale under concurrency: while other clients' commands
 * search without pause, every write of one client (in place or by an atomic rename, a new
 * file, a rename, a delete, a folder renamed) is seen by that client's next {@code search}.
 * Commands run as the daemon runs them (its runner, its warm watched searchers), without the
 * socket, which carries bytes and keeps no state ({@code DaemonIT} covers it).
 */
@Tag("slow")
class DaemonFreshnessTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir Path tmp;

  @Test
  void everyEditIsSeenByTheWritersSearchWhileOthersSearchBesideIt() throws Exception {
    RandomVaultEdits edits = RandomVaultEdits.newVault(tmp.resolve("vault"),
        "DaemonFreshnessTest");
    SearcherCache warm = new SearcherCache();
    DaemonRunner runner = new DaemonRunner("pid 1");
    Map<String, String> env = Map.of("QMD4J_SEARCH_FALLBACK", "1",
        "QMD4J_CACHE_DIR", tmp.resolve("cache").toString());
    ConcurrentFreshness.Search search = word -> paths(runner, warm, edits.vault(), env, word);
    try {
      ConcurrentFreshness.run(edits, 300, search, search).assertNeverStale();
    } finally {
      warm.closeAll();
    }
  }

  /** The files of {@code search --json}'s results that hold {@code word} itself. */
  private static List<String> paths(DaemonRunner runner, SearcherCache warm, Path vault,
      Map<String, String> env, String word) throws Exception {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = runner.run(new Request(List.of("search", "--vault", vault.toString(), "--json",
        "--limit", "50", word), vault, env, "UTC", false), warm, new PrintWriter(out, true),
        new PrintWriter(err, true));
    if (code != 0) {
      throw new AssertionError("exit " + code + ": " + err);
    }
    JsonNode json = JSON.readTree(out.toString());
    JsonNode rows = json.isArray() ? json : json.get("results");
    List<String> found = new ArrayList<>();
    for (JsonNode row : rows) {
      if ("fuzzy".equals(row.path("matchType").asText())) continue;
      String path = row.get("path").asText();
      if (!found.contains(path)) found.add(path);
    }
    return found;
  }
}
