package org.qmd4j.qmd;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import org.qmd4j.analysis.TermMatcher;
import org.qmd4j.cache.NoteCache;
import org.qmd4j.search.MatchType;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.Hit;
import org.qmd4j.spi.KeywordQuery;
import org.qmd4j.vault.ParsedNote;

/**
 * Ranks the chunks inside the documents qmd returned. Every chunk that matches the query
 * under qmd4j's own analysis is a candidate, scored from qmd's document score and the chunk's
 * share of query words, so a chunk holding every term ranks above one holding some; a document
 * qmd matched by a form qmd4j does not fold contributes its best line's chunk, in the lowest
 * band (as holding none of the words).
 * A query with an Obsidian tag ({@code #projet}) keeps only chunks that carry it. Scope and
 * dates apply per chunk. Stateless.
 */
final class QmdChunks {
  private QmdChunks() {}

  /** The chunks of {@code docs} that answer {@code query} and pass {@code filter}, best first. */
  static List<Hit> rank(List<QmdJson.DocHit> docs, String query, Predicate<Chunk> filter,
      int limit, MatchType matchType, NoteCache notes) throws IOException {
    TermMatcher matcher = TermMatcher.of(query);
    int terms = Math.max(1, matcher.words().size() + matcher.hashtags().size());
    // Without tags, which words each chunk holds is read from the note's terms
    // (NoteTerms.held); a tag is looked for in each chunk's text.
    boolean byTerms = matcher.hashtags().isEmpty();
    record Candidate(Chunk chunk, double score, NoteTerms note, int position) {}
    List<Candidate> candidates = new ArrayList<>();
    for (QmdJson.DocHit doc : docs) {
      Optional<ParsedNote> note = notes.get(doc.path());
      if (note.isEmpty() || note.get().chunks().isEmpty()) continue; // deleted since the update
      List<Chunk> chunks = note.get().chunks();
      NoteTerms kept = notes.derived(note.get(), NoteTerms.class, NoteTerms::of);
      int[] held = byTerms ? kept.held(matcher.words()) : null;
      if (!byTerms && !matcher.words().isEmpty()) kept.rememberAll();
      boolean any = false;
      for (int i = 0; i < chunks.size(); i++) {
        double strength = byTerms ? held[i] / (double) terms : matcher.strength(chunks.get(i));
        if (strength > 0) {
          any = true;
          candidates.add(new Candidate(chunks.get(i), score(doc.score(), strength, terms), kept,
              i));
        }
      }
      // Matched through its path or a form qmd4j does not fold: qmd's best line. Never for a
      // query with a tag: qmd cannot tell the tag from the word, only qmd4j's reading can.
      if (!any && matcher.hashtags().isEmpty()) {
        int best = 0;
        for (int i = 0; i < chunks.size(); i++) {
          if (chunks.get(i).lines().contains(doc.line())) {
            best = i;
            break;
          }
        }
        candidates.add(new Candidate(chunks.get(best), score(doc.score(), 0, terms), kept,
            best));
      }
    }
    // Equal scores by path, then line: qmd's order among equal documents may
    // change when its index is rebuilt.
    candidates.sort(Comparator.comparingDouble((Candidate c) -> -c.score())
        .thenComparing(c -> c.chunk().path())
        .thenComparingInt(c -> c.chunk().lines().from()));
    List<Hit> out = new ArrayList<>();
    for (Candidate c : candidates) {
      // The filter, the matches and the spelling read the chunk's tokens: analysed once.
      c.note().remember(c.position());
      if (!filter.test(c.chunk())) continue;
      out.add(new Hit(c.chunk(), c.score(), matchType)); // in [0, 1] by construction
      if (out.size() == limit) break;
    }
    return out;
  }

  /** The most documents qmd is asked for when its first answer may hide better chunks. */
  static final int MAX_ROWS = 500;

  /**
   * Whether a page ranked from the {@code docs} documents qmd returned when asked for
   * {@code rows} may miss better chunks of documents qmd ranked lower: qmd had more, and the
   * page is short or holds a chunk without every query word (qmd ranks documents, and a
   * highly ranked one carries all its chunks in).
   */
  static boolean mayMissBetter(List<Hit> hits, int limit, int docs, int rows) {
    if (docs < rows || rows >= MAX_ROWS) return false;
    return hits.size() < limit || hits.stream().anyMatch(h -> h.score() < 0.5);
  }

  /**
   * Whether a chunk may hold some of {@code query}'s words and tags but not all (it has
   * several): its page then often needs more documents than the first ones ({@link
   * #mayMissBetter}).
   */
  static boolean hasSeveralTerms(String query) {
    TermMatcher matcher = TermMatcher.of(query);
    return matcher.words().size() + matcher.hashtags().size() > 1;
  }

  /** How many documents to ask qmd for after {@code rows} proved too few. */
  static int widened(int rows) {
    return Math.max(rows, Math.min(rows * 10, MAX_ROWS));
  }

  /**
   * qmd's document score (its BM25 magnitude {@code s} as {@code s / (1 + s)}) at which a chunk
   * sits in the middle of its band: measured on the example vault, the value that brings
   * the qmd engine's scores closest to the embedded engine's for the same chunk (its
   * {@code b / (b + 5)} of Lucene's BM25; docs/benchmarks.md, "Score agreement").
   */
  static final double BAND_MIDDLE = 4;

  /**
   * A chunk's score in [0, 1], on the embedded engine's scale (docs/library.md, "What a score means"):
   * with {@code terms} query words and tags, a chunk holding {@code u} of them scores in
   * {@code [0.5 u / terms, 0.5 (u + 1) / terms)}, one holding all of them in [0.5, 1], one
   * holding none below {@link KeywordQuery#NONE_BAND} too; inside
   * its band qmd's document score places it, as {@code s / (s + }{@value #BAND_MIDDLE}{@code )}
   * of qmd's BM25 magnitude {@code s}.
   *
   * @param docScore qmd's document score, in [0, 1] (clamped once, where qmd's JSON is read)
   * @param strength the share of query words the chunk holds, in [0, 1]
   * @param terms the number of query words and tags, at least 1
   */
  static double score(double docScore, double strength, int terms) {
    assert docScore >= 0 && docScore <= 1 && strength >= 0 && strength <= 1 && terms >= 1
        : "docScore " + docScore + ", strength " + strength + ", terms " + terms;
    double within = docScore / (docScore + BAND_MIDDLE * (1 - docScore));
    int held = (int) Math.round(strength * terms);
    if (held >= terms) return 0.5 + 0.5 * within; // qmd's top score reaches 1
    double lower = 0.5 * held / terms;
    double width = held == 0 ? Math.min(0.5 / terms, KeywordQuery.NONE_BAND) : 0.5 / terms;
    return Math.min(lower + within * width, Math.nextDown(lower + width));
  }
}
