package org.qmd4j.qmd;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.qmd4j.search.SearchException;
import org.qmd4j.spi.QmdOptions;

/** The qmd engine's facts for {@code qmd4j doctor}, in display order. */
final class QmdDiagnostics {
  private QmdDiagnostics() {}

  static Map<String, String> of(QmdEngine engine, QmdFreshness freshness, QmdBinary binary, QmdCommands commands,
      QmdOptions options, Path indexFile, Path configDir, Map<String, String> environment,
      ResidentSession session) {
    Map<String, String> d = new LinkedHashMap<>();
    d.put("binary", binary.path().toString());
    d.put("qmd version", binary.version());
    d.put("node version", commands.nodeVersion());
    d.put("index", indexFile.toString());
    d.put("config", configDir.toString());
    d.put("collection",
        options.collection() + (options.isAttached() ? " (attached)" : " (private)"));
    d.put("documents indexed", documents(engine));
    long files = freshness.indexedFiles();
    long empty = files - freshness.filesWithContent();
    if (empty > 0) {
      d.put("documents left out", (empty == 1 ? "1 empty file" : empty + " empty files")
          + " of the vault's " + files + " indexed files (qmd does not index empty files)");
    }
    Path models = QmdModels.folder(environment);
    List<String> missing = QmdModels.missing(models);
    d.put("deep search", missing.isEmpty() ? QmdModels.HYBRID : "no (" + QmdModels.MISSING + ")");
    d.put("qmd models", missing.isEmpty() ? "present in " + models
        : "missing " + missing + " in " + models);
    d.putAll(session.diagnostics());
    d.put("fast search", session.isUsable()
        ? "qmd mcp `query` with typed lex searches (whole query, then one per term), no rerank"
        : "qmd search; French and English stop words are removed from the query"
            + " (qmd ANDs every word), quoted phrases kept");
    return d;
  }

  private static String documents(QmdEngine engine) {
    try {
      OptionalLong n = engine.documentCount();
      return n.isPresent() ? Long.toString(n.getAsLong()) : "unknown";
    } catch (IOException | SearchException e) {
      return "unknown (" + e.getMessage() + ")";
    }
  }
}
