package org.qmd4j.web;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Map;

/**
 * The arguments of a {@code POST /api} body and the line numbers of {@code /api/read}, read
 * with refusals in plain words: what was expected, what came, where; never the JSON library's
 * own message, which names its types and tokens.
 */
final class BodyArguments {
  private static final ObjectMapper JSON = new ObjectMapper()
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
  private static final String EXPECTED = "The body must be a JSON object of the endpoint's "
      + "arguments by name (concat: {\"items\": [\"tasks.md\"]}, find: {\"query\": "
      + "\"stripe\"})";

  private BodyArguments() {}

  /**
   * The arguments of {@code body}.
   *
   * @throws IllegalArgumentException if it is not one JSON object
   */
  static Map<String, Object> read(byte[] body) {
    JsonNode root;
    try {
      root = JSON.readTree(body);
    } catch (JsonProcessingException e) {
      JsonLocation at = e.getLocation();
      throw new IllegalArgumentException(EXPECTED + "; this one is not valid JSON"
          + (at == null || at.getLineNr() < 1 ? ""
              : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")"));
    } catch (IOException e) {
      throw new IllegalArgumentException(EXPECTED + "; this one cannot be read as UTF-8 JSON");
    }
    if (root == null || root.isMissingNode()) {
      throw new IllegalArgumentException(EXPECTED + "; this one is empty");
    }
    if (!root.isObject()) {
      throw new IllegalArgumentException(EXPECTED + "; this one is " + kind(root));
    }
    return JSON.convertValue(root, new TypeReference<Map<String, Object>>() {});
  }

  /**
   * A line number of {@code /api/read}, as text.
   *
   * @throws IllegalArgumentException if it is not a whole number of 1 or more
   */
  static String lineNumber(String name, String value) {
    String v = value.strip();
    if (!v.matches("\\d{1,9}") || Integer.parseInt(v) < 1) {
      throw new IllegalArgumentException("Parameter '" + name + "' is a line number of the "
          + "range to read (1 or more, from=10&to=20) but was '" + value + "'");
    }
    return v;
  }

  private static String kind(JsonNode node) {
    if (node.isArray()) return "an array";
    if (node.isNull()) return "null";
    if (node.isTextual()) return "a string";
    if (node.isNumber()) return "a number";
    if (node.isBoolean()) return "a boolean";
    return "not an object";
  }
}
