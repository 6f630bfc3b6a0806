package org.qmd4j.semantic;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.qmd4j.search.ModelException;

/**
 * How a model is run: its name, vector size, pooling, whether vectors are normalised, the
 * prefixes of queries and passages, the tokens per window, and the windows and tokens (padding
 * included) per inference run. Inferred from a sentence-transformers export
 * ({@link SentenceTransformers}), each field overridden by {@code qmd4j-model.json} when that
 * file sets it; without an export, {@code qmd4j-model.json} says all ({@code name} and
 * {@code dimension} required):
 *
 * <pre>{@code
 * {"name": "intfloat/multilingual-e5-small", "dimension": 384, "pooling": "mean",
 *  "normalize": true, "queryPrefix": "query: ", "passagePrefix": "passage: ",
 *  "maxTokens": 512, "batchSize": 64, "batchTokens": 1024}
 * }</pre>
 *
 * <p>{@code json} is what identifies the settings in the model's id: the text of
 * {@code qmd4j-model.json} when the folder has no export files (as before exports were read),
 * else the resolved settings written out.
 */
record ModelSettings(String name, int dimension, Pooling pooling, boolean normalize,
    String queryPrefix, String passagePrefix, int maxTokens, int batchSize, int batchTokens,
    String json) {
  /** Windows per inference run at most, by default. */
  static final int BATCH_SIZE = 64;
  /**
   * Tokens per inference run at most (windows times the longest, padding included), by
   * default: bounds the memory of a run; larger runs cost more per token on a CPU, not less.
   */
  static final int BATCH_TOKENS = 1_024;
  static final String FILE = "qmd4j-model.json";
  static final String VALID = "a model folder holds model.onnx (or onnx/model.onnx) and"
      + " tokenizer.json, and either a sentence-transformers export's config.json, modules.json"
      + " and 1_Pooling/config.json, or " + FILE + " ({\"name\": ..., \"dimension\": 384,"
      + " \"pooling\": \"mean\", \"cls\" or \"max\", \"normalize\": true, \"queryPrefix\":"
      + " \"query: \", \"passagePrefix\": \"passage: \", \"maxTokens\": 512}), which also"
      + " overrides what the export says";

  /** How token vectors become one vector per text. */
  enum Pooling {
    /** The average of the token vectors, padding left out. */
    MEAN,
    /** The first token's vector ({@code [CLS]}). */
    CLS,
    /** The largest value of each dimension over the tokens, padding left out. */
    MAX
  }

  /**
   * The settings of the model in {@code folder}: inferred from its sentence-transformers
   * export, overridden field by field by its {@code qmd4j-model.json}.
   *
   * @throws ModelException if a setting can be neither inferred nor read, naming the file to
   *     add or the field to fix
   */
  static ModelSettings read(Path folder) {
    Path file = folder.resolve(FILE);
    SentenceTransformers export = new SentenceTransformers(folder);
    boolean hasFile = Files.isRegularFile(file);
    if (!hasFile && !export.present()) {
      throw new ModelException("The model folder " + folder + " has neither " + FILE
          + " nor the files of a sentence-transformers export, so nothing says how to run"
          + " the model; " + VALID);
    }
    String json = "";
    JsonNode root = JsonNodeFactory.instance.objectNode();
    if (hasFile) {
      try {
        json = Files.readString(file, StandardCharsets.UTF_8);
        root = new ObjectMapper().readTree(json);
      } catch (JsonProcessingException e) {
        throw new ModelException(FILE + " in " + folder + " is not valid JSON ("
            + e.getOriginalMessage() + "); " + VALID, e);
      } catch (IOException e) {
        throw new ModelException("Cannot read " + FILE + " in " + folder + " ("
            + e.getMessage() + ")", e);
      }
      if (root == null || !root.isObject()) {
        throw new ModelException(FILE + " in " + folder + " is not a JSON object; " + VALID);
      }
    }
    boolean inferred = export.present();
    String name = root.has("name") || !inferred ? text(root, "name", null, folder)
        : export.name();
    int dimension = root.has("dimension") || !inferred ? number(root, "dimension", -1, folder)
        : export.dimension();
    Pooling pooling = root.has("pooling") || !inferred ? pooling(root, folder)
        : export.pooling();
    JsonNode normalize = root.path("normalize");
    if (!normalize.isMissingNode() && !normalize.isBoolean()) {
      throw new ModelException(FILE + " in " + folder + ": \"normalize\" is " + normalize
          + "; expected true or false");
    }
    ModelSettings settings = new ModelSettings(name, dimension, pooling,
        normalize.isMissingNode() ? export.normalize(true) : normalize.asBoolean(),
        // Without an export, the defaults stay what they were before exports were read: the
        // id of such a folder hashes only its file, so its vectors must not change.
        text(root, "queryPrefix", inferred ? export.queryPrefix(name) : "", folder),
        text(root, "passagePrefix", inferred ? export.passagePrefix(name) : "", folder),
        number(root, "maxTokens", inferred ? export.maxTokens() : 512, folder),
        number(root, "batchSize", BATCH_SIZE, folder),
        number(root, "batchTokens", BATCH_TOKENS, folder), json);
    return inferred ? settings.withJson(settings.describe()) : settings;
  }

  /** These settings written out, one field after the other, as the model's id hashes them. */
  String describe() {
    ObjectNode node = JsonNodeFactory.instance.objectNode();
    node.put("name", name);
    node.put("dimension", dimension);
    node.put("pooling", pooling.name().toLowerCase(Locale.ROOT));
    node.put("normalize", normalize);
    node.put("queryPrefix", queryPrefix);
    node.put("passagePrefix", passagePrefix);
    node.put("maxTokens", maxTokens);
    node.put("batchSize", batchSize);
    node.put("batchTokens", batchTokens);
    return node.toString();
  }

  private ModelSettings withJson(String text) {
    return new ModelSettings(name, dimension, pooling, normalize, queryPrefix, passagePrefix,
        maxTokens, batchSize, batchTokens, text);
  }

  private static Pooling pooling(JsonNode root, Path folder) {
    String pooling = text(root, "pooling", "mean", folder).toUpperCase(Locale.ROOT);
    for (Pooling p : Pooling.values()) {
      if (p.name().equals(pooling)) return p;
    }
    throw new ModelException(FILE + " in " + folder + ": \"pooling\" is \""
        + pooling.toLowerCase(Locale.ROOT) + "\"; expected \"mean\", \"cls\" or \"max\"");
  }

  private static String text(JsonNode root, String field, String fallback, Path folder) {
    JsonNode v = root.path(field);
    if (v.isMissingNode() && fallback != null) return fallback;
    if (!v.isTextual() || (fallback == null && v.asText().isBlank())) {
      throw new ModelException(FILE + " in " + folder + ": \"" + field + "\" is "
          + (v.isMissingNode() ? "missing" : v.toString()) + "; expected a string");
    }
    return v.asText();
  }

  private static int number(JsonNode root, String field, int fallback, Path folder) {
    JsonNode v = root.path(field);
    if (v.isMissingNode() && fallback > 0) return fallback;
    if (!v.canConvertToExactIntegral() || v.asInt() < 1 || v.asInt() > 65_536) {
      throw new ModelException(FILE + " in " + folder + ": \"" + field + "\" is "
          + (v.isMissingNode() ? "missing" : v.toString())
          + "; expected a whole number from 1 to 65536");
    }
    return v.asInt();
  }
}
