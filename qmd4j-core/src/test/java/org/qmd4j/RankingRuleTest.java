package org.qmd4j;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.search.Mode;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResult;

/**
 * The ranking rule: a chunk holding every term of the query ranks above any
 * chunk holding only some of them, however often those are repeated and however many chunks
 * of one file hold them.
 */
class RankingRuleTest {

  @Test
  void chunksHoldingBothTermsComeBeforeManyTasksHoldingOneEach(@TempDir Path vault)
      throws IOException {
    StringBuilder tasks = new StringBuilder("---\nupdated: 2025-07-14\n---\n");
    // The file's title (its first H1) holds "facture": every chunk of the file shares it.
    tasks.append("# Facture fournisseur\n\nfacture facture facture facture\n\n");
    for (int i = 0; i < 12; i++) {
      tasks.append("# Tâche ").append(i).append('\n').append('\n');
      String term = i % 2 == 0 ? "relance" : "facture";
      tasks.append((term + " ").repeat(20)).append('\n').append('\n');
    }
    Files.writeString(vault.resolve("tasks.md"), tasks);
    Path project = Files.createDirectories(vault.resolve("projects/atelier"));
    Files.writeString(project.resolve("state.md"), "---\nupdated: 2025-07-14\n---\n# État\n\n"
        + "Une longue note d'état du projet atelier, avec beaucoup d'autres mots autour,"
        + " où la facture attend une relance depuis juin, parmi d'autres sujets.\n");
    Files.writeString(project.resolve("changelog.md"), "# 2025-07-14\n\n## Relance\n\n"
        + "Relance envoyée pour la facture 2025-014.\n");
    try (Searcher searcher = SearchProviders.forVault(vault, Fixtures.memoryOptions())) {
      for (String query : List.of("facture relance", "relance facture", "relances factures")) {
        List<SearchResult> results =
            searcher.search(SearchRequest.of(query).withMode(Mode.FAST).withLimit(5));
        assertThat(results).as(query).extracting(SearchResult::path).startsWith(
            results.get(0).path().equals("projects/atelier/state.md")
                ? new String[] {"projects/atelier/state.md", "projects/atelier/changelog.md"}
                : new String[] {"projects/atelier/changelog.md", "projects/atelier/state.md"});
        for (SearchResult r : results.subList(2, results.size())) {
          assertThat(r.path()).as(query).isEqualTo("tasks.md");
        }
      }
    }
  }
}
