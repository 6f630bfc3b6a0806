package org.qmd4j.analysis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;
import org.qmd4j.search.LineMatch;
import org.qmd4j.spi.Chunk;

/**
 * The words of a query as the engines understand them, and where a text holds them: folded
 * case, accents and Unicode forms, elisions, light French stemming, prefixes of 3 letters or
 * more, compounds kept whole ({@code en-cours}, {@code 2025-07-14}) and tags
 * ({@code [décision]}), Obsidian tags ({@code #projet}, matched as tags only: see {@link
 * Hashtags}). One rule for the qmd engine's "chunk holds a word", the results'
 * {@code matches}, the web page's highlights and the spelling correction's "no hit holds the
 * word". Immutable and thread-safe.
 */
public final class TermMatcher {
  private static final int MIN_PREFIX_LENGTH = 3;
  private static final Pattern UNIT =
      Pattern.compile("[\\p{L}\\p{M}\\p{N}]+(?:[-_./'\u2019][\\p{L}\\p{M}\\p{N}]+)+");
  private static final Pattern TAG = Pattern.compile("\\[([^\\[\\]\\n]{1,40})\\](?!\\()");

  /** Query words: folded form to stem, in query order. */
  private final Map<String, String> words;
  /** The words highlighted one by one: those outside quoted phrases; folded form to stem. */
  private final Map<String, String> loose;
  private final Set<String> stems;
  private final Set<String> units;
  private final Set<String> tags;
  /** Obsidian tags of the query, folded, in query order. */
  private final List<String> hashtags;
  /** The quoted phrases, highlighted whole. */
  private final List<Phrase> phrases;

  private TermMatcher(Map<String, String> words, Map<String, String> loose, Set<String> units,
      Set<String> tags, List<String> hashtags, List<Phrase> phrases) {
    this.words = words;
    this.loose = loose;
    this.stems = new HashSet<>(loose.values());
    this.units = units;
    this.tags = tags;
    this.hashtags = hashtags;
    this.phrases = phrases;
  }

  /**
   * The matcher of {@code query}, as written: its excluded pieces are not words; its quoted
   * phrases' words are words of the query, highlighted only where the whole phrase stands.
   */
  public static TermMatcher of(String query) {
    QuerySyntax syntax = QuerySyntax.parse(query);
    String q = Analysis.normalize(Hashtags.withoutTags(syntax.positive()));
    String l = Analysis.normalize(Hashtags.withoutTags(syntax.loose()));
    Map<String, String> words = Analysis.queryWords(q);
    Map<String, String> loose = syntax.phrases().isEmpty() ? words : Analysis.queryWords(l);
    List<Phrase> phrases = new ArrayList<>();
    for (String p : syntax.phrases()) phrases.add(Phrase.of(p));
    return new TermMatcher(Collections.unmodifiableMap(words),
        Collections.unmodifiableMap(loose), Set.copyOf(Analysis.compounds(l)),
        Set.copyOf(Analysis.tags(l)), List.copyOf(Hashtags.inQuery(syntax.positive())),
        List.copyOf(phrases));
  }

  /** Whether the query holds no searchable word and no tag. */
  public boolean isEmpty() {
    return words.isEmpty() && hashtags.isEmpty();
  }

  /** The words searched for (folded), in query order; the query's tags are not words. */
  public Set<String> words() {
    return words.keySet();
  }

  /** The query's Obsidian tags ({@code #projet}), folded and without {@code #}, in order. */
  public List<String> hashtags() {
    return hashtags;
  }

  /**
   * Share of the query's words and tags that {@code chunk} holds (its text or headings), in
   * [0, 1].
   */
  public double strength(Chunk chunk) {
    int terms = words.size() + hashtags.size();
    if (terms == 0) return 0;
    int held = words.isEmpty() ? 0 : held(chunk).size();
    if (!hashtags.isEmpty()) {
      Set<String> carried = new HashSet<>(Hashtags.carried(chunk.text()));
      for (String heading : chunk.headings()) carried.addAll(Hashtags.carried(heading));
      for (String tag : hashtags) {
        if (carried.contains(tag)) held++;
      }
    }
    return held / (double) terms;
  }

  /**
   * The query's words (folded, as searched) that {@code chunk}'s text or headings hold, in
   * query order: {@link #held(String)} of them, from their tokens as {@link TokenCache} keeps
   * them (a chunk seen again is not analysed again).
   */
  public Set<String> held(Chunk chunk) {
    Set<String> out = new LinkedHashSet<>();
    if (words.isEmpty()) return out;
    TextTokens text = TokenCache.tokens(chunk.text());
    TextTokens heads = chunk.headings().isEmpty() ? null
        : TokenCache.tokens(String.join("\n", chunk.headings()));
    for (Map.Entry<String, String> w : words.entrySet()) {
      if (holds(text, w) || (heads != null && holds(heads, w))) out.add(w.getKey());
    }
    return out;
  }

  /** Whether {@code tokens} hold word {@code w} as {@link #held(String)} tells it. */
  private static boolean holds(TextTokens tokens, Map.Entry<String, String> w) {
    return tokens.stems().containsKey(w.getKey()) || tokens.stemSet().contains(w.getValue())
        || w.getKey().length() >= MIN_PREFIX_LENGTH && tokens.hasTermStartingWith(w.getKey());
  }

  /** The query's words (folded, as searched) that {@code text} holds, in query order. */
  public Set<String> held(String text) {
    Set<String> exact = new HashSet<>(Analysis.tokens(Analysis.EXACT, Analysis.normalize(text)));
    Set<String> tokenStems = new HashSet<>();
    for (String t : exact) tokenStems.add(Analysis.stem(t));
    Set<String> out = new LinkedHashSet<>();
    for (Map.Entry<String, String> w : words.entrySet()) {
      if (exact.contains(w.getKey()) || tokenStems.contains(w.getValue())
          || prefixOf(w.getKey(), exact)) {
        out.add(w.getKey());
      }
    }
    return out;
  }

  /**
   * The lines of {@code chunk} that hold a query word, each with the character ranges of the
   * words it holds; lines are the file's (1-based), ranges 0-based and end-exclusive in the
   * line as written (UTF-16 code units, as Java and JavaScript index strings).
   */
  public List<LineMatch> matches(Chunk chunk) {
    return matches(chunk, true);
  }

  /** {@link #matches}, from the text's tokens or ({@code fromTokens} false) line by line. */
  List<LineMatch> matches(Chunk chunk, boolean fromTokens) {
    List<LineMatch> out = new ArrayList<>();
    if (isEmpty() && units.isEmpty() && tags.isEmpty()) return out;
    String[] lines = chunk.text().split("\n", -1);
    // Tags are read over the whole chunk: frontmatter and code fences span lines.
    List<List<int[]>> tagged = new ArrayList<>();
    for (int i = 0; i < lines.length; i++) tagged.add(new ArrayList<>());
    if (!hashtags.isEmpty()) {
      int line = 0;
      int lineStart = 0;
      for (Hashtags.Occurrence o : Hashtags.find(chunk.text())) {
        while (line < lines.length - 1 && o.start() >= lineStart + lines[line].length() + 1) {
          lineStart += lines[line].length() + 1;
          line++;
        }
        if (answered(o.tag())) {
          tagged.get(line).add(new int[] {o.start() - lineStart, o.end() - lineStart});
        }
      }
    }
    List<List<int[]>> worded = fromTokens ? wordsByLine(chunk.text(), lines) : null;
    int first = chunk.lines().from();
    for (int i = 0; i < lines.length; i++) {
      List<LineMatch.Range> ranges = withTags(worded == null ? wordRanges(lines[i])
          : lineRanges(lines[i], worded.get(i)), tagged.get(i));
      if (!ranges.isEmpty()) out.add(new LineMatch(first + i, ranges));
    }
    return out;
  }

  /**
   * The ranges of the query's words in each line of {@code text}, from its tokens as {@link
   * TokenCache} keeps them (read from the embedded index, or analysed once per text): what
   * {@link #wordRanges} finds by analysing each line. Null when the offsets of the tokens do
   * not index the text as written (it was not NFKC): then each line is analysed.
   */
  private List<List<int[]>> wordsByLine(String text, String[] lines) {
    List<List<int[]>> out = new ArrayList<>(lines.length);
    for (int i = 0; i < lines.length; i++) out.add(new ArrayList<>(0));
    if (loose.isEmpty()) return TextTokens.isNormal(text) ? out : null;
    TextTokens tokens = TokenCache.tokens(text);
    if (!tokens.offsetsInText()) return null;
    int[] lineStarts = new int[lines.length];
    for (int i = 1; i < lines.length; i++) {
      lineStarts[i] = lineStarts[i - 1] + lines[i - 1].length() + 1;
    }
    Set<String> matching = new HashSet<>(); // the text's stems are computed once per text
    tokens.stems().forEach((t, stem) -> {
      if (matchesWord(t, stem)) matching.add(t);
    });
    if (matching.isEmpty()) return out;
    for (int i = 0; i < tokens.size(); i++) {
      String t = tokens.term(i);
      if (!matching.contains(t)) continue;
      int end = tokens.end(i);
      int start = afterElision(text, tokens.start(i), end, t);
      int line = Arrays.binarySearch(lineStarts, start);
      if (line < 0) line = -line - 2;
      out.get(line).add(new int[] {start - lineStarts[line], end - lineStarts[line]});
    }
    return out;
  }

  /**
   * {@link #wordRanges} of {@code line} (NFKC) given the ranges of its words: the same phrases,
   * compounds and tags found on it, all merged.
   */
  private List<LineMatch.Range> lineRanges(String line, List<int[]> words) {
    if (line.isEmpty()
        || (loose.isEmpty() && units.isEmpty() && tags.isEmpty() && phrases.isEmpty())) {
      return List.of();
    }
    for (Phrase p : phrases) words.addAll(p.find(line));
    if (!units.isEmpty()) addPattern(words, line, UNIT, 0, units, false);
    if (!tags.isEmpty()) addPattern(words, line, TAG, 1, tags, true);
    return FoldedText.asIs(line).toRanges(merge(words));
  }

  private boolean answered(String tag) {
    for (String q : hashtags) {
      if (Hashtags.answers(tag, q)) return true;
    }
    return false;
  }

  private static List<LineMatch.Range> withTags(List<LineMatch.Range> ranges,
      List<int[]> tagRanges) {
    if (tagRanges.isEmpty()) return ranges;
    List<int[]> all = new ArrayList<>(tagRanges);
    for (LineMatch.Range r : ranges) all.add(new int[] {r.start(), r.end()});
    List<LineMatch.Range> out = new ArrayList<>();
    for (int[] r : merge(all)) out.add(new LineMatch.Range(r[0], r[1]));
    return out;
  }

  /**
   * Where {@code text} holds the query's words, compounds and tags: sorted, non-overlapping
   * character ranges of {@code text} as written.
   */
  public List<LineMatch.Range> find(String text) {
    if (hashtags.isEmpty()) return wordRanges(text);
    List<int[]> tagRanges = new ArrayList<>();
    for (Hashtags.Occurrence o : Hashtags.find(text)) {
      if (answered(o.tag())) tagRanges.add(new int[] {o.start(), o.end()});
    }
    return withTags(wordRanges(text), tagRanges);
  }

  private List<LineMatch.Range> wordRanges(String text) {
    if (text.isEmpty()
        || (loose.isEmpty() && units.isEmpty() && tags.isEmpty() && phrases.isEmpty())) {
      return List.of();
    }
    FoldedText folded = FoldedText.of(text);
    List<int[]> found = new ArrayList<>();
    try (TokenStream ts = Analysis.EXACT.tokenStream("m", folded.text)) {
      CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
      OffsetAttribute offset = ts.addAttribute(OffsetAttribute.class);
      ts.reset();
      while (ts.incrementToken()) {
        String t = term.toString();
        if (matchesWord(t, Analysis.stem(t))) {
          int start = offset.startOffset();
          int end = offset.endOffset();
          start = afterElision(folded.text, start, end, t);
          found.add(new int[] {start, end});
        }
      }
      ts.end();
    } catch (IOException e) {
      throw new UncheckedIOException("Analysis of an in-memory string failed", e);
    }
    for (Phrase p : phrases) found.addAll(p.find(folded.text));
    if (!units.isEmpty()) addPattern(found, folded.text, UNIT, 0, units, false);
    if (!tags.isEmpty()) addPattern(found, folded.text, TAG, 1, tags, true);
    return folded.toRanges(merge(found));
  }

  private boolean matchesWord(String token, String stem) {
    if (loose.containsKey(token) || stems.contains(stem)) return true;
    for (String w : loose.keySet()) {
      if (w.length() >= MIN_PREFIX_LENGTH && token.startsWith(w)) return true;
    }
    return false;
  }

  /** An elided article ({@code l'API}) is part of the token's offsets but not of the word. */
  private static int afterElision(String text, int start, int end, String term) {
    for (int i = start; i < end; i++) {
      char c = text.charAt(i);
      if ((c == '\'' || c == '\u2019') && term.indexOf('\'') < 0) return i + 1;
    }
    return start;
  }

  private static void addPattern(List<int[]> found, String text, Pattern pattern, int group,
      Set<String> wanted, boolean wholeMatch) {
    Matcher m = pattern.matcher(text);
    while (m.find()) {
      String folded = Analysis.fold(m.group(group)).replace(' ', ' ');
      String key = wholeMatch ? folded : foldUnit(m.group());
      if (wanted.contains(key)) found.add(new int[] {m.start(), m.end()});
    }
  }

  private static String foldUnit(String unit) {
    List<String> units = Analysis.compounds(unit);
    return units.isEmpty() ? "" : units.get(0);
  }

  private static List<int[]> merge(List<int[]> ranges) {
    ranges.sort((a, b) -> a[0] != b[0] ? Integer.compare(a[0], b[0]) : Integer.compare(b[1], a[1]));
    List<int[]> out = new ArrayList<>();
    for (int[] r : ranges) {
      if (!out.isEmpty() && r[0] <= out.get(out.size() - 1)[1]) {
        int[] last = out.get(out.size() - 1);
        last[1] = Math.max(last[1], r[1]);
      } else {
        out.add(new int[] {r[0], r[1]});
      }
    }
    return out;
  }

  private static boolean prefixOf(String word, Set<String> tokens) {
    if (word.length() < MIN_PREFIX_LENGTH) return false;
    for (String t : tokens) {
      if (t.startsWith(word)) return true;
    }
    return false;
  }
}
