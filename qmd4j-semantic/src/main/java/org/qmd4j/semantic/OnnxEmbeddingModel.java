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

/**
 * A sentence-embedding model run locally with ONNX Runtime from a model folder:
 * {@code model.onnx} (a BERT-like encoder taking {@code input_ids}, {@code attention_mask} and
 * optionally {@code token_type_ids}), {@code tokenizer.json} (a Hugging Face fast tokenizer)
 * and {@code qmd4j-model.json} (pooling, normalisation, query and passage prefixes, tokens per
 * window; see docs/semantic.md).
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
  private final Path folder;
  private final ModelSettings settings;
  private final String id;
  private Inference inference; // guarded by this; null until first use or after close

  private OnnxEmbeddingModel(Path folder, ModelSettings settings, String id) {
    this.folder = folder;
    this.settings = settings;
    this.id = id;
  }

  /**
   * The model in {@code folder}, its settings read and its files checked; its weights are
   * loaded on first use.
   *
   * @throws ModelException if the folder is missing, lacks a file, or its
   *     {@code qmd4j-model.json} is invalid
   */
  public static OnnxEmbeddingModel load(Path folder) {
    Objects.requireNonNull(folder, "folder == null");
    Path dir = folder.toAbsolutePath().normalize();
    if (!Files.isDirectory(dir)) {
      throw new ModelException("The model folder " + dir + " does not exist; "
          + ModelSettings.VALID);
    }
    for (String name : List.of(Inference.MODEL_FILE, Inference.TOKENIZER_FILE)) {
      if (!Files.isRegularFile(dir.resolve(name))) {
        throw new ModelException("The model folder " + dir + " has no " + name + "; "
            + ModelSettings.VALID);
      }
    }
    ModelSettings settings = ModelSettings.read(dir);
    return new OnnxEmbeddingModel(dir, settings, settings.name() + "@" + fingerprint(dir,
        settings));
  }

  /** Hash of the settings, the tokenizer and the weights' size: what changes the vectors. */
  private static String fingerprint(Path dir, ModelSettings settings) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      sha.update(settings.json().getBytes(StandardCharsets.UTF_8));
      sha.update(Files.readAllBytes(dir.resolve(Inference.TOKENIZER_FILE)));
      sha.update(Long.toString(Files.size(dir.resolve(Inference.MODEL_FILE)))
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
    if (inference == null) inference = Inference.open(folder, settings);
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
