package org.qmd4j;

import java.io.Closeable;
import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.qmd4j.internal.ChunkFilter;
import org.qmd4j.internal.Engine;
import org.qmd4j.internal.Hit;

/**
 * Searches one markdown vault. The one entry point for application code, obtained from
 * {@link SearchProviders#forVault}; it hides which engine runs.
 *
 * <pre>{@code
 * try (Searcher searcher = SearchProviders.forVault(Path.of("notes"), SearchOptions.DEFAULT)) {
 *   for (SearchResult hit : searcher.search("[décision]", "fast", "all-changelogs",
 *       "3 months ago", null)) {
 *     System.out.println(hit.path() + " " + hit.lines() + " " + hit.score());
 *   }
 * }
 * }</pre>
 *
 * <p>Scope and date filters, chunk text and line ranges are computed in Java for every
 * engine, so results have the same shape whichever engine runs.
 *
 * <p>Thread-safe: build one per vault and share it; it holds no per-call state. Close it to
 * release the index files.
 */
public final class Searcher implements Closeable {
  private final Engine engine;
  private final EngineDescription description;
  private final Clock clock;

  Searcher(Engine engine, EngineDescription description, Clock clock) {
    this.engine = engine;
    this.description = description;
    this.clock = clock;
  }

  /**
   * Runs one search.
   *
   * @return at most {@code request.limit()} chunks, best first; empty when nothing matches
   * @throws InvalidDateException if {@code from} resolves to a date after {@code to}
   * @throws EngineException if the engine fails
   */
  public List<SearchResult> search(SearchRequest request) {
    Objects.requireNonNull(request, "request == null");
    Optional<LocalDate> from = request.from().map(d -> d.resolve(clock));
    Optional<LocalDate> to = request.to().map(d -> d.resolve(clock));
    if (from.isPresent() && to.isPresent() && from.get().isAfter(to.get())) {
      throw new InvalidDateException("date_from " + shown(request.from().get(), from.get())
          + " is after date_to " + shown(request.to().get(), to.get())
          + "; swap them or widen the period");
    }
    ChunkFilter filter = new ChunkFilter(request.scope(), from, to);
    // A newline would turn a qmd query into a structured one; it means nothing here either.
    String query = request.query().replaceAll("[\\r\\n]+", " ").strip();
    List<Hit> hits = engine.search(query, request.mode(), filter, request.limit());
    List<SearchResult> out = new ArrayList<>(hits.size());
    for (Hit hit : hits) {
      out.add(new SearchResult(hit.chunk().path(), hit.chunk().text(),
          Math.max(0, Math.min(1, hit.score())), hit.chunk().lines(), hit.matchType(),
          hit.degraded()));
    }
    return List.copyOf(out);
  }

  /** A fast search of the whole vault with the default limit. */
  public List<SearchResult> search(String query) {
    return search(SearchRequest.of(Objects.requireNonNull(query, "query == null")));
  }

  /**
   * DESIGN.md's {@code search(query, mode, scope, date_from, date_to)}, with strings as an
   * agent passes them; {@code null} means "not given" for every parameter but the query.
   *
   * @throws InvalidRequestException (a subclass) for an empty query, unknown mode or scope,
   *     unparseable date, or {@code date_from} after {@code date_to}
   */
  public List<SearchResult> search(String query, String mode, String scope, String dateFrom,
      String dateTo) {
    return search(SearchRequest.parse(query, mode, scope, dateFrom, dateTo));
  }

  /** Which engine runs, why, and where its index is. */
  public EngineDescription describe() {
    return description;
  }

  /**
   * Facts about the engine for {@code qmd4j doctor}: which runs and why, its index, and (for
   * qmd) the binary, qmd and Node versions, the collection, the documents indexed and
   * whether deep search can run. May run short qmd commands.
   */
  public Map<String, String> diagnostics() {
    Map<String, String> d = new LinkedHashMap<>();
    d.put("engine", description.engine());
    d.put("why", description.reason());
    d.put("vault", description.vault());
    d.putAll(engine.diagnostics());
    return d;
  }

  /** The clock that resolves relative dates. */
  public Clock clock() {
    return clock;
  }

  /** Releases the engine's files and processes. Idempotent; never throws. */
  @Override
  public void close() {
    engine.close();
  }

  private static String shown(DateSpec spec, LocalDate resolved) {
    return spec.isRelative() ? resolved + " ('" + spec.text() + "')" : resolved.toString();
  }

  @Override
  public String toString() {
    return "Searcher[" + description + "]";
  }
}
