package org.qmd4j.spi;

import java.util.Objects;
import java.util.Optional;
import org.qmd4j.search.FileKind;

/**
 * An indexed file of the vault: its path, kind and project.
 *
 * @param path vault-relative path with {@code /} separators
 * @param kind how the file is chunked and dated
 * @param project the project name for files under {@code projects/<name>/}; empty for root
 *     files
 */
public record VaultFile(String path, FileKind kind, Optional<String> project) {
  public VaultFile {
    Objects.requireNonNull(path, "path == null");
    Objects.requireNonNull(kind, "kind == null");
    Objects.requireNonNull(project, "project == null");
  }
}
