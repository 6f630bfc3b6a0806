package org.qmd4j.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import org.qmd4j.concat.Block;
import org.qmd4j.concat.ConcatDocument;

/** JSON shapes of the API and their writing. */
final class Json {
  static final ObjectMapper MAPPER = new ObjectMapper();

  private Json() {}

  static void send(HttpServletResponse response, int status, Object body) throws IOException {
    byte[] bytes = bytes(body);
    response.setStatus(status);
    response.setContentType("application/json;charset=utf-8");
    response.setContentLength(bytes.length);
    try (OutputStream out = response.getOutputStream()) {
      out.write(bytes);
    }
  }

  static void error(HttpServletResponse response, int status, String message)
      throws IOException {
    send(response, status, Map.of("error", message));
  }

  static byte[] bytes(Object body) {
    try {
      return MAPPER.writeValueAsString(body).getBytes(StandardCharsets.UTF_8);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException("JSON of plain maps and lists cannot fail", e);
    }
  }

  /** {@code {path, lines, text}}; lines is {@code "A-B"}, null only for an empty file. */
  static Map<String, Object> block(Block block) {
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("path", block.path());
    row.put("lines", block.lines().map(Object::toString).orElse(null));
    row.put("text", block.text());
    return row;
  }

  /** {@code {overview, blocks: [{path, lines, text}], markdown}}. */
  static Map<String, Object> document(ConcatDocument doc) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("overview", doc.overview());
    out.put("blocks", doc.blocks().stream().map(Json::block)
        .collect(Collectors.toList()));
    out.put("markdown", doc.markdown());
    return out;
  }
}
