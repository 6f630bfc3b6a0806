package org.qmd4j.embedded;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.qmd4j.search.ModelException;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.EmbeddingModel;
import org.qmd4j.vault.Chunker;
import org.qmd4j.vault.ParsedNote;

/**
 * The embedding model of one index, if it has one: passage vectors for the chunks of a file
 * while indexing, a query vector for a deep search. Vectors are scaled to unit length, so that
 * Lucene's dot product is their cosine. Thread-safe (the model is).
 */
final class Vectors {
  /** An index without vectors: deep search is keyword-only. */
  static final Vectors NONE = new Vectors(Optional.empty());

  private final Optional<EmbeddingModel> model;
  /** The unit vectors of {@link SimilarityFloor#PROBES}, once asked for. */
  private volatile List<float[]> probes;

  private Vectors(Optional<EmbeddingModel> model) {
    this.model = model;
  }

  static Vectors of(Optional<EmbeddingModel> model) {
    return model.isEmpty() ? NONE : new Vectors(model);
  }

  boolean enabled() {
    return model.isPresent();
  }

  /** What the index records, so that a change of model rebuilds it. */
  String id() {
    return model.map(EmbeddingModel::id).orElse("none");
  }

  /**
   * What an index records of how it was written: its format, the chunker's sizes and the
   * embedding model; an index whose stamp differs is rebuilt.
   */
  static Map<String, String> stamp(String format, Chunker chunker, Vectors vectors) {
    return Map.of("format", format,
        "chunkSize", Integer.toString(chunker.chunkSize()),
        "denseDaySize", Integer.toString(chunker.denseDaySize()),
        "model", vectors.id());
  }

  /** What deep search is, for {@code doctor}. */
  String describeDeep() {
    return model.map(m -> "hybrid: BM25 and nearest chunks by the model " + m.id()
            + ", fused by weighted rank; chunks holding every query word kept; chunks found by"
            + " meaning alone only when nearer to the query than random letters come")
        .orElse("keyword lists fused by rank (no semantic model without qmd)");
  }

  /**
   * The text a chunk is embedded as: its file's title and its headings give the context a
   * chunk's own text often lacks (a task under its project's title).
   */
  static String passage(Chunk chunk, String title) {
    StringBuilder b = new StringBuilder();
    if (!title.isBlank()) b.append(title).append('\n');
    for (String h : chunk.headings()) {
      if (!h.equals(title)) b.append(h).append('\n');
    }
    return b.append(chunk.text()).toString();
  }

  /**
   * One unit vector per chunk of each of {@code notes}, in order, in one call to the model:
   * a model batches the windows of a call by length, so many files per call pad little.
   * Empty lists without a model.
   */
  List<List<float[]>> passages(List<ParsedNote> notes) {
    List<List<float[]>> out = new ArrayList<>(notes.size());
    if (model.isEmpty()) {
      for (int i = 0; i < notes.size(); i++) out.add(List.of());
      return out;
    }
    List<String> texts = new ArrayList<>();
    for (ParsedNote note : notes) {
      for (Chunk c : note.chunks()) texts.add(passage(c, note.title()));
    }
    List<float[]> all = texts.isEmpty() ? List.of()
        : checked(model.get().embedPassages(texts), texts.size());
    int from = 0;
    for (ParsedNote note : notes) {
      out.add(all.subList(from, from + note.chunks().size()));
      from += note.chunks().size();
    }
    return out;
  }

  /** The unit vectors of the similarity floor's probes (embedded once, as queries). */
  List<float[]> probes() {
    List<float[]> p = probes;
    if (p == null) {
      p = checked(model.orElseThrow().embedQueries(SimilarityFloor.PROBES),
          SimilarityFloor.PROBES.size());
      probes = p;
    }
    return p;
  }

  /** The unit vector of a query. */
  float[] query(String text) {
    return checked(model.orElseThrow().embedQueries(List.of(text)), 1).get(0);
  }

  private List<float[]> checked(List<float[]> vectors, int expected) {
    EmbeddingModel m = model.orElseThrow();
    if (vectors.size() != expected) {
      throw new ModelException("The model " + m.id() + " gave " + vectors.size()
          + " vectors for " + expected + " texts; check that it is a sentence-embedding model");
    }
    List<float[]> out = new ArrayList<>(expected);
    for (float[] v : vectors) {
      if (v.length != m.dimension()) {
        throw new ModelException("The model " + m.id() + " gave vectors of " + v.length
            + " floats but declares " + m.dimension() + "; fix its dimension");
      }
      out.add(unit(v));
    }
    return out;
  }

  static float[] unit(float[] v) {
    double sum = 0;
    for (float x : v) sum += x * (double) x;
    float[] out = v.clone();
    if (sum == 0) return out;
    float scale = (float) (1 / Math.sqrt(sum));
    for (int i = 0; i < out.length; i++) out[i] *= scale;
    return out;
  }
}
