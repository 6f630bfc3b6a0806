package org.qmd4j.embedded;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.util.BytesRef;
import org.qmd4j.search.MatchType;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.ChunkFilter;
import org.qmd4j.spi.Hit;

/**
 * Deep ranking with an embedding model: the BM25 candidates of the fast ranking (chunks
 * holding more query words first) and the chunks nearest to the query's vector, both with the
 * filter applied while searching, fused by weighted reciprocal rank. Chunks that hold every
 * query word and rank in the keyword list's first {@code limit} are never pushed out by
 * vector-only candidates: vectors may reorder them, not replace them. A chunk found by its
 * vector only is a candidate when it is nearer to the query than noise comes
 * ({@link SimilarityFloor}). Without a model, deep ranking is {@link Ranker#deep}. Stateless
 * and thread-safe.
 *
 * <p>The weights were tuned on the French evaluation set of {@code qmd4j-semantic}'s tests
 * (see {@code docs/benchmarks.md}).
 */
final class HybridRanker {
  /** The usual reciprocal-rank constant: ranks far down a list count little. */
  static final int RRF_K = 60;
  /** Weight of the keyword list's ranks. */
  static final double KEYWORD_WEIGHT = 1.0;
  /** Weight of the vector list's ranks (tuned: see the class comment). */
  static volatile double vectorWeight = 3.0;
  /** Candidates taken from each list, at least. */
  private static final int CANDIDATES = 50;
  /** Most nearest-neighbour searches per deep search (see {@link #nearest}). */
  private static final int NEAREST_ROUNDS = 4;

  private static final Comparator<Chunk> BY_PATH_THEN_LINE =
      Comparator.comparing(Chunk::path).thenComparingInt(c -> c.lines().from());

  private HybridRanker() {}

  /** One candidate: its ranks in both lists (0 when absent). */
  private static final class Candidate {
    final Chunk chunk;
    int keywordRank;
    int vectorRank;
    boolean allWords;
    double fused;

    Candidate(Chunk chunk) {
      this.chunk = chunk;
    }
  }

  /** Deep search: hybrid when the index has a model, keyword lists fused otherwise. */
  static List<Hit> deep(IndexSearcher searcher, QueryPlan plan, String text, Vectors vectors,
      ChunkFilter filter, int limit) throws IOException {
    if (!vectors.enabled()) return Ranker.deep(searcher, plan, filter, limit);
    int depth = Math.max(CANDIDATES, limit * 3);
    List<Hit> keyword = Ranker.ranked(searcher, plan.tiered(), plan.termCount(), filter, depth,
        plan.words.keySet());
    float[] query = vectors.query(text);
    float[] centre = CorpusCentre.of(searcher.getIndexReader(), query.length);
    float[] centred = CorpusCentre.centred(query, centre);
    List<Near> near = nearest(searcher, centred, filter, depth);
    // Vector-only candidates must beat noise (SimilarityFloor): a nonsense query gets its
    // keyword hits, if any, not whichever chunks happen to be nearest.
    double floor = SimilarityFloor.of(searcher, vectors, centre);
    List<Chunk> kept = new ArrayList<>();
    for (Near n : near) {
      if (SimilarityFloor.centredCosine(searcher.getIndexReader(), n.doc(), centred, centre)
          > floor) {
        kept.add(n.chunk());
      }
    }
    return fuse(keyword, kept, limit, vectorWeight);
  }

  /** A chunk found by its vector, and its document. */
  record Near(Chunk chunk, int doc) {}

  /**
   * The chunks nearest to {@code query} that pass {@code filter}, nearest first, one per file
   * (its nearest chunk). A long file of generic prose has many chunks near every query (a
   * hub), and would otherwise fill the vector list on its own: each round searches again
   * without the files already found, until {@code k} files are found or none are left.
   */
  static List<Near> nearest(IndexSearcher searcher, float[] query, ChunkFilter filter, int k)
      throws IOException {
    // Scope and dates are answered by the index (ChunkFilters); only an extra condition (a
    // Java predicate of find or the typed facade) reads each candidate's stored fields.
    Query indexed =
        ChunkFilters.of(filter).orElse(new TermQuery(new Term(Fields.TYPE, Fields.TYPE_CHUNK)));
    Query base = filter.extra().isEmpty() ? indexed : new BooleanQuery.Builder()
        .add(indexed, Occur.FILTER)
        .add(new ChunkFilterQuery(ChunkFilters.javaSide(filter)), Occur.FILTER).build();
    StoredFields stored = searcher.storedFields();
    Map<String, ScoreDoc> best = new LinkedHashMap<>();
    Map<String, Near> chunks = new HashMap<>();
    for (int round = 0; round < NEAREST_ROUNDS && best.size() < k; round++) {
      int fetch = (k - best.size()) * 2;
      BooleanQuery.Builder only = new BooleanQuery.Builder().add(base, Occur.FILTER);
      if (!best.isEmpty()) {
        List<BytesRef> seen = best.keySet().stream().map(BytesRef::new).toList();
        only.add(new TermInSetQuery(Fields.PATH, seen), Occur.MUST_NOT);
      }
      TopDocs top = searcher.search(
          new KnnFloatVectorQuery(Fields.VECTOR, query, fetch, only.build()), fetch);
      for (ScoreDoc sd : top.scoreDocs) {
        Chunk chunk = ChunkDocuments.toChunk(stored.document(sd.doc));
        if (!ChunkFilters.javaSide(filter).test(chunk) || best.containsKey(chunk.path())) {
          continue;
        }
        best.put(chunk.path(), sd);
        chunks.put(chunk.path(), new Near(chunk, sd.doc));
      }
      if (top.scoreDocs.length < fetch) break; // no other file left
    }
    return best.entrySet().stream()
        .sorted(Comparator.comparingDouble((Map.Entry<String, ScoreDoc> e) -> -e.getValue().score)
            .thenComparing(Map.Entry::getKey))
        .limit(k)
        .map(e -> chunks.get(e.getKey()))
        .toList();
  }

  /**
   * Fuses the keyword hits (fast ranking: a score of 0.5 or more holds every query word) and
   * the nearest chunks; at most {@code limit} hits, best first, scores in [0, 1].
   */
  static List<Hit> fuse(List<Hit> keyword, List<Chunk> nearest, int limit,
      double vectorWeight) {
    Map<String, Candidate> all = new LinkedHashMap<>();
    for (int i = 0; i < keyword.size(); i++) {
      Chunk chunk = keyword.get(i).chunk();
      Candidate c = all.computeIfAbsent(key(chunk), k -> new Candidate(chunk));
      c.keywordRank = i + 1;
      c.allWords = keyword.get(i).score() >= 0.5;
    }
    for (int i = 0; i < nearest.size(); i++) {
      Chunk chunk = nearest.get(i);
      all.computeIfAbsent(key(chunk), k -> new Candidate(chunk)).vectorRank = i + 1;
    }
    for (Candidate c : all.values()) {
      c.fused = (c.keywordRank == 0 ? 0 : KEYWORD_WEIGHT / (RRF_K + c.keywordRank))
          + (c.vectorRank == 0 ? 0 : vectorWeight / (RRF_K + c.vectorRank));
    }
    List<Candidate> ranked = new ArrayList<>(all.values());
    ranked.sort(Comparator.comparingDouble((Candidate c) -> -c.fused)
        .thenComparing(c -> c.chunk, BY_PATH_THEN_LINE));
    // Keep a place for every chunk holding all the query words that fast search would show.
    long owed = ranked.stream()
        .filter(c -> c.allWords && c.keywordRank <= limit).count();
    List<Candidate> chosen = new ArrayList<>();
    for (Candidate c : ranked) {
      if (chosen.size() == limit) break;
      boolean kept = c.allWords && c.keywordRank <= limit;
      if (kept) {
        owed--;
      } else if (limit - chosen.size() <= owed) {
        continue;
      }
      chosen.add(c);
    }
    double best = (KEYWORD_WEIGHT + vectorWeight) / (RRF_K + 1);
    List<Hit> out = new ArrayList<>();
    for (Candidate c : chosen) {
      out.add(new Hit(c.chunk, Math.min(1.0, c.fused / best), MatchType.HYBRID));
    }
    return out;
  }

  private static String key(Chunk c) {
    return c.path() + "#" + c.ordinal();
  }
}
