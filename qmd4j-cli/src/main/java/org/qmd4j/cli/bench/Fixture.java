package org.qmd4j.cli.bench;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A benchmark fixture in qmd's format ({@code src/bench/fixtures/example.json} in qmd):
 * {@code {"description", "version": 1, "collection"?, "queries": [{"id", "query", "type",
 * "description", "expected_files", "expected_in_top_k"}]}}. Only {@code queries}, and each
 * query's {@code query} and {@code expected_files}, are required; unknown fields are ignored.
 *
 * @param description what the fixture measures; empty when absent
 * @param version the format version; 1 when absent
 * @param collection the qmd collection the fixture was written for, if it names one (qmd4j
 *     reads the expected files relative to the vault instead)
 * @param queries the queries, in file order
 * @param warnings what is doubtful but usable (another version, a repeated id, a query
 *     without expected files), one sentence each
 */
public record Fixture(String description, int version, Optional<String> collection,
    List<FixtureQuery> queries, List<String> warnings) {
  private static final String SHAPE = "a fixture is {\"description\", \"version\": 1,"
      + " \"queries\": [{\"id\", \"query\", \"type\", \"description\", \"expected_files\","
      + " \"expected_in_top_k\"}]}";

  public Fixture {
    Objects.requireNonNull(description, "description == null");
    Objects.requireNonNull(collection, "collection == null");
    queries = List.copyOf(queries);
    warnings = List.copyOf(warnings);
  }

  /**
   * Reads the fixture at {@code file}.
   *
   * @throws FixtureException if it is missing, unreadable, not JSON or not a fixture
   */
  public static Fixture read(Path file) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new FixtureException("The fixture " + file + " does not exist");
    } catch (IOException e) {
      throw new FixtureException("The fixture " + file + " cannot be read: " + e.getMessage());
    }
    return parse(text, file.toString());
  }

  /**
   * Reads a fixture from its JSON text; {@code name} names it in messages.
   *
   * @throws FixtureException if {@code json} is not JSON or not a fixture
   */
  public static Fixture parse(String json, String name) {
    JsonNode root;
    try {
      root = new ObjectMapper().readTree(json);
    } catch (JsonProcessingException e) {
      throw new FixtureException("The fixture " + name + " is not JSON (line "
          + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ": "
          + e.getOriginalMessage() + "); " + SHAPE);
    }
    if (root == null || !root.isObject()) {
      throw new FixtureException("The fixture " + name + " is not a JSON object; " + SHAPE);
    }
    JsonNode queries = root.get("queries");
    if (queries == null || !queries.isArray()) {
      throw new FixtureException("The fixture " + name + " has no 'queries' array; " + SHAPE);
    }
    if (queries.isEmpty()) {
      throw new FixtureException("The fixture " + name + " has no queries; " + SHAPE);
    }
    List<String> warnings = new ArrayList<>();
    int version = root.has("version") ? root.get("version").asInt(0) : 1;
    if (version != 1) {
      warnings.add("The fixture says version " + root.get("version") + "; this reader knows"
          + " version 1 and reads it as such");
    }
    List<FixtureQuery> list = new ArrayList<>();
    Set<String> ids = new HashSet<>();
    for (int i = 0; i < queries.size(); i++) {
      FixtureQuery q = query(queries.get(i), i + 1, name);
      if (!ids.add(q.id())) {
        warnings.add("Query id '" + q.id() + "' is used more than once");
      }
      if (q.expectedFiles().isEmpty()) {
        warnings.add("Query '" + q.id() + "' expects no file: it scores 0 on every engine");
      }
      list.add(q);
    }
    return new Fixture(text(root, "description"), version,
        Optional.of(text(root, "collection")).filter(c -> !c.isEmpty()), list, warnings);
  }

  /**
   * One warning per expected file that no file of the vault can match: no engine can find
   * it, so its query's recall cannot reach 1.
   */
  public List<String> unreachable(PathMatch match) {
    List<String> out = new ArrayList<>();
    for (FixtureQuery q : queries) {
      for (String e : q.expectedFiles()) {
        if (match.missing(e)) {
          out.add("query '" + q.id() + "' expects " + e + ", which is not in the vault: no"
              + " engine can find it");
        }
      }
    }
    return out;
  }

  private static FixtureQuery query(JsonNode node, int position, String name) {
    String where = "Query " + position + " of " + name;
    if (!node.isObject()) throw new FixtureException(where + " is not an object; " + SHAPE);
    String id = text(node, "id");
    if (!id.isEmpty()) where = "Query " + position + " ('" + id + "') of " + name;
    JsonNode query = node.get("query");
    if (query == null || !query.isTextual() || query.asText().isBlank()) {
      throw new FixtureException(where + " has no 'query' text");
    }
    JsonNode files = node.get("expected_files");
    if (files == null || !files.isArray()) {
      throw new FixtureException(where + " has no 'expected_files' array (paths relative to"
          + " the vault, e.g. [\"projects/budget.md\"])");
    }
    List<String> expected = new ArrayList<>();
    for (JsonNode f : files) {
      if (!f.isTextual() || f.asText().isBlank()) {
        throw new FixtureException(where + " has an expected file that is not a path: " + f);
      }
      expected.add(f.asText());
    }
    int k = Math.max(1, expected.size());
    JsonNode topK = node.get("expected_in_top_k");
    if (topK != null && !topK.isNull()) {
      if (!topK.canConvertToInt() || !topK.isIntegralNumber() || topK.asInt() < 1) {
        throw new FixtureException(where + " has expected_in_top_k " + topK
            + "; expected a whole number of at least 1");
      }
      k = topK.asInt();
    }
    return new FixtureQuery(id.isEmpty() ? "q" + position : id, query.asText(),
        text(node, "type"), text(node, "description"), expected, k);
  }

  private static String text(JsonNode node, String field) {
    JsonNode v = node.get(field);
    return v == null || v.isNull() ? "" : v.asText();
  }
}
