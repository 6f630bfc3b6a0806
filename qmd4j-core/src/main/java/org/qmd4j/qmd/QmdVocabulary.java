package org.qmd4j.qmd;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.qmd4j.analysis.ChunkVocabulary;
import org.qmd4j.analysis.TermMatcher;
import org.qmd4j.cache.NoteCache;
import org.qmd4j.search.IndexException;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.FileStamp;
import org.qmd4j.vault.ParsedNote;
import org.qmd4j.vault.VaultLayout;
import org.qmd4j.vault.VaultScanner;

/**
 * The words of the vault for the qmd engine, whose index qmd4j cannot read: made from
 * qmd4j's own chunks of every indexed file, kept until a file changes. Made at the first
 * search: each search asks it for the identifiers holding a query word as a part, and a
 * search whose word matched nothing for the nearest words. Whether a file changed is told by
 * the vault as a watcher vouches for it ({@code watched}), else by a stat walk of the vault.
 * Thread-safe.
 */
final class QmdVocabulary {
  private final Path vault;
  private final VaultLayout layout;
  private final NoteCache notes;
  private final Supplier<Optional<Map<String, FileStamp>>> watched;
  private Map<String, FileStamp> madeFrom; // guarded by this
  private ChunkVocabulary words; // guarded by this

  /**
   * @param watched the vault's files as the last walk found them while a watcher vouches
   *     that none changed since, else empty (the vocabulary then walks the vault itself)
   */
  QmdVocabulary(Path vault, VaultLayout layout, NoteCache notes,
      Supplier<Optional<Map<String, FileStamp>>> watched) {
    this.vault = vault;
    this.layout = layout;
    this.notes = notes;
    this.watched = watched;
  }

  /** The most identifiers a query's words add to what qmd is asked for. */
  static final int MAX_IDENTIFIERS = 6;

  /**
   * The vault's identifiers that hold a word of {@code query} as a part ({@code builder}:
   * {@code httpclientbuilder}), which qmd, reading an identifier as one word, finds only when
   * asked for them by name; at most {@value #MAX_IDENTIFIERS}, none that the query holds.
   */
  List<String> identifiersFor(String query) {
    TermMatcher matcher = TermMatcher.of(query);
    if (matcher.words().isEmpty()) return List.of();
    ChunkVocabulary vocabulary = current();
    Set<String> out = new LinkedHashSet<>();
    for (String word : matcher.words()) {
      out.addAll(vocabulary.identifiersWithPart(word, MAX_IDENTIFIERS));
    }
    out.removeAll(matcher.words());
    return out.stream().limit(MAX_IDENTIFIERS).toList();
  }

  /** The vocabulary of the vault as it is now. */
  synchronized ChunkVocabulary current() {
    try {
      Optional<Map<String, FileStamp>> known = watched.get();
      Map<String, FileStamp> files = known.isPresent() ? known.get()
          : VaultScanner.scan(vault, layout);
      if (!files.equals(madeFrom)) {
        List<Chunk> chunks = new ArrayList<>();
        for (String path : files.keySet()) {
          Optional<ParsedNote> note = notes.get(path);
          note.ifPresent(n -> chunks.addAll(n.chunks()));
        }
        words = ChunkVocabulary.of(chunks);
        madeFrom = files;
      }
      return words;
    } catch (IOException e) {
      throw new IndexException("Cannot read the vault " + vault + " to correct the query's "
          + "spelling; check that the vault folder can be read", e);
    }
  }
}
