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
