package org.qmd4j.solr;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.solr.client.solrj.SolrRequest;
import org.apache.solr.client.solrj.request.QueryRequest;
import org.apache.solr.client.solrj.response.QueryResponse;
import org.apache.solr.common.SolrDocument;
import org.apache.solr.common.SolrDocumentList;
import org.apache.solr.common.params.ModifiableSolrParams;
import org.qmd4j.search.MatchType;
import org.qmd4j.search.Scope;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.ChunkFilter;
import org.qmd4j.spi.EngineQuery;
import org.qmd4j.spi.Hit;
import org.qmd4j.spi.KeywordQuery;
import org.qmd4j.spi.TextAnalysis;

/**
 * Runs searches on the collection: the filter's scope and dates as {@code fq} filters (so
 * ranking and the limit stay in Solr), an extra condition of {@code find} or the typed facade
 * checked on each page (pages grow until the limit fills), fast tiered ranking, deep ranking
 * as reciprocal-rank fusion of keyword lists, and the wildcard listing, newest first. Scores
 * are mapped to [0, 1] exactly as the embedded engine maps its Lucene scores.
 */
final class Ranking {
  private static final int RRF_K = 60;
  private static final String BY_SCORE = "score desc,path asc,ord asc";
  private static final String NEWEST_FIRST = "date desc,path asc,ord asc";

  private final Nodes nodes;
  private final String collection;
  private final String vault;
  private final TextAnalysis analysis;

  Ranking(Nodes nodes, String collection, String vault, TextAnalysis analysis) {
    this.nodes = nodes;
    this.collection = collection;
    this.vault = vault;
    this.analysis = analysis;
  }

  List<Hit> fast(EngineQuery query) {
    QueryPlan plan = plan(query);
    if (plan.isEmpty()) return List.of();
    ModifiableSolrParams p = filtered(query.filter());
    String q = plan.tiered(new QueryPlan.Params(p));
    return ranked(p, q, plan.termCount(), query.filter(), query.limit(), MatchType.KEYWORD);
  }

  List<Hit> deep(EngineQuery query) {
    QueryPlan plan = plan(query);
    if (plan.isEmpty()) return List.of();
    int depth = Math.max(50, query.limit() * 3);
    List<ModifiableSolrParams> params = new ArrayList<>();
    List<String> lists = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      ModifiableSolrParams p = filtered(query.filter());
      QueryPlan.Params values = new QueryPlan.Params(p);
      String q = i == 0 ? plan.allWords(values) : i == 1 ? plan.anyWord(values)
          : i == 2 ? plan.stemsOnly(values) : plan.prefixesOnly(values);
      if (q == null) continue;
      params.add(p);
      lists.add(q);
    }
    Map<String, Chunk> chunks = new LinkedHashMap<>();
    Map<String, Double> fused = new HashMap<>();
    for (int l = 0; l < lists.size(); l++) {
      if (lists.get(l).isEmpty()) continue; // prefixes of no word: finds nothing, yet counts
      List<Hit> hits = ranked(params.get(l), lists.get(l), 0, query.filter(), depth,
          MatchType.KEYWORD);
      for (int rank = 0; rank < hits.size(); rank++) {
        Chunk c = hits.get(rank).chunk();
        String key = c.path() + "#" + c.ordinal();
        chunks.putIfAbsent(key, c);
        fused.merge(key, 1.0 / (RRF_K + rank + 1), Double::sum);
      }
    }
    double best = lists.size() / (double) (RRF_K + 1);
    Comparator<Chunk> byPathThenLine =
        Comparator.comparing(Chunk::path).thenComparingInt(c -> c.lines().from());
    return fused.entrySet().stream()
        .sorted(Map.Entry.<String, Double>comparingByValue().reversed()
            .thenComparing(e -> chunks.get(e.getKey()), byPathThenLine))
        .limit(query.limit())
        .map(e -> new Hit(chunks.get(e.getKey()), Math.min(1.0, e.getValue() / best),
            MatchType.KEYWORD))
        .toList();
  }

  /** The query's plan, with the words its prefixes stand for in the collection. */
  private QueryPlan plan(EngineQuery query) {
    QueryPlan plan = QueryPlan.of(analysis.keywordQuery(query.text()));
    if (plan.isEmpty() || plan.prefixWords().isEmpty()) return plan;
    return plan.withPrefixes(
        PrefixTerms.of(nodes, collection, plan.prefixWords(), plan.expansions()));
  }

  List<Hit> wildcard(EngineQuery query) {
    ModifiableSolrParams p = filtered(query.filter());
    p.set("sort", NEWEST_FIRST);
    return pages(p, "*:*", 0, query.filter(), query.limit(), MatchType.WILDCARD);
  }

  private List<Hit> ranked(ModifiableSolrParams p, String q, int words, ChunkFilter filter,
      int limit, MatchType type) {
    p.set("sort", BY_SCORE);
    return pages(p, q, words, filter, limit, type);
  }

  /**
   * The first {@code limit} documents that pass {@code filter}, reading pages that double in
   * size; {@code words} &gt; 0 maps tiered scores, 0 plain ones, and the wildcard scores 1.
   */
  private List<Hit> pages(ModifiableSolrParams p, String q, int words, ChunkFilter filter,
      int limit, MatchType type) {
    p.set("q", q);
    p.set("fl", ChunkDocs.FIELDS + ",score");
    boolean exact = filter.extra().isEmpty();
    int rows = exact ? limit : Math.max(limit * 2, 32);
    int start = 0;
    double cap = 1.0;
    List<Hit> out = new ArrayList<>();
    while (out.size() < limit) {
      p.set("start", start);
      p.set("rows", rows);
      SolrDocumentList docs = query(p).getResults();
      for (SolrDocument doc : docs) {
        Chunk chunk = ChunkDocs.toChunk(doc);
        if (!filter.test(chunk)) continue;
        double score = 1.0;
        if (type != MatchType.WILDCARD) {
          cap = Math.min(cap, normalize(((Number) doc.getFieldValue("score")).floatValue(),
              words));
          score = cap;
        }
        out.add(new Hit(chunk, score, type));
        if (out.size() == limit) break;
      }
      start += docs.size();
      if (docs.size() < rows || start >= docs.getNumFound()) break;
      rows = Math.min(rows * 2, 10_000);
    }
    return out;
  }

  private QueryResponse query(ModifiableSolrParams p) {
    QueryRequest request = new QueryRequest(p, SolrRequest.METHOD.POST);
    QueryResponse response = new QueryResponse(nodes.request(request, collection), null);
    return response;
  }

  /** The vault, the scope and the dates as filter queries. */
  private ModifiableSolrParams filtered(ChunkFilter filter) {
    ModifiableSolrParams p = new ModifiableSolrParams();
    p.add("fq", "{!term f=vault}" + vault);
    Scope scope = filter.scope();
    if (scope instanceof Scope.Project) {
      p.add("fq", "{!term f=project v=$scopev}");
      p.set("scopev", ((Scope.Project) scope).name());
    } else if (scope instanceof Scope.OfKind) {
      p.add("fq", "{!term f=kind}" + ((Scope.OfKind) scope).kind().name());
    } else if (scope instanceof Scope.Folder) {
      p.add("fq", "{!prefix f=path v=$scopev}");
      p.set("scopev", ((Scope.Folder) scope).path() + "/");
    } else if (!(scope instanceof Scope.Vault)) {
      throw new AssertionError("Unknown scope " + scope);
    }
    if (filter.from().isPresent() || filter.to().isPresent()) {
      p.add("fq", "date:[" + day(filter.from()) + " TO " + day(filter.to()) + "]");
    }
    return p;
  }

  private static String day(Optional<LocalDate> d) {
    return d.map(x -> Long.toString(x.toEpochDay())).orElse("*");
  }

  /** The embedded engine's mapping of a (tiered) score to [0, 1]. */
  static double normalize(float score, int words) {
    return KeywordQuery.normalize(score, words);
  }
}
