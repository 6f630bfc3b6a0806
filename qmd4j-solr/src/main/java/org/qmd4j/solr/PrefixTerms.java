package org.qmd4j.solr;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.solr.client.solrj.SolrRequest;
import org.apache.solr.client.solrj.request.QueryRequest;
import org.apache.solr.common.params.ModifiableSolrParams;
import org.apache.solr.common.util.NamedList;
import org.qmd4j.search.EngineException;

/**
 * The words a query word's prefix stands for, scored as the embedded engine scores them.
 *
 * <p>The embedded engine searches an unstemmed query word as a prefix of the vault's words,
 * rewritten by Lucene's {@code TopTermsBlendedFreqScoringRewrite}: the first {@code n} words
 * of the index that start with it (index order), each scored by BM25 with the document
 * frequency of the most frequent of them (a blended frequency), the scores added. Solr's
 * query parsers score a prefix as a constant and cannot be told otherwise, so the words are
 * listed here from Solr's terms component (the whole collection, the same first {@code n}) and
 * sent as term clauses whose boosts carry the blend: a term with document frequency
 * {@code df} is boosted by {@code idf(max df) / idf(df)}, so that Solr's own BM25 of the term,
 * computed with the collection's statistics, comes out as the blended score.
 */
final class PrefixTerms {
  /** One word of a prefix and its boost, so that its score is the blended one. */
  record Term(String word, double boost) {}

  private final Map<String, List<Term>> byPrefix;

  private PrefixTerms(Map<String, List<Term>> byPrefix) {
    this.byPrefix = byPrefix;
  }

  /** No expansion at all: every prefix matches nothing (for tests of the plan alone). */
  static final PrefixTerms NONE = new PrefixTerms(Map.of());

  /**
   * The first {@code limit} words of the collection's {@code exact} field starting with each
   * of {@code prefixes}: one terms request per prefix, the collection's document count asked
   * with the first.
   */
  static PrefixTerms of(Nodes nodes, String collection, List<String> prefixes, int limit) {
    Map<String, List<Term>> out = new LinkedHashMap<>();
    long docs = -1;
    for (String prefix : prefixes) {
      if (out.containsKey(prefix)) continue;
      ModifiableSolrParams p = new ModifiableSolrParams();
      p.set("terms", true);
      p.set("terms.fl", "exact");
      p.set("terms.prefix", prefix);
      p.set("terms.limit", limit);
      p.set("terms.sort", "index");
      p.set("distrib", true);
      p.set("shards.qt", "/terms");
      if (docs < 0) p.set("terms.stats", true);
      QueryRequest request = new QueryRequest(p, SolrRequest.METHOD.POST);
      request.setPath("/terms");
      NamedList<Object> response = nodes.request(request, collection);
      if (docs < 0) docs = numDocs(response, nodes, collection);
      out.put(prefix, blend(frequencies(response), docs));
    }
    return new PrefixTerms(out);
  }

  /** The expansion of {@code prefix}: its words and boosts, empty when none was asked. */
  List<Term> of(String prefix) {
    return byPrefix.getOrDefault(prefix, List.of());
  }

  /** The boosts that turn each word's BM25 into the blended one, over {@code docs} docs. */
  static List<Term> blend(Map<String, Long> frequencies, long docs) {
    long max = 0;
    for (long df : frequencies.values()) max = Math.max(max, df);
    double blended = idf(max, Math.max(docs, max));
    List<Term> out = new ArrayList<>();
    for (Map.Entry<String, Long> f : frequencies.entrySet()) {
      out.add(new Term(f.getKey(), blended / idf(f.getValue(), Math.max(docs, max))));
    }
    return out;
  }

  /** Lucene's BM25 idf, {@code ln(1 + (N - n + 0.5) / (n + 0.5))}. */
  static double idf(long docFreq, long docCount) {
    return Math.log(1 + (docCount - docFreq + 0.5) / (docFreq + 0.5));
  }

  /** A boost as Solr's query syntax takes it, with the precision of a float. */
  static String boost(double boost) {
    return String.format(Locale.ROOT, "%.7g", boost);
  }

  private static Map<String, Long> frequencies(NamedList<Object> response) {
    Map<String, Long> out = new LinkedHashMap<>();
    NamedList<?> terms = (NamedList<?>) response.get("terms");
    NamedList<?> field = terms == null ? null : (NamedList<?>) terms.get("exact");
    if (field == null) return out;
    for (int i = 0; i < field.size(); i++) {
      out.put(field.getName(i), ((Number) field.getVal(i)).longValue());
    }
    return out;
  }

  private static long numDocs(NamedList<Object> response, Nodes nodes, String collection) {
    NamedList<?> stats = (NamedList<?>) response.get("indexstats");
    Object n = stats == null ? null : stats.get("numDocs");
    if (n == null) {
      throw new EngineException("The Solr collection " + collection + " at "
          + nodes.target().describe() + " answered a terms request without its document "
          + "count (indexstats); check that its /terms handler is Solr's own");
    }
    return ((Number) n).longValue();
  }
}
