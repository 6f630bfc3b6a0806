package org.qmd4j;

import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;
import org.qmd4j.internal.ChunkSearch;
import org.qmd4j.search.DateSpec;
import org.qmd4j.search.InvalidDateException;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResult;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.ChunkFilter;
import org.qmd4j.spi.EngineQuery;
import org.qmd4j.spi.Hit;
import org.qmd4j.spi.SearchEngine;

/**
 * The one path of a search behind {@link Searcher}: a {@link SearchRequest} resolved once into
 * an {@link EngineQuery} (text cleaned, dates resolved against the clock and their order
 * checked, scope compiled, the extra condition of find and the typed facade added), handed to
 * the engine, its {@link Hit}s mapped to {@link SearchResult}s. It is also the {@link
 * ChunkSearch} that find and the typed facade run on. Thread-safe; holds no per-call state.
 */
final class SearchPipeline implements ChunkSearch {
  private final SearchEngine engine;
  private final Path vault;
  private final Clock clock;

  SearchPipeline(SearchEngine engine, Path vault, Clock clock) {
    this.engine = engine;
    this.vault = vault;
    this.clock = clock;
  }

  /** {@code Searcher.search}: the hits of {@code request} as results, best first. */
  List<SearchResult> results(SearchRequest request) {
    List<Hit> hits = engine.search(resolve(request, Optional.empty()));
    List<SearchResult> out = new ArrayList<>(hits.size());
    for (Hit hit : hits) {
      out.add(new SearchResult(hit.chunk().path(), hit.chunk().text(), hit.score(),
          hit.chunk().lines(), hit.matchType(), hit.degraded()));
    }
    return List.copyOf(out);
  }

  @Override
  public List<Hit> hits(SearchRequest request, Predicate<Chunk> extra) {
    Objects.requireNonNull(request, "request == null");
    Objects.requireNonNull(extra, "extra == null");
    return engine.search(resolve(request, Optional.of(extra)));
  }

  /** The request as the engine receives it. */
  EngineQuery resolve(SearchRequest request, Optional<Predicate<Chunk>> extra) {
    Optional<LocalDate> from = request.from().map(d -> d.resolve(clock));
    Optional<LocalDate> to = request.to().map(d -> d.resolve(clock));
    if (from.isPresent() && to.isPresent() && from.get().isAfter(to.get())) {
      throw new InvalidDateException("date_from " + shown(request.from().get(), from.get())
          + " is after date_to " + shown(request.to().get(), to.get())
          + "; swap them or widen the period");
    }
    ChunkFilter filter = new ChunkFilter(request.scope(), from, to, extra);
    // A newline would turn a qmd query into a structured one; it means nothing here either.
    String text = request.query().replaceAll("[\\r\\n]+", " ").strip();
    return new EngineQuery(text, request.mode(), filter, request.limit());
  }

  /** {@code Searcher.diagnostics}: the description, then the engine's own facts. */
  Map<String, String> diagnostics(EngineDescription description) {
    Map<String, String> d = new LinkedHashMap<>();
    d.put("engine", description.engine());
    d.put("why", description.reason());
    d.put("vault", description.vault());
    d.putAll(engine.diagnostics());
    return d;
  }

  private static String shown(DateSpec spec, LocalDate resolved) {
    return spec.isRelative() ? resolved + " ('" + spec.text() + "')" : resolved.toString();
  }

  @Override
  public Path vault() {
    return vault;
  }

  @Override
  public Clock clock() {
    return clock;
  }

  @Override
  public String engineName() {
    return engine.name();
  }
}
