package org.qmd4j.analysis;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.TokenFilterFactory;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.custom.CustomAnalyzer;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.fr.FrenchAnalyzer;
import org.apache.lucene.analysis.fr.FrenchLightStemmer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

/**
 * Text analysis shared by the engines: the embedded index uses it for every field, and the
 * qmd engine uses it to find which chunks of a document match a query. Every field sees
 * NFKC-normalized text (so NFD and NFC spell the same word), then:
 *
 * <table>
 *   <caption>Analysis per field</caption>
 *   <tr><th>field</th><th>tokens</th><th>filters</th></tr>
 *   <tr><td>body, title, heading, path</td><td>words (UAX#29)</td>
 *       <td>elision, identifier parts, lower case, accent folding, French light stemming</td></tr>
 *   <tr><td>exact</td><td>words (UAX#29)</td>
 *       <td>elision, identifier parts, lower case, accent folding</td></tr>
 *   <tr><td>a query's words ({@link #WORDS})</td><td>words (UAX#29)</td>
 *       <td>elision, lower case, accent folding</td></tr>
 *   <tr><td>units</td><td>words joined by {@code - _ . / '}, kept whole
 *       ({@code en-cours}, {@code 2025-07-14}): see {@link #compounds}</td>
 *       <td>lower case, accent folding</td></tr>
 * </table>
 */
public final class Analysis {
  private Analysis() {}

  public static final CharArraySet ELISIONS = FrenchAnalyzer.DEFAULT_ARTICLES;

  /**
   * The classpath resource that defines the chains below (tokenizer and filters by their
   * Lucene SPI names); the Solr engine's field types are written from it too.
   */
  public static final String CHAIN_RESOURCE = "/org/qmd4j/analysis/analysis.properties";

  private static final Properties CHAINS = chains();
  public static final Analyzer STEMMED = chain("stemmed", List.of());
  public static final Analyzer EXACT = chain("exact", List.of());

  /**
   * The exact chain without the filters only a text goes through ({@code indexOnly}: the
   * identifier parts): a query's words as a person typed them, one word per identifier
   * ({@code readAllLines}, {@code Files.readAllLines}), while {@link #EXACT} gives a text's
   * identifiers whole and by parts.
   */
  public static final Analyzer WORDS = chain("exact", indexOnly());

  /** The filters the stemmed chain runs after those of the exact chain (the stemmer). */
  private static final List<TokenFilterFactory> STEMMED_AFTER_EXACT = stemmedAfterExact();

  /**
   * The stemmed chain's tokens from the exact chain's: {@code exact} through the filters the
   * stemmed chain adds, so that a text analysed once gives both fields (the embedded engine's
   * indexing) and both still follow {@link #CHAIN_RESOURCE}.
   */
  public static TokenStream stemmedFromExact(TokenStream exact) {
    TokenStream stream = exact;
    for (TokenFilterFactory filter : STEMMED_AFTER_EXACT) stream = filter.create(stream);
    return stream;
  }

  private static Properties chains() {
    Properties chains = new Properties();
    try (InputStream in = Analysis.class.getResourceAsStream(CHAIN_RESOURCE)) {
      if (in == null) throw new AssertionError("Missing resource " + CHAIN_RESOURCE);
      chains.load(new InputStreamReader(in, StandardCharsets.UTF_8));
      return chains;
    } catch (IOException e) {
      throw new AssertionError("The analysis chains in the jar cannot be read", e);
    }
  }

  static List<String> filters(String chain) {
    return Arrays.stream(CHAINS.getProperty(chain).split(",")).map(String::strip).toList();
  }

  /** The tokenizer of the chains, by its analysis SPI name. */
  static String tokenizer() {
    return CHAINS.getProperty("tokenizer").strip();
  }

  /**
   * The filters of the text's chains that a query's words do not go through (property
   * {@code indexOnly}).
   */
  public static List<String> indexOnly() {
    String names = CHAINS.getProperty("indexOnly", "");
    return names.isBlank() ? List.of() : filters("indexOnly");
  }

  /**
   * The parameters of {@code filter}: the chain definition's properties named
   * {@code <filter>.<parameter>}, in a fresh mutable map (Lucene's factories consume it).
   */
  public static Map<String, String> parameters(String filter) {
    Map<String, String> out = new LinkedHashMap<>();
    CHAINS.stringPropertyNames().stream().filter(k -> k.startsWith(filter + ".")).sorted()
        .forEach(k -> out.put(k.substring(filter.length() + 1), CHAINS.getProperty(k)));
    return out;
  }

  /** Words (UAX#29), elisions stripped, lower case, accents folded, stemmed if asked. */
  private static Analyzer chain(String name, List<String> without) {
    try {
      CustomAnalyzer.Builder b = CustomAnalyzer.builder().withTokenizer(tokenizer());
      for (String filter : filters(name)) {
        if (!without.contains(filter)) ChainFilters.add(b, filter,
            parameters(filter));
      }
      return b.build();
    } catch (IOException e) {
      throw new AssertionError("The analysis chains in the jar cannot be built", e);
    }
  }

  private static List<TokenFilterFactory> stemmedAfterExact() {
    List<String> exact = filters("exact");
    List<String> stemmed = filters("stemmed");
    if (!stemmed.subList(0, Math.min(exact.size(), stemmed.size())).equals(exact)) {
      throw new AssertionError(CHAIN_RESOURCE + ": the stemmed chain must be the exact chain "
          + "and more filters, so that one analysis gives both fields; stemmed=" + stemmed
          + ", exact=" + exact);
    }
    return stemmed.subList(exact.size(), stemmed.size()).stream()
        .map(name -> TokenFilterFactory.forName(name, parameters(name))).toList();
  }

  /** French and English stop words, folded; removed from queries, never from the index. */
  public static final CharArraySet STOP_WORDS = stopWords();

  /** NFKC, so that composed and decomposed accents, ligatures and full-width forms match. */
  public static String normalize(String text) {
    return Normalizer.isNormalized(text, Normalizer.Form.NFKC)
        ? text
        : Normalizer.normalize(text, Normalizer.Form.NFKC);
  }

  /** The tokens {@code analyzer} makes of {@code text} (already normalized). */
  public static List<String> tokens(Analyzer analyzer, String text) {
    List<String> out = new ArrayList<>();
    try (TokenStream ts = analyzer.tokenStream("q", text)) {
      CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
      ts.reset();
      while (ts.incrementToken()) out.add(term.toString());
      ts.end();
    } catch (IOException e) {
      throw new UncheckedIOException("Analysis of an in-memory string failed", e);
    }
    return out;
  }

  /** The stem of one token of the exact field. */
  public static String stem(String exactToken) {
    char[] chars = exactToken.toCharArray();
    int len = new FrenchLightStemmer().stem(chars, chars.length);
    return new String(chars, 0, len);
  }

  /**
   * The compounds of a text (already normalized), folded: words joined by {@code - _ . / '}
   * kept whole ({@code en-cours}, {@code startup-x}, {@code 2025-07-14}, {@code v2.3.1}),
   * each once: the matches of {@code [\p{L}\p{M}\p{N}]+(?:[-_./'’][\p{L}\p{M}\p{N}]+)+},
   * found by one pass over the characters (the pattern, run on every word holding
   * an apostrophe, was 6% of a first index of French notes).
   */
  public static List<String> compounds(String text) {
    Set<String> out = new LinkedHashSet<>();
    int n = text.length();
    int i = 0;
    while (i < n) {
      int start = i;
      int end = wordEnd(text, i);
      if (end == i) { // not a word character
        i += Character.charCount(text.codePointAt(i));
        continue;
      }
      int joins = 0;
      while (end < n && isJoiner(text.charAt(end))) {
        int next = wordEnd(text, end + 1);
        if (next == end + 1) break; // a joiner not followed by a word character
        end = next;
        joins++;
      }
      if (joins > 0) out.add(foldUnit(text.substring(start, end)));
      i = end;
    }
    return List.copyOf(out);
  }

  private static boolean isJoiner(char c) {
    return c == '-' || c == '_' || c == '.' || c == '/' || c == '\'' || c == '\u2019';
  }

  /** The end of the run of {@code [\p{L}\p{M}\p{N}]} code points from {@code from}. */
  private static int wordEnd(String text, int from) {
    int i = from;
    while (i < text.length()) {
      int c = text.codePointAt(i);
      if (!isWordCodePoint(c)) break;
      i += Character.charCount(c);
    }
    return i;
  }

  private static boolean isWordCodePoint(int c) {
    if (Character.isLetterOrDigit(c)) return true;
    int type = Character.getType(c);
    return type == Character.NON_SPACING_MARK || type == Character.ENCLOSING_MARK
        || type == Character.COMBINING_SPACING_MARK || type == Character.LETTER_NUMBER
        || type == Character.OTHER_NUMBER;
  }

  private static String foldUnit(String unit) {
    char[] lower = unit.toLowerCase(java.util.Locale.ROOT).toCharArray();
    char[] folded = new char[lower.length * 4];
    int len = FoldingFilterFactory // Lucene's folding, from a table
        .fold(lower, lower.length, folded);
    return new String(folded, 0, len);
  }

  /** Folds a free string (a tag) the way the exact field does, keeping inner spaces. */
  public static String fold(String text) {
    return String.join(" ", tokens(WORDS, normalize(text)));
  }

  private static CharArraySet stopWords() {
    CharArraySet set = new CharArraySet(256, true);
    for (CharArraySet source : List.of(FrenchAnalyzer.getDefaultStopSet(),
        EnglishAnalyzer.ENGLISH_STOP_WORDS_SET)) {
      for (Object word : source) {
        String w = word instanceof char[] ? new String((char[]) word) : word.toString();
        set.add(w);
        set.addAll(tokens(WORDS, w));
      }
    }
    return CharArraySet.unmodifiableSet(set);
  }

  /** A tag such as {@code [décision]}: short, on one line, not a link's text. */
  private static final Pattern TAG = Pattern.compile("\\[([^\\[\\]\\n]{1,40})\\](?!\\()");

  /** The folded tags ({@code [décision]} gives {@code decision}) written in a text. */
  public static List<String> tags(String text) {
    List<String> out = new ArrayList<>();
    if (text.indexOf('[') < 0) return out; // most chunks: no pattern run
    Matcher m = TAG.matcher(text);
    while (m.find()) {
      String tag = fold(m.group(1));
      if (!tag.isEmpty() && !out.contains(tag)) out.add(tag);
    }
    return out;
  }

  /**
   * The most words a query is searched with. A longer query (an agent pasting a paragraph)
   * keeps the words it repeats most, then the longest, in query order; this bounds the work
   * per query and keeps Lucene under its clause limit (a 400-word query was an
   * internal error).
   */
  public static final int MAX_QUERY_WORDS = 16;

  /**
   * The words of a query: folded unstemmed form to stem, in query order, one per stem, stop
   * words dropped unless the query holds nothing else, at most {@link #MAX_QUERY_WORDS}.
   */
  public static Map<String, String> queryWords(String query) {
    List<String> exact = tokens(WORDS, normalize(query));
    Map<String, String> words = new LinkedHashMap<>();
    Map<String, Integer> counts = new HashMap<>();
    for (String token : exact) {
      if (STOP_WORDS.contains(token)) continue;
      String stem = searchedStem(token);
      if (counts.merge(stem, 1, Integer::sum) == 1) words.put(token, stem);
    }
    if (words.isEmpty()) { // only stop words: search them rather than nothing
      for (String token : exact) {
        String stem = searchedStem(token);
        if (counts.merge(stem, 1, Integer::sum) == 1) words.put(token, stem);
      }
    }
    return words.size() <= MAX_QUERY_WORDS ? words : strongest(words, counts);
  }

  /**
   * The stem a query word (folded) is searched by: its light stem, unless the stem no longer
   * resembles the word, and the word then stands for itself only (its own form and the words
   * it begins). That is a run of one letter ({@code aaaaaaaaaa}, {@code xxxxxxxx}: the
   * stemmer folds repeated letters, to {@code a}, which would match {@code à}, or to the
   * {@code x} of a {@code [x]} checkbox), and a word of 3 letters or more whose stem is one
   * letter or a stop word that the word is not.
   */
  public static String searchedStem(String token) {
    String stem = stem(token);
    if (stem.equals(token)) return stem;
    boolean resembles = !isRunOfOneLetter(token)
        && !(stem.length() <= 1 && token.length() >= 3)
        && !(STOP_WORDS.contains(stem) && !STOP_WORDS.contains(token));
    return resembles ? stem : token;
  }

  /** Whether {@code word} is one letter written 3 times or more ({@code zzz}). */
  static boolean isRunOfOneLetter(String word) {
    if (word.length() < 3 || !Character.isLetter(word.charAt(0))) return false;
    for (int i = 1; i < word.length(); i++) {
      if (word.charAt(i) != word.charAt(0)) return false;
    }
    return true;
  }

  private static Map<String, String> strongest(Map<String, String> words,
      Map<String, Integer> counts) {
    List<String> ranked = new ArrayList<>(words.keySet());
    // Stable sort: among equals, the earlier word stays first.
    ranked.sort(Comparator.comparingInt((String w) -> counts.get(words.get(w))).reversed()
        .thenComparing(Comparator.comparingInt(String::length).reversed()));
    Set<String> kept = new HashSet<>(ranked.subList(0, MAX_QUERY_WORDS));
    Map<String, String> out = new LinkedHashMap<>();
    for (Map.Entry<String, String> w : words.entrySet()) {
      if (kept.contains(w.getKey())) out.put(w.getKey(), w.getValue());
    }
    return out;
  }
}
