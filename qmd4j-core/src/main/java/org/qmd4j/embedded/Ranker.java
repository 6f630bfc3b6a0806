package org.qmd4j.embedded;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.CollectionTerminatedException;
import org.apache.lucene.search.Collector;
import org.apache.lucene.search.CollectorManager;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.SimpleCollector;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TotalHits;
import org.qmd4j.search.MatchType;
import org.qmd4j.search.Mode;
import org.qmd4j.search.Total;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.ChunkFilter;
import org.qmd4j.spi.EngineQuery;
import org.qmd4j.spi.Hit;
import org.qmd4j.spi.KeywordQuery;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Ranks the chunks of one index snapshot: BM25 pages filtered while ranking (so the limit
 * fills), tiered fast ranking with descending scores, deep ranking as reciprocal-rank fusion
 * of keyword lists, and the wildcard listing, newest first. Stateless and thread-safe.
 */
final class Ranker {
  private static final Logger LOG = LoggerFactory.getLogger(Ranker.class);
  private static final AtomicBoolean DEEP_WARNED = new AtomicBoolean();
  private static final int RRF_K = 60;
  /**
   * Best score first; equal scores by path, then position in the file: document
   * ids change when the index is rebuilt, so they must not decide the order.
   */
  private static final Sort BY_SCORE = new Sort(SortField.FIELD_SCORE,
      new SortField(Fields.PATH, SortField.Type.STRING_VAL),
      new SortField(Fields.ORDINAL, SortField.Type.LONG));

  /**
   * Costs that do not depend on the machine's load, for tests and profiling:
   * chunks whose stored fields were read, and hits sorted into pages.
   */
  static final LongAdder STORED_READS = new LongAdder();
  static final LongAdder SORTED = new LongAdder();
  /** Counts that ran a query of their own (not counted by the ranking pass before them). */
  static final LongAdder COUNT_QUERIES = new LongAdder();

  private Ranker() {}

  /** The chunk of document {@code doc}, from its stored fields. */
  private static Chunk read(ChunkReader stored, int doc) throws IOException {
    STORED_READS.increment();
    return stored.chunk(doc);
  }

  /**
   * The best {@code limit} chunks for {@code query} that pass {@code filter}. With {@code
   * words} query words (0 for a query without tiers), the score's tier part (more query words
   * held) ranks first and puts the score in its band ({@link #normalize}); scores are capped by
   * the previous one so that they descend.
   */
  static List<Hit> ranked(IndexSearcher searcher, Query query, int words,
      ChunkFilter filter, int limit) throws IOException {
    return ranked(searcher, query, words, filter, limit, Set.of());
  }

  /** {@link #ranked}, the tokens of {@code matched} (folded query words) kept for matches. */
  static List<Hit> ranked(IndexSearcher searcher, Query query, int words,
      ChunkFilter filter, int limit, Set<String> matched) throws IOException {
    return hits(searcher, rankedDocs(searcher, query, words, filter, limit, t -> {}), matched);
  }

  /**
   * Fast ranking of {@code query} ({@link #ranked}); the number of chunks it matches, when
   * the pass counted them all, is kept for the {@link #count} that follows ({@link
   * PassCount}).
   */
  static List<Hit> fast(IndexSearcher searcher, EngineQuery query, QueryPlan plan)
      throws IOException {
    ChunkFilter filter = query.filter();
    boolean tested = filter.extra().isPresent();
    return hits(searcher, rankedDocs(searcher, plan.tiered(), plan.termCount(), filter,
        query.limit(), total -> {
          if (tested) {
            PassCount.forget();
          } else {
            PassCount.ranked(searcher, query.text(), query.mode(), filter, total, plan);
          }
        }), plan.words.keySet());
  }

  /** {@code ranked} as hits, the tokens of {@code words} in their chunks kept for matches. */
  private static List<Hit> hits(IndexSearcher searcher, List<Ranked> ranked, Set<String> words)
      throws IOException {
    ChunkReader stored = new ChunkReader(searcher);
    List<Hit> out = new ArrayList<>();
    List<Integer> docs = new ArrayList<>();
    List<Chunk> chunks = new ArrayList<>();
    for (Ranked r : ranked) {
      Chunk chunk = r.chunk() != null ? r.chunk() : read(stored, r.doc());
      out.add(new Hit(chunk, r.score(), MatchType.KEYWORD));
      docs.add(r.doc());
      chunks.add(chunk);
    }
    stored.keepTokens(docs, chunks, words);
    return out;
  }

  /** A ranked document of one searcher: its score in [0, 1], its chunk if it was read. */
  record Ranked(int doc, double score, Chunk chunk) {}

  /**
   * {@link #ranked}, as documents: the filter's scope and dates are applied inside the index
   * ({@link ChunkFilters}), so a chunk's stored fields are read here only when its extra
   * condition must be tested; the caller reads those of the hits it returns.
   */
  static List<Ranked> rankedDocs(IndexSearcher searcher, Query query, int words,
      ChunkFilter filter, int limit) throws IOException {
    return rankedDocs(searcher, query, words, filter, limit, t -> {});
  }

  /** {@link #rankedDocs}, telling {@code counted} how many chunks its first page counted. */
  private static List<Ranked> rankedDocs(IndexSearcher searcher, Query query, int words,
      ChunkFilter filter, int limit, Consumer<TotalHits> counted) throws IOException {
    List<Ranked> out = new ArrayList<>();
    ChunkReader stored = new ChunkReader(searcher);
    Query restricted = ChunkFilters.restrict(query, filter);
    boolean tested = filter.extra().isPresent();
    ChunkFilter javaSide = ChunkFilters.javaSide(filter);
    int page = Math.max(limit * 2, 32);
    FieldDoc after = null;
    double cap = 1.0;
    while (out.size() < limit) {
      // The score is the first sort value: no second pass to fill ScoreDoc.score
      // (TopFieldCollector.populateScores re-scored every page, about 11% of a search).
      TopDocs top = searcher.searchAfter(after, restricted, page, BY_SCORE, false);
      if (after == null) counted.accept(top.totalHits);
      SORTED.add(top.scoreDocs.length);
      for (ScoreDoc sd : top.scoreDocs) {
        after = (FieldDoc) sd;
        Chunk chunk = tested ? read(stored, sd.doc) : null;
        if (tested && !javaSide.test(chunk)) continue;
        cap = Math.min(cap, normalize((Float) after.fields[0], words));
        out.add(new Ranked(sd.doc, cap, chunk));
        if (out.size() == limit) break;
      }
      if (top.scoreDocs.length < page) break;
      page = Math.min(page * 2, 10_000);
    }
    return out;
  }

  /** A Lucene score as a score in [0, 1]: {@link KeywordQuery#normalize}. */
  static double normalize(float score, int words) {
    return KeywordQuery.normalize(score, words);
  }

  /**
   * Deep search without a model: keyword lists fused by reciprocal rank. Fused by document
   * (one searcher for every list); equal fused scores by path, then position in the file,
   * read from doc values; stored fields are read for the returned hits only.
   */
  static List<Hit> deep(IndexSearcher searcher, QueryPlan plan, ChunkFilter filter,
      int limit) throws IOException {
    if (DEEP_WARNED.compareAndSet(false, true)) {
      LOG.info("Deep search without qmd has no semantic model: the embedded engine fuses "
          + "keyword lists (all words, any word, stems, prefixes) by reciprocal rank");
    }
    List<Query> lists = new ArrayList<>(List.of(plan.allWords(), plan.anyWord(),
        plan.stemsOnly()));
    Query prefixes = plan.prefixesOnly();
    if (prefixes != null) lists.add(prefixes);
    int depth = Math.max(50, limit * 3);
    Map<Integer, Chunk> chunks = new HashMap<>();
    Map<Integer, Double> fused = new HashMap<>();
    for (Query list : lists) {
      List<Ranked> docs = rankedDocs(searcher, list, 0, filter, depth);
      for (int rank = 0; rank < docs.size(); rank++) {
        Ranked r = docs.get(rank);
        if (r.chunk() != null) chunks.putIfAbsent(r.doc(), r.chunk());
        fused.merge(r.doc(), 1.0 / (RRF_K + rank + 1), Double::sum);
      }
    }
    Map<Integer, DocKeys.Key> keys = DocKeys.of(searcher, fused.keySet());
    double best = lists.size() / (double) (RRF_K + 1);
    ChunkReader stored = new ChunkReader(searcher);
    List<Hit> out = new ArrayList<>();
    List<Integer> docs = new ArrayList<>();
    for (Map.Entry<Integer, Double> e : fused.entrySet().stream()
        .sorted(Map.Entry.<Integer, Double>comparingByValue().reversed()
            .thenComparing(e -> keys.get(e.getKey())))
        .limit(limit).toList()) {
      Chunk chunk = chunks.get(e.getKey());
      out.add(new Hit(chunk != null ? chunk : read(stored, e.getKey()),
          Math.min(1.0, e.getValue() / best), MatchType.KEYWORD));
      docs.add(e.getKey());
    }
    stored.keepTokens(docs, out.stream().map(Hit::chunk).toList(), plan.words.keySet());
    return out;
  }

  /** Every chunk that passes {@code filter}, newest first (undated last), score 1.0. */
  static List<Hit> wildcard(IndexSearcher searcher, ChunkFilter filter, int limit)
      throws IOException {
    SortField byDate = new SortField(Fields.DATE, SortField.Type.LONG, true);
    byDate.setMissingValue(Long.MIN_VALUE); // undated chunks last
    Sort sort = new Sort(byDate, new SortField(Fields.PATH, SortField.Type.STRING_VAL),
        new SortField(Fields.ORDINAL, SortField.Type.LONG));
    Query all = ChunkFilters.restrict(new TermQuery(new Term(Fields.TYPE, Fields.TYPE_CHUNK)),
        filter);
    ChunkReader stored = new ChunkReader(searcher);
    ChunkFilter javaSide = ChunkFilters.javaSide(filter);
    List<Hit> out = new ArrayList<>();
    int page = Math.max(limit * 2, 64);
    FieldDoc after = null;
    while (out.size() < limit) {
      TopDocs top = searcher.searchAfter(after, all, page, sort);
      SORTED.add(top.scoreDocs.length);
      for (ScoreDoc sd : top.scoreDocs) {
        after = (FieldDoc) sd;
        Chunk chunk = stored.chunk(sd.doc); // no query words: no matches, no tokens
        STORED_READS.increment();
        if (!javaSide.test(chunk)) continue;
        out.add(new Hit(chunk, 1.0, MatchType.WILDCARD));
        if (out.size() == limit) break;
      }
      if (top.scoreDocs.length < page) break;
      page = Math.min(page * 2, 10_000);
    }
    return out;
  }

  /**
   * The most chunks a count tests against the filter's extra condition (reading each one's
   * stored fields); past it the count is a lower bound.
   */
  static final int COUNT_CAP = 10_000;

  /**
   * How many chunks fast or wildcard ranking would return for {@code query} without a limit:
   * those holding a query word (every chunk for {@code *}) that pass the filter. The scope
   * and dates are counted inside the index, exactly; an extra condition is tested chunk by
   * chunk, up to {@link #COUNT_CAP} passing ones. Deep ranking fuses a bounded number of
   * candidates: it has no such count (empty).
   */
  static Optional<Total> count(IndexSearcher searcher, EngineQuery query) throws IOException {
    Query words;
    ChunkFilter filter = query.filter();
    if (query.isWildcard()) {
      words = new TermQuery(new Term(Fields.TYPE, Fields.TYPE_CHUNK));
    } else if (query.mode() == Mode.FAST) {
      PassCount.Counted pass = filter.extra().isEmpty() ? PassCount.take(searcher, query) : null;
      if (pass != null && pass.total() >= 0) {
        return Optional.of(Total.exactly(Math.toIntExact(pass.total())));
      }
      QueryPlan plan = pass != null && pass.plan() != null ? pass.plan()
          : QueryPlan.of(query.text());
      if (plan.isEmpty()) return Optional.of(Total.exactly(0));
      words = plan.counted();
    } else {
      return Optional.empty();
    }
    COUNT_QUERIES.increment();
    Query restricted = ChunkFilters.restrict(words, filter);
    if (filter.extra().isEmpty()) return Optional.of(Total.exactly(searcher.count(restricted)));
    Query tested = new BooleanQuery.Builder().add(restricted, Occur.MUST)
        .add(new ChunkFilterQuery(ChunkFilters.javaSide(filter)), Occur.FILTER).build();
    AtomicInteger passed = new AtomicInteger();
    searcher.search(tested, new CollectorManager<Collector, Void>() {
      @Override
      public Collector newCollector() {
        return new SimpleCollector() {
          @Override
          public void collect(int doc) {
            // Ends this segment; the next ones end at their first chunk.
            if (passed.incrementAndGet() >= COUNT_CAP) throw new CollectionTerminatedException();
          }

          @Override
          public ScoreMode scoreMode() {
            return ScoreMode.COMPLETE_NO_SCORES;
          }
        };
      }

      @Override
      public Void reduce(java.util.Collection<Collector> collectors) {
        return null;
      }
    });
    int n = passed.get();
    return Optional.of(n >= COUNT_CAP ? Total.atLeast(COUNT_CAP) : Total.exactly(n));
  }
}
