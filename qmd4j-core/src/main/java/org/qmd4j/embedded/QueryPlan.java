package org.qmd4j.embedded;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.ConstantScoreQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MultiTermQuery;
import org.apache.lucene.search.PhraseQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;
import org.qmd4j.analysis.Hashtags;
import org.qmd4j.analysis.KeywordParser;
import org.qmd4j.spi.KeywordQuery;

/**
 * The Lucene queries for one user query: the {@link KeywordQuery} (words, bonuses, weights,
 * which qmd4j-solr renders as a Solr request) written as Lucene queries.
 *
 * <p>Each query word becomes a <em>term group</em>: its stem in the body (weight 1), the
 * file's title (4: its first H1 or H2, as qmd weighs it), the chunk's headings (1) and the
 * path (1.5), and its unstemmed form as a prefix of body words (0.5),
 * so {@code bloque} matches {@code bloqué}, {@code abandonner} matches {@code Abandon} and
 * {@code factur} matches {@code factures}. Stop words are dropped unless the query has
 * nothing else. Bonus clauses reward the adjacent form: the words as a phrase
 * ({@code status: bloqué}), compounds kept whole ({@code en-cours}, {@code 2025-07-14}) and
 * tags ({@code [décision]}).
 *
 * <p>Obsidian tags in the query ({@code #projet}) are not words: each is a term group of its
 * own that only the chunks carrying the tag, or one of its children ({@code #projet/client}),
 * hold ({@link Hashtags}); the plain word {@code projet} does not answer it.
 *
 * <p>Fast mode ranks chunks holding more query words first: each word the chunk's own text
 * or headings hold adds a constant {@link #TIER}, larger than any BM25 sum, so
 * {@code score / TIER} is the number of words held and the remainder is the BM25 score. The
 * file's title and path count in the BM25 part only, as every chunk of the file shares them.
 */
final class QueryPlan {
  /** Score added per matched term group; far above any BM25 sum of one group. */
  static final float TIER = KeywordQuery.TIER;

  private static final float BODY = KeywordQuery.BODY;
  private static final float TITLE = KeywordQuery.TITLE;
  private static final float HEADING = KeywordQuery.HEADING;
  private static final float PATH = KeywordQuery.PATH;
  private static final float PREFIX = KeywordQuery.PREFIX;
  private static final float PHRASE = KeywordQuery.PHRASE;
  private static final float UNIT = KeywordQuery.UNIT;
  private static final float TAG = KeywordQuery.TAG;
  private static final int MIN_PREFIX_LENGTH = KeywordQuery.MIN_PREFIX_LENGTH;

  private final KeywordQuery query;
  private final TermLookups lookups;
  /** Query words: unstemmed folded form to stem, stop words dropped, in query order. */
  final Map<String, String> words;
  final List<String> phrase;
  final Set<String> units;
  final Set<String> tags;
  /** Obsidian tags of the query, folded ({@code projet/client}). */
  final Set<String> hashtags;

  private QueryPlan(KeywordQuery query, TermLookups lookups) {
    this.query = query;
    this.lookups = lookups;
    this.words = query.words();
    this.phrase = query.phrase();
    this.units = query.units();
    this.tags = query.tags();
    this.hashtags = query.hashtags();
  }

  /** The plan of {@code query} ({@link KeywordQuery#of}, which bounds a long query). */
  static QueryPlan of(String query) {
    return new QueryPlan(KeywordParser.parse(query), TermLookups.NONE);
  }

  /**
   * This plan with its terms looked up once on {@code searcher}'s snapshot ({@link
   * TermLookups}): the queries it builds then run on that snapshot only, with the same
   * results, without looking the same terms and prefixes up again for every clause and for
   * the count.
   */
  QueryPlan on(IndexSearcher searcher) throws IOException {
    TermLookups found = TermLookups.on(searcher);
    for (Map.Entry<String, String> w : words.entrySet()) {
      for (String field : new String[] {Fields.BODY, Fields.TITLE, Fields.HEADING,
          Fields.PATH_TEXT}) {
        found.term(new Term(field, w.getValue()));
      }
      if (w.getKey().length() >= MIN_PREFIX_LENGTH) {
        Term prefix = new Term(Fields.EXACT, w.getKey());
        found.prefix(prefix, () -> plainPrefix(prefix));
      }
    }
    for (String tag : hashtags) found.term(new Term(Fields.HASHTAGS, tag));
    return new QueryPlan(query, found);
  }

  /** The snapshot this plan's terms were looked up on ({@link #on}); null if none. */
  IndexReader reader() {
    return lookups.reader();
  }

  /** Whether the query holds no searchable word or tag at all (only punctuation, say). */
  boolean isEmpty() {
    return query.isEmpty();
  }

  /** How many term groups the query has: its words and its Obsidian tags. */
  int termCount() {
    return query.termCount();
  }

  /** Fast mode: any word matches; more words matched rank first (see {@link #TIER}). */
  Query tiered() {
    BooleanQuery.Builder b = new BooleanQuery.Builder();
    for (Map.Entry<String, String> w : words.entrySet()) {
      // The tier counts the words the chunk itself holds (its text and headings): the file's
      // title and path are shared by every chunk of the file, so they weigh in the BM25 part
      // only; otherwise every chunk of tasks.md would "hold" a word of its title.
      b.add(new BoostQuery(new ConstantScoreQuery(held(w.getKey(), w.getValue())), TIER),
          Occur.SHOULD);
      b.add(group(w.getKey(), w.getValue(), true), Occur.SHOULD);
    }
    for (String tag : hashtags) {
      b.add(new BoostQuery(new ConstantScoreQuery(hashtag(tag)), TIER), Occur.SHOULD);
      b.add(new BoostQuery(hashtag(tag), TAG), Occur.SHOULD);
    }
    addBonus(b);
    return restricted(b);
  }

  /**
   * The chunks {@link #tiered} matches, as a query to count them: a word's tier clause matches
   * some of the chunks its term group matches (its stem in the text or headings, its prefix),
   * so the term groups, tags, bonuses and conditions alone ({@link #anyWord}) match the same
   * chunks with fewer clauses.
   */
  Query counted() {
    return anyWord();
  }

  /** Every word must match (deep mode's first list). */
  Query allWords() {
    BooleanQuery.Builder b = new BooleanQuery.Builder();
    for (Map.Entry<String, String> w : words.entrySet()) {
      b.add(group(w.getKey(), w.getValue(), true), Occur.MUST);
    }
    for (String tag : hashtags) b.add(new BoostQuery(hashtag(tag), TAG), Occur.MUST);
    addBonus(b);
    return restricted(b);
  }

  /** Any word, plain BM25 without tiers (deep mode's second list). */
  Query anyWord() {
    BooleanQuery.Builder b = new BooleanQuery.Builder();
    for (Map.Entry<String, String> w : words.entrySet()) {
      b.add(group(w.getKey(), w.getValue(), true), Occur.SHOULD);
    }
    for (String tag : hashtags) b.add(new BoostQuery(hashtag(tag), TAG), Occur.SHOULD);
    addBonus(b);
    return restricted(b);
  }

  /** Stems only, no prefixes (deep mode's third list). */
  Query stemsOnly() {
    BooleanQuery.Builder b = new BooleanQuery.Builder();
    for (Map.Entry<String, String> w : words.entrySet()) {
      b.add(group(w.getKey(), w.getValue(), false), Occur.SHOULD);
    }
    for (String tag : hashtags) b.add(new BoostQuery(hashtag(tag), TAG), Occur.SHOULD);
    return restricted(b);
  }

  /**
   * {@code b} with the query's phrases and exclusions as clauses that do not score: a chunk
   * must hold each phrase word's stem (in its text or headings), and hold none of the excluded
   * stems, exact phrases, tags and Obsidian tags. The adjacency of a phrase's words after
   * stemming is checked by the search's filter ({@code QuerySyntax.condition}).
   */
  private Query restricted(BooleanQuery.Builder b) {
    KeywordQuery.Conditions c = query.conditions();
    if (c.isEmpty()) return b.build();
    for (String stem : c.required()) b.add(inChunk(stem), Occur.FILTER);
    for (String stem : c.excludedStems()) b.add(inChunk(stem), Occur.MUST_NOT);
    for (List<String> words : c.excludedPhrases()) {
      PhraseQuery.Builder p = new PhraseQuery.Builder();
      for (int i = 0; i < words.size(); i++) p.add(new Term(Fields.EXACT, words.get(i)), i);
      b.add(p.build(), Occur.MUST_NOT);
    }
    for (String tag : c.excludedTags()) {
      b.add(new TermQuery(new Term(Fields.TAGS, tag)), Occur.MUST_NOT);
    }
    for (String tag : c.excludedHashtags()) b.add(hashtag(tag), Occur.MUST_NOT);
    return b.build();
  }

  private Query inChunk(String stem) {
    BooleanQuery.Builder g = new BooleanQuery.Builder();
    g.add(term(Fields.BODY, stem), Occur.SHOULD);
    g.add(term(Fields.HEADING, stem), Occur.SHOULD);
    return g.build();
  }

  /** The chunks carrying {@code tag} or a child of it (the index holds every parent). */
  private Query hashtag(String tag) {
    return term(Fields.HASHTAGS, tag);
  }

  private Query term(String field, String text) {
    return lookups.termQuery(new Term(field, text));
  }

  /** Prefixes of the unstemmed words only (deep mode's fourth list); null if none apply. */
  Query prefixesOnly() {
    BooleanQuery.Builder b = new BooleanQuery.Builder();
    int n = 0;
    for (String word : words.keySet()) {
      if (word.length() >= MIN_PREFIX_LENGTH) {
        b.add(prefix(word), Occur.SHOULD);
        n++;
      }
    }
    return n == 0 ? null : restricted(b);
  }

  /** Whether the chunk's own text or headings hold the word (stem, or its prefix). */
  private Query held(String word, String stem) {
    BooleanQuery.Builder g = new BooleanQuery.Builder();
    g.add(term(Fields.BODY, stem), Occur.SHOULD);
    g.add(term(Fields.HEADING, stem), Occur.SHOULD);
    if (word.length() >= MIN_PREFIX_LENGTH) g.add(prefix(word), Occur.SHOULD);
    return g.build();
  }

  private Query group(String word, String stem, boolean withPrefix) {
    BooleanQuery.Builder g = new BooleanQuery.Builder();
    g.add(new BoostQuery(term(Fields.BODY, stem), BODY), Occur.SHOULD);
    g.add(new BoostQuery(term(Fields.TITLE, stem), TITLE), Occur.SHOULD);
    g.add(new BoostQuery(term(Fields.HEADING, stem), HEADING), Occur.SHOULD);
    g.add(new BoostQuery(term(Fields.PATH_TEXT, stem), PATH), Occur.SHOULD);
    if (withPrefix && word.length() >= MIN_PREFIX_LENGTH) {
      g.add(new BoostQuery(prefix(word), PREFIX), Occur.SHOULD);
    }
    return g.build();
  }

  private Query prefix(String word) {
    Term prefix = new Term(Fields.EXACT, word);
    return lookups.prefixQuery(prefix, () -> plainPrefix(prefix));
  }

  private Query plainPrefix(Term prefix) {
    return new WordPrefixQuery(prefix,
        new MultiTermQuery.TopTermsBlendedFreqScoringRewrite(query.expansions()));
  }

  private void addBonus(BooleanQuery.Builder b) {
    if (phrase.size() >= 2) {
      PhraseQuery.Builder p = new PhraseQuery.Builder();
      for (int i = 0; i < phrase.size(); i++) p.add(new Term(Fields.EXACT, phrase.get(i)), i);
      b.add(new BoostQuery(p.build(), PHRASE), Occur.SHOULD);
    }
    for (String unit : units) {
      b.add(new BoostQuery(new TermQuery(new Term(Fields.UNITS, unit)), UNIT), Occur.SHOULD);
    }
    for (String tag : tags) {
      b.add(new BoostQuery(new TermQuery(new Term(Fields.TAGS, tag)), TAG), Occur.SHOULD);
    }
  }

  @Override
  public String toString() {
    return "QueryPlan" + query.toString().substring("KeywordQuery".length());
  }
}
