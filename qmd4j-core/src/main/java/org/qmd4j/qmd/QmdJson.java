package org.qmd4j.qmd;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.qmd4j.search.QmdOutputException;

/**
 * Reads qmd's JSON results: the array of {@code qmd search --json} and {@code qmd query
 * --json}, or an object with a {@code results} array (qmd's MCP and HTTP shape). Unknown
 * fields are ignored; scores are clamped to [0, 1]; {@code qmd://collection/path} (with or
 * without {@code ?index=...}) is mapped back to a vault path, and a path outside the vault
 * is refused.
 */
final class QmdJson {
  private static final ObjectMapper JSON = new ObjectMapper();

  private QmdJson() {}

  /** One document qmd returned, best first. */
  record DocHit(String path, double score, int line) {}

  /** The documents of {@code a} and {@code b}, each once with its better hit, best first. */
  static List<DocHit> merged(List<DocHit> a, List<DocHit> b) {
    Map<String, DocHit> best = new LinkedHashMap<>();
    for (DocHit d : a) best.merge(d.path(), d, (x, y) -> y.score() > x.score() ? y : x);
    for (DocHit d : b) best.merge(d.path(), d, (x, y) -> y.score() > x.score() ? y : x);
    List<DocHit> out = new ArrayList<>(best.values());
    out.sort(Comparator.comparingDouble(DocHit::score).reversed());
    return out;
  }

  static List<DocHit> parse(String output, String collection, Path vault) {
    JsonNode root;
    try {
      root = JSON.readTree(output);
    } catch (JsonProcessingException e) {
      throw new QmdOutputException("qmd printed output that is not JSON: " + start(output), e);
    }
    if (root != null && root.isObject() && root.has("results")) root = root.get("results");
    if (root == null || !root.isArray()) {
      throw new QmdOutputException("Expected a JSON array of results from qmd but got: "
          + start(output));
    }
    List<DocHit> hits = new ArrayList<>();
    for (JsonNode entry : root) {
      JsonNode file = entry.get("file");
      if (file == null || !file.isTextual()) {
        throw new QmdOutputException("A qmd result has no 'file': " + start(entry.toString()));
      }
      String path = vaultPath(file.asText(), collection, vault);
      double score = entry.path("score").asDouble(0);
      if (Double.isNaN(score)) score = 0;
      int line = Math.max(1, entry.path("line").asInt(1));
      hits.add(new DocHit(path, Math.max(0, Math.min(1, score)), line));
    }
    return hits;
  }

  /** {@code qmd://C/a/b.md?index=x} or {@code C/a/b.md} to {@code a/b.md}. */
  static String vaultPath(String file, String collection, Path vault) {
    String f = file;
    if (f.startsWith("qmd://")) f = f.substring("qmd://".length());
    if (!f.startsWith(collection + "/")) {
      throw new QmdOutputException("qmd returned a file of another collection than '"
          + collection + "': " + file);
    }
    f = f.substring(collection.length() + 1);
    f = f.replaceFirst("\\?index=[^/]*$", "");
    if (f.isEmpty() || f.startsWith("/") || f.contains("\\")) {
      throw new QmdOutputException("qmd returned a path outside the vault: " + file);
    }
    for (String segment : f.split("/")) {
      if (segment.equals("..") || segment.equals(".") || segment.isEmpty()) {
        throw new QmdOutputException("qmd returned a path outside the vault: " + file);
      }
    }
    if (!vault.resolve(f).normalize().startsWith(vault)) {
      throw new QmdOutputException("qmd returned a path outside the vault: " + file);
    }
    return f;
  }

  private static String start(String s) {
    String t = s.strip();
    return t.length() <= 200 ? "'" + t + "'" : "'" + t.substring(0, 200) + "…' (" + s.length()
        + " chars)";
  }
}
