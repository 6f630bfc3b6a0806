package org.qmd4j.vault;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VaultProjectsTest {
  @TempDir Path vault;

  private void project(String name, String file, String day) throws IOException {
    Path path = vault.resolve("projects").resolve(name).resolve(file);
    Files.createDirectories(path.getParent());
    Files.writeString(path, "# " + name + "\n");
    Files.setLastModifiedTime(path, FileTime.from(Instant.parse(day + "T12:00:00Z")));
  }

  @Test
  void recentListsTheProjectsWhoseNewestFileIsNewestFirst() throws IOException {
    project("alpha", "state.md", "2025-01-01");
    project("beta", "notes/deep/idee.md", "2025-06-01");
    project("gamma", "state.md", "2025-03-01");
    project("delta", "state.md", "2025-03-01");
    project("omega", ".hidden.md", "2026-01-01");
    project("omega", "state.md", "2024-01-01");
    List<String> projects = VaultProjects.list(vault);
    assertThat(VaultProjects.recent(vault, projects, 3))
        .containsExactly("beta", "delta", "gamma");
    assertThat(VaultProjects.recent(vault, projects, 10))
        .containsExactly("beta", "delta", "gamma", "alpha", "omega");
  }

  @Test
  void nearestNamesOptionsAndArgumentsToo() {
    assertThat(VaultProjects.nearest("--form", List.of("--from", "--mode", "--to"), 1))
        .containsExactly("--from");
    assertThat(VaultProjects.nearest("from", List.of("date_from", "date_to", "query"), 1))
        .containsExactly("date_from");
    assertThat(VaultProjects.nearest("q", List.of("date_from", "query", "scope"), 1))
        .containsExactly("query");
  }
}
