package org.qmd4j.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.ReadResourceRequest;
import io.modelcontextprotocol.spec.McpSchema.Resource;
import io.modelcontextprotocol.spec.McpSchema.TextResourceContents;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.vault.VaultLayout;
import org.qmd4j.vault.VaultScanner;

/**
 * The vault's notes as MCP resources, as the MCP Java SDK's client sees them over the stdio
 * server: one resource per indexed note, readable whole; the {@code qmd4j://vault/{path}}
 * template for any file {@code read} gives; refusals as MCP errors; and a list_changed
 * notification when a note appears.
 */
class NoteResourcesTest {
  private static McpClientHarness mcp;

  @BeforeAll
  static void start() throws Exception {
    mcp = McpClientHarness.onExampleVault();
  }

  @AfterAll
  static void stop() throws Exception {
    if (mcp != null) mcp.close();
  }

  @Test
  void everyIndexedNoteIsAMarkdownResourceNamedByItsPath() throws Exception {
    List<Resource> resources = mcp.client.listResources().resources();
    List<String> indexed = List.copyOf(new java.util.TreeSet<>(VaultScanner.scan(
        Fixtures.vault(), VaultLayout.of(Fixtures.vault(), Optional.empty())).keySet()));
    assertThat(resources).extracting(Resource::name)
        .containsExactlyInAnyOrderElementsOf(indexed);
    assertThat(resources).allSatisfy(r -> {
      assertThat(r.uri()).isEqualTo("qmd4j://vault/" + r.name());
      assertThat(r.mimeType()).isEqualTo("text/markdown");
    });
  }

  @Test
  void aListedResourceReadsAsTheWholeFile() throws Exception {
    Resource state = mcp.client.listResources().resources().stream()
        .filter(r -> r.name().equals("projects/startup-x/state.md")).findFirst().orElseThrow();
    TextResourceContents text = only(mcp.client.readResource(state));
    assertThat(text.uri()).isEqualTo("qmd4j://vault/projects/startup-x/state.md");
    assertThat(text.mimeType()).isEqualTo("text/markdown");
    assertThat(text.text() + "\n").isEqualTo(Files.readString(
        Fixtures.vault().resolve("projects/startup-x/state.md"), StandardCharsets.UTF_8));
  }

  @Test
  void theTemplateReadsAnyFileOfTheVaultEvenWithEscapedSlashes() {
    assertThat(mcp.client.listResourceTemplates().resourceTemplates())
        .extracting(McpSchema.ResourceTemplate::uriTemplate)
        .containsExactly("qmd4j://vault/{path}");
    // Not an indexed note (a root file of the projects layout), but read gives it.
    assertThat(mcp.client.listResources().resources()).extracting(Resource::name)
        .doesNotContain("profile.md");
    assertThat(only(mcp.client.readResource(ReadResourceRequest.builder(
        "qmd4j://vault/profile.md").build())).text()).isNotBlank();
    // An RFC 6570 client expands {path} with '/' escaped.
    assertThat(only(mcp.client.readResource(ReadResourceRequest.builder(
        "qmd4j://vault/projects%2Fstartup-x%2Fstate.md").build())).text())
        .contains("status: actif");
  }

  @Test
  void aPathOutsideTheVaultOrMissingIsRefusedWithReadsMessage() {
    assertThatThrownBy(() -> mcp.client.readResource(ReadResourceRequest.builder(
        "qmd4j://vault/../../etc/passwd").build()))
        .isInstanceOf(McpError.class)
        .satisfies(e -> assertThat(e.getMessage()).contains("../../etc/passwd")
            .doesNotContain("Exception"));
    assertThatThrownBy(() -> mcp.client.readResource(ReadResourceRequest.builder(
        "qmd4j://vault/projects/nowhere.md").build()))
        .isInstanceOf(McpError.class)
        .satisfies(e -> assertThat(e.getMessage()).contains("projects/nowhere.md"));
    assertThatThrownBy(() -> mcp.client.readResource(ReadResourceRequest.builder(
        "file:///etc/passwd").build()))
        .isInstanceOf(McpError.class);
  }

  @Test
  void aNewNoteIsAnnouncedAndListed(@TempDir Path dir) throws Exception {
    Path vault = Fixtures.copyVault(dir.resolve("vault"));
    BlockingQueue<List<Resource>> changes = new LinkedBlockingQueue<>();
    try (Searcher copy = SearchProviders.forVault(vault, Fixtures.memoryOptions());
        McpClientHarness watched = new McpClientHarness(copy,
            new ServerSettings(Duration.ofSeconds(20), Duration.ofMillis(100)),
            spec -> spec.resourcesChangeConsumer(changes::add))) {
      String uri0 = "qmd4j://vault/projects/startup-x/state.md";
      // A client is told of changes to the list it has: it lists the notes first.
      assertThat(watched.client.listResources().resources()).extracting(Resource::uri)
          .contains(uri0);
      Files.writeString(vault.resolve("projects/startup-x/bucket/nouvelle-note.md"),
          "# Nouvelle note\n\nUn webhook de plus.\n", StandardCharsets.UTF_8);
      String uri = "qmd4j://vault/projects/startup-x/bucket/nouvelle-note.md";
      List<Resource> seen = List.of();
      // The client re-lists on each notification; wait (generously) for the one with it.
      while (seen.stream().noneMatch(r -> r.uri().equals(uri))) {
        seen = changes.poll(60, TimeUnit.SECONDS);
        assertThat(seen).as("no list_changed notification within 60 s").isNotNull();
      }
      assertThat(only(watched.client.readResource(ReadResourceRequest.builder(uri).build())).text())
          .contains("Un webhook de plus.");
    }
  }

  @Test
  void aDeletedNoteIsAnnouncedAndNoLongerListed(@TempDir Path dir) throws Exception {
    Path vault = Fixtures.copyVault(dir.resolve("vault"));
    BlockingQueue<List<Resource>> changes = new LinkedBlockingQueue<>();
    try (Searcher copy = SearchProviders.forVault(vault, Fixtures.memoryOptions());
        McpClientHarness watched = new McpClientHarness(copy,
            new ServerSettings(Duration.ofSeconds(20), Duration.ofMillis(100)),
            spec -> spec.resourcesChangeConsumer(changes::add))) {
      String uri = "qmd4j://vault/projects/startup-x/state.md";
      assertThat(watched.client.listResources().resources()).extracting(Resource::uri)
          .contains(uri);
      Files.delete(vault.resolve("projects/startup-x/state.md"));
      List<Resource> seen = watched.client.listResources().resources();
      while (seen.stream().anyMatch(r -> r.uri().equals(uri))) {
        seen = changes.poll(60, TimeUnit.SECONDS);
        assertThat(seen).as("no list_changed notification within 60 s").isNotNull();
      }
      assertThat(seen).isNotEmpty();
    }
  }

  @Test
  void aLongWalkOfTheVaultSpacesOutTheNextOnes() {
    Duration every = Duration.ofSeconds(2);
    // A small vault: the poll interval as set.
    assertThat(NoteResources.nextDelayNanos(every, Duration.ofMillis(30).toNanos()))
        .isEqualTo(every.toNanos());
    // A walk of 1 s (a large vault): the walks take at most a tenth of the time.
    assertThat(NoteResources.nextDelayNanos(every, Duration.ofSeconds(1).toNanos()))
        .isEqualTo(Duration.ofSeconds(9).toNanos());
  }

  private static TextResourceContents only(McpSchema.ReadResourceResult result) {
    assertThat(result.contents()).hasSize(1);
    return (TextResourceContents) result.contents().get(0);
  }
}
