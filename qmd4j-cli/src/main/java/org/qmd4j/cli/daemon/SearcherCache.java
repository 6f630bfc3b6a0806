package org.qmd4j.cli.daemon;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.spi.IndexProgress;

/**
 * The daemon's warm searchers, one per way of opening a vault (engine and its settings, layout,
 * in-memory or not, chunk sizes, time zone and the environment variables that choose an engine
 * or a cache), opened on first use, watching the vault, kept until the daemon stops. Leases
 * never close them.
 */
public final class SearcherCache implements SearcherSource {
  private static final Set<String> CLI_ONLY = Set.of("QMD4J_VAULT",
      "QMD4J_LOG", DaemonClient.OFF_ENV, DaemonClient.AUTO_ENV);
  private final Map<List<Object>, Warm> warm = new ConcurrentHashMap<>();

  private record Warm(Searcher searcher, ProgressRelay progress) {}

  @Override
  public Lease open(Path vault, SearchOptions options) {
    Path real;
    try {
      real = vault.toRealPath();
    } catch (IOException | RuntimeException e) {
      return DIRECT.open(vault, options); // not there: the library says so, as in-process
    }
    List<Object> key = key(real, options);
    Warm w = warm.get(key);
    if (w == null) {
      synchronized (this) {
        w = warm.get(key);
        if (w == null) {
          ProgressRelay relay = new ProgressRelay();
          // Long-lived: the vault is watched, so a search re-reads only what changed.
          Searcher searcher = SearchProviders.forVault(vault,
              options.withWatch(true).withProgress(relay));
          searcher.async().warmUp(); // its first searches are not the slow ones
          w = new Warm(searcher, relay);
          warm.put(key, w);
        }
      }
    }
    return lend(w, options.progress());
  }

  private static Lease lend(Warm lent, IndexProgress listener) {
    lent.progress().attach(listener);
    return new Lease() {
      @Override
      public Searcher searcher() {
        return lent.searcher();
      }

      @Override
      public void close() {
        lent.progress().detach(listener);
      }
    };
  }

  /** Closes every searcher (the daemon stops). */
  public synchronized void closeAll() {
    List<Warm> all = new ArrayList<>(warm.values());
    warm.clear();
    for (Warm w : all) w.searcher().close();
  }

  /**
   * What makes two searchers differ: the vault's real path and the options, among them the
   * environment but for the variables that only concern the command line.
   */
  static List<Object> key(Path vault, SearchOptions options) {
    Map<String, String> env = new TreeMap<>();
    options.environment().forEach((k, v) -> {
      if (k.startsWith("QMD4J_") && !k.endsWith("_TTY") && !CLI_ONLY.contains(k)
          || k.equals("PATH") || k.equals("HOME") || k.equals("XDG_CACHE_HOME")) {
        env.put(k, v);
      }
    });
    return List.of(vault, options.engineName(), options.engineSettings(), options.layout(),
        options.inMemoryIndex(), options.chunkSize(), options.denseDaySize(),
        options.cacheDir().map(Path::toString).orElse(""), options.clock().getZone().getId(),
        options.qmd(), env);
  }
}
