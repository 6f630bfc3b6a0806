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
 * {@code maxTokens} tokens (the tokenizer's overflow), the windows run in batches of
 * {@code batchSize}, each window's token vectors are pooled (mean or CLS), and a text's
 * windows are averaged by their token count. Thread-safe: both the tokenizer and
 * {@link OrtSession#run} are; each session runs on one thread, and callers run several.
 */
final class Inference implements AutoCloseable {
  static final String MODEL_FILE = "model.onnx";
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
    this.output = outputs.contains("last_hidden_state") ? "last_hidden_state"
        : outputs.iterator().next();
  }

  /** Loads the tokenizer and the weights of the model in {@code folder}. */
  static Inference open(Path folder, ModelSettings settings) {
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
      // One thread per inference: indexing runs one per core, and a query is short.
      options.setIntraOpNumThreads(1);
      options.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.ALL_OPT);
      OrtSession session = env.createSession(folder.resolve(MODEL_FILE).toString(), options);
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

  /** One vector per text, in order, each of the declared dimension. */
  List<float[]> embed(List<String> texts) {
    List<long[]> ids = new ArrayList<>();
    List<long[]> masks = new ArrayList<>();
    List<long[]> types = new ArrayList<>();
    List<Integer> owners = new ArrayList<>();
    for (int t = 0; t < texts.size(); t++) {
      Encoding first = tokenizer.encode(texts.get(t));
      List<Encoding> windows = new ArrayList<>(List.of(first));
      Encoding[] more = first.getOverflowing();
      if (more != null) windows.addAll(Arrays.asList(more));
      for (Encoding w : windows.subList(0, Math.min(MAX_WINDOWS, windows.size()))) {
        ids.add(w.getIds());
        masks.add(w.getAttentionMask());
        types.add(w.getTypeIds());
        owners.add(t);
      }
    }
    float[][] sums = new float[texts.size()][];
    double[] weights = new double[texts.size()];
    for (int from = 0; from < ids.size(); from += settings.batchSize()) {
      int to = Math.min(ids.size(), from + settings.batchSize());
      float[][] pooled = run(ids.subList(from, to), masks.subList(from, to),
          types.subList(from, to));
      for (int i = from; i < to; i++) {
        int owner = owners.get(i);
        double weight = Arrays.stream(masks.get(i)).sum();
        float[] v = pooled[i - from];
        if (sums[owner] == null) sums[owner] = new float[v.length];
        for (int d = 0; d < v.length; d++) sums[owner][d] += (float) (v[d] * weight);
        weights[owner] += weight;
      }
    }
    List<float[]> out = new ArrayList<>(texts.size());
    for (int t = 0; t < texts.size(); t++) {
      float[] v = sums[t];
      for (int d = 0; d < v.length; d++) v[d] /= (float) Math.max(1, weights[t]);
      out.add(settings.normalize() ? unit(v) : v);
    }
    return out;
  }

  /** Runs one batch of windows and pools each window's token vectors. */
  private float[][] run(List<long[]> ids, List<long[]> masks, List<long[]> types) {
    int batch = ids.size();
    int length = ids.stream().mapToInt(a -> a.length).max().orElse(1);
    long[] shape = {batch, length};
    Map<String, OnnxTensor> inputs = new HashMap<>();
    try {
      inputs.put("input_ids", tensor(ids, batch, length, shape));
      inputs.put("attention_mask", tensor(masks, batch, length, shape));
      if (typeIds) inputs.put("token_type_ids", tensor(types, batch, length, shape));
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
    try {
      session.close();
    } catch (OrtException e) {
      LOG.warn("Closing the model of {} failed: {}", folder, e.getMessage());
    }
    tokenizer.close();
  }
}
