package org.qmd4j.embedded;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.StringHelper;
import org.qmd4j.analysis.Analysis;
import org.qmd4j.analysis.TextTokens;
import org.qmd4j.analysis.TokenCache;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.KeywordQuery;

/**
 * The tokens of a query's words in the chunks a search returns, read from the postings of the
 * {@code exact} field (which keeps offsets) and kept in {@link TokenCache}, so that their
 * matches are not found by analysing the texts again. A chunk holds a word where a token is
 * the word, starts with it (3 letters or more), or has the word's searched stem for its stem
 * ({@code TermMatcher}'s rule): the terms of the first two kinds are read from the terms
 * dictionary, and those of the third are looked for among the terms that start with the stem
 * or with the word's beginning ({@link #candidates}). A stem's forms that start with neither
 * ({@code appelle} for {@code apellation}, stem {@code apel}) are not found there: the
 * {@code body} field counts every token of a stem (its frequency in the document), and a chunk
 * whose count is not reached keeps no tokens, its text is analysed when matched. So a chunk's
 * kept tokens always hold every token of each word, as an analysis of its text would.
 */
final class IndexedTokens {
  /**
   * The most terms read per segment and search; past it (a short prefix in a large vocabulary)
   * the returned chunks are analysed instead.
   */
  static final int MAX_TERMS = 4096;

  private IndexedTokens() {}

  /**
   * Keeps the tokens of {@code words} (folded query words) of {@code chunks}, the chunks of the
   * documents {@code docs} of {@code reader}, those not kept yet.
   */
  static void keep(IndexReader reader, List<Integer> docs, List<Chunk> chunks,
      Set<String> words) throws IOException {
    if (words.isEmpty()) return;
    TreeMap<Integer, Chunk> wanted = new TreeMap<>();
    for (int i = 0; i < docs.size(); i++) {
      Chunk c = chunks.get(i);
      if (!TokenCache.holds(c.text(), words)) wanted.put(docs.get(i), c);
    }
    if (wanted.isEmpty()) return;
    Map<String, String> stems = new HashMap<>();
    for (String w : words) stems.put(w, Analysis.searchedStem(w));
    for (LeafReaderContext leaf : reader.leaves()) {
      SortedMap<Integer, Chunk> in = wanted.subMap(leaf.docBase,
          leaf.docBase + leaf.reader().maxDoc());
      if (!in.isEmpty()) keep(leaf, in, words, stems);
    }
  }

  private static void keep(LeafReaderContext leaf, SortedMap<Integer, Chunk> chunks,
      Set<String> words, Map<String, String> stems) throws IOException {
    LeafReader reader = leaf.reader();
    Terms exact = reader.terms(Fields.EXACT);
    // An index without offsets (none is opened: its format is older): analysed when matched.
    if (exact == null || !exact.hasOffsets()) return;
    TermsEnum terms = exact.iterator();
    Set<String> candidates = candidates(terms, words, stems);
    if (candidates == null) return;
    int n = chunks.size();
    int[] docs = new int[n];
    Chunk[] texts = new Chunk[n];
    TextTokens.Builder[] out = new TextTokens.Builder[n];
    List<Map<String, Integer>> counted = new ArrayList<>(n);
    int i = 0;
    for (Map.Entry<Integer, Chunk> e : chunks.entrySet()) {
      docs[i] = e.getKey() - leaf.docBase;
      texts[i] = e.getValue();
      out[i] = new TextTokens.Builder(TextTokens.isNormal(e.getValue().text())).forWords(words);
      counted.add(new HashMap<>());
      i++;
    }
    Set<String> stemSet = new HashSet<>(stems.values());
    PostingsEnum postings = null;
    for (String t : candidates) {
      if (!terms.seekExact(new BytesRef(t))) continue;
      String stem = Analysis.stem(t);
      boolean counts = stemSet.contains(stem);
      postings = terms.postings(postings, PostingsEnum.OFFSETS);
      for (int k = 0; k < n; k++) {
        int d = postings.docID();
        if (d < docs[k]) d = postings.advance(docs[k]);
        if (d == DocIdSetIterator.NO_MORE_DOCS) break;
        if (d != docs[k]) continue;
        int freq = postings.freq();
        for (int f = 0; f < freq; f++) {
          postings.nextPosition();
          out[k].add(t, postings.startOffset(), postings.endOffset());
        }
        if (counts) counted.get(k).merge(stem, freq, Integer::sum);
      }
    }
    boolean[] complete = complete(reader, docs, stemSet, counted);
    for (int k = 0; k < n; k++) {
      if (complete[k]) TokenCache.remember(texts[k].text(), out[k].build());
    }
  }

  /**
   * Whether each document's tokens of each stem were all found: as many as the {@code body}
   * field (the same tokens, stemmed) holds of the stem.
   */
  private static boolean[] complete(LeafReader reader, int[] docs, Set<String> stems,
      List<Map<String, Integer>> counted) throws IOException {
    boolean[] complete = new boolean[docs.length];
    Arrays.fill(complete, true);
    Terms body = reader.terms(Fields.BODY);
    TermsEnum terms = body == null ? null : body.iterator();
    PostingsEnum postings = null;
    for (String stem : stems) {
      boolean indexed = terms != null && terms.seekExact(new BytesRef(stem));
      if (indexed) postings = terms.postings(postings, PostingsEnum.FREQS);
      for (int k = 0; k < docs.length; k++) {
        int freq = 0;
        if (indexed) {
          int d = postings.docID();
          if (d < docs[k]) d = postings.advance(docs[k]);
          if (d == docs[k]) freq = postings.freq();
        }
        if (counted.get(k).getOrDefault(stem, 0) != freq) complete[k] = false;
      }
    }
    return complete;
  }

  /**
   * The terms to read: each word and its searched stem, and the terms starting with either
   * (of 3 letters or more); a word of 5 letters or more is read without its last two, so that
   * the forms of its stem that do not start with the stem are found too where they share all
   * but the word's end ({@code cheval} for {@code chevaux}, stem {@code cheval}; {@code
   * appelle} for {@code appeler}, stem {@code apel}). Null when more than {@link #MAX_TERMS}.
   */
  private static Set<String> candidates(TermsEnum terms, Set<String> words,
      Map<String, String> stems) throws IOException {
    Set<String> out = new LinkedHashSet<>();
    Set<String> starts = new LinkedHashSet<>();
    for (String w : words) starts.add(w.length() >= 5 ? w.substring(0, w.length() - 2) : w);
    starts.addAll(stems.values());
    for (String start : starts) {
      BytesRef prefix = new BytesRef(start);
      if (start.length() < KeywordQuery.MIN_PREFIX_LENGTH) {
        if (terms.seekExact(prefix)) out.add(start);
        continue;
      }
      if (terms.seekCeil(prefix) == TermsEnum.SeekStatus.END) continue;
      for (BytesRef t = terms.term(); t != null && StringHelper.startsWith(t, prefix);
          t = terms.next()) {
        out.add(t.utf8ToString());
        if (out.size() > MAX_TERMS) return null;
      }
    }
    return out;
  }
}
