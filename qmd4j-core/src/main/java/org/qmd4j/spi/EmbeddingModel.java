package org.qmd4j.spi;

import java.io.Closeable;
import java.nio.file.Path;
import java.util.List;

/**
 * A sentence-embedding model: turns queries and passages into vectors, so that the embedded
 * engine's deep search ranks chunks by meaning as well as by words (hybrid search). The
 * {@code qmd4j-semantic} module provides one that runs an ONNX model folder locally; an
 * application may give its own with {@code SearchOptions.withEmbeddingModel}.
 *
 * <p>The embedded engine asks for passage vectors while it indexes (the chunks of many files
 * per call, 256 or more, from one thread per core at once: a model should run a call on the
 * calling thread and batch its texts) and for one query vector per deep search; {@code fast}
 * searches never call it. Vectors are compared by their dot product after the engine scales
 * them to unit length.
 *
 * <p>Implementations are thread-safe, and may load their weights on first use.
 *
 * @since 0.5
 */
public interface EmbeddingModel extends Closeable {
  /**
   * Names the model and every setting that changes its vectors; the embedded index records it
   * and is rebuilt when it changes.
   */
  String id();

  /** Number of floats in every vector. */
  int dimension();

  /**
   * The vectors of search queries, in order, each of {@link #dimension()} floats.
   *
   * @throws org.qmd4j.search.ModelException if the model cannot run
   */
  List<float[]> embedQueries(List<String> queries);

  /**
   * The vectors of passages (chunks of notes), in order, each of {@link #dimension()} floats.
   *
   * @throws org.qmd4j.search.ModelException if the model cannot run
   */
  List<float[]> embedPassages(List<String> passages);

  /** Releases the model's native resources. Never throws. */
  @Override
  default void close() {}

  /**
   * Loads a model from a folder: how {@code QMD4J_MODEL} and {@code --model DIR} are served.
   * Found with {@link java.util.ServiceLoader}; the {@code qmd4j-semantic} module provides one.
   *
   * @since 0.5
   */
  interface Loader {
    /**
     * The model in {@code folder}.
     *
     * @throws org.qmd4j.search.ModelException if the folder does not hold a usable model
     */
    EmbeddingModel load(Path folder);
  }
}
