package org.qmd4j.analysis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.MultiTerms;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.spell.DirectSpellChecker;
import org.apache.lucene.search.spell.SuggestMode;
import org.apache.lucene.search.spell.SuggestWord;
import org.apache.lucene.util.BytesRef;
import org.qmd4j.spi.Vocabulary;

/**
 * A {@link Vocabulary} read from a Lucene index: unstemmed folded words in one field, stems in
 * others. Corrections come from Lucene's {@link DirectSpellChecker} (Levenshtein automata over
 * the terms dictionary; the first letter is kept). Thread-safe for the life of its reader.
 */
public final class IndexVocabulary implements Vocabulary {
  private static final int MIN_PREFIX_LENGTH = 3;

  private final IndexReader reader;
  private final String exactField;
  private final List<String> stemFields;

  /**
   * @param reader the index, open for as long as this vocabulary is used
   * @param exactField the field of folded, unstemmed words
   * @param stemFields the fields of stems (body, headings, title, path)
   */
  public IndexVocabulary(IndexReader reader, String exactField, List<String> stemFields) {
    this.reader = reader;
    this.exactField = exactField;
    this.stemFields = List.copyOf(stemFields);
  }

  @Override
  public boolean holds(String word) {
    try {
      if (reader.docFreq(new Term(exactField, word)) > 0) return true;
      String stem = Analysis.stem(word);
      for (String field : stemFields) {
        if (reader.docFreq(new Term(field, stem)) > 0) return true;
      }
      return word.length() >= MIN_PREFIX_LENGTH && startsSomeWord(word);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the index's terms", e);
    }
  }

  private boolean startsSomeWord(String prefix) throws IOException {
    Terms terms = MultiTerms.getTerms(reader, exactField);
    if (terms == null) return false;
    TermsEnum te = terms.iterator();
    BytesRef p = new BytesRef(prefix);
    if (te.seekCeil(p) == TermsEnum.SeekStatus.END) return false;
    BytesRef found = te.term();
    return found.length >= p.length
        && java.util.Arrays.equals(found.bytes, found.offset, found.offset + p.length,
            p.bytes, p.offset, p.offset + p.length);
  }

  @Override
  public int frequency(String word) {
    try {
      return reader.docFreq(new Term(exactField, word));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the index's terms", e);
    }
  }

  @Override
  public List<String> nearest(String word, int maxEdits, int max) {
    DirectSpellChecker checker = new DirectSpellChecker();
    checker.setMaxEdits(maxEdits);
    checker.setMinQueryLength(1);
    checker.setAccuracy(0.0001f); // the edit bound decides, not a similarity threshold
    checker.setThresholdFrequency(0f); // any word held once counts (1 means "more than 1")
    try {
      SuggestWord[] words = checker.suggestSimilar(new Term(exactField, word), max, reader,
          SuggestMode.SUGGEST_ALWAYS);
      List<String> out = new ArrayList<>(words.length);
      for (SuggestWord w : words) {
        if (!w.string.equals(word)) out.add(w.string);
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the index's terms", e);
    }
  }
}
