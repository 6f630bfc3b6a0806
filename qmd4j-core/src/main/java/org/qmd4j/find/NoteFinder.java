package org.qmd4j.find;

import java.time.Clock;
import java.time.LocalDate;
import java.util.AbstractMap.SimpleImmutableEntry;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;
import org.qmd4j.internal.ChunkSearch;
import org.qmd4j.internal.Texts;
import org.qmd4j.search.DateSpec;
import org.qmd4j.search.InvalidDateException;
import org.qmd4j.search.Layout;
import org.qmd4j.search.MatchType;
import org.qmd4j.search.Scope;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.Hit;

/**
 * Runs {@code find_notes}. Not for application code, which calls
 * {@link org.qmd4j.Searcher#find}: its signature uses internal types and may change without
 * notice. Stateless and thread-safe.
 *
 * <p>Without a query, the vault scan alone answers: the indexed files that pass the folder,
 * the conditions and the date bounds, sorted. With a query, it is a two-phase intersect: the
 * scan gives the passing files, and the search keeps only the chunks of those files while it
 * ranks (the engine applies the filter as it ranks, which gives the ranked list intersected
 * with the scan, in score order, without over-fetching); then the page is cut. The search
 * asks for {@code offset + 4 × n_results} chunks first and four times more until it has
 * them all, so {@code total} is exact; past {@value #SEARCH_CAP} matching chunks it stops
 * and says so in the notes.
 *
 * <p>A condition on a task field ({@code status}, {@code prio}, {@code priority},
 * {@code deadline}) judges tasks files task by task, one on {@code tag} changelogs entry by
 * entry: the passing tasks and entries are results ({@code source}, {@code content} = their
 * text, {@code heading} = their title, their own {@code lines}), not their files; with a
 * query, the chunks holding them. Other files keep the frontmatter semantics.
 */
public final class NoteFinder {
  /** The most chunks a query collects to count and sort its results. */
  public static final int SEARCH_CAP = 10_000;

  private NoteFinder() {}

  /**
   * Runs {@code request} against {@code search}.
   *
   * <p>When nothing is found and the request names a folder without {@code recursive}, the
   * result says how many results its sub-folders hold ({@link FindResult#inSubfolders()}).
   *
   * @throws InvalidDateException if {@code date_start} resolves after {@code date_end}
   * @throws org.qmd4j.search.InvalidFindException if nothing is found and a condition (other
   *     than {@code ne} and {@code missing}) names a field that none of the searched notes
   *     has: the message names the nearest fields and those the notes have
   * @throws org.qmd4j.search.EngineException if the vault cannot be read or the engine fails
   */
  public static FindResult find(ChunkSearch search, FindRequest request) {
    Objects.requireNonNull(search, "search == null");
    Objects.requireNonNull(request, "request == null");
    FindResult result = run(search, request);
    if (result.total() > 0) return result;
    // Nothing found: say so when the request is the likely cause.
    int below = EmptyFind.inSubfolders(search, request);
    if (below > 0) {
      List<String> notes = new ArrayList<>(result.notes());
      String folder = request.folder().orElseThrow();
      notes.add("no note directly in " + (folder.isEmpty() ? "the vault's root folder"
          : "'" + folder + "'") + " matches, but "
          + below + (below == 1 ? " result lies" : " results lie") + " in its sub-folders:"
          + " search them with recursive (--recursive on the command line)");
      return new FindResult(true, result.results(), 0, notes, below);
    }
    Clock clock = search.clock();
    EmptyFind.checkFields(search, request, clock,
        request.dateStart().map(d -> d.resolve(clock)),
        request.dateEnd().map(d -> d.resolveEnd(clock)));
    return result;
  }

  /** {@link #find} without the reasons for an empty answer. */
  static FindResult run(ChunkSearch search, FindRequest request) {
    Clock clock = search.clock();
    Optional<LocalDate> start = request.dateStart().map(d -> d.resolve(clock));
    Optional<LocalDate> end = request.dateEnd().map(d -> d.resolveEnd(clock));
    if (start.isPresent() && end.isPresent() && start.get().isAfter(end.get())) {
      throw InvalidDateException.forParameters(InvalidDateException.placeholder("date_start")
          + " " + shown(request.dateStart().get(), start.get()) + " is after "
          + InvalidDateException.placeholder("date_end") + " "
          + shown(request.dateEnd().get(), end.get()) + "; swap them or widen the period");
    }
    List<String> notes = new ArrayList<>();
    request.folder().ifPresent(folder -> {
      if (!search.layout().mayContainIndexedFiles(folder)) {
        notes.add("folder '" + folder + "' holds no indexed files; find_notes covers what "
            + (search.layout().layout() == Layout.NOTES
            ? "search covers (every .md file outside hidden, skipped and ignored folders)"
            : "search covers (changelogs, tasks, states, descriptions, buckets)"));
      }
    });
    // Tasks files and changelogs are judged task by task, entry by entry; a notes vault has
    // none, and its notes' status or tag conditions are frontmatter ones.
    boolean byRecord = search.layout().layout() == Layout.PROJECTS
        && (RecordScan.tasksJudged(request) || RecordScan.entriesJudged(request));
    // One walk: with records judged, every file in the folder and period is read once, and the
    // frontmatter conditions then pick the files listed whole.
    Map<String, ScannedNote> files =
        VaultScan.run(search.vault(), search.layout(), request, clock, start, end, !byRecord);
    Map<String, ScannedNote> scanned = files;
    List<RecordScan.Row> rows = List.of();
    if (byRecord) {
      rows = RecordScan.run(search, request, files, clock);
      scanned = new LinkedHashMap<>(files);
      scanned.values().removeIf(note -> RecordScan.judged(request, search.layout(), note.path())
          || !VaultScan.passes(note.frontmatter(), request, clock));
    }
    if (request.query().isEmpty()) return byScan(request, scanned, files, rows, notes);
    return byQuery(search, request, scanned, files, rows, notes);
  }

  private static FindResult byScan(FindRequest request, Map<String, ScannedNote> scanned,
      Map<String, ScannedNote> files, List<RecordScan.Row> rows, List<String> notes) {
    // A file and the rows of a file, in path (then line) order; sorts below are stable.
    List<Map.Entry<ScannedNote, RecordScan.Row>> all = new ArrayList<>();
    for (ScannedNote file : scanned.values()) all.add(new SimpleImmutableEntry<>(file, null));
    for (RecordScan.Row row : rows) {
      all.add(new SimpleImmutableEntry<>(files.get(row.path()), row));
    }
    all.sort(Comparator.comparing(e -> e.getKey().path()));
    Comparator<ScannedNote> order = fileOrder(request.effectiveSort());
    all.sort((a, b) -> order.compare(a.getKey(), b.getKey()));
    List<FindItem> page = new ArrayList<>();
    for (Map.Entry<ScannedNote, RecordScan.Row> e : page(all, request)) {
      RecordScan.Row row = e.getValue();
      if (row == null) {
        page.add(new NoteItem(e.getKey().path(), e.getKey().fields(request.includeFields())));
      } else {
        page.add(new ChunkItem(row.path(), row.text(), row.title(), 1.0, row.lines(),
            fields(row.fields(), request.includeFields())));
      }
    }
    return new FindResult(true, page, all.size(), notes);
  }

  /** The requested fields of a task or entry, {@code null} for those it lacks. */
  private static Map<String, Object> fields(Map<String, Object> all, List<String> names) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (String name : names) out.put(name, all.get(name));
    return out;
  }

  private static FindResult byQuery(ChunkSearch search, FindRequest request,
      Map<String, ScannedNote> scanned, Map<String, ScannedNote> files,
      List<RecordScan.Row> rows, List<String> notes) {
    Predicate<Chunk> passes = chunk -> scanned.containsKey(chunk.path())
        || !rows.isEmpty() && RecordScan.holds(chunk, rows);
    List<Hit> hits = scanned.isEmpty() && rows.isEmpty() ? List.of()
        : allHits(search, request, passes, notes);
    modeNotes(search, request, hits, notes);
    FindSort sort = request.effectiveSort();
    List<Hit> sorted = new ArrayList<>(hits); // in score order: sorts below are stable
    if (sort != FindSort.RELEVANCE) {
      Comparator<ScannedNote> order = fileOrder(sort);
      sorted.sort((a, b) -> order.compare(files.get(a.chunk().path()),
          files.get(b.chunk().path())));
    }
    List<FindItem> page = new ArrayList<>();
    for (Hit hit : page(sorted, request)) {
      String path = hit.chunk().path();
      List<String> headings = hit.chunk().headings();
      page.add(new ChunkItem(path, hit.chunk().text(), headings.isEmpty() ? "" : headings.get(0),
          hit.score(), hit.chunk().lines(), files.get(path).fields(request.includeFields())));
    }
    return new FindResult(true, page, sorted.size(), notes);
  }

  /** Every matching chunk of a scanned file, best first, up to {@link #SEARCH_CAP}. */
  private static List<Hit> allHits(ChunkSearch search, FindRequest request,
      Predicate<Chunk> passes, List<String> notes) {
    String query = request.query().orElseThrow();
    Scope scope = scopeOf(request);
    int ask = (int) Math.min(SEARCH_CAP,
        (long) request.offset() + 4L * request.limit());
    while (true) {
      SearchRequest sr = new SearchRequest(query, request.mode().engineMode(), scope,
          Optional.empty(), Optional.empty(), ask);
      List<Hit> hits = search.hits(sr, passes);
      if (hits.size() < ask) return hits;
      if (ask == SEARCH_CAP) {
        notes.add("the query matched more than " + SEARCH_CAP + " chunks: results and total "
            + "cover the best " + SEARCH_CAP + " only");
        return hits;
      }
      ask = (int) Math.min(SEARCH_CAP, ask * 4L);
    }
  }

  /** The narrowest search scope that holds the folder: its project, else the whole vault. */
  static Scope scopeOf(FindRequest request) {
    if (request.folder().isPresent()) {
      String[] parts = request.folder().get().split("/");
      if (parts.length >= 2 && parts[0].equals("projects")) return Scope.project(parts[1]);
    }
    return Scope.vault();
  }

  private static void modeNotes(ChunkSearch search, FindRequest request, List<Hit> hits,
      List<String> notes) {
    FindMode mode = request.mode();
    if (mode == FindMode.KEYWORD) return;
    boolean keywordOnly = search.engineName().equals("embedded")
        || hits.stream().anyMatch(h -> h.matchType() == MatchType.KEYWORD);
    if (!keywordOnly) return;
    String missing = mode == FindMode.SEMANTIC ? "no semantic model" : "no vector search";
    notes.add("mode " + mode.wireName() + ": the " + search.engineName() + " engine has "
        + missing + ", so the query ran as a deep keyword search (several keyword lists "
        + "fused by rank)");
  }

  private static Comparator<ScannedNote> fileOrder(FindSort sort) {
    switch (sort) {
      case MODIFIED:
      case CREATED:
        // Newest first; the scan gave every file this date since the sort needs it.
        DateType type = sort == FindSort.MODIFIED ? DateType.MODIFIED : DateType.CREATED;
        return Comparator.comparing((ScannedNote f) -> f.date(type).orElse(LocalDate.MIN))
            .reversed().thenComparing(ScannedNote::path);
      case NAME:
        return Comparator.comparing((ScannedNote f) -> Texts.fold(f.name()))
            .thenComparing(ScannedNote::path);
      case RELEVANCE:
        return (a, b) -> 0; // only with a query, whose hits are already in score order
      default:
        throw new AssertionError(sort);
    }
  }

  private static <T> List<T> page(List<T> all, FindRequest request) {
    int from = Math.min(all.size(), request.offset());
    int to = (int) Math.min(all.size(), (long) from + request.limit());
    return all.subList(from, to);
  }

  private static String shown(DateSpec spec, LocalDate resolved) {
    return spec.isRelative() ? resolved + " ('" + spec.text() + "')" : resolved.toString();
  }
}
