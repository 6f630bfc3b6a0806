package org.qmd4j.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.custom.CustomAnalyzer;
import org.apache.lucene.analysis.miscellaneous.ASCIIFoldingFilter;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionLengthAttribute;
import org.apache.lucene.analysis.tokenattributes.TypeAttribute;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.qmd4j.bench.VaultGenerator;

/**
 * The chains built in Java (identifier parts and accent folding of their own) give exactly the
 * tokens (terms, positions, offsets, types) of the same chains built from Lucene's own filters
 * by their names, as the Solr configset has them.
 */
class IdentifierPartsFilterTest {
  private static final Analyzer LUCENE_EXACT = lucene("exact");
  private static final Analyzer LUCENE_STEMMED = lucene("stemmed");

  /** The chain {@code name} of {@code analysis.properties}, every filter Lucene's. */
  private static Analyzer lucene(String name) {
    try {
      CustomAnalyzer.Builder b = CustomAnalyzer.builder().withTokenizer(Analysis.tokenizer());
      for (String filter : Analysis.filters(name)) {
        b.addTokenFilter(filter, Analysis.parameters(filter));
      }
      return b.build();
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  /** Every token of {@code text}: term, increment, length, offsets, type. */
  private static List<String> tokens(Analyzer analyzer, String text) throws IOException {
    List<String> out = new ArrayList<>();
    try (TokenStream ts = analyzer.tokenStream("f", text)) {
      CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
      PositionIncrementAttribute inc = ts.addAttribute(PositionIncrementAttribute.class);
      PositionLengthAttribute len = ts.addAttribute(PositionLengthAttribute.class);
      OffsetAttribute offsets = ts.addAttribute(OffsetAttribute.class);
      TypeAttribute type = ts.addAttribute(TypeAttribute.class);
      ts.reset();
      while (ts.incrementToken()) {
        out.add(term + " +" + inc.getPositionIncrement() + "/" + len.getPositionLength() + " "
            + offsets.startOffset() + "-" + offsets.endOffset() + " " + type.type());
      }
      ts.end();
      out.add("end " + offsets.endOffset() + " +" + inc.getPositionIncrement());
    }
    return out;
  }

  private static void assertSameTokens(String text) throws IOException {
    assertThat(tokens(Analysis.EXACT, text)).as("exact: %s", text)
        .isEqualTo(tokens(LUCENE_EXACT, text));
    assertThat(tokens(Analysis.STEMMED, text)).as("stemmed: %s", text)
        .isEqualTo(tokens(LUCENE_STEMMED, text));
  }

  @ParameterizedTest
  @ValueSource(strings = {"readAllLines et Files.readAllLines", "read_all_lines l'HttpClient",
      "décision aujourd'hui l’été 2025-07-14 3.14 v2", "XMLHttpRequest HTTP2Client utf8Decoder",
      "ǅungla ªb 1º café\u0301 𝐀bc 😀x l·l a,b 1,5 Ǆ", "", "   ", "mot", "Mot MOT mOt"})
  void theChainsGiveLucenesTokens(String text) throws IOException {
    assertSameTokens(text);
  }

  /** Seeded random texts: words of letters of every case, accents, digits, joiners, symbols. */
  @Test
  void theChainsGiveLucenesTokensOnRandomTexts() throws IOException {
    String[] pieces = {"a", "é", "z", "q", "E", "É", "X", "1", "0", ".", "_", "'", "\u2019",
        "-", " ", " ", " ", "\u0301", "ǅ", "ª", "中", "𝐀", "😀", "·", ",", "ß", "Ω", "ω", "/",
        "#", "\n", "ⅷ", "²", "ẞ", "⑽", "ø", "œ", "Æ", "ȸ", "ɐ", "Ꜳ"};
    Random random = new Random(42);
    for (int i = 0; i < 3000; i++) {
      StringBuilder text = new StringBuilder();
      int n = 1 + random.nextInt(30);
      for (int j = 0; j < n; j++) text.append(pieces[random.nextInt(pieces.length)]);
      assertSameTokens(Analysis.normalize(text.toString()));
    }
  }

  @Test
  void theChainsGiveLucenesTokensOnTheExampleVault() throws IOException {
    try (Stream<Path> files = Files.walk(Path.of("..", "testfixtures", "vault"))) {
      List<Path> notes = files.filter(p -> p.toString().endsWith(".md")).toList();
      assertThat(notes).hasSizeGreaterThan(20);
      for (Path note : notes) {
        assertSameTokens(Analysis.normalize(new String(Files.readAllBytes(note),
            StandardCharsets.UTF_8)));
      }
    }
  }

  @Test
  void theChainsGiveLucenesTokensOnAGeneratedVault() throws IOException {
    for (VaultGenerator.GeneratedFile file : VaultGenerator.plan(150, 42)) {
      assertSameTokens(Analysis.normalize(file.content()));
    }
  }

  @Test
  void everyCharacterFoldsAsLucenesFilterFoldsIt() throws IOException {
    StringBuilder word = new StringBuilder("x");
    for (char c = 0x80; c < 0x3000; c++) {
      if (Character.isLetter(c)) word.append(c);
      if (word.length() == 40 || c == 0x2FFF) {
        assertSameTokens(word.toString());
        word.setLength(1);
      }
    }
  }

  @Test
  void theFoldingTableFoldsEveryCharacterAsLucenesFoldToAsciiDoes() {
    char[] in = new char[1];
    char[] ours = new char[8];
    char[] lucene = new char[8];
    for (int c = 0; c <= 0xFFFF; c++) {
      in[0] = (char) c;
      int n = FoldingFilterFactory.fold(in, 1, ours);
      int m = ASCIIFoldingFilter.foldToASCII(in, 0, lucene, 0, 1);
      assertThat(new String(ours, 0, n)).as("U+%04X", c).isEqualTo(new String(lucene, 0, m));
    }
    String text = "Ça déçoit: ŒUVRE, straße, ǆ, ⑽, ø";
    char[] out = new char[4 * text.length()];
    char[] expected = new char[4 * text.length()];
    int n = FoldingFilterFactory.fold(text.toCharArray(), text.length(), out);
    int m = ASCIIFoldingFilter.foldToASCII(text.toCharArray(), 0, expected, 0, text.length());
    assertThat(new String(out, 0, n)).isEqualTo(new String(expected, 0, m));
  }

  @Test
  void aPlainWordIsOneOfLowerCaseLettersMarksNumbersAndApostrophes() {
    for (String plain : List.of("décision", "aujourd'hui", "l’été", "2025", "ⅷ", "e\u0301")) {
      assertThat(IdentifierPartsFilterFactory.plain(plain.toCharArray(), plain.length()))
          .as(plain).isTrue();
    }
    for (String other : List.of("Marie", "a.b", "a_b", "中", "ǅ", "a-b", "😀")) {
      assertThat(IdentifierPartsFilterFactory.plain(other.toCharArray(), other.length()))
          .as(other).isFalse();
    }
  }
}
