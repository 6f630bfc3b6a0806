package org.qmd4j;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.qmd4j.internal.NoteCache;
import org.qmd4j.internal.Problems;
import org.qmd4j.search.IndexException;
import org.qmd4j.search.Layout;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.SearchEngine;
import org.qmd4j.vault.ParsedNote;
import org.qmd4j.vault.VaultLayout;
import org.qmd4j.vault.VaultScanner;

/** The {@link SearchEngine.Context} given to an application's engine factory. */
final class EngineContext implements SearchEngine.Context {
  private final Path vault;
  private final VaultLayout layout;
  private final SearchOptions options;
  private final Path cacheDir;
  private final NoteCache notes;

  EngineContext(Path vault, VaultLayout layout, SearchOptions options, Path cacheDir) {
    this.vault = vault;
    this.layout = layout;
    this.options = options;
    this.cacheDir = cacheDir;
    this.notes = new NoteCache(vault, layout, options.chunker());
  }

  @Override
  public Layout layout() {
    return layout.layout();
  }

  @Override
  public Path vault() {
    return vault;
  }

  @Override
  public Clock clock() {
    return options.clock();
  }

  @Override
  public Map<String, String> environment() {
    return options.environment();
  }

  @Override
  public Path cacheDir() {
    return cacheDir;
  }

  @Override
  public List<String> indexedFiles() {
    try {
      List<String> paths = new ArrayList<>(VaultScanner.scan(vault, layout).keySet());
      Collections.sort(paths);
      return List.copyOf(paths);
    } catch (IOException e) {
      throw new IndexException("Cannot list the files of the vault " + vault + " ("
          + Problems.describe(e) + ")" + "; check that the vault folder exists and can be read", e);
    }
  }

  @Override
  public List<Chunk> chunks(String path) {
    Objects.requireNonNull(path, "path == null");
    try {
      Optional<ParsedNote> note = notes.get(path);
      return note.map(ParsedNote::chunks).orElse(List.of());
    } catch (IOException e) {
      throw new IndexException("Cannot read " + path + " in the vault " + vault + " ("
          + Problems.describe(e) + "); check that the file can be read", e);
    }
  }

  @Override
  public String title(String path) {
    Objects.requireNonNull(path, "path == null");
    try {
      return notes.get(path).map(ParsedNote::title)
          .orElseGet(() -> SearchEngine.Context.super.title(path));
    } catch (IOException e) {
      throw new IndexException("Cannot read " + path + " in the vault " + vault + " ("
          + Problems.describe(e) + "); check that the file can be read", e);
    }
  }
}
