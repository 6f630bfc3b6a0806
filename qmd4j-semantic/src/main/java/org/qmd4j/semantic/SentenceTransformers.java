package org.qmd4j.semantic;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.qmd4j.search.ModelException;

/**
 * What a model folder as downloaded says about its model: a sentence-transformers export
 * ({@code config.json}, {@code modules.json}, {@code 1_Pooling/config.json}, maybe
 * {@code sentence_bert_config.json} and {@code config_sentence_transformers.json}), its weights
 * at {@code model.onnx} or {@code onnx/model.onnx}. Each setting is inferred from the file that
 * holds it; one that cannot be is a {@link ModelException} naming the file to add. Files are
 * read once, when built.
 *
 * <table>
 *   <caption>Where each setting comes from</caption>
 *   <tr><th>setting</th><th>file and field</th></tr>
 *   <tr><td>dimension</td><td>{@code 1_Pooling/config.json} {@code word_embedding_dimension},
 *       else {@code config.json} {@code hidden_size}</td></tr>
 *   <tr><td>pooling</td><td>the Pooling module's {@code config.json} (path from
 *       {@code modules.json}, else {@code 1_Pooling}): {@code pooling_mode_mean_tokens},
 *       {@code pooling_mode_cls_token} or {@code pooling_mode_max_tokens}</td></tr>
 *   <tr><td>normalize</td><td>a {@code sentence_transformers.models.Normalize} module in
 *       {@code modules.json}</td></tr>
 *   <tr><td>prefixes</td><td>{@code config_sentence_transformers.json} {@code prompts}
 *       ({@code query}, {@code passage} or {@code document}), else {@code query: } and
 *       {@code passage: } for the e5 family (by the model's name)</td></tr>
 *   <tr><td>maxTokens</td><td>{@code sentence_bert_config.json} {@code max_seq_length}, else
 *       512 or {@code config.json}'s {@code max_position_embeddings} if smaller</td></tr>
 *   <tr><td>name</td><td>{@code config.json} {@code _name_or_path} when it is a hub name
 *       ({@code intfloat/e5-small-v2}), else the folder's name</td></tr>
 * </table>
 */
final class SentenceTransformers {
  static final String CONFIG = "config.json";
  static final String MODULES = "modules.json";
  static final String POOLING = "1_Pooling";
  static final String BERT_CONFIG = "sentence_bert_config.json";
  static final String ST_CONFIG = "config_sentence_transformers.json";
  static final String MODEL_FILE = "model.onnx";
  static final String ONNX_DIR = "onnx";
  /** A hub name ({@code org/name} or {@code name}), not a local path such as {@code tmp/}. */
  private static final Pattern HUB_NAME =
      Pattern.compile("[A-Za-z0-9][\\w.-]*(/[A-Za-z0-9][\\w.-]*)?");
  /** e5, multilingual-e5-small, e5-base-v2; not the instruct models, prompted otherwise. */
  private static final Pattern E5 = Pattern.compile("(^|[/_-])e5([_-]|$)");
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path folder;
  private final JsonNode config;
  private final JsonNode modules;
  private final JsonNode bertConfig;
  private final JsonNode stConfig;
  private final String poolingDir;
  private final JsonNode pooling;

  SentenceTransformers(Path folder) {
    this.folder = folder;
    this.config = read(CONFIG);
    this.modules = read(MODULES);
    this.bertConfig = read(BERT_CONFIG);
    this.stConfig = read(ST_CONFIG);
    String dir = POOLING;
    for (JsonNode module : modules) {
      if (module.path("type").asText("").endsWith(".Pooling")
          && !module.path("path").asText("").isBlank()) {
        dir = module.path("path").asText();
      }
    }
    this.poolingDir = dir;
    this.pooling = read(dir + "/" + CONFIG);
  }

  /** Whether the folder holds any file of a sentence-transformers or transformers export. */
  boolean present() {
    return !config.isMissingNode() || !modules.isMissingNode() || !pooling.isMissingNode()
        || !bertConfig.isMissingNode() || !stConfig.isMissingNode();
  }

  /**
   * The weights: {@code model.onnx} at the root, else {@code onnx/model.onnx}.
   *
   * @throws ModelException if neither exists, naming the other exports found in {@code onnx/}
   */
  static Path weights(Path folder, String valid) {
    Path root = folder.resolve(MODEL_FILE);
    if (Files.isRegularFile(root)) return root;
    Path nested = folder.resolve(ONNX_DIR).resolve(MODEL_FILE);
    if (Files.isRegularFile(nested)) return nested;
    List<String> others = new ArrayList<>();
    try (Stream<Path> files = Files.list(folder.resolve(ONNX_DIR))) {
      files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".onnx")).sorted()
          .forEach(n -> others.add(ONNX_DIR + "/" + n));
    } catch (IOException e) {
      // No onnx/ folder: nothing more to say than that the weights are missing.
    }
    throw new ModelException("The model folder " + folder + " has no " + MODEL_FILE + " (nor "
        + ONNX_DIR + "/" + MODEL_FILE + ")" + (others.isEmpty() ? "" : "; " + ONNX_DIR
            + "/ holds " + String.join(", ", others) + ": rename the one to use to "
            + ONNX_DIR + "/" + MODEL_FILE) + "; " + valid);
  }

  /** The model's hub name from {@code config.json}, else the folder's name. */
  String name() {
    String path = config.path("_name_or_path").asText("").strip();
    if (HUB_NAME.matcher(path).matches()) return path;
    Path file = folder.getFileName();
    return file == null ? folder.toString() : file.toString();
  }

  /** The vector size, or an error naming the files that would say it. */
  int dimension() {
    for (JsonNode v : List.of(pooling.path("word_embedding_dimension"),
        config.path("hidden_size"))) {
      if (v.canConvertToExactIntegral() && v.asInt() > 0) return v.asInt();
    }
    throw new ModelException("Cannot tell the vector size of the model in " + folder
        + ": neither " + poolingDir + "/" + CONFIG + " (\"word_embedding_dimension\") nor "
        + CONFIG + " (\"hidden_size\") says it; add the export's " + CONFIG + ", or"
        + " \"dimension\" in " + ModelSettings.FILE);
  }

  /** The pooling its Pooling module asks for, or an error saying what to add. */
  ModelSettings.Pooling pooling() {
    String file = poolingDir + "/" + CONFIG;
    if (pooling.isMissingNode()) {
      throw new ModelException("Cannot tell how the model in " + folder + " pools its token"
          + " vectors: it has no " + file + " (a sentence-transformers export has one);"
          + " add it, or \"pooling\": \"mean\", \"cls\" or \"max\" in " + ModelSettings.FILE);
    }
    List<String> asked = new ArrayList<>();
    pooling.fields().forEachRemaining(f -> {
      if (f.getKey().startsWith("pooling_mode_") && f.getValue().asBoolean(false)) {
        asked.add(f.getKey());
      }
    });
    if (asked.size() == 1) {
      switch (asked.get(0)) {
        case "pooling_mode_mean_tokens": return ModelSettings.Pooling.MEAN;
        case "pooling_mode_cls_token": return ModelSettings.Pooling.CLS;
        case "pooling_mode_max_tokens": return ModelSettings.Pooling.MAX;
        default: break;
      }
    }
    throw new ModelException(file + " in " + folder + " asks for "
        + (asked.isEmpty() ? "no pooling mode" : String.join(" and ", asked))
        + "; qmd4j pools by exactly one of pooling_mode_mean_tokens, pooling_mode_cls_token"
        + " and pooling_mode_max_tokens");
  }

  /**
   * Whether {@code modules.json} ends with a Normalize module; without {@code modules.json},
   * {@code fallback}.
   */
  boolean normalize(boolean fallback) {
    if (modules.isMissingNode()) return fallback;
    for (JsonNode module : modules) {
      if (module.path("type").asText("").endsWith(".Normalize")) return true;
    }
    return false;
  }

  /** The query prefix: the {@code query} prompt, else e5's {@code query: } by name. */
  String queryPrefix(String name) {
    return prompt("query").orElse(isE5(name) ? "query: " : "");
  }

  /** The passage prefix: the {@code passage} or {@code document} prompt, else e5's. */
  String passagePrefix(String name) {
    return prompt("passage").or(() -> prompt("document"))
        .orElse(isE5(name) ? "passage: " : "");
  }

  /** The tokens per window: {@code max_seq_length}, else 512 or the positions if fewer. */
  int maxTokens() {
    JsonNode v = bertConfig.path("max_seq_length");
    if (v.canConvertToExactIntegral() && v.asInt() > 0) return v.asInt();
    JsonNode positions = config.path("max_position_embeddings");
    return positions.canConvertToExactIntegral() && positions.asInt() > 0
        ? Math.min(512, positions.asInt()) : 512;
  }

  private Optional<String> prompt(String key) {
    JsonNode v = stConfig.path("prompts").path(key);
    return v.isTextual() ? Optional.of(v.asText()) : Optional.empty();
  }

  /** An e5 model by its name or its folder's name; e5 instruct models are prompted otherwise. */
  private boolean isE5(String name) {
    Path file = folder.getFileName();
    for (String n : new String[] {name, name(), file == null ? "" : file.toString()}) {
      String lower = n.toLowerCase(Locale.ROOT);
      if (E5.matcher(lower).find() && !lower.contains("instruct")) return true;
    }
    return false;
  }

  private JsonNode read(String relative) {
    Path file = folder.resolve(relative);
    if (!Files.isRegularFile(file)) return MissingNode.getInstance();
    try {
      JsonNode node = JSON.readTree(file.toFile());
      return node == null ? MissingNode.getInstance() : node;
    } catch (JsonProcessingException e) {
      throw new ModelException(relative + " in " + folder + " is not valid JSON ("
          + e.getOriginalMessage() + "); use the file saved with the model", e);
    } catch (IOException e) {
      throw new ModelException("Cannot read " + relative + " in " + folder + " ("
          + e.getMessage() + ")", e);
    }
  }
}
