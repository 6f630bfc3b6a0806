package org.qmd4j;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import org.qmd4j.internal.Problems;
import org.qmd4j.search.IndexException;
import org.qmd4j.spi.FileStamp;
import org.qmd4j.spi.VaultFile;
import org.qmd4j.vault.VaultLayout;
import org.qmd4j.vault.VaultProjects;
import org.qmd4j.vault.VaultScanner;

/**
 * The files a searcher's vault indexes, as one stat walk finds them now, and its projects: for
 * front ends that show the vault's notes (the MCP server's resources and instructions).
 * Stateless.
 *
 * @since 0.9
 */
public final class IndexedFiles {
  private IndexedFiles() {}

  /**
   * The indexed files of the vault {@code searcher} searches, in its layout, sorted by path.
   *
   * @throws IndexException if the vault cannot be walked
   */
  public static List<VaultFile> of(Searcher searcher) {
    EngineDescription d = Objects.requireNonNull(searcher, "searcher == null").describe();
    Path vault = Path.of(d.vault());
    try {
      VaultLayout layout = VaultLayout.of(vault, Optional.of(d.layout()));
      List<VaultFile> out = new ArrayList<>();
      for (String path : new TreeMap<String, FileStamp>(VaultScanner.scan(vault, layout))
          .keySet()) {
        layout.classify(path).ifPresent(out::add);
      }
      return List.copyOf(out);
    } catch (IOException e) {
      throw new IndexException("Cannot list the files of the vault " + vault + " ("
          + Problems.describe(e) + "); check that the vault folder exists and can be read", e);
    }
  }

  /**
   * The projects of the vault {@code searcher} searches: its folders {@code projects/<name>/},
   * as a {@code project:<name>} scope names them, sorted; empty for a vault without them. One
   * listing of one folder, not a walk of the vault.
   *
   * @throws IndexException if {@code projects/} cannot be listed
   * @since 0.9
   */
  public static List<String> projects(Searcher searcher) {
    Path vault = Path.of(Objects.requireNonNull(searcher, "searcher == null").describe().vault());
    try {
      return List.copyOf(VaultProjects.list(vault));
    } catch (IOException e) {
      throw new IndexException("Cannot list the projects of the vault " + vault + " ("
          + Problems.describe(e) + "); check that its projects folder can be read", e);
    }
  }
}
