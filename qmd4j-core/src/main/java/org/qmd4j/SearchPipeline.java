package org.qmd4j;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.qmd4j.analysis.QuerySyntax;
import org.qmd4j.analysis.TermMatcher;
import org.qmd4j.internal.ChunkSearch;
import org.qmd4j.internal.CountedHits;
import org.qmd4j.internal.Problems;
import org.qmd4j.search.DateSpec;
import org.qmd4j.search.IndexException;
import org.qmd4j.search.InvalidDateException;
import org.qmd4j.search.InvalidQueryException;
import org.qmd4j.search.Layout;
import org.qmd4j.search.MatchType;
import org.qmd4j.search.Mode;
import org.qmd4j.search.NothingIndexed;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResponse;
import org.qmd4j.search.SearchResult;
import org.qmd4j.search.SearcherClosedException;
import org.qmd4j.search.Total;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.ChunkFilter;
import org.qmd4j.spi.EngineQuery;
import org.qmd4j.spi.Hit;
import org.qmd4j.spi.RecordCondition;
import org.qmd4j.spi.SearchEngine;
import org.qmd4j.spi.Vocabulary;
import org.qmd4j.vault.EmptyVault;
import org.qmd4j.vault.VaultLayout;

/**
 * The one path of a search behind {@link Searcher}: a {@link SearchRequest} resolved once into
 * an {@link EngineQuery} (text cleaned, dates resolved against the clock and their order
 * checked, scope compiled, the extra condition of find and the typed facade added), handed to
 * the engine, its {@link Hit}s mapped to {@link SearchResult}s. It is also the {@link
 * ChunkSearch} that find and the typed facade run on. Thread-safe; holds no per-call state.
 */
final class SearchPipeline implements ChunkSearch {
  private final SearchEngine engine;
  /** The applications' searches running now. */
  private final AtomicInteger asked = new AtomicInteger();
  private final Path vault;
  private final VaultLayout layout;
  private final Clock clock;
  private final ResultDates dates;
  private volatile boolean closed;

  SearchPipeline(SearchEngine engine, Path vault, VaultLayout layout, Clock clock) {
    this.engine = engine;
    this.vault = vault;
    this.layout = layout;
    this.clock = clock;
    this.dates = new ResultDates(vault);
  }

  /**
   * {@code Searcher.answer}: the hits of {@code request} as results, best first, with the
   * lines that hold the query's words; a query word that matches nothing is searched as the
   * vault's nearest word (those results come after the exact ones, marked fuzzy), a word that
   * matches only a few chunks is searched as a far more frequent near word too (after the
   * exact results, fuzzy), and when nothing matches at all the response suggests queries that
   * do ({@link Spelling}). Corrections are given as the vault writes them, accents included.
   * The response counts the results before the limit ({@link #counted}).
   */
  SearchResponse answer(SearchRequest request) {
    asked.incrementAndGet();
    try {
      return answered(request);
    } finally {
      asked.decrementAndGet();
    }
  }

  /** Whether an application's search ({@link #answer}) is running now: warm-up waits then. */
  boolean busy() {
    return asked.get() > 0;
  }

  /** This pipeline on the engine's index as it is ({@link AsIsEngine}): the warm-up's. */
  SearchPipeline asIs() {
    return new SearchPipeline(new AsIsEngine(engine), vault, layout, clock);
  }

  /** {@link #answer}, not counted as an application's search (the warm-up's). */
  SearchResponse answered(SearchRequest request) {
    EngineQuery query = resolve(request, Optional.empty());
    CountedHits counted = counted(query);
    List<Hit> hits = counted.hits();
    if (query.isWildcard()) {
      return new SearchResponse(Results.of(hits, null, null, Map.of(), dates),
          Map.of(), List.of(), counted.total());
    }
    Spelling spelling = new Spelling(query.text());
    boolean allHeld = !spelling.hasCandidates() || Spelling.allHeld(hits, query.text());
    // A page whose hits holding a query word do not fill it holds every chunk the query
    // matches: rare words are counted there, and only there is room for the hits of a near
    // word (before the chunks a deep search found by meaning alone).
    List<Hit> worded = query.mode() == Mode.DEEP ? Spelling.holding(hits, query.text()) : hits;
    boolean roomLeft = !worded.isEmpty() && worded.size() < query.limit();
    Optional<Vocabulary> vocabulary = spelling.hasCandidates() && roomLeft || !allHeld
        ? engine.vocabulary() : Optional.empty();
    Map<String, Integer> rare = allHeld && roomLeft && vocabulary.isPresent()
        ? spelling.rare(worded, vocabulary.get()) : Map.of();
    if (vocabulary.isEmpty() || allHeld && rare.isEmpty()) {
      return new SearchResponse(Results.of(hits, query.text(), null, Map.of(),
          dates), Map.of(), List.of(), counted.total());
    }
    if (allHeld) return widened(query, counted, worded, spelling, rare, vocabulary.get());
    List<String> unmatched = spelling.unmatched(hits, vocabulary.get());
    Map<String, String> corrections = Spelling.corrections(unmatched, vocabulary.get());
    if (!corrections.isEmpty()) {
      String corrected = spelling.rewrite(corrections);
      CountedHits fixed = counted(new EngineQuery(corrected, query.mode(), query.filter(),
          query.limit()));
      if (!fixed.hits().isEmpty()) {
        Map<String, String> dropped = new java.util.HashMap<>();
        corrections.keySet().forEach(w -> dropped.put(w, ""));
        Map<String, String> written = Spelling.asWritten(corrections, fixed.hits());
        return new SearchResponse(Results.of(fixed.hits(), corrected, spelling.rewrite(dropped),
            written, dates), written, List.of(), fixed.total());
      }
    }
    List<String> suggestions = hits.isEmpty() ? spelling.suggestions(unmatched,
        vocabulary.get(), q -> !engineSearch(new EngineQuery(q, query.mode(), query.filter(),
            1)).isEmpty()) : List.of();
    return new SearchResponse(Results.of(hits, query.text(), null, Map.of(),
        dates), Map.of(), suggestions, counted.total());
  }

  /**
   * The answer when rare words of the query have far more frequent near words: the hits
   * holding a query word as they are, then the hits of the query with those words replaced
   * that are not among them, fuzzy and scored below every exact one, then the chunks a deep
   * search found by meaning alone, up to the limit.
   */
  private SearchResponse widened(EngineQuery query, CountedHits counted, List<Hit> worded,
      Spelling spelling, Map<String, Integer> rare, Vocabulary vocabulary) {
    List<Hit> hits = counted.hits();
    Map<String, String> near = Spelling.frequentNear(rare, vocabulary);
    if (near.isEmpty()) {
      return new SearchResponse(Results.of(hits, query.text(), null, Map.of(), dates), Map.of(),
          List.of(), counted.total());
    }
    String other = spelling.rewrite(near);
    java.util.Set<String> seen = new java.util.HashSet<>();
    for (Hit h : hits) seen.add(h.chunk().path() + "#" + h.chunk().ordinal());
    List<Hit> more = new ArrayList<>();
    CountedHits fuzzy = counted(new EngineQuery(other, query.mode(), query.filter(),
        query.limit()));
    for (Hit h : fuzzy.hits()) {
      if (seen.add(h.chunk().path() + "#" + h.chunk().ordinal())) more.add(h);
    }
    if (more.isEmpty()) {
      return new SearchResponse(Results.of(hits, query.text(), null, Map.of(), dates), Map.of(),
          List.of(), counted.total());
    }
    List<SearchResult> exact = Results.of(worded, query.text(), null, Map.of(), dates);
    List<Hit> byMeaning = new ArrayList<>(hits);
    byMeaning.removeAll(worded);
    Map<String, String> written = Spelling.asWritten(near, more);
    List<SearchResult> out = new ArrayList<>(exact);
    Results.addBelow(out, Results.of(more, other, "", written, dates), query.limit());
    Results.addBelow(out, Results.of(byMeaning, query.text(), null, Map.of(), dates),
        query.limit());
    // The exact hits are all there are (the page was not full); the near word's hits beyond
    // its own limit may repeat them, so past that the count is a lower bound.
    int all = exact.size() + more.size() + byMeaning.size();
    Total total = fuzzy.total().exceeds(fuzzy.hits().size()) || all > out.size()
        ? Total.atLeast(Math.max(all, out.size())) : Total.exactly(all);
    return new SearchResponse(out, Map.of(), List.of(), written, total);
  }

  /**
   * The engine's hits of {@code query} and how many chunks pass in all: the engine is asked
   * for one hit more than the limit, so that a search that returns at most the limit is
   * counted exactly by its own hits; one that finds more is counted by the engine when it can
   * ({@link SearchEngine#count}), else said to have at least one more than the limit.
   */
  private CountedHits counted(EngineQuery query) {
    int limit = query.limit();
    boolean probe = limit < Integer.MAX_VALUE;
    List<Hit> hits = engineSearch(probe
        ? new EngineQuery(query.text(), query.mode(), query.filter(), limit + 1) : query);
    if (hits.size() <= limit) return new CountedHits(hits, Total.exactly(hits.size()));
    // A count below what the search found (a file removed in between) is no count.
    Total total = engineCount(query).filter(t -> t.value() > limit)
        .orElse(Total.atLeast(limit + 1));
    return new CountedHits(hits.subList(0, limit), total);
  }

  private Optional<Total> engineCount(EngineQuery query) {
    ensureOpen();
    try {
      return engine.count(query);
    } catch (RuntimeException e) {
      if (closed && !(e instanceof SearcherClosedException)) throw closedError(e);
      throw e;
    }
  }

  @Override
  public List<Hit> hits(SearchRequest request, Predicate<Chunk> extra) {
    Objects.requireNonNull(request, "request == null");
    Objects.requireNonNull(extra, "extra == null");
    return engineSearch(resolve(request, Optional.of(extra)));
  }

  @Override
  public CountedHits countedHits(SearchRequest request, Predicate<Chunk> extra) {
    Objects.requireNonNull(request, "request == null");
    Objects.requireNonNull(extra, "extra == null");
    return counted(resolve(request, Optional.of(extra)));
  }

  @Override
  public CountedHits countedHits(SearchRequest request, RecordCondition record) {
    Objects.requireNonNull(request, "request == null");
    Objects.requireNonNull(record, "record == null");
    if (!engine.indexesRecords()) {
      return counted(resolve(request, Optional.<Predicate<Chunk>>of(record)));
    }
    EngineQuery q = resolve(request, Optional.empty());
    return counted(new EngineQuery(q.text(), q.mode(), q.filter().withRecord(record),
        q.limit()));
  }

  /** The engine's hits; a failure because the searcher was closed meanwhile says so. */
  private List<Hit> engineSearch(EngineQuery query) {
    ensureOpen();
    try {
      return engine.search(query);
    } catch (RuntimeException e) {
      if (closed && !(e instanceof SearcherClosedException)) throw closedError(e);
      throw e;
    }
  }

  /** Throws {@link SearcherClosedException} once {@link #close()} has run. */
  void ensureOpen() {
    if (closed) throw closedError(null);
  }

  /** This pipeline, after {@link #ensureOpen()}. */
  SearchPipeline open() {
    ensureOpen();
    return this;
  }

  private SearcherClosedException closedError(Throwable cause) {
    return new SearcherClosedException("This searcher of the vault " + vault + " is closed; "
        + "open a new one with SearchProviders.forVault", cause);
  }

  /** Refuses every later call, then releases the engine. */
  void close() {
    closed = true;
    engine.close();
  }

  /** The request as the engine receives it. */
  EngineQuery resolve(SearchRequest request, Optional<Predicate<Chunk>> extra) {
    Optional<LocalDate> from = request.from().map(d -> d.resolve(clock));
    Optional<LocalDate> to = request.to().map(d -> d.resolveEnd(clock));
    if (from.isPresent() && to.isPresent() && from.get().isAfter(to.get())) {
      throw InvalidDateException.forParameters(InvalidDateException.placeholder("date_from")
          + " " + shown(request.from().get(), from.get()) + " is after "
          + InvalidDateException.placeholder("date_to") + " "
          + shown(request.to().get(), to.get()) + "; swap them or widen the period");
    }
    ScopeCheck.check(request.scope(), vault, layout);
    ChunkFilter filter = new ChunkFilter(request.scope(), from, to, extra);
    // A newline would turn a qmd query into a structured one; it means nothing here either.
    String text = request.query().replaceAll("[\\r\\n]+", " ").strip();
    QuerySyntax syntax = QuerySyntax.parse(text);
    if (syntax.onlyExclusions()) {
      throw new InvalidQueryException("The query '" + text + "' only excludes (-word, "
          + "-\"phrase\"): add a word, a \"quoted phrase\" or a tag to search for, or * for "
          + "every note, then the exclusions (budget -brouillon)");
    }
    Optional<Predicate<Chunk>> condition = syntax.condition();
    if (condition.isPresent()) filter = filter.withCondition(condition.get());
    if (syntax.isWildcard()) text = EngineQuery.WILDCARD; // * -word: every chunk but those
    return new EngineQuery(text, request.mode(), filter, request.limit());
  }

  /** {@code Searcher.nothingIndexed}: why the vault has no indexed file, if it has none. */
  Optional<NothingIndexed> nothingIndexed() {
    ensureOpen();
    try {
      return EmptyVault.explain(vault, layout).map(m -> new NothingIndexed(layout.layout(), m));
    } catch (IOException e) {
      throw new IndexException("Cannot list the files of the vault " + vault + " ("
          + Problems.describe(e) + "); check that the vault folder exists and can be read", e);
    }
  }

  /** {@code Searcher.diagnostics}: the description, then the engine's own facts. */
  Map<String, String> diagnostics(EngineDescription description) {
    ensureOpen();
    Map<String, String> d = new LinkedHashMap<>();
    d.put("engine", description.engine());
    d.put("why", description.reason());
    d.put("vault", description.vault());
    d.put("layout", layout.toString());
    if (layout.layout() == Layout.NOTES) {
      d.put("ignore file", VaultLayout.IGNORE_FILE + ": " + (layout.ignoreRules() == 0 ? "none"
          : layout.ignoreRules() + (layout.ignoreRules() == 1 ? " rule" : " rules")));
    }
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
  public VaultLayout layout() {
    return layout;
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
