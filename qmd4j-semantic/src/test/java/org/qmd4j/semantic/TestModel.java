package org.qmd4j.semantic;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The tests' model: e5-small-v2 as LangChain4j ships it in a Maven Central jar, unpacked by
 * the build into a model folder beside the {@code qmd4j-model.json} of {@code src/test/model}.
 * Loaded once per test JVM and shared.
 */
final class TestModel {
  private static OnnxEmbeddingModel shared;

  private TestModel() {}

  static Path folder() {
    String dir = System.getProperty("qmd4j.testModel");
    if (dir == null) throw new IllegalStateException("Run through Maven: qmd4j.testModel unset");
    return Path.of(dir);
  }

  static synchronized OnnxEmbeddingModel shared() {
    if (shared == null) shared = OnnxEmbeddingModel.load(folder());
    return shared;
  }

  /**
   * The test model as a sentence-transformers export is downloaded (intfloat/e5-small-v2's own
   * config files, its weights under {@code onnx/}), without {@code qmd4j-model.json}: the
   * folder {@code dir}, whose name is the model's as a person would name it.
   */
  static Path export(Path dir) throws IOException {
    Files.createDirectories(dir.resolve("onnx"));
    Files.createDirectories(dir.resolve("1_Pooling"));
    Files.createSymbolicLink(dir.resolve("onnx/model.onnx"), folder().resolve("model.onnx"));
    Files.createSymbolicLink(dir.resolve("tokenizer.json"), folder().resolve("tokenizer.json"));
    // As in the model's repository: its _name_or_path is a local path, not its name.
    Files.writeString(dir.resolve("config.json"), "{\"_name_or_path\": \"tmp/\","
        + " \"architectures\": [\"BertModel\"], \"hidden_size\": 384,"
        + " \"max_position_embeddings\": 512, \"model_type\": \"bert\","
        + " \"num_attention_heads\": 12, \"num_hidden_layers\": 12, \"vocab_size\": 30522}");
    Files.writeString(dir.resolve("modules.json"), "["
        + "{\"idx\": 0, \"name\": \"0\", \"path\": \"\","
        + " \"type\": \"sentence_transformers.models.Transformer\"},"
        + " {\"idx\": 1, \"name\": \"1\", \"path\": \"1_Pooling\","
        + " \"type\": \"sentence_transformers.models.Pooling\"},"
        + " {\"idx\": 2, \"name\": \"2\", \"path\": \"2_Normalize\","
        + " \"type\": \"sentence_transformers.models.Normalize\"}]");
    Files.writeString(dir.resolve("1_Pooling/config.json"), "{\"word_embedding_dimension\": 384,"
        + " \"pooling_mode_cls_token\": false, \"pooling_mode_mean_tokens\": true,"
        + " \"pooling_mode_max_tokens\": false, \"pooling_mode_mean_sqrt_len_tokens\": false}");
    Files.writeString(dir.resolve("sentence_bert_config.json"),
        "{\"max_seq_length\": 512, \"do_lower_case\": false}");
    return dir;
  }

  /** A model folder linking to the test model's files, with its own settings. */
  static Path withSettings(Path dir, String json) throws IOException {
    Files.createDirectories(dir);
    for (String f : new String[] {"model.onnx", "tokenizer.json"}) {
      Files.createSymbolicLink(dir.resolve(f), folder().resolve(f));
    }
    Files.writeString(dir.resolve("qmd4j-model.json"), json);
    return dir;
  }
}
