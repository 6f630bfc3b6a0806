package org.qmd4j.semantic;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.io.IOException;
import java.nio.FloatBuffer;
import java.nio.LongBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.qmd4j.search.ModelException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One loaded model: the tokenizer and the ONNX session. Texts are cut into windows of at most
 * {@code maxTokens} tokens (the tokenizer's overflow), the windows of a call run in batches of
 * similar length ({@link Batches}: at most {@code batchSize} windows and {@code batchTokens}
 * tokens with padding), each window's token vectors are pooled (mean or CLS), and a text's
 * windows are averaged by their token count. Thread-safe: both the tokenizer and
 * {@link OrtSession#run} are; each run uses the calling thread only, and callers run several
 * (the indexer, one per core).
 */
final class Inference implements AutoCloseable {
  static final String MODEL_FILE = SentenceTransformers.MODEL_FILE;
  static final String TOKENIZER_FILE = "tokenizer.json";
  /** Most windows embedded per text: the first 16 windows of a huge chunk stand for it. */
  static final int MAX_WINDOWS = 16;
  private static final Logger LOG = LoggerFactory.getLogger(Inference.class);

  private final Path folder;
  private final ModelSettings settings;
  private final HuggingFaceTokenizer tokenizer;
  private final OrtEnvironment env;
  private final OrtSession session;
  private final boolean typeIds;
  private final String output;
  private final InferenceCounts counts = new InferenceCounts();

  private Inference(Path folder, ModelSettings settings, HuggingFaceTokenizer tokenizer,
      OrtEnvironment env, OrtSession session) {
    this.folder = folder;
    this.settings = settings;
    this.tokenizer = tokenizer;
    this.env = env;
    this.session = session;
    Set<String> inputs = session.getInputNames();
    if (!inputs.contains("input_ids") || !inputs.contains("attention_mask")) {
      close();
      throw new ModelException(MODEL_FILE + " in " + folder + " takes the inputs " + inputs
          + "; a sentence encoder takes input_ids and attention_mask (and maybe"
          + " token_type_ids): export the model's encoder, not a generator");
    }
    this.typeIds = inputs.contains("token_type_ids");
    Set<String> outputs = session.getOutputNames();
    // Token vectors, pooled here as the settings say; a sentence-transformers export through
    // optimum names them token_embeddings (beside its own pooled sentence_embedding).
    this.output = outputs.contains("last_hidden_state") ? "last_hidden_state"
        : outputs.contains("token_embeddings") ? "token_embeddings"
        : outputs.iterator().next();
  }

  /** Loads the tokenizer and the weights ({@code weights}) of the model in {@code folder}. */
  static Inference open(Path folder, Path weights, ModelSettings settings) {
    long start = System.nanoTime();
    HuggingFaceTokenizer tokenizer;
    try {
      tokenizer = HuggingFaceTokenizer.builder()
          .optTokenizerPath(folder.resolve(TOKENIZER_FILE))
          .optMaxLength(settings.maxTokens())
          .optTruncation(true)
          .optWithOverflowingTokens(true)
          .optPadding(false)
          .build();
    } catch (IOException | RuntimeException e) {
      throw new ModelException(TOKENIZER_FILE + " in " + folder + " cannot be read as a"
          + " Hugging Face tokenizer (" + e.getMessage() + "); use the tokenizer.json saved"
          + " with the model", e);
    }
    OrtEnvironment env = OrtEnvironment.getEnvironment();
    try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
      // One thread per run: the indexer calls from one thread per core, and a query is
      // short. No thread pool of ONNX Runtime's own, so no threads spinning between runs.
      options.setIntraOpNumThreads(1);
      options.setInterOpNumThreads(1);
      options.setExecutionMode(OrtSession.SessionOptions.ExecutionMode.SEQUENTIAL);
      options.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.ALL_OPT);
      // The arena keeps the largest run's activations per calling thread, which batchTokens
      // bounds; memory patterns are planned per input shape, and every batch has its own.
      options.setCPUArenaAllocator(true);
      options.setMemoryPatternOptimization(false);
      OrtSession session = env.createSession(weights.toString(), options);
      LOG.info("Loaded the model {} from {} in {} ms", settings.name(), folder,
          (System.nanoTime() - start) / 1_000_000);
      return new Inference(folder, settings, tokenizer, env, session);
    } catch (OrtException | RuntimeException e) {
      tokenizer.close();
      if (e instanceof ModelException) throw (ModelException) e;
      throw new ModelException(MODEL_FILE + " in " + folder + " cannot be loaded by ONNX"
          + " Runtime (" + e.getMessage() + "); it must be an ONNX export of a sentence"
          + " encoder", e);
    }
  }

  /**
   * One vector per text, in order, each of the declared dimension. The windows of all the
   * texts are sorted by length and packed into batches ({@link Batches}), so that a call with
   * many texts pads little; the batches run one after the other on the calling thread.
   */
  List<float[]> embed(List<String> texts) {
    List<Batches.Window> windows = new ArrayList<>();
    long tokens = 0;
    for (int t = 0; t < texts.size(); t++) {
      Encoding first = tokenizer.encode(texts.get(t));
      List<Encoding> all = new ArrayList<>(List.of(first));
      Encoding[] more = first.getOverflowing();
      if (more != null) all.addAll(Arrays.asList(more));
      for (Encoding w : all.subList(0, Math.min(MAX_WINDOWS, all.size()))) {
        windows.add(new Batches.Window(t, w.getIds(), w.getAttentionMask(), w.getTypeIds()));
        tokens += w.getIds().length;
      }
    }
    counts.call(texts.size(), windows.size(), tokens);
    float[][] sums = new float[texts.size()][];
    double[] weights = new double[texts.size()];
    for (List<Batches.Window> batch
        : Batches.pack(windows, settings.batchSize(), settings.batchTokens())) {
      float[][] pooled = run(batch);
      for (int i = 0; i < batch.size(); i++) {
        Batches.Window w = batch.get(i);
        double weight = Arrays.stream(w.mask()).sum();
        float[] v = pooled[i];
        if (sums[w.owner()] == null) sums[w.owner()] = new float[v.length];
        float[] sum = sums[w.owner()];
        for (int d = 0; d < v.length; d++) sum[d] += (float) (v[d] * weight);
        weights[w.owner()] += weight;
      }
    }
    if (texts.size() > 1) LOG.debug("The model {} has embedded {}", settings.name(), counts);
    List<float[]> out = new ArrayList<>(texts.size());
    for (int t = 0; t < texts.size(); t++) {
      float[] v = sums[t];
      for (int d = 0; d < v.length; d++) v[d] /= (float) Math.max(1, weights[t]);
      out.add(settings.normalize() ? unit(v) : v);
    }
    return out;
  }

  /** What this model computed since it was loaded. */
  InferenceCounts counts() {
    return counts;
  }

  /** Runs one batch of windows and pools each window's token vectors. */
  private float[][] run(List<Batches.Window> batch) {
    int rows = batch.size();
    int length = batch.stream().mapToInt(Batches.Window::length).max().orElse(1);
    long[] shape = {rows, length};
    List<long[]> masks = batch.stream().map(Batches.Window::mask).toList();
    Map<String, OnnxTensor> inputs = new HashMap<>();
    try {
      inputs.put("input_ids", tensor(batch.stream().map(Batches.Window::ids).toList(), rows,
          length, shape));
      inputs.put("attention_mask", tensor(masks, rows, length, shape));
      if (typeIds) {
        inputs.put("token_type_ids", tensor(batch.stream().map(Batches.Window::types).toList(),
            rows, length, shape));
      }
      counts.run((long) rows * length);
      try (OrtSession.Result result = session.run(inputs)) {
        OnnxTensor out = (OnnxTensor) result.get(output).orElseThrow();
        long[] dims = out.getInfo().getShape();
        FloatBuffer values = out.getFloatBuffer();
        return Pooling.pool(values, dims, masks, settings, folder);
      }
    } catch (OrtException e) {
      throw new ModelException("The model in " + folder + " failed to run (" + e.getMessage()
          + "); check that " + MODEL_FILE + " and " + TOKENIZER_FILE + " belong together", e);
    } finally {
      inputs.values().forEach(OnnxTensor::close);
    }
  }

  private OnnxTensor tensor(List<long[]> rows, int batch, int length, long[] shape)
      throws OrtException {
    long[] flat = new long[batch * length]; // padding: id 0, mask 0
    for (int r = 0; r < batch; r++) {
      long[] row = rows.get(r);
      System.arraycopy(row, 0, flat, r * length, row.length);
    }
    return OnnxTensor.createTensor(env, LongBuffer.wrap(flat), shape);
  }

  static float[] unit(float[] v) {
    double sum = 0;
    for (float x : v) sum += x * (double) x;
    if (sum == 0) return v;
    float scale = (float) (1 / Math.sqrt(sum));
    for (int i = 0; i < v.length; i++) v[i] *= scale;
    return v;
  }

  @Override
  public void close() {
    if (counts.calls() > 0) LOG.info("The model {} embedded {}", settings.name(), counts);
    try {
      session.close();
    } catch (OrtException e) {
      LOG.warn("Closing the model of {} failed: {}", folder, e.getMessage());
    }
    tokenizer.close();
  }
}
