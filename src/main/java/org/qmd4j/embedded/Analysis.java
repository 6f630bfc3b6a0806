package org.qmd4j.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.fr.FrenchAnalyzer;
import org.apache.lucene.analysis.fr.FrenchLightStemFilter;
import org.apache.lucene.analysis.fr.FrenchLightStemmer;
import org.apache.lucene.analysis.miscellaneous.ASCIIFoldingFilter;
import org.apache.lucene.analysis.miscellaneous.PerFieldAnalyzerWrapper;
import org.apache.lucene.analysis.pattern.PatternTokenizer;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.util.ElisionFilter;

/**
 * Text analysis of the embedded engine. Every field sees NFKC-normalized text (so NFD and
 * NFC spell the same word), then:
 *
 * <table>
 *   <caption>Analysis per field</caption>
 *   <tr><th>field</th><th>tokens</th><th>filters</th></tr>
 *   <tr><td>body, heading, path</td><td>words (UAX#29)</td>
 *       <td>elision, lower case, accent folding, French light stemming</td></tr>
 *   <tr><td>exact</td><td>words (UAX#29)</td><td>elision, lower case, accent folding</td></tr>
 *   <tr><td>units</td><td>words joined by {@code - _ . / '}, kept whole
 *       ({@code en-cours}, {@code 2025-07-14})</td><td>lower case, accent folding</td></tr>
 * </table>
 */
final class Analysis {
  private Analysis() {}

  static final CharArraySet ELISIONS = FrenchAnalyzer.DEFAULT_ARTICLES;

  private static final Pattern UNIT =
      Pattern.compile("[\\p{L}\\p{M}\\p{N}]+(?:[-_./'\u2019][\\p{L}\\p{M}\\p{N}]+)+");
  private static final Pattern JOINED = Pattern.compile(".*[-_./'\u2019].*");

  static final Analyzer STEMMED = new Analyzer() {
    @Override
    protected TokenStreamComponents createComponents(String field) {
      Tokenizer source = new StandardTokenizer();
      TokenStream s = new ElisionFilter(source, ELISIONS);
      s = new LowerCaseFilter(s);
      s = new ASCIIFoldingFilter(s);
      s = new FrenchLightStemFilter(s);
      return new TokenStreamComponents(source, s);
    }
  };

  static final Analyzer EXACT = new Analyzer() {
    @Override
    protected TokenStreamComponents createComponents(String field) {
      Tokenizer source = new StandardTokenizer();
      TokenStream s = new ElisionFilter(source, ELISIONS);
      s = new LowerCaseFilter(s);
      s = new ASCIIFoldingFilter(s);
      return new TokenStreamComponents(source, s);
    }
  };

  static final Analyzer UNITS = new Analyzer() {
    @Override
    protected TokenStreamComponents createComponents(String field) {
      Tokenizer source = new PatternTokenizer(UNIT, 0);
      TokenStream s = new LowerCaseFilter(source);
      s = new ASCIIFoldingFilter(s);
      return new TokenStreamComponents(source, s);
    }
  };

  /** The analyzer used when indexing chunk documents. */
  static final Analyzer INDEXING = new PerFieldAnalyzerWrapper(STEMMED,
      Map.of(Fields.EXACT, EXACT, Fields.UNITS, UNITS));

  /** French and English stop words, folded; removed from queries, never from the index. */
  static final CharArraySet STOP_WORDS = stopWords();

  /** NFKC, so that composed and decomposed accents, ligatures and full-width forms match. */
  static String normalize(String text) {
    return Normalizer.isNormalized(text, Normalizer.Form.NFKC)
        ? text
        : Normalizer.normalize(text, Normalizer.Form.NFKC);
  }

  /** The tokens {@code analyzer} makes of {@code text} (already normalized). */
  static List<String> tokens(Analyzer analyzer, String text) {
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
  static String stem(String exactToken) {
    char[] chars = exactToken.toCharArray();
    int len = new FrenchLightStemmer().stem(chars, chars.length);
    return new String(chars, 0, len);
  }

  /** Whether a units-field token is a compound (holds a joiner), i.e. worth matching whole. */
  static boolean isCompound(String unit) {
    return JOINED.matcher(unit).matches();
  }

  /** Folds a free string (a tag) the way the exact field does, keeping inner spaces. */
  static String fold(String text) {
    return String.join(" ", tokens(EXACT, normalize(text)));
  }

  private static CharArraySet stopWords() {
    CharArraySet set = new CharArraySet(256, true);
    for (CharArraySet source : List.of(FrenchAnalyzer.getDefaultStopSet(),
        EnglishAnalyzer.ENGLISH_STOP_WORDS_SET)) {
      for (Object word : source) {
        String w = word instanceof char[] ? new String((char[]) word) : word.toString();
        set.add(w);
        set.addAll(tokens(EXACT, w));
      }
    }
    return CharArraySet.unmodifiableSet(set);
  }
}
