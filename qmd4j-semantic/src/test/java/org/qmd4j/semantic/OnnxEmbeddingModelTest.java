package org.qmd4j.semantic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.search.ModelException;

class OnnxEmbeddingModelTest {
  private static final String E5 = "{\"name\": \"e5\", \"dimension\": 384, \"pooling\": \"mean\","
      + " \"queryPrefix\": \"query: \", \"passagePrefix\": \"passage: \"}";

  @TempDir Path tmp;

  private static double dot(float[] a, float[] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) s += a[i] * (double) b[i];
    return s;
  }

  @Test
  void passagesAboutTheQueryAreNearerThanOthers() {
    OnnxEmbeddingModel model = TestModel.shared();
    float[] q = model.embedQueries(List.of("how do I bake bread at home")).get(0);
    List<float[]> p = model.embedPassages(List.of(
        "Knead the dough, let it rise overnight, then bake the loaf at 230 degrees.",
        "The quarterly invoice was paid late by the client."));
    assertThat(q).hasSize(384);
    assertThat(dot(q, q)).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-4));
    assertThat(dot(q, p.get(0))).isGreaterThan(dot(q, p.get(1)));
  }

  @Test
  void aTextLongerThanTheWindowIsEmbeddedWhole() {
    OnnxEmbeddingModel model = TestModel.shared();
    String longText = "Le potager demande de l'eau chaque soir. ".repeat(300); // > 512 tokens
    float[] v = model.embedPassages(List.of(longText)).get(0);
    assertThat(v).hasSize(384);
    assertThat(dot(v, v)).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-4));
  }

  @Test
  void textsEmbeddedTogetherGetTheVectorsTheyGetAloneWithLittlePadding() throws IOException {
    // A fresh model, so that its counts are this test's only.
    try (OnnxEmbeddingModel model = OnnxEmbeddingModel.load(TestModel.folder())) {
      List<String> texts = new java.util.ArrayList<>();
      for (int i = 0; i < 40; i++) {
        texts.add("Note " + i + " : " + "le chantier avance, ".repeat(1 + (i * 7) % 60));
      }
      List<float[]> together = model.embedPassages(texts);
      InferenceCounts counts = model.counts();
      assertThat(counts.texts()).isEqualTo(40);
      assertThat(counts.padding()).as("padding of one call of mixed lengths: %s", counts)
          .isLessThan(0.15); // 40 texts of 40 lengths; 2,000 files: 1.5%
      assertThat(counts.runs()).as("runs, at most 1,024 tokens each: %s", counts)
          .isGreaterThanOrEqualTo(counts.tokens() / 1024);
      for (int i = 0; i < texts.size(); i += 13) {
        float[] alone = model.embedPassages(List.of(texts.get(i))).get(0);
        assertThat(dot(alone, together.get(i))).as("text %d", i)
            .isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-4));
      }
    }
  }

  @Test
  void theIdNamesTheModelAndChangesWithItsSettings() throws IOException {
    String id = TestModel.shared().id();
    assertThat(id).startsWith("intfloat/e5-small-v2@");
    Path other = TestModel.withSettings(tmp.resolve("cls"), E5.replace("mean", "cls"));
    assertThat(OnnxEmbeddingModel.load(other).id()).isNotEqualTo(id).startsWith("e5@");
  }

  @Test
  void aSentenceTransformersExportAsDownloadedEmbedsAsTheModelWithItsJson() throws IOException {
    Path export = TestModel.export(tmp.resolve("e5-small-v2"));
    assertThat(export.resolve("qmd4j-model.json")).doesNotExist();
    try (OnnxEmbeddingModel model = OnnxEmbeddingModel.load(export)) {
      assertThat(model.dimension()).isEqualTo(384);
      assertThat(model.id()).startsWith("e5-small-v2@");
      OnnxEmbeddingModel withJson = TestModel.shared();
      String query = "comment réparer la voiture";
      String passage = "La Clio est restée bloquée : batterie à plat, alternateur changé.";
      assertThat(dot(model.embedQueries(List.of(query)).get(0),
          withJson.embedQueries(List.of(query)).get(0)))
          .as("same query prefix, pooling and normalisation")
          .isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-5));
      assertThat(dot(model.embedPassages(List.of(passage)).get(0),
          withJson.embedPassages(List.of(passage)).get(0)))
          .isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-5));
    }
  }

  @Test
  void maxPoolingGivesUnitVectorsThatStillFindTheNearestPassage() throws IOException {
    Path dir = TestModel.withSettings(tmp.resolve("max"), E5.replace("mean", "max"));
    try (OnnxEmbeddingModel model = OnnxEmbeddingModel.load(dir)) {
      float[] q = model.embedQueries(List.of("how do I bake bread at home")).get(0);
      List<float[]> p = model.embedPassages(List.of(
          "Knead the dough, let it rise overnight, then bake the loaf at 230 degrees.",
          "The quarterly invoice was paid late by the client."));
      assertThat(dot(q, q)).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-4));
      assertThat(dot(q, p.get(0))).isGreaterThan(dot(q, p.get(1)));
    }
  }

  @Test
  void aMissingFolderIsATypedErrorSayingWhatAModelFolderHolds() {
    assertThatThrownBy(() -> OnnxEmbeddingModel.load(tmp.resolve("nope")))
        .isInstanceOf(ModelException.class)
        .hasMessageContaining("does not exist")
        .hasMessageContaining("a model folder holds model.onnx (or onnx/model.onnx) and"
            + " tokenizer.json, and either a sentence-transformers export's config.json,"
            + " modules.json and 1_Pooling/config.json, or qmd4j-model.json");
  }

  @Test
  void aFolderWithoutTheWeightsIsATypedError() throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("m"));
    Files.writeString(dir.resolve("tokenizer.json"), "{}");
    assertThatThrownBy(() -> OnnxEmbeddingModel.load(dir))
        .isInstanceOf(ModelException.class)
        .hasMessageContaining("has no model.onnx");
  }

  @Test
  void invalidSettingsAreTypedErrorsNamingTheField() throws IOException {
    Path bad = TestModel.withSettings(tmp.resolve("bad"), E5.replace("mean", "sum"));
    assertThatThrownBy(() -> OnnxEmbeddingModel.load(bad))
        .isInstanceOf(ModelException.class)
        .hasMessageContaining("\"pooling\" is \"sum\"; expected \"mean\", \"cls\" or \"max\"");
    Path noDim = TestModel.withSettings(tmp.resolve("nodim"), "{\"name\": \"x\"}");
    assertThatThrownBy(() -> OnnxEmbeddingModel.load(noDim))
        .isInstanceOf(ModelException.class)
        .hasMessageContaining("\"dimension\" is missing");
    Path notJson = TestModel.withSettings(tmp.resolve("nojson"), "{name: ");
    assertThatThrownBy(() -> OnnxEmbeddingModel.load(notJson))
        .isInstanceOf(ModelException.class)
        .hasMessageContaining("is not valid JSON");
  }

  @Test
  void aDeclaredDimensionTheModelDoesNotGiveIsATypedErrorWithTheRightValue() throws IOException {
    Path dir = TestModel.withSettings(tmp.resolve("dim"), E5.replace("384", "768"));
    try (OnnxEmbeddingModel model = OnnxEmbeddingModel.load(dir)) {
      assertThatThrownBy(model::verify)
          .isInstanceOf(ModelException.class)
          .hasMessageContaining("gives vectors of 384 floats but its settings declare"
              + " \"dimension\": 768; set \"dimension\": 384 in qmd4j-model.json");
    }
  }

  @Test
  void weightsThatAreNoOnnxModelAreATypedError() throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("garbage"));
    Files.writeString(dir.resolve("model.onnx"), "not a model");
    Files.copy(TestModel.folder().resolve("tokenizer.json"), dir.resolve("tokenizer.json"));
    Files.writeString(dir.resolve("qmd4j-model.json"), E5);
    try (OnnxEmbeddingModel model = OnnxEmbeddingModel.load(dir)) {
      assertThatThrownBy(model::verify)
          .isInstanceOf(ModelException.class)
          .hasMessageContaining("model.onnx in " + dir + " cannot be loaded by ONNX Runtime");
    }
  }
}
