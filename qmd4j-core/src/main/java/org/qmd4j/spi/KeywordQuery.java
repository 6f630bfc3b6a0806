package org.qmd4j.spi;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Expert: one keyword query as qmd4j's keyword engines search it, whatever index they search:
 * its words (unstemmed folded form to stem), the phrase, compounds, tags and Obsidian
 * tags, the clauses' weights, and how a score becomes a score in [0, 1]. The embedded engine
 * renders it as Lucene queries, {@code qmd4j-solr} as a Solr request; both take every weight
 * and bound from here, so the two rank alike. An engine gets the query of a search's text from
 * {@link TextAnalysis#keywordQuery(String)}. Immutable.
 *
 * <p>Each query word is a <em>term group</em>: its stem in the body ({@link #BODY}), the
 * file's title ({@link #TITLE}), the chunk's headings ({@link #HEADING}) and the path
 * ({@link #PATH}), and its unstemmed form as a prefix of the vault's words ({@link #PREFIX}):
 * the first {@link #expansions()} words with that prefix, scored by BM25 with the document
 * frequency of the most frequent one (Lucene's {@code TopTermsBlendedFreqScoringRewrite}).
 * Bonus clauses reward the phrase ({@link #PHRASE}), compounds ({@link #UNIT}) and tags
 * ({@link #TAG}). Fast mode adds {@link #TIER} per word the chunk's own text or headings hold.
 *
 * @since 0.9
 */
public final class KeywordQuery {
  /** Score added per matched term group; far above any BM25 sum of one group. */
  public static final float TIER = 10_000f;
  /** Weight of a word's stem in the chunk's text. */
  public static final float BODY = 1f;
  /** Weight of a word's stem in the file's title (its first H1 or H2, as qmd weighs it). */
  public static final float TITLE = 4f;
  /** Weight of a word's stem in the chunk's headings. */
  public static final float HEADING = 1f;
  /** Weight of a word's stem in the file's path. */
  public static final float PATH = 1.5f;
  /** Weight of the words a query word is a prefix of. */
  public static final float PREFIX = 0.5f;
  /** Weight of the query's words as a phrase. */
  public static final float PHRASE = 2f;
  /** Weight of a compound kept whole ({@code en-cours}, {@code 2025-07-14}). */
  public static final float UNIT = 2f;
  /** Weight of a tag ({@code [décision]}, {@code #projet}). */
  public static final float TAG = 3f;
  /** Shortest query word searched as a prefix too. */
  public static final int MIN_PREFIX_LENGTH = 3;
  /**
   * A hit holding none of the query's words (matched through its file's title or path only,
   * or a form qmd4j does not read as the word) scores below this, whatever the query.
   */
  public static final double NONE_BAND = 0.2;
  /** A BM25 part of this size puts a chunk in the middle of its score band. */
  public static final double BAND_MIDDLE = 5;

  private static final int PREFIX_EXPANSIONS = 32;
  /** Prefix expansions per word when the query has more than 8 words: stays under 1,024. */
  private static final int FEW_PREFIX_EXPANSIONS = 12;

  private final Map<String, String> words;
  private final List<String> phrase;
  private final Set<String> units;
  private final Set<String> tags;
  private final Set<String> hashtags;
  private final Conditions conditions;

  /**
   * A query of these parts, as {@link TextAnalysis#keywordQuery(String)} reads them from a
   * search's text.
   *
   * @param words query words, unstemmed folded form to stem, in query order
   * @param phrase the unstemmed words searched as a phrase, or empty
   * @param units compounds kept whole
   * @param tags changelog tags, folded
   * @param hashtags Obsidian tags, folded
   * @param conditions the clauses of the query's phrases and exclusions
   */
  public KeywordQuery(Map<String, String> words, List<String> phrase, Set<String> units,
      Set<String> tags, Set<String> hashtags, Conditions conditions) {
    this.words = Collections.unmodifiableMap(new LinkedHashMap<>(words));
    this.phrase = List.copyOf(phrase);
    this.units = Collections.unmodifiableSet(new LinkedHashSet<>(units));
    this.tags = Collections.unmodifiableSet(new LinkedHashSet<>(tags));
    this.hashtags = Collections.unmodifiableSet(new LinkedHashSet<>(hashtags));
    this.conditions = Objects.requireNonNull(conditions, "conditions == null");
  }

  /**
   * What the index can tell of a query's phrases and exclusions, so that
   * an engine skips the chunks that cannot pass: the stems every chunk must hold (the words
   * of its phrases), and the stems, exact phrases, tags and Obsidian tags no chunk may hold.
   * The exact check, adjacency after stemming included, is the extra condition the search's
   * {@link ChunkFilter} carries: these clauses only narrow what it tests.
   *
   * @param required stems each chunk's text or headings must hold
   * @param excludedStems stems no chunk's text or headings may hold
   * @param excludedPhrases exact (folded, unstemmed) word sequences no chunk's text may hold
   * @param excludedTags changelog tags ({@code [x]}, folded) no chunk may carry
   * @param excludedHashtags Obsidian tags (folded) no chunk may carry
   */
  public record Conditions(Set<String> required, Set<String> excludedStems,
      List<List<String>> excludedPhrases, Set<String> excludedTags,
      Set<String> excludedHashtags) {
    /** Copies the collections. */
    public Conditions {
      required = Set.copyOf(required);
      excludedStems = Set.copyOf(excludedStems);
      excludedPhrases = List.copyOf(excludedPhrases);
      excludedTags = Set.copyOf(excludedTags);
      excludedHashtags = Set.copyOf(excludedHashtags);
    }

    /** Whether the query has no phrase and no exclusion. */
    public boolean isEmpty() {
      return required.isEmpty() && excludedStems.isEmpty() && excludedPhrases.isEmpty()
          && excludedTags.isEmpty() && excludedHashtags.isEmpty();
    }
  }

  /** Query words, unstemmed folded form to stem, stop words dropped, in query order. */
  public Map<String, String> words() {
    return words;
  }

  /** The unstemmed words searched as a phrase; empty for fewer than two or more than 16. */
  public List<String> phrase() {
    return phrase;
  }

  /** Compounds of the query, kept whole. */
  public Set<String> units() {
    return units;
  }

  /** Changelog tags of the query ({@code [décision]} as {@code decision}). */
  public Set<String> tags() {
    return tags;
  }

  /** Obsidian tags of the query, folded ({@code projet/client}). */
  public Set<String> hashtags() {
    return hashtags;
  }

  /** The clauses of the query's phrases and exclusions; empty without them. */
  public Conditions conditions() {
    return conditions;
  }

  /** Whether the query holds no searchable word or tag at all (only punctuation, say). */
  public boolean isEmpty() {
    return words.isEmpty() && hashtags.isEmpty();
  }

  /** How many term groups the query has: its words and its Obsidian tags. */
  public int termCount() {
    return words.size() + hashtags.size();
  }

  /** The unstemmed words searched as prefixes too, in query order. */
  public List<String> prefixWords() {
    return words.keySet().stream().filter(w -> w.length() >= MIN_PREFIX_LENGTH).toList();
  }

  /** How many of the vault's words one prefix stands for. */
  public int expansions() {
    return words.size() > 8 ? FEW_PREFIX_EXPANSIONS : PREFIX_EXPANSIONS;
  }

  /**
   * A raw score as a score in [0, 1]. Without tiers ({@code words == 0}), {@code s / (1 + s)}
   * of the BM25 score. With them, the score's band says how many of the {@code words} query
   * words the chunk holds: all of them, [0.5, 1); {@code u} of them, [0.5 u / words,
   * 0.5 (u + 1) / words), none of them below {@link #NONE_BAND} too. Inside its band the
   * chunk is placed by its BM25 part {@code b} as
   * {@code b / (b + }{@value #BAND_MIDDLE}{@code )}: absolute, so that a chunk scores the same
   * whatever else matched or was filtered out, and spread over the whole band (one
   * {@code s / (1 + s)} over every band squeezed a tag query's matches into 0.87-0.88).
   */
  public static double normalize(float score, int words) {
    if (words == 0) {
      double s = Math.max(0, score);
      return s / (1 + s);
    }
    int held = Math.min(words, held(score));
    double b = Math.max(0, score - held(score) * (double) TIER);
    double within = b / (b + BAND_MIDDLE);
    double lower = held >= words ? 0.5 : 0.5 * held / words;
    double width = held >= words ? 0.5 : held == 0 ? Math.min(0.5 / words, NONE_BAND)
        : 0.5 / words;
    return Math.min(lower + width * within, Math.nextDown(lower + width));
  }

  /** How many query words a tiered score says the chunk holds. */
  public static int held(float score) {
    return (int) Math.floor(score / TIER);
  }

  @Override
  public String toString() {
    return "KeywordQuery" + words.keySet() + " units=" + units + " tags=" + tags
        + " hashtags=" + hashtags + (conditions.isEmpty() ? "" : " " + conditions);
  }
}
