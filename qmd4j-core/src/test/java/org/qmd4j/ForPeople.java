package org.qmd4j;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * The scan of error messages that cross a boundary (CLI stderr, MCP tool errors, HTTP
 * error bodies, and the library's own messages): one line, no exception class name, no stack
 * frame, no private path (cache folders, temporary folders the user never named). Every
 * robustness suite passes each error it sees through {@link #check}; {@link #counted()}
 * says how many messages were scanned.
 */
public final class ForPeople {
  /** A qualified Java class, or a simple name ending in Exception or Error. */
  static final Pattern CLASS_NAME = Pattern.compile(
      "\\b(?:java|javax|jdk|sun|org|com|io|net)\\.[a-z][\\w.$]*\\.[A-Z]\\w*"
      + "|\\b[A-Z]\\w*(?:Exception|Error)\\b");
  /**
   * A library's own words: Jackson's types, tokens and source notes, the MCP SDK's records,
   * Jetty's and Lucene's classes, a generic type placeholder.
   */
  static final Pattern LIBRARY_WORDS = Pattern.compile(
      "\\b(?:JsonToken|JsonNode|JsonParser|ObjectMapper|TypeReference|MismatchedInput"
      + "|START_ARRAY|START_OBJECT|VALUE_STRING|McpError|McpSchema|JSONRPC[A-Z]\\w*"
      + "|ServerCapabilities|ClientCapabilities|HttpServlet\\w*|HttpException|BadMessage"
      + "|IndexWriter|IndexSearcher|DirectoryReader|FSDirectory|ByteBuffersDirectory)\\b"
      + "|Cannot deserialize|\\[Source: |`<,>`");
  /** What an HTTP error body must never hold: a serialized exception, a library's package. */
  static final Pattern BODY_INTERNALS = Pattern.compile(
      "stackTrace|io\\.modelcontextprotocol|com\\.fasterxml|org\\.eclipse\\.jetty"
      + "|org\\.apache\\.lucene|\\bat [\\w$.]+\\(");
  private static final Pattern STACK_FRAME = Pattern.compile("(?m)^\\s*at [\\w$.<>]+\\(");
  private static int scanned; // a count for the suites' summaries; races only undercount

  private ForPeople() {}

  /**
   * Asserts that {@code message} is fit for a person or an agent.
   *
   * @param where what produced it (seed, case), for the failure message
   * @param privatePaths folders whose paths must never show (the cache, the JVM's temp)
   */
  public static void check(String message, String where, Path... privatePaths) {
    scanned++;
    assertThat(message).as(where).isNotBlank();
    assertThat(message.strip()).as(where + ": one line").doesNotContain("\n");
    assertThat(message).as(where + ": names an exception class").doesNotContainPattern(
        CLASS_NAME);
    assertThat(message).as(where + ": holds a stack frame").doesNotContainPattern(STACK_FRAME);
    assertThat(message).as(where + ": names a library's type").doesNotContainPattern(
        LIBRARY_WORDS);
    for (Path p : privatePaths) {
      assertThat(message).as(where + ": shows a private path").doesNotContain(p.toString());
    }
  }

  /**
   * Asserts that a whole HTTP error body (JSON, a JSON-RPC error, a page) holds no
   * serialized exception, stack frame or library package, and no private path.
   */
  public static void checkBody(String body, String where, Path... privatePaths) {
    scanned++;
    assertThat(body).as(where + ": holds a library's internals").doesNotContainPattern(
        BODY_INTERNALS);
    assertThat(body).as(where + ": names an exception class").doesNotContainPattern(
        CLASS_NAME);
    for (Path p : privatePaths) {
      assertThat(body).as(where + ": shows a private path").doesNotContain(p.toString());
    }
  }

  /** How many messages {@link #check} scanned in this JVM. */
  public static int counted() {
    return scanned;
  }
}
