package org.qmd4j.semantic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.search.ModelException;

/** Model folders as downloaded: the settings a sentence-transformers export gives, and why not. */
class SentenceTransformersTest {
  private static final String MODULES = "[{\"path\": \"\", \"type\":"
      + " \"sentence_transformers.models.Transformer\"}, {\"path\": \"1_Pooling\", \"type\":"
      + " \"sentence_transformers.models.Pooling\"}, {\"path\": \"2_Normalize\", \"type\":"
      + " \"sentence_transformers.models.Normalize\"}]";

  @TempDir Path tmp;

  /** An export's files (no weights: settings are read without them). */
  private Path export(String folder, String config, String modules, String pooling)
      throws IOException {
    Path dir = Files.createDirectories(tmp.resolve(folder));
    if (config != null) Files.writeString(dir.resolve("config.json"), config);
    if (modules != null) Files.writeString(dir.resolve("modules.json"), modules);
    if (pooling != null) {
      Files.createDirectories(dir.resolve("1_Pooling"));
      Files.writeString(dir.resolve("1_Pooling/config.json"), pooling);
    }
    return dir;
  }

  private static String pooling(String mode) {
    return "{\"word_embedding_dimension\": 768, \"pooling_mode_cls_token\": "
        + mode.equals("cls") + ", \"pooling_mode_mean_tokens\": " + mode.equals("mean")
        + ", \"pooling_mode_max_tokens\": " + mode.equals("max")
        + ", \"pooling_mode_lasttoken\": " + mode.equals("last") + "}";
  }

  @Test
  void anE5ExportGivesEverySettingTheHandWrittenFileGave() throws IOException {
    ModelSettings s = ModelSettings.read(TestModel.export(tmp.resolve("e5-small-v2")));
    assertThat(s.name()).isEqualTo("e5-small-v2"); // its config's name is "tmp/"
    assertThat(s.dimension()).isEqualTo(384);
    assertThat(s.pooling()).isEqualTo(ModelSettings.Pooling.MEAN);
    assertThat(s.normalize()).isTrue();
    assertThat(s.queryPrefix()).isEqualTo("query: ");
    assertThat(s.passagePrefix()).isEqualTo("passage: ");
    assertThat(s.maxTokens()).isEqualTo(512);
  }

  @Test
  void theHubNameInConfigNamesTheModelAndMakesItAnE5() throws IOException {
    ModelSettings s = ModelSettings.read(export("downloaded", "{\"_name_or_path\":"
        + " \"intfloat/multilingual-e5-small\", \"hidden_size\": 384}", MODULES,
        pooling("mean")));
    assertThat(s.name()).isEqualTo("intfloat/multilingual-e5-small");
    assertThat(s.dimension()).as("1_Pooling's dimension first").isEqualTo(768);
    assertThat(s.queryPrefix()).isEqualTo("query: ");
  }

  @Test
  void aModelOutsideTheE5FamilyHasNoPrefixesAndPoolsAsItsModuleSays() throws IOException {
    ModelSettings s = ModelSettings.read(export("all-MiniLM-L6-v2",
        "{\"hidden_size\": 384, \"max_position_embeddings\": 256}",
        MODULES.replace(", {\"path\": \"2_Normalize\", \"type\":"
            + " \"sentence_transformers.models.Normalize\"}", ""), pooling("cls")));
    assertThat(s.name()).isEqualTo("all-MiniLM-L6-v2");
    assertThat(s.queryPrefix()).isEmpty();
    assertThat(s.passagePrefix()).isEmpty();
    assertThat(s.pooling()).isEqualTo(ModelSettings.Pooling.CLS);
    assertThat(s.normalize()).as("no Normalize module").isFalse();
    assertThat(s.maxTokens()).as("its positions").isEqualTo(256);
    assertThat(ModelSettings.read(export("maxed", "{\"hidden_size\": 768}", MODULES,
        pooling("max"))).pooling()).isEqualTo(ModelSettings.Pooling.MAX);
  }

  @Test
  void promptsOfTheExportAreThePrefixesAndE5InstructIsNoPlainE5() throws IOException {
    Path dir = export("bge-small", "{\"hidden_size\": 384}", MODULES, pooling("cls"));
    Files.writeString(dir.resolve("config_sentence_transformers.json"), "{\"prompts\":"
        + " {\"query\": \"Represent this sentence for searching relevant passages: \","
        + " \"document\": \"\"}}");
    ModelSettings s = ModelSettings.read(dir);
    assertThat(s.queryPrefix()).isEqualTo("Represent this sentence for searching relevant"
        + " passages: ");
    assertThat(s.passagePrefix()).isEmpty();
    assertThat(ModelSettings.read(export("multilingual-e5-large-instruct",
        "{\"hidden_size\": 1024}", MODULES, pooling("mean"))).queryPrefix()).isEmpty();
  }

  @Test
  void qmd4jModelJsonOverridesTheExportFieldByField() throws IOException {
    Path dir = export("multilingual-e5-large-instruct", "{\"hidden_size\": 1024}", MODULES,
        pooling("mean"));
    Files.writeString(dir.resolve("qmd4j-model.json"), "{\"queryPrefix\": \"Instruct: find"
        + " the note\\nQuery: \", \"maxTokens\": 256}");
    ModelSettings s = ModelSettings.read(dir);
    assertThat(s.queryPrefix()).isEqualTo("Instruct: find the note\nQuery: ");
    assertThat(s.maxTokens()).isEqualTo(256);
    assertThat(s.dimension()).isEqualTo(768);
    assertThat(s.name()).isEqualTo("multilingual-e5-large-instruct");
  }

  @Test
  void theIdOfAFolderWithOnlyQmd4jModelJsonHashesThatFileAsBefore() throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("plain"));
    String json = "{\"name\": \"intfloat/e5-small-v2\", \"dimension\": 384}";
    Files.writeString(dir.resolve("qmd4j-model.json"), json);
    ModelSettings s = ModelSettings.read(dir);
    assertThat(s.json()).isEqualTo(json);
    assertThat(s.queryPrefix()).as("a hand-written file's missing prefix stays none").isEmpty();
  }

  @Test
  void aFolderWithoutPoolingSaysWhichFileToAdd() throws IOException {
    Path dir = export("xenova-style", "{\"_name_or_path\": \"Xenova/all-MiniLM-L6-v2\","
        + " \"hidden_size\": 384}", null, null);
    assertThatThrownBy(() -> ModelSettings.read(dir))
        .isInstanceOf(ModelException.class)
        .hasMessage("Cannot tell how the model in " + dir + " pools its token vectors: it has"
            + " no 1_Pooling/config.json (a sentence-transformers export has one); add it, or"
            + " \"pooling\": \"mean\", \"cls\" or \"max\" in qmd4j-model.json");
    Files.writeString(dir.resolve("qmd4j-model.json"), "{\"pooling\": \"mean\"}");
    assertThat(ModelSettings.read(dir).pooling()).isEqualTo(ModelSettings.Pooling.MEAN);
  }

  @Test
  void aPoolingQmd4jCannotDoIsRefusedByName() throws IOException {
    Path dir = export("gte-qwen", "{\"hidden_size\": 1536}", MODULES, pooling("last"));
    assertThatThrownBy(() -> ModelSettings.read(dir))
        .isInstanceOf(ModelException.class)
        .hasMessage("1_Pooling/config.json in " + dir + " asks for pooling_mode_lasttoken;"
            + " qmd4j pools by exactly one of pooling_mode_mean_tokens, pooling_mode_cls_token"
            + " and pooling_mode_max_tokens");
  }

  @Test
  void aDimensionNoFileGivesSaysWhereItWouldBe() throws IOException {
    Path dir = export("nodim", "{\"model_type\": \"bert\"}", MODULES,
        "{\"pooling_mode_mean_tokens\": true}");
    assertThatThrownBy(() -> ModelSettings.read(dir))
        .isInstanceOf(ModelException.class)
        .hasMessage("Cannot tell the vector size of the model in " + dir + ": neither"
            + " 1_Pooling/config.json (\"word_embedding_dimension\") nor config.json"
            + " (\"hidden_size\") says it; add the export's config.json, or \"dimension\" in"
            + " qmd4j-model.json");
  }

  @Test
  void aFolderWithNeitherAnExportNorQmd4jModelJsonSaysWhatAFolderHolds() throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("bare"));
    assertThatThrownBy(() -> ModelSettings.read(dir))
        .isInstanceOf(ModelException.class)
        .hasMessageStartingWith("The model folder " + dir + " has neither qmd4j-model.json nor"
            + " the files of a sentence-transformers export")
        .hasMessageContaining("a model folder holds model.onnx (or onnx/model.onnx) and"
            + " tokenizer.json, and either a sentence-transformers export's config.json,"
            + " modules.json and 1_Pooling/config.json, or qmd4j-model.json");
  }

  @Test
  void anExportFileThatIsNoJsonIsNamed() throws IOException {
    Path dir = export("broken", "{\"hidden_size\": ", MODULES, pooling("mean"));
    assertThatThrownBy(() -> ModelSettings.read(dir))
        .isInstanceOf(ModelException.class)
        .hasMessageStartingWith("config.json in " + dir + " is not valid JSON");
  }

  @Test
  void weightsAreAtTheRootOrUnderOnnxAndOtherExportsAreNamed() throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("w/onnx"));
    Files.writeString(dir.resolve("model_quantized.onnx"), "x");
    Files.writeString(dir.resolve("model_O4.onnx"), "x");
    Path folder = dir.getParent();
    assertThatThrownBy(() -> SentenceTransformers.weights(folder, "VALID"))
        .isInstanceOf(ModelException.class)
        .hasMessage("The model folder " + folder + " has no model.onnx (nor onnx/model.onnx);"
            + " onnx/ holds onnx/model_O4.onnx, onnx/model_quantized.onnx: rename the one to"
            + " use to onnx/model.onnx; VALID");
    Files.writeString(dir.resolve("model.onnx"), "x");
    assertThat(SentenceTransformers.weights(folder, "")).isEqualTo(dir.resolve("model.onnx"));
    Files.writeString(folder.resolve("model.onnx"), "x");
    assertThat(SentenceTransformers.weights(folder, "")).isEqualTo(folder.resolve("model.onnx"));
  }
}
