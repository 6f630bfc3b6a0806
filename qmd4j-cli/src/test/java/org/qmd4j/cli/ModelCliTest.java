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
        + " does not exist; a model folder holds model.onnx, tokenizer.json and"
        + " qmd4j-model.json").doesNotContain("Exception");
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
