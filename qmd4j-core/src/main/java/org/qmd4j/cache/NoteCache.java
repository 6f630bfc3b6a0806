package org.qmd4j.cache;

import java.io.IOException;
import java.lang.ref.SoftReference;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Predicate;
import org.qmd4j.internal.Problems;
import org.qmd4j.search.IndexException;
import org.qmd4j.search.Total;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.FileStamp;
import org.qmd4j.spi.VaultFile;
import org.qmd4j.vault.Chunker;
import org.qmd4j.vault.InsideVault;
import org.qmd4j.vault.NoteText;
import org.qmd4j.vault.ParsedNote;
import org.qmd4j.vault.Unreadable;
import org.qmd4j.vault.VaultLayout;
import org.qmd4j.vault.VaultScanner;

/**
 * Parsed vault notes, re-read when their size or modification time changes. Thread-safe.
 * Used by engines that do not keep chunks themselves (qmd), so that their chunks are the
 * chunker's, exactly as the embedded engine's.
 */
public final class NoteCache {
  /** Newest first (undated last), then by path and position: the wildcard order. */
  public static final Comparator<Chunk> NEWEST_FIRST = Comparator
      .comparing((Chunk c) -> c.date().map(d -> -d.toEpochDay()).orElse(Long.MAX_VALUE))
      .thenComparing(Chunk::path)
      .thenComparingInt(Chunk::ordinal);

  private final Path vault;
  private final VaultLayout layout;
  private final Chunker chunker;
  private final Map<String, Entry> notes = new ConcurrentHashMap<>();

  /** A note as read at {@code stamp}, with a value derived from it ({@link #derived}). */
  private static final class Entry {
    final FileStamp stamp;
    final ParsedNote note;
    volatile SoftReference<Object> derived;

    Entry(FileStamp stamp, ParsedNote note) {
      this.stamp = stamp;
      this.note = note;
    }
  }

  public NoteCache(Path vault, VaultLayout layout, Chunker chunker) {
    this.vault = vault;
    this.layout = layout;
    this.chunker = chunker;
  }

  /**
   * The parsed note at {@code path}, or empty when the file is gone or not indexed.
   *
   * @throws IOException if it exists but cannot be read
   */
  public Optional<ParsedNote> get(String path) throws IOException {
    Optional<VaultFile> file = layout.classify(path);
    if (file.isEmpty()) return Optional.empty();
    Path p = vault.resolve(path);
    FileStamp stamp;
    try {
      stamp = FileStamp.stat(p).stamp();
    } catch (NoSuchFileException e) {
      notes.remove(path);
      return Optional.empty();
    }
    Entry cached = notes.get(path);
    // A file changed within the last seconds may change again with the same stamp: re-read.
    boolean recent = System.currentTimeMillis() * 1_000_000L - stamp.modifiedNanos()
        < TimeUnit.SECONDS.toNanos(3);
    if (cached != null && cached.stamp.equals(stamp) && !recent) return Optional.of(cached.note);
    try {
      // Never follows a link: a note swapped for a link to outside is not read.
      ParsedNote note = chunker.parse(file.get(),
          NoteText.decode(InsideVault.readAllBytes(vault, path)),
          Optional.of(stamp.modifiedDay()));
      notes.put(path, new Entry(stamp, note));
      return Optional.of(note);
    } catch (NoSuchFileException e) {
      notes.remove(path);
      return Optional.empty();
    } catch (AccessDeniedException e) {
      Unreadable.skipped(vault, path, "file", e);
      notes.remove(path);
      return Optional.empty();
    } catch (FileSystemException e) {
      notes.remove(path); // now a link, or under one: not an indexed file
      return Optional.empty();
    }
  }

  /**
   * A value of {@code type} that {@code compute} derives from {@code note}, a note as {@link
   * #get} returned it: computed once per version of the note and kept with it while memory
   * allows (a note read again is another version). A note no longer cached, or a value of
   * another type kept, is computed again, not kept.
   */
  public <T> T derived(ParsedNote note, Class<T> type, Function<ParsedNote, T> compute) {
    Entry e = notes.get(note.file().path());
    if (e == null || e.note != note) return compute.apply(note);
    SoftReference<Object> kept = e.derived;
    Object value = kept == null ? null : kept.get();
    if (type.isInstance(value)) return type.cast(value);
    T made = compute.apply(note);
    if (value == null) e.derived = new SoftReference<>(made);
    return made;
  }

  /**
   * How many chunks of the vault pass {@code filter}: what {@link #newestFirst} lists without
   * a limit.
   *
   * @throws IndexException if the vault cannot be read
   */
  public Total count(Predicate<Chunk> filter) {
    try {
      return Total.exactly(newestFirst(filter, Integer.MAX_VALUE).size());
    } catch (IOException e) {
      throw new IndexException("Cannot read the vault " + vault + " (" + Problems.describe(e)
          + "); check that the vault folder exists and can be read", e);
    }
  }

  /** Every chunk of the vault that passes {@code filter}, newest first, at most {@code limit}. */
  public List<Chunk> newestFirst(Predicate<Chunk> filter, int limit) throws IOException {
    List<Chunk> all = new ArrayList<>();
    for (String path : VaultScanner.scan(vault, layout).keySet()) {
      Optional<ParsedNote> note = get(path);
      if (note.isEmpty()) continue;
      for (Chunk c : note.get().chunks()) {
        if (filter.test(c)) all.add(c);
      }
    }
    all.sort(NEWEST_FIRST);
    return all.size() <= limit ? all : all.subList(0, limit);
  }
}
