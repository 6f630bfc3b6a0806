package org.qmd4j.notes;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import org.qmd4j.internal.ChunkSearch;
import org.qmd4j.internal.CountedHits;
import org.qmd4j.internal.Problems;
import org.qmd4j.internal.Texts;
import org.qmd4j.search.DateSpec;
import org.qmd4j.search.EngineException;
import org.qmd4j.search.FileKind;
import org.qmd4j.search.InvalidDateException;
import org.qmd4j.search.InvalidScopeException;
import org.qmd4j.search.Layout;
import org.qmd4j.search.Mode;
import org.qmd4j.search.Scope;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.Total;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.Hit;
import org.qmd4j.vault.Frontmatter;
import org.qmd4j.vault.FrontmatterReader;
import org.qmd4j.vault.Unreadable;

/**
 * Runs the typed facade calls of {@link org.qmd4j.Searcher}. Not for application code, which
 * calls the searcher: its signatures use internal types and may change without notice.
 * Stateless and thread-safe.
 *
 * <p>Each call is one search: the scope is the kind's ({@code all-changelogs} ...) or the
 * project's, and the typed filters (kind, project, tag, status, priority, deadline, type,
 * tags) are a chunk predicate that the engine applies while ranking, so the limit is filled
 * whenever enough notes pass. Filters on text ignore case, accents and Unicode forms. Each
 * call counts its records before the limit ({@link Listing#total()}).
 */
public final class TypedSearch {
  private static final Map<FileKind, String> KINDS = Map.of(FileKind.TASKS, "Tasks",
      FileKind.CHANGELOG, "Changelog entries", FileKind.STATE, "Project states",
      FileKind.DESCRIPTION, "Project descriptions", FileKind.BUCKET, "Bucket notes");
  private static final Map<FileKind, String> WHERE = Map.of(
      FileKind.TASKS, "tasks.md and projects/<name>/tasks.md",
      FileKind.CHANGELOG, "changelog.md and projects/<name>/changelog.md",
      FileKind.STATE, "projects/<name>/state.md",
      FileKind.DESCRIPTION, "projects/<name>/description.md",
      FileKind.BUCKET, "bucket/ and projects/<name>/bucket/");

  private TypedSearch() {}

  /** Any typed query: the records of its kind; see {@link NoteQuery}. */
  @SuppressWarnings("unchecked") // each query lists the record of its NoteQuery type
  public static <T extends Note> Listing<T> list(ChunkSearch search, NoteQuery<T> q) {
    Objects.requireNonNull(q, "query == null");
    Listing<? extends Note> out;
    if (q instanceof TaskQuery) {
      out = tasks(search, (TaskQuery) q);
    } else if (q instanceof ChangelogQuery) {
      out = changelog(search, (ChangelogQuery) q);
    } else if (q instanceof StateQuery) {
      out = states(search, (StateQuery) q);
    } else if (q instanceof DescriptionQuery) {
      out = descriptions(search, (DescriptionQuery) q);
    } else if (q instanceof BucketQuery) {
      out = buckets(search, (BucketQuery) q);
    } else {
      throw new AssertionError(q);
    }
    return (Listing<T>) out;
  }

  /**
   * Changelog entries; see {@link ChangelogQuery}. A chunk holds a day's entries, or one of
   * them: the total adds up the entries of every matching chunk, read again in full when the
   * engine counted more chunks than the limit (up to {@link #RECOUNT_CAP} of them).
   */
  public static Listing<ChangelogEntry> changelog(ChunkSearch search, ChangelogQuery q) {
    Parses parses = new Parses();
    Predicate<ChangelogEntry> tagged = e -> q.tag().isEmpty()
        || e.tag().isPresent() && Texts.sameFolded(e.tag().get(), q.tag().get());
    Predicate<Chunk> filter = c -> c.file().kind() == FileKind.CHANGELOG
        && (q.tag().isEmpty() || mayHold(c, q.tag())
            && NoteParser.entries(parses.of(c), 0).stream().anyMatch(tagged));
    List<ChangelogEntry> out = new ArrayList<>();
    CountedHits counted = hits(search, q.query(), q.mode(), FileKind.CHANGELOG, q.project(),
        q.from(), q.to(), q.limit(), filter);
    int entries = 0;
    for (Hit hit : counted.hits()) {
      for (ChangelogEntry e : NoteParser.entries(parses.of(hit.chunk()), hit.score())) {
        if (!tagged.test(e)) continue;
        entries++;
        if (out.size() < q.limit()) out.add(e);
      }
    }
    Total chunks = counted.total();
    if (!chunks.exceeds(counted.hits().size())) {
      return new Listing<>(out, Total.exactly(entries));
    }
    if (chunks.exact() && chunks.value() <= RECOUNT_CAP) {
      entries = 0;
      for (Hit hit : hits(search, q.query(), q.mode(), FileKind.CHANGELOG, q.project(),
          q.from(), q.to(), chunks.value(), filter).hits()) {
        for (ChangelogEntry e : NoteParser.entries(parses.of(hit.chunk()), hit.score())) {
          if (tagged.test(e)) entries++;
        }
      }
      if (entries >= out.size()) return new Listing<>(out, Total.exactly(entries));
    }
    // Each chunk left out holds at least one entry.
    return new Listing<>(out, Total.atLeast(Math.max(entries, out.size()) + 1));
  }

  /** The most chunks a changelog total reads again to count their entries. */
  static final int RECOUNT_CAP = 10_000;

  /** Tasks; see {@link TaskQuery}. */
  public static Listing<Task> tasks(ChunkSearch search, TaskQuery q) {
    Objects.requireNonNull(search, "search == null");
    Optional<LocalDate> after = q.deadlineAfter().map(d -> d.resolve(search.clock()));
    Optional<LocalDate> before = q.deadlineBefore().map(d -> d.resolveEnd(search.clock()));
    if (after.isPresent() && before.isPresent() && after.get().isAfter(before.get())) {
      throw InvalidDateException.forParameters(InvalidDateException.placeholder("deadline_after")
          + " " + shown(q.deadlineAfter().get(), after.get()) + " is after "
          + InvalidDateException.placeholder("deadline_before") + " "
          + shown(q.deadlineBefore().get(), before.get()) + "; swap them or widen the period");
    }
    Parses parses = new Parses();
    Predicate<Task> wanted = t -> matches(t.status(), q.status())
        && matches(t.priority(), q.priority()) && due(t, after, before);
    Predicate<Chunk> filter = c -> c.file().kind() == FileKind.TASKS
        && mayHold(c, q.status()) && mayHold(c, q.priority())
        && NoteParser.task(parses.of(c), 0).filter(wanted).isPresent();
    List<Task> out = new ArrayList<>();
    CountedHits counted = hits(search, q.query(), q.mode(), FileKind.TASKS, q.project(),
        Optional.empty(), Optional.empty(), q.limit(), filter);
    for (Hit hit : counted.hits()) {
      NoteParser.task(parses.of(hit.chunk()), hit.score()).filter(wanted).ifPresent(out::add);
    }
    return new Listing<>(out, counted.total()); // one task per chunk
  }

  /** Project states; see {@link StateQuery}. */
  public static Listing<ProjectState> states(ChunkSearch search, StateQuery q) {
    List<ProjectState> out = new ArrayList<>();
    CountedHits counted = hits(search, q.query(), q.mode(), FileKind.STATE, q.project(),
        q.from(), q.to(), q.limit(), c -> c.file().kind() == FileKind.STATE);
    for (Hit hit : counted.hits()) {
      out.add(NoteParser.state(hit.chunk(), hit.score()));
    }
    return new Listing<>(out, counted.total());
  }

  /** Project descriptions; see {@link DescriptionQuery}. */
  public static Listing<Description> descriptions(ChunkSearch search, DescriptionQuery q) {
    List<Description> out = new ArrayList<>();
    CountedHits counted = hits(search, q.query(), q.mode(), FileKind.DESCRIPTION,
        q.project(), Optional.empty(), Optional.empty(), q.limit(),
        c -> c.file().kind() == FileKind.DESCRIPTION);
    for (Hit hit : counted.hits()) {
      out.add(NoteParser.description(hit.chunk(), hit.score()));
    }
    return new Listing<>(out, counted.total());
  }

  /** Bucket notes; see {@link BucketQuery}. */
  public static Listing<BucketItem> buckets(ChunkSearch search, BucketQuery q) {
    Parses parses = new Parses();
    // Within this call only: every chunk of a file is judged on the same frontmatter, and a
    // large note split in many chunks is not re-read for each. Nothing outlives the call.
    Map<String, Frontmatter> files = new ConcurrentHashMap<>();
    Predicate<Chunk> filter = c -> {
      if (c.file().kind() != FileKind.BUCKET) return false;
      if (q.type().isEmpty() && q.tags().isEmpty()) return true;
      if (!NoteParser.needsFileFrontmatter(c)) {
        // The chunk holds the frontmatter: skip the YAML when the words are not even there.
        if (!mayHold(c, q.type())) return false;
        for (String tag : q.tags()) {
          if (!mayHold(c, Optional.of(tag))) return false;
        }
      }
      Frontmatter fm = frontmatter(search, c, parses, files);
      if (q.type().isPresent() && !matches(fm.string("type"), q.type())) return false;
      List<String> tags = fm.strings("tags").stream().map(Texts::fold).toList();
      return q.tags().stream().allMatch(t -> tags.contains(Texts.fold(t)));
    };
    List<BucketItem> out = new ArrayList<>();
    CountedHits counted = hits(search, q.query(), q.mode(), FileKind.BUCKET, q.project(),
        q.from(), q.to(), q.limit(), filter);
    for (Hit hit : counted.hits()) {
      out.add(NoteParser.bucket(parses.of(hit.chunk()), hit.score(),
          frontmatter(search, hit.chunk(), parses, files)));
    }
    return new Listing<>(out, counted.total());
  }

  /**
   * The chunks parsed during one call, so that a chunk judged by a filter is not parsed again
   * to build its result. Nothing outlives the call.
   */
  private static final class Parses {
    private final Map<Chunk, NoteParser.Parsed> parsed = new ConcurrentHashMap<>();

    NoteParser.Parsed of(Chunk chunk) {
      return parsed.computeIfAbsent(chunk, NoteParser::parse);
    }
  }

  /**
   * Whether the chunk's text may hold {@code wanted} at all (folded substring): a cheap test
   * before parsing; true when nothing is wanted.
   */
  private static boolean mayHold(Chunk chunk, Optional<String> wanted) {
    return wanted.isEmpty() || Texts.fold(chunk.text()).contains(Texts.fold(wanted.get()));
  }

  private static CountedHits hits(ChunkSearch search, String query, Mode mode, FileKind kind,
      Optional<String> project, Optional<DateSpec> from, Optional<DateSpec> to, int limit,
      Predicate<Chunk> filter) {
    Objects.requireNonNull(search, "search == null");
    if (search.layout().layout() == Layout.NOTES) {
      // A notes vault has no such kind of file: say so in the kind's words, not a scope's.
      throw new InvalidScopeException(KINDS.get(kind) + " are read from the projects layout"
          + " (" + WHERE.get(kind) + "), but this vault uses the notes layout ("
          + search.layout().reason() + "). If it is organised in projects/<name>/ folders, read"
          + " it in the projects layout (--layout projects); otherwise search it as notes.");
    }
    Scope scope = project.map(Scope::project).orElse(Scope.of(kind));
    return search.countedHits(new SearchRequest(query, mode, scope, from, to, limit), filter);
  }

  /** Whether the task's deadline is within the bounds; true when there is no bound. */
  private static boolean due(Task task, Optional<LocalDate> after, Optional<LocalDate> before) {
    if (after.isEmpty() && before.isEmpty()) return true;
    if (task.deadline().isEmpty()) return false;
    LocalDate d = task.deadline().get();
    return !(after.isPresent() && d.isBefore(after.get()))
        && !(before.isPresent() && d.isAfter(before.get()));
  }

  private static String shown(DateSpec spec, LocalDate resolved) {
    return spec.isRelative() ? resolved + " ('" + spec.text() + "')" : resolved.toString();
  }

  private static boolean matches(Optional<String> actual, Optional<String> wanted) {
    return wanted.isEmpty() || actual.isPresent() && Texts.sameFolded(actual.get(), wanted.get());
  }

  /** A bucket chunk's frontmatter: from the chunk when it holds it, else from its file. */
  private static Frontmatter frontmatter(ChunkSearch search, Chunk chunk, Parses parses,
      Map<String, Frontmatter> files) {
    if (!NoteParser.needsFileFrontmatter(chunk)) return parses.of(chunk).frontmatter;
    return files.computeIfAbsent(chunk.path(), path -> {
      try {
        return FrontmatterReader.read(search.vault(), path);
      } catch (NoSuchFileException e) {
        return Frontmatter.NONE; // deleted since it was indexed
      } catch (AccessDeniedException e) {
        Unreadable.skipped(search.vault(), path, "file", e);
        return Frontmatter.NONE;
      } catch (FileSystemException e) {
        return Frontmatter.NONE; // swapped for a link, a pipe or a folder since it was indexed
      } catch (IOException e) {
        throw new EngineException("Cannot read the frontmatter of " + path + " ("
            + Problems.describe(e) + "); check that the file can be read", e);
      }
    });
  }
}
