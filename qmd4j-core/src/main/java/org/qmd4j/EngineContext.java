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
import java.util.TreeMap;
import org.qmd4j.analysis.StandardAnalysis;
import org.qmd4j.cache.NoteCache;
import org.qmd4j.embedded.EmbeddedEngine;
import org.qmd4j.internal.Problems;
import org.qmd4j.search.IndexException;
import org.qmd4j.search.Layout;
import org.qmd4j.spi.ChangeFeed;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.FileStamp;
import org.qmd4j.spi.IndexProgress;
import org.qmd4j.spi.SearchEngine;
import org.qmd4j.spi.TextAnalysis;
import org.qmd4j.vault.ParsedNote;
import org.qmd4j.vault.VaultLayout;
import org.qmd4j.vault.VaultScanner;
import org.qmd4j.watch.VaultFeed;

/**
 * The {@link SearchEngine.Context} given to an engine factory that is not built in: the Solr
 * engine's, an application's own.
 */
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
    List<String> paths = new ArrayList<>(stamps("").keySet());
    Collections.sort(paths);
    return List.copyOf(paths);
  }

  @Override
  public Map<String, String> settings() {
    return options.engineSettings();
  }

  @Override
  public boolean watch() {
    return options.watch();
  }

  @Override
  public ChangeFeed changeFeed(boolean watch) {
    return watch ? VaultFeed.watchOrWalk(vault, layout) : VaultFeed.walkEveryTime(layout);
  }

  @Override
  public Map<String, FileStamp> stamps(String under) {
    Objects.requireNonNull(under, "under == null");
    try {
      if (under.isEmpty()) return VaultScanner.scan(vault, layout);
      Map<String, FileStamp> found = new TreeMap<>();
      VaultScanner.scanInto(vault, layout, under, found);
      return found;
    } catch (IOException e) {
      throw new IndexException("Cannot list the files of the vault " + vault + " ("
          + Problems.describe(e) + ")" + "; check that the vault folder exists and can be read", e);
    }
  }

  @Override
  public TextAnalysis analysis() {
    return StandardAnalysis.INSTANCE;
  }

  @Override
  public SearchEngine openEmbedded(Path indexDir) {
    return EmbeddedEngine.open(vault, Objects.requireNonNull(indexDir, "indexDir == null"),
        options.chunker(), VaultFeed.walkEveryTime(layout), IndexProgress.NONE);
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
