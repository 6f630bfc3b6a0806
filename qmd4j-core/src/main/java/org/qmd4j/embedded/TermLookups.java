package org.qmd4j.embedded;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.TermStates;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;

/**
 * The term dictionary lookups of one query on one index snapshot, done once: each term's
 * statistics and, for each query word's prefix, its rewrite (the expanded terms). A query
 * names the same term in several clauses (a word's stem in the tier clause and in its term
 * group, then again in the count that follows the search), and Lucene looks each clause's
 * terms up on its own, in every segment; these lookups are shared instead. The queries built
 * from them rewrite to the same queries with the same statistics, so scores do not change.
 * Valid only on the reader they were made on; not thread-safe (one search's).
 */
final class TermLookups {
  /** No lookups: clauses look their terms up themselves (on whichever searcher runs them). */
  static final TermLookups NONE = new TermLookups(null);

  private final IndexSearcher searcher;
  private final Map<Term, TermStates> states = new HashMap<>();
  private final Map<Term, Query> prefixes = new HashMap<>();

  private TermLookups(IndexSearcher searcher) {
    this.searcher = searcher;
  }

  /** Lookups on {@code searcher}'s snapshot, filled by {@link #term} and {@link #prefix}. */
  static TermLookups on(IndexSearcher searcher) {
    return new TermLookups(searcher);
  }

  /** The reader these lookups were made on; null for {@link #NONE}. */
  IndexReader reader() {
    return searcher == null ? null : searcher.getIndexReader();
  }

  /** Looks {@code term} up now, once ({@link #termQuery} then reuses it). */
  void term(Term term) throws IOException {
    if (searcher != null && !states.containsKey(term)) {
      states.put(term, TermStates.build(searcher, term, true));
    }
  }

  /** Rewrites the prefix query of {@code prefix} now, once ({@link #prefixQuery} reuses it). */
  void prefix(Term prefix, Supplier<Query> query) throws IOException {
    if (searcher != null && !prefixes.containsKey(prefix)) {
      prefixes.put(prefix, searcher.rewrite(query.get()));
    }
  }

  /** A query for {@code term}, with its statistics if they were looked up. */
  Query termQuery(Term term) {
    TermStates known = states.get(term);
    return known == null ? new TermQuery(term) : new TermQuery(term, known);
  }

  /** The prefix query of {@code prefix}, rewritten if it was looked up, else {@code query}. */
  Query prefixQuery(Term prefix, Supplier<Query> query) {
    Query known = prefixes.get(prefix);
    return known != null ? known : query.get();
  }
}
