package org.qmd4j.semantic;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import org.qmd4j.search.ModelException;
import org.qmd4j.spi.EmbeddingModel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A sentence-embedding model run locally with ONNX Runtime from a model folder:
 * {@code model.onnx} or {@code onnx/model.onnx} (a BERT-like encoder taking {@code input_ids},
 * {@code attention_mask} and optionally {@code token_type_ids}), {@code tokenizer.json} (a
 * Hugging Face fast tokenizer), and how to run it: the files of a sentence-transformers export
 * as downloaded ({@code config.json}, {@code modules.json}, {@code 1_Pooling/config.json}, from
 * which the dimension, pooling, normalisation and, for the e5 family, the {@code query: } and
 * {@code passage: } prefixes are inferred), or {@code qmd4j-model.json}, which also overrides
 * any inferred setting (see docs/semantic.md).
 *
 * <pre>{@code
 * try (OnnxEmbeddingModel model = OnnxEmbeddingModel.load(Path.of("models/multilingual-e5-small"));
 *     Searcher searcher = SearchProviders.forVault(vault,
 *         SearchOptions.DEFAULT.withEmbeddingModel(model))) {
 *   searcher.search(SearchRequest.of("comment payer moins d'impôts").withMode(Mode.DEEP));
 * }
 * }</pre>
 *
 * <p>{@link #load} reads the settings and checks the files; the weights are loaded on first
 * use (a {@code fast} search never loads them), or at once with {@link #verify()}. A text
 * longer than the model's window is cut into windows (at most 16),
 * each embedded, and their vectors averaged by token count. The windows of one call are
 * sorted by length and run in batches of similar length, so pass many texts per call; a call
 * runs on the calling thread, so call from several threads to use several cores (the
 * embedded index does both). Thread-safe and meant to be shared; close it after the searchers
 * that use it.
 *
 * @since 0.5
 */
public final class OnnxEmbeddingModel implements EmbeddingModel {
  private static final Logger LOG = LoggerFactory.getLogger(OnnxEmbeddingModel.class);
  private final Path folder;
  private final Path weights;
  private final ModelSettings settings;
  private final String id;
  private Inference inference; // guarded by this; null until first use or after close

  private OnnxEmbeddingModel(Path folder, Path weights, ModelSettings settings, String id) {
    this.folder = folder;
    this.weights = weights;
    this.settings = settings;
    this.id = id;
  }

  /**
   * The model in {@code folder}, its settings read and its files checked; its weights are
   * loaded on first use.
   *
   * @throws ModelException if the folder is missing, lacks a file, a setting can be neither
   *     inferred from its export nor read from its {@code qmd4j-model.json}, or that file is
   *     invalid
   */
  public static OnnxEmbeddingModel load(Path folder) {
    Objects.requireNonNull(folder, "folder == null");
    Path dir = folder.toAbsolutePath().normalize();
    if (!Files.isDirectory(dir)) {
      throw new ModelException("The model folder " + dir + " does not exist; "
          + ModelSettings.VALID);
    }
    Path weights = SentenceTransformers.weights(dir, ModelSettings.VALID);
    if (!Files.isRegularFile(dir.resolve(Inference.TOKENIZER_FILE))) {
      throw new ModelException("The model folder " + dir + " has no "
          + Inference.TOKENIZER_FILE + "; " + ModelSettings.VALID);
    }
    ModelSettings settings = ModelSettings.read(dir);
    LOG.debug("The model folder {}: {}", dir, settings.describe());
    return new OnnxEmbeddingModel(dir, weights, settings, settings.name() + "@"
        + fingerprint(dir, weights, settings));
  }

  /** Hash of the settings, the tokenizer and the weights' size: what changes the vectors. */
  private static String fingerprint(Path dir, Path weights, ModelSettings settings) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      sha.update(settings.json().getBytes(StandardCharsets.UTF_8));
      sha.update(Files.readAllBytes(dir.resolve(Inference.TOKENIZER_FILE)));
      sha.update(Long.toString(Files.size(weights))
          .getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(sha.digest(), 0, 6);
    } catch (IOException e) {
      throw new ModelException("Cannot read the model folder " + dir + " (" + e.getMessage()
          + ")", e);
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError("Every JDK has SHA-256", e);
    }
  }

  /**
   * Loads the weights now and checks that the model gives vectors of its declared size.
   *
   * @return this model
   * @throws ModelException if ONNX Runtime cannot load the model or it is not a sentence
   *     encoder of the declared dimension
   */
  public OnnxEmbeddingModel verify() {
    embedQueries(List.of("qmd4j"));
    return this;
  }

  /** The folder the model was loaded from. */
  public Path folder() {
    return folder;
  }

  @Override
  public String id() {
    return id;
  }

  @Override
  public int dimension() {
    return settings.dimension();
  }

  @Override
  public List<float[]> embedQueries(List<String> queries) {
    return embed(queries, settings.queryPrefix());
  }

  @Override
  public List<float[]> embedPassages(List<String> passages) {
    return embed(passages, settings.passagePrefix());
  }

  private List<float[]> embed(List<String> texts, String prefix) {
    Objects.requireNonNull(texts, "texts == null");
    List<String> prefixed = new ArrayList<>(texts.size());
    for (String t : texts) prefixed.add(prefix + Objects.requireNonNull(t, "text == null"));
    return inference().embed(prefixed);
  }

  /** What the loaded model computed so far; all zero before it is loaded. */
  synchronized InferenceCounts counts() {
    return inference == null ? new InferenceCounts() : inference.counts();
  }

  private synchronized Inference inference() {
    if (inference == null) inference = Inference.open(folder, weights, settings);
    return inference;
  }

  @Override
  public synchronized void close() {
    if (inference != null) inference.close();
    inference = null;
  }

  @Override
  public String toString() {
    return "OnnxEmbeddingModel[" + id + " from " + folder + "]";
  }
}
