package org.qmd4j.embedded;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.ConstantScoreQuery;
import org.apache.lucene.search.MultiTermQuery;
import org.apache.lucene.search.PhraseQuery;
import org.apache.lucene.search.PrefixQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;
import org.qmd4j.internal.Analysis;
import org.qmd4j.internal.Hashtags;

/**
 * The Lucene queries for one user query.
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
  static final float TIER = 10_000f;

  private static final float BODY = 1f;
  private static final float TITLE = 4f;
  private static final float HEADING = 1f;
  private static final float PATH = 1.5f;
  private static final float PREFIX = 0.5f;
  private static final float PHRASE = 2f;
  private static final float UNIT = 2f;
  private static final float TAG = 3f;
  private static final int PREFIX_EXPANSIONS = 32;
  /** Prefix expansions per word when the query has more than 8 words: stays under 1,024. */
  private static final int FEW_PREFIX_EXPANSIONS = 12;
  /** Longest phrase, and most compounds and tags, a query is searched with. */
  private static final int MAX_BONUS = 16;
  private static final int MIN_PREFIX_LENGTH = 3;

  /** Query words: unstemmed folded form to stem, stop words dropped, in query order. */
  final Map<String, String> words;
  final List<String> phrase;
  final Set<String> units;
  final Set<String> tags;
  /** Obsidian tags of the query, folded ({@code projet/client}). */
  final Set<String> hashtags;

  private QueryPlan(Map<String, String> words, List<String> phrase, Set<String> units,
      Set<String> tags, Set<String> hashtags) {
    this.words = words;
    this.phrase = phrase;
    this.units = units;
    this.tags = tags;
    this.hashtags = hashtags;
  }

  /**
   * The plan of {@code query}. A long query is bounded: at most {@link
   * Analysis#MAX_QUERY_WORDS} words, fewer prefix expansions per word when there are many,
   * and no phrase, compound or tag bonus beyond {@link #MAX_BONUS}, so the rewritten query
   * stays under Lucene's 1,024 clauses whatever the user pastes.
   */
  static QueryPlan of(String query) {
    Set<String> hashtags = new LinkedHashSet<>(first(Hashtags.inQuery(query)));
    String q = Analysis.normalize(Hashtags.withoutTags(query));
    List<String> exact = Analysis.tokens(Analysis.EXACT, q);
    Map<String, String> words = Analysis.queryWords(q);
    Set<String> units = new LinkedHashSet<>(first(Analysis.compounds(q)));
    Set<String> tags = new LinkedHashSet<>(first(Analysis.tags(q)));
    boolean phrase = exact.size() >= 2 && exact.size() <= MAX_BONUS;
    return new QueryPlan(words, phrase ? exact : List.of(), units, tags, hashtags);
  }

  private static List<String> first(List<String> values) {
    return values.size() <= MAX_BONUS ? values : values.subList(0, MAX_BONUS);
  }

  /** Whether the query holds no searchable word or tag at all (only punctuation, say). */
  boolean isEmpty() {
    return words.isEmpty() && hashtags.isEmpty();
  }

  /** How many term groups the query has: its words and its Obsidian tags. */
  int termCount() {
    return words.size() + hashtags.size();
  }

  /** Fast mode: any word matches; more words matched rank first (see {@link #TIER}). */
  Query tiered() {
    BooleanQuery.Builder b = new BooleanQuery.Builder();
    for (Map.Entry<String, String> w : words.entrySet()) {
      // The tier counts the words the chunk itself holds (its text and headings): the file's
      // title and path are shared by every chunk of the file, so they weigh in the BM25 part
      // only; otherwise every chunk of tasks.md would "hold" a word of its title (issue 12).
      b.add(new BoostQuery(new ConstantScoreQuery(held(w.getKey(), w.getValue())), TIER),
          Occur.SHOULD);
      b.add(group(w.getKey(), w.getValue(), true), Occur.SHOULD);
    }
    for (String tag : hashtags) {
      b.add(new BoostQuery(new ConstantScoreQuery(hashtag(tag)), TIER), Occur.SHOULD);
      b.add(new BoostQuery(hashtag(tag), TAG), Occur.SHOULD);
    }
    addBonus(b);
    return b.build();
  }

  /** Every word must match (deep mode's first list). */
  Query allWords() {
    BooleanQuery.Builder b = new BooleanQuery.Builder();
    for (Map.Entry<String, String> w : words.entrySet()) {
      b.add(group(w.getKey(), w.getValue(), true), Occur.MUST);
    }
    for (String tag : hashtags) b.add(new BoostQuery(hashtag(tag), TAG), Occur.MUST);
    addBonus(b);
    return b.build();
  }

  /** Any word, plain BM25 without tiers (deep mode's second list). */
  Query anyWord() {
    BooleanQuery.Builder b = new BooleanQuery.Builder();
    for (Map.Entry<String, String> w : words.entrySet()) {
      b.add(group(w.getKey(), w.getValue(), true), Occur.SHOULD);
    }
    for (String tag : hashtags) b.add(new BoostQuery(hashtag(tag), TAG), Occur.SHOULD);
    addBonus(b);
    return b.build();
  }

  /** Stems only, no prefixes (deep mode's third list). */
  Query stemsOnly() {
    BooleanQuery.Builder b = new BooleanQuery.Builder();
    for (Map.Entry<String, String> w : words.entrySet()) {
      b.add(group(w.getKey(), w.getValue(), false), Occur.SHOULD);
    }
    for (String tag : hashtags) b.add(new BoostQuery(hashtag(tag), TAG), Occur.SHOULD);
    return b.build();
  }

  /** The chunks carrying {@code tag} or a child of it (the index holds every parent). */
  private static Query hashtag(String tag) {
    return new TermQuery(new Term(Fields.HASHTAGS, tag));
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
    return n == 0 ? null : b.build();
  }

  /** Whether the chunk's own text or headings hold the word (stem, or its prefix). */
  private Query held(String word, String stem) {
    BooleanQuery.Builder g = new BooleanQuery.Builder();
    g.add(new TermQuery(new Term(Fields.BODY, stem)), Occur.SHOULD);
    g.add(new TermQuery(new Term(Fields.HEADING, stem)), Occur.SHOULD);
    if (word.length() >= MIN_PREFIX_LENGTH) g.add(prefix(word), Occur.SHOULD);
    return g.build();
  }

  private Query group(String word, String stem, boolean withPrefix) {
    BooleanQuery.Builder g = new BooleanQuery.Builder();
    g.add(new BoostQuery(new TermQuery(new Term(Fields.BODY, stem)), BODY), Occur.SHOULD);
    g.add(new BoostQuery(new TermQuery(new Term(Fields.TITLE, stem)), TITLE), Occur.SHOULD);
    g.add(new BoostQuery(new TermQuery(new Term(Fields.HEADING, stem)), HEADING), Occur.SHOULD);
    g.add(new BoostQuery(new TermQuery(new Term(Fields.PATH_TEXT, stem)), PATH), Occur.SHOULD);
    if (withPrefix && word.length() >= MIN_PREFIX_LENGTH) {
      g.add(new BoostQuery(prefix(word), PREFIX), Occur.SHOULD);
    }
    return g.build();
  }

  private Query prefix(String word) {
    int expansions = words.size() > 8 ? FEW_PREFIX_EXPANSIONS : PREFIX_EXPANSIONS;
    return new PrefixQuery(new Term(Fields.EXACT, word),
        new MultiTermQuery.TopTermsBlendedFreqScoringRewrite(expansions));
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
    return "QueryPlan" + new ArrayList<>(words.keySet()) + " units=" + units + " tags=" + tags
        + " hashtags=" + hashtags;
  }
}
