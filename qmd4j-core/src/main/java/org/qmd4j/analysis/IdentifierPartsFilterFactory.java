package org.qmd4j.analysis;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.lucene.analysis.TokenFilter;
import org.apache.lucene.analysis.TokenFilterFactory;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.pattern.PatternCaptureGroupFilterFactory;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.util.AttributeSource;

/**
 * The chains' identifier parts (Lucene's {@code patternCaptureGroup} with the parameters of
 * {@code analysis.properties}), giving the same tokens, but running the pattern only on a
 * word that can have parts. With the original kept, the identifier pattern gives a word
 * nothing more unless the word holds an upper-case letter (a camelCase or PascalCase part),
 * a {@code .} or {@code _} (a segment), or a character outside lower-case letters, marks,
 * digits and apostrophes (where a segment or a part would stop early). Most words of prose
 * are none of these; running the pattern on every word was a fifth of a first index.
 * {@code IdentifierPartsFilterTest} compares the tokens with Lucene's filter's.
 *
 * <p>Used by the chains built in Java ({@link ChainFilters}); the Solr configset keeps Lucene's
 * filter by its name. Public only because Lucene builds factories by reflection.
 */
public final class IdentifierPartsFilterFactory extends TokenFilterFactory {
  private final PatternCaptureGroupFilterFactory lucene;
  private final boolean preserveOriginal;

  /** Takes the parameters of {@code patternCaptureGroup}; consumes {@code args}. */
  public IdentifierPartsFilterFactory(Map<String, String> args) {
    super(args);
    this.preserveOriginal = Boolean.parseBoolean(args.getOrDefault("preserve_original",
        "true"));
    this.lucene = new PatternCaptureGroupFilterFactory(new HashMap<>(args));
    args.clear();
  }

  @Override
  public TokenStream create(TokenStream input) {
    // Without the original kept, a plain word would give its one capture instead of itself.
    return preserveOriginal ? new SkipPlainWords(input, lucene) : lucene.create(input);
  }

  /**
   * Whether the identifier pattern can give {@code term} no token but itself: every code
   * point a lower-case letter, a mark, a number or an apostrophe ({@code '} or {@code ’}).
   */
  static boolean plain(char[] term, int length) {
    for (int i = 0; i < length; ) {
      int c = Character.codePointAt(term, i, length);
      i += Character.charCount(c);
      if (c == '\'' || c == '\u2019') continue;
      switch (Character.getType(c)) {
        case Character.LOWERCASE_LETTER, Character.NON_SPACING_MARK, Character.ENCLOSING_MARK,
            Character.COMBINING_SPACING_MARK, Character.DECIMAL_DIGIT_NUMBER,
            Character.LETTER_NUMBER, Character.OTHER_NUMBER -> { }
        default -> {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * Passes a plain word through; sends any other word, alone, through Lucene's filter (which
   * shares this stream's attributes), then its parts.
   */
  private static final class SkipPlainWords extends TokenFilter {
    private final CharTermAttribute term = addAttribute(CharTermAttribute.class);
    private final OneWord word;
    private final TokenStream parts;
    private boolean inParts;

    SkipPlainWords(TokenStream input, PatternCaptureGroupFilterFactory lucene) {
      super(input);
      this.word = new OneWord(this);
      this.parts = lucene.create(word);
    }

    @Override
    public boolean incrementToken() throws IOException {
      if (inParts) {
        if (parts.incrementToken()) return true;
        inParts = false;
      }
      if (!input.incrementToken()) return false;
      if (plain(term.buffer(), term.length())) return true;
      word.loaded = true;
      parts.reset();
      inParts = true;
      return parts.incrementToken(); // the word as it is, then its parts
    }

    @Override
    public void reset() throws IOException {
      super.reset();
      inParts = false;
      word.loaded = false;
    }
  }

  /** The word already in the shared attributes, given once to Lucene's filter. */
  private static final class OneWord extends TokenStream {
    private boolean loaded;

    OneWord(AttributeSource shared) {
      super(shared);
    }

    @Override
    public boolean incrementToken() {
      boolean was = loaded;
      loaded = false;
      return was;
    }
  }
}
