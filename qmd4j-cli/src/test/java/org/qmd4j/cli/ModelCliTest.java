package org.qmd4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.EngineChoice;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchOptions;
import picocli.CommandLine;

/** Semantic search from the command line: {@code --model DIR} on every command, and its errors. */
class ModelCliTest {
  private static final String NOTES = Fixtures.notesVault().toString();
  /** Unpacked by the qmd4j-semantic build (its tests' model). */
  private static final Path MODEL =
      Fixtures.root().toAbsolutePath().getParent()
          .resolve("qmd4j-semantic/target/models/e5-small-v2");

  @TempDir Path cache;
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    SearchOptions base = SearchOptions.DEFAULT.withEngine(EngineChoice.EMBEDDED)
        .withCacheDir(cache).withEnvironment(java.util.Map.of()).withClock(Fixtures.CLOCK);
    CommandLine cmd = Main.newCommandLine(base);
    cmd.setOut(new PrintWriter(out));
    cmd.setErr(new PrintWriter(err));
    return cmd.execute(args);
  }

  @Test
  void aMissingModelFolderIsAClearErrorNamingWhatAFolderHolds() {
    assertThat(run("search", "--vault", NOTES, "--mode", "deep", "--model",
        cache.resolve("nope").toString(), "facture")).isNotZero();
    assertThat(err.toString()).contains("The model folder " + cache.resolve("nope")
        + " does not exist; a model folder holds model.onnx (or onnx/model.onnx) and"
        + " tokenizer.json, and either a sentence-transformers export's config.json,"
        + " modules.json and 1_Pooling/config.json, or qmd4j-model.json")
        .doesNotContain("Exception");
  }

  @Test
  void modelIsAnOptionOfEveryCommand() {
    for (String command : new String[] {"search", "brief", "find", "tree", "doctor", "mcp",
        "serve"}) {
      out.getBuffer().setLength(0);
      run(command, "--help");
      assertThat(out.toString()).as(command).contains("--model=DIR");
    }
  }

  /**
   * The test model as a sentence-transformers export is downloaded: weights under
   * {@code onnx/}, its config files, no {@code qmd4j-model.json}.
   */
  private Path export(Path dir) throws Exception {
    Files.createDirectories(dir.resolve("onnx"));
    Files.createDirectories(dir.resolve("1_Pooling"));
    Files.createSymbolicLink(dir.resolve("onnx/model.onnx"), MODEL.resolve("model.onnx"));
    Files.createSymbolicLink(dir.resolve("tokenizer.json"), MODEL.resolve("tokenizer.json"));
    Files.writeString(dir.resolve("config.json"), "{\"_name_or_path\": \"tmp/\","
        + " \"architectures\": [\"BertModel\"], \"hidden_size\": 384,"
        + " \"max_position_embeddings\": 512, \"model_type\": \"bert\"}");
    Files.writeString(dir.resolve("modules.json"), "[{\"idx\": 0, \"path\": \"\", \"type\":"
        + " \"sentence_transformers.models.Transformer\"}, {\"idx\": 1, \"path\":"
        + " \"1_Pooling\", \"type\": \"sentence_transformers.models.Pooling\"}, {\"idx\": 2,"
        + " \"path\": \"2_Normalize\", \"type\": \"sentence_transformers.models.Normalize\"}]");
    Files.writeString(dir.resolve("1_Pooling/config.json"), "{\"word_embedding_dimension\":"
        + " 384, \"pooling_mode_cls_token\": false, \"pooling_mode_mean_tokens\": true,"
        + " \"pooling_mode_max_tokens\": false}");
    return dir;
  }

  @Test
  void deepSearchWithAnExportAsDownloadedAnswersAsTheModelWithItsJson() throws Exception {
    Assumptions.assumeTrue(Files.isRegularFile(MODEL.resolve("model.onnx")),
        "the qmd4j-semantic build has not unpacked its test model");
    Path export = export(cache.resolve("models/e5-small-v2"));
    String[] question = {"--", "comment faire du pain à la maison"};
    assertThat(run(concat(new String[] {"search", "--vault", NOTES, "--mode", "deep", "--json",
        "--limit", "5", "--model", export.toString()}, question))).as(err.toString()).isZero();
    JsonNode fromExport = new ObjectMapper().readTree(out.toString());
    out.getBuffer().setLength(0);
    assertThat(run(concat(new String[] {"search", "--vault", NOTES, "--mode", "deep", "--json",
        "--limit", "5", "--model", MODEL.toString()}, question))).as(err.toString()).isZero();
    JsonNode fromJson = new ObjectMapper().readTree(out.toString());
    assertThat(fromExport.path("results")).as("results by meaning").isNotEmpty();
    assertThat(fromExport.path("results").toString()).contains("\"hybrid\"");
    assertThat(fromExport.path("results")).isEqualTo(fromJson.path("results"));
  }

  private static String[] concat(String[] a, String[] b) {
    String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }

  @Test
  void doctorSaysDeepSearchIsHybridWithTheModel() throws Exception {
    Assumptions.assumeTrue(Files.isRegularFile(MODEL.resolve("model.onnx")),
        "the qmd4j-semantic build has not unpacked its test model");
    assertThat(run("doctor", "--json", "--vault", NOTES, "--model", MODEL.toString()))
        .isZero();
    JsonNode facts = new ObjectMapper().readTree(out.toString());
    assertThat(facts.get("deep_search").asText()).startsWith("hybrid: BM25 and nearest chunks"
        + " by the model intfloat/e5-small-v2@");
  }
}
