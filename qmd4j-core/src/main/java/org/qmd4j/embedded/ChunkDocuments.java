package org.qmd4j.embedded;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
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
import org.apache.lucene.document.FieldType;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.IndexOptions;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.util.BytesRef;
import org.qmd4j.analysis.Analysis;
import org.qmd4j.analysis.Hashtags;
import org.qmd4j.search.FileKind;
import org.qmd4j.search.LineRange;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.VaultFile;
import org.qmd4j.vault.ChunkReading;
import org.qmd4j.vault.Frontmatter;
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
   * The stemmed fields ({@code body}, {@code heading}, {@code title}, {@code pathtext}): only
   * term queries search them, so frequencies and norms (BM25), no positions. Positions are
   * kept in {@code exact}, which phrases search (the positions of {@code body} were
   * a third of a first index's postings, written and never read).
   */
  static final FieldType STEMS;

  /**
   * The {@code exact} field: positions (phrases) and offsets, so that a returned chunk's
   * matches are read from the postings of the query's words ({@link IndexedTokens}) instead
   * of analysing its text again (its offsets index the chunk's text when that text is NFKC
   * already). No term vectors: they were a quarter of the index and a tenth of a first
   * index's work. Every document that has the field has it with this type: Lucene keeps one
   * schema per field.
   */
  static final FieldType EXACT;

  static {
    FieldType stems = new FieldType(TextField.TYPE_NOT_STORED);
    stems.setIndexOptions(IndexOptions.DOCS_AND_FREQS);
    stems.freeze();
    STEMS = stems;
    FieldType exact = new FieldType(TextField.TYPE_NOT_STORED);
    exact.setIndexOptions(IndexOptions.DOCS_AND_FREQS_AND_POSITIONS_AND_OFFSETS);
    exact.freeze();
    EXACT = exact;
  }

  /** The fields that have norms: each document carries them, so norms are dense. */
  private static final List<String> NORMED =
      List.of(Fields.BODY, Fields.EXACT, Fields.HEADING, Fields.TITLE, Fields.PATH_TEXT);

  /**
   * Gives {@code record}, a document that is no chunk, the fields that have norms, empty: a
   * field some documents lack has sparse norms, which BM25 reads through an index of the
   * documents that have them, both when a segment is written and at every scored hit (7% of
   * a first index when they were sparse). Empty fields have no terms, so no search finds them.
   */
  static void addEmptyNormedFields(Document record) {
    for (String field : NORMED) {
      record.add(new Field(field, "", field.equals(Fields.EXACT) ? EXACT
          : STEMS));
    }
  }

  /**
   * The documents of every chunk of {@code note}; {@code v} holds one unit vector per chunk,
   * or is empty (no model).
   */
  static List<Document> toDocuments(ParsedNote note, List<float[]> v) {
    List<Document> docs = new ArrayList<>();
    FileTerms file = null;
    for (int i = 0; i < note.chunks().size(); i++) {
      Chunk chunk = note.chunks().get(i);
      if (file == null) file = FileTerms.of(chunk, note.title(), note.frontmatter());
      docs.add(toDocument(chunk, file, note.readings().get(i), v.isEmpty() ? null : v.get(i)));
    }
    return docs;
  }

  static Document toDocument(Chunk chunk, String title) {
    return toDocument(chunk, FileTerms.of(chunk, title, Frontmatter.NONE), Optional.empty(),
        null);
  }

  /**
   * The stemmed terms of what the chunks of a file share: its title and path, analysed once
   * per file, and its headings, once per distinct heading path (the chunks of one section
   * repeat it); replayed into each chunk's document. One per file being indexed.
   */
  private static final class FileTerms {
    private final AnalyzedText title;
    private final AnalyzedText path;
    private final Map<String, AnalyzedText> headings = new HashMap<>();
    /** The file's frontmatter, which the typed records of its chunks read. */
    private final Frontmatter frontmatter;

    private FileTerms(AnalyzedText title, AnalyzedText path, Frontmatter frontmatter) {
      this.title = title;
      this.path = path;
      this.frontmatter = frontmatter;
    }

    static FileTerms of(Chunk chunk, String title, Frontmatter frontmatter) {
      // Each H1 of a tasks file is a task of its own: the first one is no title of the others
      // (the TVA task answered "relation client" through the Dupont task above it).
      String fileTitle = chunk.file().kind() == FileKind.TASKS ? "" : title;
      String path = chunk.path().replace('/', ' ').replace('.', ' ').replace('-', ' ')
          .replace('_', ' ');
      return new FileTerms(AnalyzedText.of(Analysis.normalize(fileTitle)).stemmedOnce(),
          AnalyzedText.of(Analysis.normalize(path)).stemmedOnce(), frontmatter);
    }

    /** The stemmed terms of {@code headings} (normalised). */
    AnalyzedText headings(String headings) {
      return this.headings.computeIfAbsent(headings, h -> AnalyzedText.of(h).stemmedOnce());
    }
  }

  /**
   * The document of {@code chunk}; {@code reading}, the chunker's reading of it, if known;
   * {@code vector}, a unit vector, may be null.
   */
  private static Document toDocument(Chunk chunk, FileTerms file,
      Optional<ChunkReading> reading, float[] vector) {
    Document doc = new Document();
    if (vector != null) {
      doc.add(new KnnFloatVectorField(Fields.VECTOR, vector,
          VectorSimilarityFunction.DOT_PRODUCT));
    }
    doc.add(new StringField(Fields.TYPE, Fields.TYPE_CHUNK, Field.Store.NO));
    doc.add(new StringField(Fields.PATH, chunk.path(), Field.Store.YES));
    // The tie-break of equal scores: binary doc values, read as they are; sorted ones
    // decompressed a block of their terms dictionary per competitive hit.
    doc.add(new BinaryDocValuesField(Fields.PATH, new BytesRef(chunk.path())));
    // Kind, project and date are indexed too: scopes and date bounds are filters inside the
    // index (ChunkFilters), not checks of every hit's stored fields.
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
    // The typed conditions (status, tag, deadline ...) are filters inside the index too.
    RecordFields.add(doc, chunk, file.frontmatter, reading);

    String text = Analysis.normalize(chunk.text());
    String headings = Analysis.normalize(String.join(" \n ", chunk.headings()));
    AnalyzedText analyzed = AnalyzedText.of(text); // one pass of the chain for both fields
    doc.add(new Field(Fields.BODY, analyzed.stemmed(), STEMS));
    doc.add(new Field(Fields.EXACT, analyzed.exact(), EXACT)); // with its offsets: matches
    doc.add(new Field(Fields.HEADING, file.headings(headings).exact(), STEMS));
    doc.add(new Field(Fields.TITLE, file.title.exact(), STEMS));
    doc.add(new Field(Fields.PATH_TEXT, file.path.exact(), STEMS));
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
