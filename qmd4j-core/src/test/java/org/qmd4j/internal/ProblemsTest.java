package org.qmd4j.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The words of failures to read a vault. */
class ProblemsTest {
  @Test
  void aVaultFolderThatCannotBeReadIsSaidSoNotItsIgnoreFile(@TempDir Path tmp) {
    Path vault = tmp.resolve("notes");
    String folder = Problems.cannotReadVault(vault,
        new java.nio.file.AccessDeniedException(vault.toString()));
    assertThat(folder).isEqualTo("Cannot read the vault folder " + vault
        + " (permission denied); check that it can be read");
    assertThat(folder).doesNotContain(".qmd4jignore");
  }

  @Test
  void anIgnoreFileThatCannotBeReadIsNamed(@TempDir Path tmp) throws IOException {
    Path vault = Files.createDirectories(tmp.resolve("notes"));
    String file = Problems.cannotReadVault(vault, new java.nio.file.AccessDeniedException(
        vault.resolve(".qmd4jignore").toString()));
    assertThat(file).isEqualTo("Cannot read .qmd4jignore in the vault " + vault
        + " (permission denied); check that it can be read");
  }
}
