package org.qmd4j.embedded;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.miscellaneous.PerFieldAnalyzerWrapper;
import org.apache.lucene.document.BinaryDocValuesField;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.util.BytesRef;
import org.qmd4j.internal.Analysis;
import org.qmd4j.internal.Hashtags;
import org.qmd4j.search.LineRange;
import org.qmd4j.search.FileKind;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.VaultFile;
import org.qmd4j.vault.ParsedNote;
import org.qmd4j.vault.VaultLayout;

/**
 * Converts chunks to Lucene documents and back: {@link #toDocument} is the one place a
 * chunk's document is built (add a field there, and bump {@code EmbeddedEngine.FORMAT}).
 */
final class ChunkDocuments {
  private ChunkDocuments() {}

  /** The analyzer used when indexing chunk documents: one per field. */
  static final Analyzer ANALYZER = new PerFieldAnalyzerWrapper(Analysis.STEMMED,
      Map.of(Fields.EXACT, Analysis.EXACT));

  private static final String HEADING_SEPARATOR = "\n";

  /**
   * The documents of every chunk of {@code note}; {@code v} holds one unit vector per chunk,
   * or is empty (no model).
   */
  static List<Document> toDocuments(ParsedNote note, List<float[]> v) {
    List<Document> docs = new ArrayList<>();
    for (int i = 0; i < note.chunks().size(); i++) {
      docs.add(toDocument(note.chunks().get(i), note.title(), v.isEmpty() ? null : v.get(i)));
    }
    return docs;
  }

  static Document toDocument(Chunk chunk, String title) {
    return toDocument(chunk, title, null);
  }

  /** The document of {@code chunk}; {@code vector}, a unit vector, may be null. */
  static Document toDocument(Chunk chunk, String title, float[] vector) {
    Document doc = new Document();
    if (vector != null) {
      doc.add(new KnnFloatVectorField(Fields.VECTOR, vector,
          VectorSimilarityFunction.DOT_PRODUCT));
    }
    doc.add(new StringField(Fields.TYPE, Fields.TYPE_CHUNK, Field.Store.NO));
    doc.add(new StringField(Fields.PATH, chunk.path(), Field.Store.YES));
    // The tie-break of equal scores: binary doc values, read as they are; sorted ones
    // decompressed a block of their terms dictionary per competitive hit (issue 17).
    doc.add(new BinaryDocValuesField(Fields.PATH, new BytesRef(chunk.path())));
    // Kind, project and date are indexed too: scopes and date bounds are filters inside the
    // index (ChunkFilters), not checks of every hit's stored fields (issue 17).
    doc.add(new StringField(Fields.KIND, chunk.file().kind().name(), Field.Store.YES));
    chunk.file().project().ifPresent(
        p -> doc.add(new StringField(Fields.PROJECT, p, Field.Store.YES)));
    doc.add(new StoredField(Fields.ORDINAL, chunk.ordinal()));
    doc.add(new NumericDocValuesField(Fields.ORDINAL, chunk.ordinal()));
    doc.add(new StoredField(Fields.FROM_LINE, chunk.lines().from()));
    doc.add(new StoredField(Fields.TO_LINE, chunk.lines().to()));
    doc.add(new StoredField(Fields.TEXT, chunk.text()));
    doc.add(new StoredField(Fields.HEADINGS, String.join(HEADING_SEPARATOR, chunk.headings())));
    chunk.date().ifPresent(d -> {
      doc.add(new StoredField(Fields.DATE, d.toEpochDay()));
      doc.add(new NumericDocValuesField(Fields.DATE, d.toEpochDay()));
      doc.add(new LongPoint(Fields.DATE, d.toEpochDay()));
    });

    String text = Analysis.normalize(chunk.text());
    String headings = Analysis.normalize(String.join(" \n ", chunk.headings()));
    String path = chunk.path().replace('/', ' ').replace('.', ' ').replace('-', ' ')
        .replace('_', ' ');
    AnalyzedText analyzed = AnalyzedText.of(text); // one pass of the chain for both fields
    doc.add(new TextField(Fields.BODY, analyzed.stemmed()));
    doc.add(new TextField(Fields.EXACT, analyzed.exact()));
    doc.add(new TextField(Fields.HEADING, headings, Field.Store.NO));
    // Each H1 of a tasks file is a task of its own: the first one is no title of the others
    // (issue 15: the TVA task answered "relation client" through the Dupont task above it).
    String fileTitle = chunk.file().kind() == FileKind.TASKS ? "" : title;
    doc.add(new TextField(Fields.TITLE, Analysis.normalize(fileTitle), Field.Store.NO));
    doc.add(new TextField(Fields.PATH_TEXT, Analysis.normalize(path), Field.Store.NO));
    // Compounds are found in Java and indexed as exact terms: no pattern over all prose.
    for (String unit : Analysis.compounds(headings + " \n " + text + " \n "
        + Analysis.normalize(chunk.path()))) {
      doc.add(new StringField(Fields.UNITS, unit, Field.Store.NO));
    }
    for (String tag : Analysis.tags(text + "\n" + headings)) {
      doc.add(new StringField(Fields.TAGS, tag, Field.Store.NO));
    }
    Set<String> hashtags = new LinkedHashSet<>(Hashtags.carried(chunk.text()));
    for (String heading : chunk.headings()) hashtags.addAll(Hashtags.carried(heading));
    for (String tag : hashtags) {
      doc.add(new StringField(Fields.HASHTAGS, tag, Field.Store.NO));
    }
    return doc;
  }

  /** Rebuilds a chunk from the stored fields of its document. */
  static Chunk toChunk(Document doc) {
    String path = doc.get(Fields.PATH);
    String kind = doc.get(Fields.KIND);
    // Indexes written before layouts (format v5) hold projects-layout files only.
    VaultFile file = kind != null
        ? new VaultFile(path, FileKind.valueOf(kind), Optional.ofNullable(doc.get(Fields.PROJECT)))
        : VaultLayout.PROJECTS.classify(path).orElseThrow(
            () -> new IllegalStateException("Indexed path is not indexable: " + path));
    IndexableField date = doc.getField(Fields.DATE);
    String headings = doc.get(Fields.HEADINGS);
    return new Chunk(
        file,
        doc.getField(Fields.ORDINAL).numericValue().intValue(),
        new LineRange(doc.getField(Fields.FROM_LINE).numericValue().intValue(),
            doc.getField(Fields.TO_LINE).numericValue().intValue()),
        doc.get(Fields.TEXT),
        headings.isEmpty() ? List.of() : List.of(headings.split(HEADING_SEPARATOR, -1)),
        date == null
            ? Optional.empty()
            : Optional.of(LocalDate.ofEpochDay(date.numericValue().longValue())));
  }
}
