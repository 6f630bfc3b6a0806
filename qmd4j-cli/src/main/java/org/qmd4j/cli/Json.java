package org.qmd4j.cli;

import com.fasterxml.jackson.databind.ObjectMapper;

/** The CLI's JSON writer, made on first use (start-up matters for a command line). */
final class Json {
  static final ObjectMapper MAPPER = new ObjectMapper();

  private Json() {}
}
