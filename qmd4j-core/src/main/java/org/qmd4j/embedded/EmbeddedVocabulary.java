package org.qmd4j.embedded;

import java.util.List;
import java.util.function.Function;
import org.apache.lucene.index.IndexReader;
import org.qmd4j.analysis.IndexVocabulary;
import org.qmd4j.spi.Vocabulary;

/**
 * The embedded index's words, read at each call from the commit searches read: unstemmed
 * words from the exact field, stems from the stemmed ones.
 */
final class EmbeddedVocabulary implements Vocabulary {
  /** Runs a function on a reader of the current commit, healing the index if need be. */
  interface Reading {
    <T> T read(Function<IndexReader, T> call);
  }

  private static final List<String> STEM_FIELDS =
      List.of(Fields.BODY, Fields.HEADING, Fields.TITLE, Fields.PATH_TEXT);
  private final Reading reading;

  EmbeddedVocabulary(Reading reading) {
    this.reading = reading;
  }

  private static IndexVocabulary of(IndexReader reader) {
    return new IndexVocabulary(reader, Fields.EXACT, STEM_FIELDS);
  }

  @Override
  public boolean holds(String word) {
    return reading.read(reader -> of(reader).holds(word));
  }

  @Override
  public int frequency(String word) {
    return reading.read(reader -> of(reader).frequency(word));
  }

  @Override
  public List<String> nearest(String word, int maxEdits, int max) {
    return reading.read(reader -> of(reader).nearest(word, maxEdits, max));
  }
}
