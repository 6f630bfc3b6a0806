package org.qmd4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.EngineChoice;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchOptions;
import picocli.CommandLine;

/**
 * The notes layout from the command line: a folder of notes is searchable, {@code --layout} works on
 * every command, and a vault with nothing indexed says why on stderr instead of "No result".
 */
class LayoutCliTest {
  private static final String NOTES = Fixtures.notesVault().toString();
  private static final String TXT = Fixtures.txtOnlyVault().toString();

  @TempDir Path cache;
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    SearchOptions base = SearchOptions.DEFAULT.withEngine(EngineChoice.EMBEDDED)
        .withCacheDir(cache).withEnvironment(java.util.Map.of()).withClock(Fixtures.CLOCK);
    CommandLine cmd = Main.newCommandLine(base);
    cmd.setOut(new PrintWriter(out));
    cmd.setErr(new PrintWriter(err));
    return cmd.execute(args);
  }

  @Test
  void aFolderOfNotesIsSearchedAndItsHiddenFoldersNever() {
    assertThat(run("search", "--vault", NOTES, "facture")).isZero();
    assertThat(out.toString()).contains("clients/dupont/facture-2025-014.md:1-14")
        .contains("journal/2025/2025-07-03.md").doesNotContain(".obsidian")
        .doesNotContain("node_modules").doesNotContain("brouillons/");
    assertThat(err.toString()).isEmpty();
  }

  @Test
  void folderScopesWork() {
    assertThat(run("search", "--vault", NOTES, "--scope", "folder:clients", "recrutement"))
        .isZero();
    assertThat(out.toString()).startsWith("clients/prive.md:1-4");
  }

  @Test
  void projectScopesInANotesVaultAreAUsageErrorNamingTheLayout() {
    assertThat(run("search", "--vault", NOTES, "--scope", "all-tasks", "facture")).isEqualTo(2);
    assertThat(err.toString()).contains("Scope 'all-tasks' needs the projects layout, but this"
        + " vault uses the notes layout");
  }

  @Test
  void aFolderOfTextFilesSaysWhyNothingIsFoundOnStderr() {
    assertThat(run("search", "--vault", TXT, "facture")).isZero();
    assertThat(out.toString()).isEmpty();
    assertThat(err.toString()).startsWith("Nothing is indexed in this vault: it uses the notes"
        + " layout").contains("The vault has no .md file (3 other files: 3 .txt).")
        .doesNotContain("No result");
  }

  @Test
  void jsonHasNoResultWhenNothingIsIndexed() {
    assertThat(run("search", "--json", "--vault", TXT, "facture")).isZero();
    assertThat(out.toString().strip()).isEqualTo("{\"results\":[],\"corrected\":{},\"suggestions\":[],\"total\":0,\"totalExact\":true}");
    assertThat(err.toString()).startsWith("Nothing is indexed in this vault");
  }

  @Test
  void aBriefAndATreeOfAnUnindexedVaultSayWhy() {
    assertThat(run("brief", "--vault", TXT, "facture")).isZero();
    assertThat(err.toString()).startsWith("Nothing is indexed in this vault");
    err.getBuffer().setLength(0);
    assertThat(run("tree", "--vault", TXT)).isZero();
    assertThat(out.toString()).contains("0 indexed (marked [kind])\nlayout: notes (detected:");
    assertThat(err.toString()).startsWith("Nothing is indexed in this vault");
  }

  @Test
  void layoutIsAnOptionOfEveryCommand() {
    assertThat(run("search", "--vault", NOTES, "--layout", "projects", "facture")).isZero();
    assertThat(err.toString()).startsWith("Nothing is indexed in this vault: it uses the"
        + " projects layout (requested)");
    out.getBuffer().setLength(0);
    assertThat(run("tree", "--vault", Fixtures.vault().toString(), "--layout", "notes"))
        .isZero();
    assertThat(out.toString()).contains("overview.md  [note]")
        .endsWith("layout: notes (requested)\n");
    for (String command : new String[] {"search", "brief", "find", "tree", "read", "concat",
        "doctor", "mcp", "serve"}) {
      out.getBuffer().setLength(0);
      run(command, "--help");
      assertThat(out.toString()).as(command).contains("--layout=auto|projects|notes");
    }
  }

  @Test
  void anUnknownLayoutIsRefusedListingTheValidOnes() {
    assertThat(run("tree", "--vault", NOTES, "--layout", "sideways")).isNotZero();
    assertThat(err.toString()).contains("Unknown layout 'sideways'; valid layouts are: auto,"
        + " projects, notes");
  }

  @Test
  void doctorShowsTheLayoutAndTheIgnoreFile() throws Exception {
    assertThat(run("doctor", "--json", "--vault", NOTES)).isZero();
    JsonNode facts = new ObjectMapper().readTree(out.toString());
    assertThat(facts.get("layout").asText())
        .isEqualTo("notes (detected: no projects/, changelog.md or tasks.md at the root)");
    assertThat(facts.get("ignore_file").asText()).isEqualTo(".qmd4jignore: 5 rules");
    assertThat(facts.has("indexed")).as("something is indexed").isFalse();
  }
}
