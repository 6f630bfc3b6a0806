package org.qmd4j.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.qmd4j.spi.Chunk;

/**
 * The syntax of a query (docs/query-syntax.md): quoted phrases and exclusions beside the words,
 * tags and {@code #tags} that are searched. Read once, the same way for every engine and front
 * end. Immutable and thread-safe; may change without notice.
 *
 * <table>
 *   <caption>What a query may hold</caption>
 *   <tr><th>written</th><th>means</th></tr>
 *   <tr><td>{@code word}</td><td>a word to search (folded, stemmed, as a prefix too)</td></tr>
 *   <tr><td>{@code "two words"}</td><td>the words adjacent and in this order, after folding
 *       and stemming; a chunk must hold the phrase</td></tr>
 *   <tr><td>{@code -word}, {@code -"two words"}, {@code -en-cours}, {@code -[tag]},
 *       {@code -#tag}</td><td>no chunk holding it is returned</td></tr>
 * </table>
 *
 * <p>Only a {@code -} that starts a piece of the query (at its start or after a space) and is
 * followed by a word, a quote, {@code [} or {@code #} excludes: {@code en-cours} and {@code
 * 2025-07-14} are words, and a lone {@code -} or {@code ->} is punctuation. Quotes are {@code
 * "}, {@code “ ”} and {@code « »}; a quote that is never closed runs to the end of the query.
 */
public final class QuerySyntax {
  private static final Pattern WHOLE_TAG = Pattern.compile("\\[[^\\[\\]\\n]{1,40}\\]");

  private final String positive;
  private final String loose;
  private final List<String> pieces;
  private final List<String> phrases;
  private final List<String> excluded;

  private QuerySyntax(String positive, String loose, List<String> pieces, List<String> phrases,
      List<String> excluded) {
    this.positive = positive;
    this.loose = loose;
    this.pieces = List.copyOf(pieces);
    this.phrases = List.copyOf(phrases);
    this.excluded = List.copyOf(excluded);
  }

  /** The syntax of {@code query} as typed. */
  public static QuerySyntax parse(String query) {
    StringBuilder positive = new StringBuilder(query.length());
    StringBuilder loose = new StringBuilder(query.length());
    List<String> pieces = new ArrayList<>();
    List<String> phrases = new ArrayList<>();
    List<String> excluded = new ArrayList<>();
    int n = query.length();
    int i = 0;
    while (i < n) {
      char c = query.charAt(i);
      if (Character.isWhitespace(c)) {
        positive.append(c);
        loose.append(c);
        i++;
        continue;
      }
      boolean negated = c == '-' && i + 1 < n && startsExclusion(query.charAt(i + 1));
      int start = negated ? i + 1 : i;
      if (isOpeningQuote(query.charAt(start))) {
        int close = closingQuote(query, start + 1);
        String phrase = query.substring(start + 1, close).strip();
        i = Math.min(n, close + 1);
        if (!phrase.isEmpty() && negated) {
          excluded.add(phrase);
        } else if (!phrase.isEmpty()) {
          phrases.add(phrase);
          pieces.add('"' + phrase.replace('"', ' ') + '"');
          positive.append(' ').append(phrase);
        }
        positive.append(' ');
        loose.append(' ');
        continue;
      }
      int end = start;
      while (end < n && !Character.isWhitespace(query.charAt(end))
          && !(end > start && isOpeningQuote(query.charAt(end)))) {
        end++;
      }
      if (negated) {
        excluded.add(query.substring(start, end));
        positive.append(' ');
        loose.append(' ');
      } else {
        positive.append(query, start, end);
        loose.append(query, start, end);
        pieces.add(query.substring(start, end));
      }
      i = end;
    }
    return new QuerySyntax(positive.toString(), loose.toString(), pieces, phrases,
        excluded);
  }

  /** What may follow a {@code -} that excludes: a word, a quote, a tag. */
  private static boolean startsExclusion(char next) {
    return Character.isLetterOrDigit(next) || next == '_' || isOpeningQuote(next)
        || next == '[' || next == '#';
  }

  private static boolean isOpeningQuote(char c) {
    return c == '"' || c == '\u201c' || c == '\u00ab';
  }

  private static int closingQuote(String query, int from) {
    for (int k = from; k < query.length(); k++) {
      char c = query.charAt(k);
      if (c == '"' || c == '\u201d' || c == '\u00bb') return k;
    }
    return query.length(); // never closed: the phrase runs to the end
  }

  /**
   * The query without its exclusions, its quotes turned into spaces: the text whose words,
   * compounds and tags are searched. The words of its phrases are part of it.
   */
  public String positive() {
    return positive;
  }

  /**
   * The searched pieces in query order, exclusions left out: each word as written, each
   * phrase between straight double quotes ({@code "two words"}), closed even if it was not.
   */
  public List<String> pieces() {
    return pieces;
  }

  /** The positive text without its phrases: the words matched one by one. */
  public String loose() {
    return loose;
  }

  /** The quoted phrases a chunk must hold, as written between the quotes. */
  public List<String> phrases() {
    return phrases;
  }

  /** The excluded pieces, without their {@code -} and quotes ({@code brouillon}, {@code [x]}). */
  public List<String> excluded() {
    return excluded;
  }

  /** Whether the query has a phrase or an exclusion: a condition every chunk must pass. */
  public boolean hasConditions() {
    return !phrases.isEmpty() || !excluded.isEmpty();
  }

  /** Whether the query excludes something but searches for nothing: no word, tag or phrase. */
  public boolean onlyExclusions() {
    return !excluded.isEmpty() && positive.codePoints().noneMatch(Character::isLetterOrDigit)
        && positive.indexOf('*') < 0;
  }

  /** Whether the query, less its exclusions, is {@code *}: every chunk, newest first. */
  public boolean isWildcard() {
    return positive.strip().equals("*");
  }

  /**
   * The condition a chunk passes: it holds every phrase (in its text or one of its headings)
   * and no excluded piece; empty when the query has neither.
   */
  public Optional<Predicate<Chunk>> condition() {
    if (!hasConditions()) return Optional.empty();
    List<Phrase> required = new ArrayList<>();
    for (String p : phrases) required.add(Phrase.of(p));
    List<Predicate<Chunk>> refused = new ArrayList<>();
    for (String piece : excluded) refused.add(exclusion(piece));
    return Optional.of(chunk -> {
      for (Phrase p : required) {
        if (!p.heldBy(chunk)) return false;
      }
      for (Predicate<Chunk> r : refused) {
        if (r.test(chunk)) return false;
      }
      return true;
    });
  }

  /** The chunks an excluded piece refuses: its tag's, its hashtag's, or its words'. */
  private static Predicate<Chunk> exclusion(String piece) {
    if (WHOLE_TAG.matcher(piece).matches()) {
      String tag = Analysis.fold(piece.substring(1, piece.length() - 1));
      return chunk -> Analysis.tags(chunk.text()).contains(tag);
    }
    List<String> tags = Hashtags.inQuery(piece);
    if (piece.startsWith("#") && tags.size() == 1) {
      String tag = tags.get(0);
      return chunk -> {
        for (String t : Hashtags.carried(chunk.text())) {
          if (Hashtags.answers(t, tag)) return true;
        }
        for (String heading : chunk.headings()) {
          for (String t : Hashtags.carried(heading)) {
            if (Hashtags.answers(t, tag)) return true;
          }
        }
        return false;
      };
    }
    Phrase words = Phrase.of(piece);
    return words::heldBy;
  }

  @Override
  public String toString() {
    return "QuerySyntax[" + positive.strip() + " phrases=" + phrases + " excluded=" + excluded
        + "]";
  }
}
