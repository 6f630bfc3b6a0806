package org.qmd4j.embedded;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.document.BinaryDocValuesField;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.BytesRef;
import org.qmd4j.spi.FileStamp;

/**
 * What the index knows of an indexed file: the stamp it had and a hash of its bytes when it
 * was read, and when that was.
 */
record FileRecord(FileStamp stamp, long hash, long readAtNanos) {
  /**
   * Whether the file may have changed since it was read without its stamp showing it: it was
   * read so soon after its last change that a second change within the same timestamp tick
   * would keep the same size and time (git's "racily clean" files).
   */
  boolean isRacy(long granularityNanos) {
    return readAtNanos - stamp.modifiedNanos() < granularityNanos;
  }

  /**
   * The file records of the commit {@code searcher} reads, by vault path. Read from doc
   * values: stored fields would decompress every block, chunk texts included (most of a
   * command line search's time on a 2,000-file vault when they were stored fields).
   */
  static Map<String, FileRecord> load(IndexSearcher searcher) throws IOException {
    Map<String, FileRecord> out = new HashMap<>();
    for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
      LeafReader reader = leaf.reader();
      Bits live = reader.getLiveDocs();
      BinaryDocValues paths = DocValues.getBinary(reader, Fields.FILE_PATH);
      NumericDocValues size = DocValues.getNumeric(reader, Fields.SIZE);
      NumericDocValues modified = DocValues.getNumeric(reader, Fields.MODIFIED);
      NumericDocValues changed = DocValues.getNumeric(reader, Fields.CHANGED);
      NumericDocValues inode = DocValues.getNumeric(reader, Fields.INODE);
      NumericDocValues hash = DocValues.getNumeric(reader, Fields.HASH);
      NumericDocValues readAt = DocValues.getNumeric(reader, Fields.READ_AT);
      for (int doc = paths.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS;
          doc = paths.nextDoc()) {
        if (live != null && !live.get(doc)) continue;
        out.put(paths.binaryValue().utf8ToString(), new FileRecord(
            new FileStamp(valueOf(size, doc), valueOf(modified, doc),
                valueOf(changed, doc), valueOf(inode, doc)),
            valueOf(hash, doc), valueOf(readAt, doc)));
      }
    }
    return out;
  }

  private static long valueOf(NumericDocValues values, int doc) throws IOException {
    if (!values.advanceExact(doc)) {
      throw new DamagedIndexException("a file record lacks a value (doc " + doc + ")");
    }
    return values.longValue();
  }

  /** The document that records one file's stamp and hash (doc values only). */
  static Document document(String path, FileRecord record) {
    Document d = new Document();
    d.add(new StringField(Fields.TYPE, Fields.TYPE_FILE, Field.Store.NO));
    d.add(new StringField(Fields.FILE_PATH, path, Field.Store.NO));
    d.add(new BinaryDocValuesField(Fields.FILE_PATH, new BytesRef(path)));
    d.add(new NumericDocValuesField(Fields.SIZE, record.stamp().size()));
    d.add(new NumericDocValuesField(Fields.MODIFIED, record.stamp().modifiedNanos()));
    d.add(new NumericDocValuesField(Fields.CHANGED, record.stamp().changedNanos()));
    d.add(new NumericDocValuesField(Fields.INODE, record.stamp().inode()));
    d.add(new NumericDocValuesField(Fields.HASH, record.hash()));
    d.add(new NumericDocValuesField(Fields.READ_AT, record.readAtNanos()));
    ChunkDocuments.addEmptyNormedFields(d);
    return d;
  }

  /**
   * The records in {@code files} of the files at or below each of {@code paths}. A path that is a known file
   * (the watcher's usual report: one note written) is one look-up; any other (a folder, a new
   * file) is looked for as a folder among all records, a pass of string prefix checks.
   */
  static Map<String, FileRecord> under(Map<String, FileRecord> files, Set<String> paths) {
    Map<String, FileRecord> out = new HashMap<>();
    List<String> folders = new ArrayList<>();
    for (String p : paths) {
      FileRecord own = files.get(p);
      if (own != null) out.put(p, own); else folders.add(p + "/");
    }
    if (folders.isEmpty()) return out;
    for (Map.Entry<String, FileRecord> e : files.entrySet()) {
      for (String folder : folders) {
        if (e.getKey().startsWith(folder)) out.put(e.getKey(), e.getValue());
      }
    }
    return out;
  }
}
