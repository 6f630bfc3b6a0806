package org.qmd4j.solr;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.solr.common.params.ModifiableSolrParams;
import org.qmd4j.spi.KeywordQuery;

/**
 * The Solr query for one user query: the {@link KeywordQuery} the embedded engine renders as
 * Lucene queries (its words, bonuses and weights), written in Solr's standard syntax. Every
 * term is analysed here, in Java, by qmd4j's own analysis, and sent through the {@code term}
 * parser (no second analysis in Solr); values travel as request parameters
 * ({@code v=$qv3}), so no user text is ever parsed as query syntax.
 *
 * <p>Each query word is a term group: its stem in body (1), title (4), headings (1) and path
 * (1.5), and its unstemmed form as a prefix of body words (0.5), sent as the words it stands
 * for with the embedded engine's blended scores ({@link PrefixTerms}). Fast mode adds, per
 * word, a constant {@link KeywordQuery#TIER} when the chunk's own text or headings hold it,
 * so that chunks holding more query words rank first. Phrase, compounds and tags are bonus
 * clauses.
 */
final class QueryPlan {
  private static final String BODY = weight(KeywordQuery.BODY);
  private static final String TITLE = weight(KeywordQuery.TITLE);
  private static final String HEADING = weight(KeywordQuery.HEADING);
  private static final String PATH = weight(KeywordQuery.PATH);
  private static final double PREFIX = KeywordQuery.PREFIX;
  private static final String PHRASE = weight(KeywordQuery.PHRASE);
  private static final String UNIT = weight(KeywordQuery.UNIT);
  private static final String TAG = weight(KeywordQuery.TAG);
  private static final String TIER = Integer.toString((int) KeywordQuery.TIER);
  private static final int MIN_PREFIX_LENGTH = KeywordQuery.MIN_PREFIX_LENGTH;

  private final KeywordQuery query;
  private final Map<String, String> words;
  private final List<String> phrase;
  private final Set<String> units;
  private final Set<String> tags;
  private final Set<String> hashtags;
  private final PrefixTerms prefixes;

  private QueryPlan(KeywordQuery query, PrefixTerms prefixes) {
    this.query = query;
    this.words = query.words();
    this.phrase = query.phrase();
    this.units = query.units();
    this.tags = query.tags();
    this.hashtags = query.hashtags();
    this.prefixes = prefixes;
  }

  /** The plan of {@code query}, its prefixes standing for no word yet. */
  static QueryPlan of(KeywordQuery query) {
    return new QueryPlan(query, PrefixTerms.NONE);
  }

  private static String weight(float w) {
    return Float.toString(w);
  }

  boolean isEmpty() {
    return query.isEmpty();
  }

  int termCount() {
    return query.termCount();
  }

  /** Fast mode: any word matches; more words held rank first. */
  String tiered(Params p) {
    List<String> clauses = new ArrayList<>();
    for (Map.Entry<String, String> w : words.entrySet()) {
      clauses.add("(" + held(p, w.getKey(), w.getValue()) + ")^=" + TIER);
      clauses.add(group(p, w.getKey(), w.getValue(), true));
    }
    for (String tag : hashtags) {
      String v = p.add(tag);
      clauses.add("(" + term("hashtags", v) + ")^=" + TIER);
      clauses.add(term("hashtags", v) + "^" + TAG);
    }
    addBonus(p, clauses);
    return restricted(p, clauses);
  }

  /** Every word must match (deep mode's first list). */
  String allWords(Params p) {
    List<String> clauses = new ArrayList<>();
    for (Map.Entry<String, String> w : words.entrySet()) {
      clauses.add("+" + group(p, w.getKey(), w.getValue(), true));
    }
    for (String tag : hashtags) clauses.add("+" + term("hashtags", p.add(tag)) + "^" + TAG);
    addBonus(p, clauses);
    return restricted(p, clauses);
  }

  /** Any word, plain BM25 without tiers (deep mode's second list). */
  String anyWord(Params p) {
    List<String> clauses = new ArrayList<>();
    for (Map.Entry<String, String> w : words.entrySet()) {
      clauses.add(group(p, w.getKey(), w.getValue(), true));
    }
    for (String tag : hashtags) clauses.add(term("hashtags", p.add(tag)) + "^" + TAG);
    addBonus(p, clauses);
    return restricted(p, clauses);
  }

  /** Stems only, no prefixes (deep mode's third list). */
  String stemsOnly(Params p) {
    List<String> clauses = new ArrayList<>();
    for (Map.Entry<String, String> w : words.entrySet()) {
      clauses.add(group(p, w.getKey(), w.getValue(), false));
    }
    for (String tag : hashtags) clauses.add(term("hashtags", p.add(tag)) + "^" + TAG);
    return restricted(p, clauses);
  }

  /**
   * Prefixes of the unstemmed words only (deep mode's fourth list): null if no word is long
   * enough to be a prefix, empty if the prefixes match no word (a list that finds nothing, but
   * counts in the fusion as the embedded engine's does).
   */
  String prefixesOnly(Params p) {
    if (prefixWords().isEmpty()) return null;
    List<String> clauses = new ArrayList<>();
    for (String word : prefixWords()) {
      String prefix = prefix(p, word, 1);
      if (prefix != null) clauses.add(prefix);
    }
    return clauses.isEmpty() ? "" : restricted(p, clauses);
  }

  /**
   * {@code clauses} with the query's phrases and exclusions as clauses that do not score, as
   * the embedded engine adds them: each phrase word's stem required in the chunk's text or
   * headings, and no excluded stem, exact phrase, tag or Obsidian tag. The adjacency of a
   * phrase's words after stemming is checked in Java, by the search's filter.
   */
  private String restricted(Params p, List<String> clauses) {
    KeywordQuery.Conditions c = query.conditions();
    if (c.isEmpty()) return String.join(" ", clauses);
    List<String> out = new ArrayList<>(clauses);
    for (String stem : c.required()) out.add("+(" + inChunk(p, stem) + ")^=0");
    for (String stem : c.excludedStems()) out.add("-(" + inChunk(p, stem) + ")");
    for (List<String> words : c.excludedPhrases()) {
      out.add("-_query_:\"{!field f=exact v=" + p.add(String.join(" ", words)) + "}\"");
    }
    for (String tag : c.excludedTags()) out.add("-" + term("tags", p.add(tag)));
    for (String tag : c.excludedHashtags()) out.add("-" + term("hashtags", p.add(tag)));
    return String.join(" ", out);
  }

  private static String inChunk(Params p, String stem) {
    String s = p.add(stem);
    return term("body", s) + " " + term("heading", s);
  }

  /** The query words searched as prefixes of the vault's words too, in query order. */
  List<String> prefixWords() {
    return query.prefixWords();
  }

  /** How many words of the vault one prefix stands for, as in the embedded engine. */
  int expansions() {
    return query.expansions();
  }

  /** The plan with the words its prefixes stand for (without them, prefixes match nothing). */
  QueryPlan withPrefixes(PrefixTerms terms) {
    return new QueryPlan(query, terms);
  }

  private String held(Params p, String word, String stem) {
    String s = p.add(stem);
    String h = term("body", s) + " " + term("heading", s);
    String prefix = word.length() >= MIN_PREFIX_LENGTH ? prefix(p, word, 1) : null;
    return prefix == null ? h : h + " " + prefix;
  }

  private String group(Params p, String word, String stem, boolean withPrefix) {
    String s = p.add(stem);
    String g = term("body", s) + "^" + BODY + " " + term("title", s) + "^" + TITLE + " "
        + term("heading", s) + "^" + HEADING + " " + term("pathtext", s) + "^" + PATH;
    String prefix = withPrefix && word.length() >= MIN_PREFIX_LENGTH
        ? prefix(p, word, PREFIX) : null;
    return "(" + (prefix == null ? g : g + " " + prefix) + ")";
  }

  /**
   * The words {@code word} is a prefix of, each boosted so that the sum is the embedded
   * engine's blended prefix score times {@code weight}; null if it is the prefix of none.
   */
  private String prefix(Params p, String word, double weight) {
    List<PrefixTerms.Term> expansion = prefixes.of(word);
    if (expansion.isEmpty()) return null;
    List<String> clauses = new ArrayList<>();
    for (PrefixTerms.Term t : expansion) {
      clauses.add(term("exact", p.add(t.word())) + "^" + PrefixTerms.boost(weight * t.boost()));
    }
    return "(" + String.join(" ", clauses) + ")";
  }

  private void addBonus(Params p, List<String> clauses) {
    if (phrase.size() >= 2) {
      clauses.add("_query_:\"{!field f=exact v=" + p.add(String.join(" ", phrase)) + "}\"^"
          + PHRASE);
    }
    for (String unit : units) clauses.add(term("units", p.add(unit)) + "^" + UNIT);
    for (String tag : tags) clauses.add(term("tags", p.add(tag)) + "^" + TAG);
  }

  private static String term(String field, String param) {
    return "_query_:\"{!term f=" + field + " v=" + param + "}\"";
  }

  /** The values of one request's clauses, as parameters {@code qv0, qv1, ...}. */
  static final class Params {
    private final ModifiableSolrParams params;
    private final Map<String, String> byValue = new java.util.HashMap<>();

    Params(ModifiableSolrParams params) {
      this.params = params;
    }

    /** The reference ({@code $qv3}) to a parameter holding {@code value}. */
    String add(String value) {
      return byValue.computeIfAbsent(value, v -> {
        String name = "qv" + byValue.size();
        params.set(name, v);
        return "$" + name;
      });
    }
  }
}
