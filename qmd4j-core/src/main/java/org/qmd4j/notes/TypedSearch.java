package org.qmd4j.notes;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.qmd4j.internal.ChunkSearch;
import org.qmd4j.internal.CountedHits;
import org.qmd4j.internal.Problems;
import org.qmd4j.internal.Texts;
import org.qmd4j.search.DateSpec;
import org.qmd4j.search.EngineException;
import org.qmd4j.search.InvalidDateException;
import org.qmd4j.search.InvalidScopeException;
import org.qmd4j.search.Layout;
import org.qmd4j.search.Scope;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.Total;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.Hit;
import org.qmd4j.spi.RecordCondition;
import org.qmd4j.vault.ChunkReading;
import org.qmd4j.vault.Frontmatter;
import org.qmd4j.vault.FrontmatterReader;
import org.qmd4j.vault.Unreadable;

/**
 * Runs the typed facade's queries ({@link NoteQuery}) for {@link org.qmd4j.Searcher}, the
 * same way for every {@link Kind}. Not for application code, which calls the searcher: its
 * signatures use internal types and may change without notice. Stateless and thread-safe.
 *
 * <p>Each query is one search: the scope is the kind's ({@code all-changelogs} ...) or the
 * project's, and the kind's conditions are a {@link RecordCondition}: an engine that indexes
 * the records' fields ({@link #recordFields}) answers it inside its index, any other tests it
 * on each chunk while ranking; either way the limit is filled whenever enough records pass.
 * Each query counts its records before the limit ({@link Listing#total()}).
 */
public final class TypedSearch {
  /** The most chunks a changelog total reads again to count their entries. */
  static final int RECOUNT_CAP = 10_000;

  private TypedSearch() {}

  /** The records of {@code q}'s kind that pass it; see {@link NoteQuery}. */
  public static <T extends Note> Listing<T> list(ChunkSearch search, NoteQuery<T> q) {
    return list(search, q, true);
  }

  /**
   * {@link #list}; with {@code indexed} false, the conditions are tested on each chunk read
   * even when the engine could answer them in its index (the answers are the same).
   */
  static <T extends Note> Listing<T> list(ChunkSearch search, NoteQuery<T> q,
      boolean indexed) {
    Objects.requireNonNull(search, "search == null");
    Objects.requireNonNull(q, "query == null");
    Kind<T> kind = q.kind();
    Call<T> call = new Call<>(search, q); // checks the order of the record's date bounds
    if (search.layout().layout() == Layout.NOTES) {
      // A notes vault has no such kind of file: say so in the kind's words, not a scope's.
      throw new InvalidScopeException(kind.plural + " are read from the projects layout"
          + " (" + kind.where + "), but this vault uses the notes layout ("
          + search.layout().reason() + "). If it is organised in projects/<name>/ folders, read"
          + " it in the projects layout (--layout projects); otherwise search it as notes.");
    }
    RecordCondition condition = call.condition();
    Scope scope = q.project().map(Scope::project).orElse(Scope.of(kind.fileKind));
    // The kind's date is the chunk's (filtered by every engine) unless the record has its own.
    boolean chunkDated = kind.day == null;
    Function<Integer, CountedHits> hits = limit -> {
      SearchRequest request = new SearchRequest(q.query(), q.mode(), scope,
          chunkDated ? q.from() : Optional.empty(), chunkDated ? q.to() : Optional.empty(),
          limit);
      return indexed ? search.countedHits(request, condition)
          : search.countedHits(request, condition::test);
    };
    CountedHits counted = hits.apply(q.limit());
    List<T> out = new ArrayList<>();
    int records = call.add(counted.hits(), out);
    Total chunks = counted.total();
    if (!kind.manyPerChunk()) return new Listing<>(out, chunks); // one record per chunk
    // A chunk holds a day's entries, or one of them: the total adds up the entries of every
    // matching chunk, read again when the engine counted more chunks than the limit.
    if (!chunks.exceeds(counted.hits().size())) {
      return new Listing<>(out, Total.exactly(records));
    }
    if (chunks.exact() && chunks.value() <= RECOUNT_CAP) {
      records = call.add(hits.apply(chunks.value()).hits(), new ArrayList<>());
      if (records >= out.size()) return new Listing<>(out, Total.exactly(records));
    }
    // Each chunk left out holds at least one entry.
    return new Listing<>(out, Total.atLeast(Math.max(records, out.size()) + 1));
  }

  /**
   * Expert: what an index holds of the record of {@code chunk}, so that an engine answers
   * {@link RecordCondition}s there: the same values the conditions test, folded, as terms
   * {@code name:value} ({@code kind:TASKS} when the chunk holds a record of its kind), and
   * a task's deadline as the day.
   *
   * @param file the frontmatter of the chunk's file, which a bucket chunk without it reads
   */
  public static RecordCondition.Fields recordFields(Chunk chunk, Frontmatter file) {
    return recordFields(chunk, file, Optional.empty());
  }

  /**
   * {@link #recordFields(Chunk, Frontmatter)}, with what reading the chunk's text alone finds
   * when its file's reading already told ({@code ParsedNote.readings}): the chunk's text is
   * not parsed again. The fields are the same either way.
   */
  public static RecordCondition.Fields recordFields(Chunk chunk, Frontmatter file,
      Optional<ChunkReading> reading) {
    for (Kind<?> kind : Kind.all()) {
      if (kind.fileKind == chunk.file().kind()) return fieldsOf(kind, chunk, file, reading);
    }
    return RecordCondition.Fields.NONE;
  }

  private static <T extends Note> RecordCondition.Fields fieldsOf(Kind<T> kind, Chunk chunk,
      Frontmatter file, Optional<ChunkReading> reading) {
    String marker = "kind:" + kind.fileKind.name();
    if (!kind.needsRecord() && kind.fields.isEmpty() && kind.tags == null && kind.day == null) {
      return new RecordCondition.Fields(Set.of(marker), Optional.empty());
    }
    List<T> records = kind.reader.read(NoteParser.parse(chunk, reading), 0, () -> file);
    Set<String> terms = new HashSet<>();
    if (!kind.needsRecord() || !records.isEmpty()) terms.add(marker);
    // The chunk test first checks that the chunk's text holds a wanted value at all, where
    // the value comes from that text: a value it does not hold is never found, so not indexed.
    // (Folded only when there is a record to check: a chunk's whole text is long.)
    String text = !records.isEmpty() && Call.fromText(kind, chunk)
        ? Texts.fold(chunk.text()) : null;
    Optional<LocalDate> day = Optional.empty();
    for (T r : records) {
      for (Map.Entry<String, Function<T, Optional<String>>> f : kind.fields.entrySet()) {
        f.getValue().apply(r).map(Texts::fold).filter(v -> text == null || text.contains(v))
            .ifPresent(v -> terms.add(f.getKey() + ":" + v));
      }
      if (kind.tags != null) {
        for (String tag : kind.tags.apply(r)) {
          String v = Texts.fold(tag);
          if (text == null || text.contains(v)) terms.add("tags:" + v);
        }
      }
      if (kind.day != null && day.isEmpty()) day = kind.day.apply(r); // one task per chunk
    }
    return new RecordCondition.Fields(terms, day);
  }

  /**
   * One query's conditions and what it read: the chunks parsed and the files' frontmatter,
   * so that a chunk judged by the condition is not parsed again to build its result, and a
   * large note split in many chunks is not re-read for each. Nothing outlives the call.
   */
  private static final class Call<T extends Note> {
    private final ChunkSearch search;
    private final NoteQuery<T> q;
    private final Kind<T> kind;
    private final Optional<LocalDate> from;
    private final Optional<LocalDate> to;
    private final Map<Chunk, NoteParser.Parsed> parsed = new ConcurrentHashMap<>();
    private final Map<String, Frontmatter> files = new ConcurrentHashMap<>();

    Call(ChunkSearch search, NoteQuery<T> q) {
      this.search = search;
      this.q = q;
      this.kind = q.kind();
      boolean own = kind.day != null;
      this.from = q.from().filter(d -> own).map(d -> d.resolve(search.clock()));
      this.to = q.to().filter(d -> own).map(d -> d.resolveEnd(search.clock()));
      if (from.isPresent() && to.isPresent() && from.get().isAfter(to.get())) {
        throw InvalidDateException.forParameters(InvalidDateException.placeholder(kind.fromName)
            + " " + shown(q.from().get(), from.get()) + " is after "
            + InvalidDateException.placeholder(kind.toName) + " "
            + shown(q.to().get(), to.get()) + "; swap them or widen the period");
      }
    }

    /** The query's conditions on the records of a chunk, as terms and as a test. */
    RecordCondition condition() {
      Set<String> terms = new HashSet<>(Set.of("kind:" + kind.fileKind.name()));
      q.fields().forEach((name, value) -> terms.add(name + ":" + Texts.fold(value)));
      q.tags().forEach(tag -> terms.add("tags:" + Texts.fold(tag)));
      return new RecordCondition(terms, from, to, this::passes);
    }

    private boolean passes(Chunk c) {
      if (c.file().kind() != kind.fileKind) return false;
      if (q.fields().isEmpty() && q.tags().isEmpty() && from.isEmpty() && to.isEmpty()) {
        return !kind.needsRecord() || !records(c, 0).isEmpty();
      }
      if (fromText(kind, c)) {
        // A cheap test before parsing: the chunk's text holds every wanted value at all.
        String text = Texts.fold(c.text());
        for (String v : q.fields().values()) {
          if (!text.contains(Texts.fold(v))) return false;
        }
        for (String v : q.tags()) {
          if (!text.contains(Texts.fold(v))) return false;
        }
      }
      return records(c, 0).stream().anyMatch(this::wanted);
    }

    /** Whether a record's values come from the chunk's text (not from its file's head). */
    static boolean fromText(Kind<?> kind, Chunk c) {
      return !(kind == Kind.BUCKETS && NoteParser.needsFileFrontmatter(c));
    }

    boolean wanted(T r) {
      for (Map.Entry<String, String> f : q.fields().entrySet()) {
        Optional<String> v = kind.fields.get(f.getKey()).apply(r);
        if (v.isEmpty() || !Texts.sameFolded(v.get(), f.getValue())) return false;
      }
      if (!q.tags().isEmpty()) {
        List<String> tags = kind.tags.apply(r).stream().map(Texts::fold).toList();
        if (!q.tags().stream().allMatch(t -> tags.contains(Texts.fold(t)))) return false;
      }
      if (from.isEmpty() && to.isEmpty()) return true;
      Optional<LocalDate> d = kind.day.apply(r);
      return d.isPresent() && !(from.isPresent() && d.get().isBefore(from.get()))
          && !(to.isPresent() && d.get().isAfter(to.get()));
    }

    List<T> records(Chunk c, double score) {
      return kind.reader.read(parsed.computeIfAbsent(c, NoteParser::parse), score,
          () -> frontmatter(c.path()));
    }

    /** Adds the wanted records of {@code hits} to {@code out} up to the limit; counts all. */
    int add(List<Hit> hits, List<T> out) {
      int n = 0;
      for (Hit hit : hits) {
        for (T r : records(hit.chunk(), hit.score())) {
          if (!wanted(r)) continue;
          n++;
          if (out.size() < q.limit()) out.add(r);
        }
      }
      return n;
    }

    /** A file's frontmatter, for a bucket chunk that does not hold it. */
    private Frontmatter frontmatter(String path) {
      return files.computeIfAbsent(path, p -> {
        try {
          return FrontmatterReader.read(search.vault(), p);
        } catch (NoSuchFileException e) {
          return Frontmatter.NONE; // deleted since it was indexed
        } catch (AccessDeniedException e) {
          Unreadable.skipped(search.vault(), p, "file", e);
          return Frontmatter.NONE;
        } catch (FileSystemException e) {
          return Frontmatter.NONE; // swapped for a link, a pipe or a folder since indexed
        } catch (IOException e) {
          throw new EngineException("Cannot read the frontmatter of " + p + " ("
              + Problems.describe(e) + "); check that the file can be read", e);
        }
      });
    }
  }

  private static String shown(DateSpec spec, LocalDate resolved) {
    return spec.isRelative() ? resolved + " ('" + spec.text() + "')" : resolved.toString();
  }
}
