package org.qmd4j.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.CreateMessageRequest;
import io.modelcontextprotocol.spec.McpSchema.CreateMessageResult;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;

/**
 * {@code brief} asks a client that declared sampling for its overview: the client's answer
 * opens the document; a refusal or no answer within the time limit leaves the mechanical
 * overview, and the structured result says which was used and why.
 */
class BriefSamplingTest {
  private static final String OVERVIEW = "Le webhook Stripe est décrit dans "
      + "projects/startup-x/changelog.md.";
  private static Searcher searcher;

  @BeforeAll
  static void open() {
    searcher = SearchProviders.forVault(Fixtures.vault(), Fixtures.memoryOptions());
  }

  @AfterAll
  static void close() {
    searcher.close();
  }

  private static Map<String, Object> brief(Function<CreateMessageRequest, CreateMessageResult>
      sampling, Duration limit) throws Exception {
    try (McpClientHarness mcp = new McpClientHarness(searcher,
        new ServerSettings(limit, Duration.ofSeconds(2)),
        spec -> spec.capabilities(McpSchema.ClientCapabilities.builder().sampling().build())
            .sampling(sampling))) {
      CallToolResult result = mcp.client.callTool(CallToolRequest.builder("brief")
          .arguments(Map.of("query", "webhook")).build());
      assertThat(result.isError()).isNotEqualTo(Boolean.TRUE);
      @SuppressWarnings("unchecked")
      Map<String, Object> structured = (Map<String, Object>) result.structuredContent();
      structured.put("text", ((McpSchema.TextContent) result.content().get(0)).text());
      return structured;
    }
  }

  @Test
  void theClientsModelWritesTheOverviewFromTheBriefsBlocks() throws Exception {
    List<CreateMessageRequest> asked = new CopyOnWriteArrayList<>();
    Map<String, Object> brief = brief(request -> {
      asked.add(request);
      return CreateMessageResult.builder(McpSchema.Role.ASSISTANT, OVERVIEW, "test-model")
          .build();
    }, Duration.ofSeconds(20));
    assertThat(brief).containsEntry("overviewSource", "sampling")
        .containsEntry("overview", OVERVIEW).doesNotContainKey("overviewNote");
    assertThat((String) brief.get("text")).startsWith(OVERVIEW + "\n\n---\n")
        .contains("## projects/startup-x/changelog.md");
    assertThat(asked).singleElement().satisfies(request -> {
      assertThat(request.maxTokens()).isEqualTo(SampledOverview.MAX_TOKENS);
      String sent = ((McpSchema.TextContent) request.messages().get(0).content()).text();
      assertThat(sent).startsWith("Question: webhook")
          .contains("## projects/startup-x/changelog.md");
    });
  }

  @Test
  void aRefusalLeavesTheMechanicalOverviewAndSaysWhy() throws Exception {
    Map<String, Object> brief = brief(request -> {
      throw McpError.builder(McpSchema.ErrorCodes.INVALID_REQUEST)
          .message("User rejected sampling").build();
    }, Duration.ofSeconds(20));
    assertThat(brief).containsEntry("overviewSource", "mechanical");
    assertThat((String) brief.get("overviewNote")).contains("declined")
        .contains("User rejected sampling");
    assertThat((String) brief.get("text")).startsWith((String) brief.get("overview"));
  }

  @Test
  void aClientThatNeverAnswersIsWaitedForOnlyUntilTheLimit() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    try {
      Map<String, Object> brief = brief(request -> {
        try {
          release.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        throw new IllegalStateException("released");
      }, Duration.ofSeconds(1));
      assertThat(brief).containsEntry("overviewSource", "mechanical");
      assertThat((String) brief.get("overviewNote")).contains("did not answer within 1 s");
    } finally {
      release.countDown();
    }
  }
}
