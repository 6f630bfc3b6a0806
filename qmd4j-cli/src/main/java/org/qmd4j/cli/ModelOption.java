package org.qmd4j.cli;

import java.util.HashMap;
import java.util.Map;
import org.qmd4j.SearchOptions;
import picocli.CommandLine.Option;

/** The {@code --model DIR} option, shared by every command through {@link VaultOption}. */
final class ModelOption {
  /** The environment variable the option stands for (read by the library). */
  static final String MODEL_ENV = "QMD4J_MODEL";

  @Option(names = "--model", paramLabel = "DIR",
      description = "A sentence-embedding model folder (model.onnx, tokenizer.json,"
          + " qmd4j-model.json) that makes deep search hybrid: keywords and meaning. Default:"
          + " $QMD4J_MODEL, else none (deep search then matches words only).")
  String folder;

  /** {@code base} with the model folder asked for, if any. */
  SearchOptions applyTo(SearchOptions base) {
    if (folder == null || folder.isBlank()) return base;
    Map<String, String> env = new HashMap<>(base.environment());
    env.put(MODEL_ENV, folder);
    return base.withEnvironment(env);
  }
}
