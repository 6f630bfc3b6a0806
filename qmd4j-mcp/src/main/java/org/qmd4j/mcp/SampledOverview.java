package org.qmd4j.mcp;

import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CreateMessageRequest;
import io.modelcontextprotocol.spec.McpSchema.CreateMessageResult;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import org.qmd4j.concat.Block;
import org.qmd4j.concat.Brief;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The overview of a {@code brief} written by the client's model (MCP sampling), when the
 * client declared the sampling capability: one {@code sampling/createMessage} with the
 * question and the brief's blocks. A refusal, an error, an empty answer or no answer within
 * the time limit leaves the mechanical overview, and {@link #note()} says why.
 *
 * @param overview the overview to open the document with
 * @param sampled whether the client's model wrote it
 * @param note why the mechanical overview was kept although the client can sample; empty
 *     otherwise
 */
record SampledOverview(String overview, boolean sampled, Optional<String> note) {
  private static final Logger LOG = LoggerFactory.getLogger(SampledOverview.class);
  /** Enough for five lines; the client may answer less. */
  static final int MAX_TOKENS = 400;
  /** The blocks sent to the model are cut here: an overview needs the gist, not every byte. */
  static final int MAX_CONTEXT_CHARS = 24_000;
  private static final String SYSTEM_PROMPT = "You write the overview that opens a brief: "
      + "2 to 5 short plain lines saying what the notes below answer to the question and in "
      + "which files (give their paths). Use only the notes; say what is missing. Write in "
      + "the language of the question. No preamble, no heading, no list of every file.";

  /**
   * Asks the client behind {@code exchange} for the overview of {@code brief}, waiting at most
   * {@code timeout}; the mechanical overview when the client cannot sample or fails.
   */
  static SampledOverview of(McpSyncServerExchange exchange, Brief brief, Duration timeout) {
    String mechanical = brief.overview();
    if (exchange == null || exchange.getClientCapabilities() == null
        || exchange.getClientCapabilities().sampling() == null || brief.blocks().isEmpty()) {
      return new SampledOverview(mechanical, false, Optional.empty());
    }
    try {
      CreateMessageResult answer = exchange.createMessage(request(brief));
      String text = answer.content() instanceof McpSchema.TextContent
          ? ((McpSchema.TextContent) answer.content()).text().strip() : "";
      if (text.isEmpty()) {
        return fallback(mechanical, "The client's model gave no text overview");
      }
      return new SampledOverview(text, true, Optional.empty());
    } catch (RuntimeException e) {
      Throwable root = McpError.findRootCause(e);
      if (root instanceof TimeoutException) {
        return fallback(mechanical, "The client's model did not answer within "
            + timeout.toSeconds() + " s");
      }
      LOG.debug("Sampling the overview failed", e);
      String why = e instanceof McpError && ((McpError) e).getJsonRpcError() != null
          ? ((McpError) e).getJsonRpcError().message() : root.getMessage();
      return fallback(mechanical, "The client declined to write the overview"
          + (why == null || why.isBlank() ? "" : " (" + why + ")"));
    }
  }

  private static SampledOverview fallback(String mechanical, String why) {
    return new SampledOverview(mechanical, false,
        Optional.of(why + "; the overview is qmd4j's own."));
  }

  static CreateMessageRequest request(Brief brief) {
    StringBuilder notes = new StringBuilder("Question: ").append(brief.request().query())
        .append("\n\nNotes:\n");
    for (Block block : brief.blocks()) {
      if (notes.length() > MAX_CONTEXT_CHARS) {
        notes.append("\n[… more blocks left out]");
        break;
      }
      notes.append('\n').append(block.markdown()).append('\n');
    }
    String context = notes.length() > MAX_CONTEXT_CHARS + 2_000
        ? notes.substring(0, MAX_CONTEXT_CHARS) + "\n[… cut]" : notes.toString();
    return CreateMessageRequest.builder(List.of(new McpSchema.SamplingMessage(
            McpSchema.Role.USER, McpSchema.TextContent.builder(context).build())), MAX_TOKENS)
        .systemPrompt(SYSTEM_PROMPT)
        .includeContext(CreateMessageRequest.ContextInclusionStrategy.NONE)
        .build();
  }
}
