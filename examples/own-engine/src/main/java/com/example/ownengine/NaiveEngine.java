package com.example.ownengine;

import java.text.Normalizer;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.qmd4j.search.MatchType;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.EngineQuery;
import org.qmd4j.spi.Hit;
import org.qmd4j.spi.SearchEngine;

/**
 * An application's own search engine, written against qmd4j's public SPI alone: a substring
 * match over qmd4j's chunks, accents and case folded, scored n/(n+1) for n occurrences.
 * Plugged in with {@code SearchProviders.forVault(vault, options, NaiveEngine::new)}.
 */
public final class NaiveEngine implements SearchEngine {
  private final SearchEngine.Context context;

  /** Opens the engine on the vault that {@code context} describes. */
  public NaiveEngine(SearchEngine.Context context) {
    this.context = context;
  }

  @Override
  public String name() {
    return "naive";
  }

  @Override
  public List<Hit> search(EngineQuery query) {
    List<Hit> hits = new ArrayList<>();
    String needle = fold(query.text());
    for (String path : context.indexedFiles()) {
      for (Chunk chunk : context.chunks(path)) {
        if (!query.filter().test(chunk)) continue;
        if (query.isWildcard()) {
          hits.add(new Hit(chunk, 1.0, MatchType.WILDCARD));
          continue;
        }
        int n = occurrences(fold(chunk.text()), needle);
        if (n > 0) hits.add(new Hit(chunk, n / (n + 1.0), MatchType.KEYWORD));
      }
    }
    Comparator<Hit> order = query.isWildcard()
        ? Comparator.comparing((Hit h) -> h.chunk().date(), NaiveEngine::newestFirst)
        : Comparator.comparingDouble(Hit::score).reversed();
    hits.sort(order.thenComparing(h -> h.chunk().path())
        .thenComparingInt(h -> h.chunk().ordinal()));
    return List.copyOf(hits.subList(0, Math.min(query.limit(), hits.size())));
  }

  private static int newestFirst(Optional<LocalDate> a, Optional<LocalDate> b) {
    if (a.isEmpty() || b.isEmpty()) return Boolean.compare(a.isEmpty(), b.isEmpty());
    return b.get().compareTo(a.get());
  }

  private static int occurrences(String text, String needle) {
    int n = 0;
    for (int i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + needle.length())) {
      n++;
    }
    return n;
  }

  private static String fold(String s) {
    return Normalizer.normalize(s, Normalizer.Form.NFD).replaceAll("\\p{M}", "")
        .toLowerCase(Locale.ROOT);
  }

  @Override
  public String indexLocation() {
    return "(none: reads the vault on each search)";
  }

  @Override
  public Map<String, String> diagnostics() {
    return Map.of();
  }

  @Override
  public void close() {}
}
