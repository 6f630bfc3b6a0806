package org.qmd4j.embedded;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.search.IndexSearcher;

/**
 * The order of chunks that score alike: by path, then position in the file
 * (document ids change when the index is rebuilt, so they must not decide the order). Read
 * from doc values, not stored fields, which would decompress each chunk's text.
 */
final class DocKeys {
  private DocKeys() {}

  /** A chunk's path and ordinal; sorts by path, then ordinal. */
  record Key(String path, long ordinal) implements Comparable<Key> {
    private static final Comparator<Key> ORDER =
        Comparator.comparing(Key::path).thenComparingLong(Key::ordinal);

    @Override
    public int compareTo(Key other) {
      return ORDER.compare(this, other);
    }
  }

  /** The keys of {@code docs}, chunk documents of {@code searcher}. */
  static Map<Integer, Key> of(IndexSearcher searcher, Collection<Integer> docs)
      throws IOException {
    List<Integer> sorted = new ArrayList<>(docs);
    sorted.sort(null); // doc values are read forward
    List<LeafReaderContext> leaves = searcher.getIndexReader().leaves();
    Map<Integer, Key> out = new HashMap<>();
    int leafIndex = -1;
    BinaryDocValues paths = null;
    NumericDocValues ordinals = null;
    LeafReaderContext leaf = null;
    for (int doc : sorted) {
      int i = ReaderUtil.subIndex(doc, leaves);
      if (i != leafIndex) {
        leafIndex = i;
        leaf = leaves.get(i);
        paths = DocValues.getBinary(leaf.reader(), Fields.PATH);
        ordinals = DocValues.getNumeric(leaf.reader(), Fields.ORDINAL);
      }
      int local = doc - leaf.docBase;
      if (!paths.advanceExact(local) || !ordinals.advanceExact(local)) {
        throw new DamagedIndexException("a chunk lacks its path or ordinal (doc " + doc + ")");
      }
      out.put(doc, new Key(paths.binaryValue().utf8ToString(),
          ordinals.longValue()));
    }
    return out;
  }
}
