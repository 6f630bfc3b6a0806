package org.qmd4j.embedded;

import java.util.Optional;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;
import org.qmd4j.notes.TypedSearch;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.RecordCondition;
import org.qmd4j.vault.ChunkReading;
import org.qmd4j.vault.Frontmatter;

/**
 * The typed records' fields of a chunk document (a task's status, priority and deadline, a
 * changelog entry's tags, a bucket note's type and tags), written when the chunk is indexed
 * and searched as Lucene filters, so that a typed query's conditions are answered inside the
 * index and only the returned chunks are read. The one place these fields are defined: the
 * typed facade says what they hold ({@link TypedSearch#recordFields}); a change there bumps
 * {@code EmbeddedEngine.FORMAT}, so that older indexes are rebuilt.
 */
final class RecordFields {
  private RecordFields() {}

  /** Indexed, not stored: the record terms ({@code status:bloque}), each a keyword. */
  static final String TERMS = "record";
  /** Indexed, not stored: the record's day (a task's deadline), as an epoch day. */
  static final String DAY = "recday";

  /**
   * Adds the fields of {@code chunk}'s record; its file's frontmatter is {@code file}, and
   * {@code reading} the chunker's reading of it, if known (then its text is not parsed again).
   */
  static void add(Document doc, Chunk chunk, Frontmatter file, Optional<ChunkReading> reading) {
    RecordCondition.Fields fields = TypedSearch.recordFields(chunk, file, reading);
    for (String term : fields.terms()) {
      doc.add(new StringField(TERMS, term, Field.Store.NO));
    }
    fields.day().ifPresent(d -> doc.add(new LongPoint(DAY, d.toEpochDay())));
  }

  /** The record condition as a filter; a record without a day fails any day bound. */
  static Optional<Query> of(Optional<RecordCondition> condition) {
    if (condition.isEmpty()) return Optional.empty();
    RecordCondition c = condition.get();
    BooleanQuery.Builder all = new BooleanQuery.Builder();
    for (String term : c.terms()) {
      all.add(new TermQuery(new Term(TERMS, term)), Occur.FILTER);
    }
    if (c.from().isPresent() || c.to().isPresent()) {
      all.add(LongPoint.newRangeQuery(DAY,
          c.from().map(d -> d.toEpochDay()).orElse(Long.MIN_VALUE),
          c.to().map(d -> d.toEpochDay()).orElse(Long.MAX_VALUE)), Occur.FILTER);
    }
    BooleanQuery q = all.build();
    return q.clauses().isEmpty() ? Optional.empty() : Optional.of(q);
  }
}
