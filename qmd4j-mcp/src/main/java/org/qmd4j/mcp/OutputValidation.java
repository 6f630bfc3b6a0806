package org.qmd4j.mcp;

import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.json.schema.jackson2.DefaultJsonSchemaValidator;

/**
 * Whether the SDK checks each tool's {@code structuredContent} against the tool's output
 * schema before answering. It does not in production: the check cost a search about 5% of its
 * time, and it can only catch a bug of ours, never a client's mistake. The structured content
 * is built by the tools from core's wire shapes, and the output schemas are generated from the
 * records describing those shapes; a request's arguments fill in values but never change which
 * properties are written or their types. The test suite sets the system property
 * {@value #PROPERTY} to {@code true}, so every MCP test runs with the SDK's validation, and
 * {@code StructuredOutputTest} validates every tool's answers independently on the client side:
 * an answer that drifts from its schema fails the build, not a client.
 */
final class OutputValidation {
  /** The system property that turns the SDK's validation of our own answers on. */
  static final String PROPERTY = "qmd4j.mcp.validateOutput";

  /** Accepts every answer: we trust our own output, tested as said above. */
  static final JsonSchemaValidator TRUSTED =
      (schema, content) -> JsonSchemaValidator.ValidationResponse.asValid(null);

  private OutputValidation() {}

  /** The SDK's validator when {@value #PROPERTY} is {@code true}, else one accepting all. */
  static JsonSchemaValidator validator() {
    return Boolean.getBoolean(PROPERTY) ? new DefaultJsonSchemaValidator() : TRUSTED;
  }
}
