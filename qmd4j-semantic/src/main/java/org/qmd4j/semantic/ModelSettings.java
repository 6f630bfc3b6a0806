package org.qmd4j.semantic;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.qmd4j.search.ModelException;

/**
 * What {@code qmd4j-model.json} says about a model: its name, vector size, pooling, whether
 * vectors are normalised, the prefixes of queries and passages, the tokens per window, and the
 * windows and tokens (padding included) per inference run.
 *
 * <pre>{@code
 * {"name": "intfloat/multilingual-e5-small", "dimension": 384, "pooling": "mean",
 *  "normalize": true, "queryPrefix": "query: ", "passagePrefix": "passage: ",
 *  "maxTokens": 512, "batchSize": 64, "batchTokens": 1024}
 * }</pre>
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
  static final String VALID = "a model folder holds model.onnx, tokenizer.json and "
      + FILE + " ({\"name\": ..., \"dimension\": 384, \"pooling\": \"mean\" or \"cls\", "
      + "\"normalize\": true, \"queryPrefix\": \"query: \", \"passagePrefix\": \"passage: \", "
      + "\"maxTokens\": 512})";

  /** How token vectors become one vector per text. */
  enum Pooling {
    /** The average of the token vectors, padding left out. */
    MEAN,
    /** The first token's vector ({@code [CLS]}). */
    CLS
  }

  /** Reads and checks {@code qmd4j-model.json} in {@code folder}. */
  static ModelSettings read(Path folder) {
    Path file = folder.resolve(FILE);
    if (!Files.isRegularFile(file)) {
      throw new ModelException("The model folder " + folder + " has no " + FILE + "; " + VALID);
    }
    String json;
    JsonNode root;
    try {
      json = Files.readString(file, StandardCharsets.UTF_8);
      root = new ObjectMapper().readTree(json);
    } catch (JsonProcessingException e) {
      throw new ModelException(FILE + " in " + folder + " is not valid JSON ("
          + e.getOriginalMessage() + "); " + VALID, e);
    } catch (IOException e) {
      throw new ModelException("Cannot read " + FILE + " in " + folder + " (" + e.getMessage()
          + ")", e);
    }
    if (root == null || !root.isObject()) {
      throw new ModelException(FILE + " in " + folder + " is not a JSON object; " + VALID);
    }
    String name = text(root, "name", null, folder);
    int dimension = number(root, "dimension", -1, folder);
    String pooling = text(root, "pooling", "mean", folder).toUpperCase(Locale.ROOT);
    if (!pooling.equals("MEAN") && !pooling.equals("CLS")) {
      throw new ModelException(FILE + " in " + folder + ": \"pooling\" is \""
          + pooling.toLowerCase(Locale.ROOT) + "\"; expected \"mean\" or \"cls\"");
    }
    JsonNode normalize = root.path("normalize");
    if (!normalize.isMissingNode() && !normalize.isBoolean()) {
      throw new ModelException(FILE + " in " + folder + ": \"normalize\" is " + normalize
          + "; expected true or false");
    }
    return new ModelSettings(name, dimension, Pooling.valueOf(pooling),
        normalize.asBoolean(true), text(root, "queryPrefix", "", folder),
        text(root, "passagePrefix", "", folder), number(root, "maxTokens", 512, folder),
        number(root, "batchSize", BATCH_SIZE, folder),
        number(root, "batchTokens", BATCH_TOKENS, folder), json);
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
