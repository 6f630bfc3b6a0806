package org.qmd4j.qmd;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Whether qmd's three models for deep search ({@code qmd query}) are on disk. Without them
 * qmd tries to download them and, with no network, hangs instead of failing; so qmd4j
 * checks first and fails at once with a message that says to run {@code qmd pull}.
 */
final class QmdModels {
  /** Parts of the model file names qmd 2.x uses (embedding, query expansion, re-ranking). */
  static final List<String> MODELS = List.of("embeddinggemma-300m", "qmd-query-expansion-1.7b",
      "qwen3-reranker-0.6b");

  /** Why deep search does not run on qmd, for people and agents (no cache path). */
  static final String MISSING =
      "qmd's models are missing; run `qmd pull` (about 2 GB) for qmd's deep search";

  /** What deep search does with qmd's models. */
  static final String HYBRID =
      "qmd hybrid search (query expansion, keywords and vectors, re-ranked)";

  private QmdModels() {}

  /** qmd's model folder: {@code ${XDG_CACHE_HOME:-$HOME/.cache}/qmd/models}. */
  static Path folder(Map<String, String> environment) {
    return cacheHome(environment).resolve("qmd").resolve("models");
  }

  /**
   * The cache root qmd uses: {@code ${XDG_CACHE_HOME:-$HOME/.cache}}. qmd4j passes it to qmd
   * as {@code XDG_CACHE_HOME}, so that the models qmd4j found are the ones qmd loads.
   */
  static Path cacheHome(Map<String, String> environment) {
    String xdg = environment.get("XDG_CACHE_HOME");
    return xdg != null && !xdg.isBlank()
        ? Path.of(xdg)
        : Path.of(environment.getOrDefault("HOME", System.getProperty("user.home")), ".cache");
  }

  /** The models missing from {@code folder}; empty when deep search can run. */
  static List<String> missing(Path folder) {
    List<String> names = new ArrayList<>();
    if (Files.isDirectory(folder)) {
      try (Stream<Path> files = Files.list(folder)) {
        files.filter(Files::isRegularFile)
            .map(p -> p.getFileName().toString().toLowerCase(Locale.ROOT))
            .filter(n -> n.endsWith(".gguf"))
            .forEach(names::add);
      } catch (IOException e) {
        // Unreadable folder: every model counts as missing, and the message says where.
      }
    }
    List<String> missing = new ArrayList<>();
    for (String model : MODELS) {
      if (names.stream().noneMatch(n -> n.contains(model))) missing.add(model);
    }
    return missing;
  }

  /** Throws when qmd's models are missing: a deep search would try to download them. */
  static void require(Map<String, String> environment) {
    Path folder = folder(environment);
    List<String> missing = missing(folder);
    if (!missing.isEmpty()) {
      throw new org.qmd4j.search.QmdUnavailableException("Deep search needs qmd's models, and "
          + missing + " are missing from " + folder + ". Run `qmd pull` once (about 2 GB, "
          + "needs network), or use fast mode");
    }
  }
}
