package org.qmd4j.find;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.qmd4j.internal.ChunkSearch;
import org.qmd4j.notes.ChangelogEntry;
import org.qmd4j.notes.Kind;
import org.qmd4j.notes.NoteQuery;
import org.qmd4j.notes.Task;
import org.qmd4j.notes.TypedSearch;
import org.qmd4j.search.FileKind;
import org.qmd4j.search.LineRange;
import org.qmd4j.spi.Chunk;
import org.qmd4j.vault.VaultLayout;

/**
 * The record phase of {@code find_notes}: when a condition names a task field ({@code status},
 * {@code prio}, {@code priority}, {@code deadline}), tasks files are judged task by task; when
 * one names {@code tag}, changelogs are judged entry by entry. Each task or entry is tested
 * on its file's frontmatter overlaid with its own fields ({@code title} too, and {@code date}
 * for an entry); those that pass all conditions are results, the file itself is not. Other
 * files keep the frontmatter semantics of {@link VaultScan}. A {@code tag} value matches with
 * or without its brackets.
 */
final class RecordScan {
  /** The task fields a condition may name; {@code priority} is read as {@code prio}. */
  static final Set<String> TASK_FIELDS = Set.of("status", "prio", "priority", "deadline");
  /** The changelog entry field a condition may name. */
  static final String ENTRY_FIELD = "tag";

  /** A task or changelog entry that passed the conditions. */
  record Row(String path, LineRange lines, String title, String text,
      Map<String, Object> fields) {}

  private RecordScan() {}

  static boolean tasksJudged(FindRequest request) {
    return request.where().stream().anyMatch(c -> TASK_FIELDS.contains(c.field()));
  }

  static boolean entriesJudged(FindRequest request) {
    return request.where().stream().anyMatch(c -> c.field().equals(ENTRY_FIELD));
  }

  /** Whether {@code path} is judged record by record under this request. */
  static boolean judged(FindRequest request, VaultLayout layout, String path) {
    FileKind kind = layout.classify(path).map(f -> f.kind()).orElse(null);
    return kind == FileKind.TASKS && tasksJudged(request)
        || kind == FileKind.CHANGELOG && entriesJudged(request);
  }

  /**
   * The tasks and entries of {@code files} (the files that pass the folder and dates) that
   * pass every condition, in file then line order.
   */
  static List<Row> run(ChunkSearch search, FindRequest request, Map<String, ScannedNote> files,
      Clock clock) {
    List<Row> out = new ArrayList<>();
    if (tasksJudged(request)) {
      for (Task t : TypedSearch.list(search,
          NoteQuery.newBuilder(Kind.TASKS).limit(NoteFinder.SEARCH_CAP).build()).results()) {
        ScannedNote file = files.get(t.path());
        if (file == null) continue;
        Map<String, Object> fields = new LinkedHashMap<>(file.frontmatter().fields());
        fields.put("title", t.title());
        t.status().ifPresent(s -> fields.put("status", s));
        t.priority().ifPresent(p -> {
          fields.put("prio", p);
          fields.put("priority", p);
        });
        t.deadline().ifPresent(d -> fields.put("deadline", d.toString()));
        add(out, request, clock, t.path(), t.lines(), t.title(), t.text(), fields);
      }
    }
    if (entriesJudged(request)) {
      for (ChangelogEntry e : TypedSearch.list(search,
          NoteQuery.newBuilder(Kind.CHANGELOG).limit(NoteFinder.SEARCH_CAP).build()).results()) {
        ScannedNote file = files.get(e.path());
        if (file == null) continue;
        Map<String, Object> fields = new LinkedHashMap<>(file.frontmatter().fields());
        fields.put("title", e.title());
        e.tag().ifPresent(t -> fields.put("tag", t));
        e.date().ifPresent(d -> fields.put("date", d.toString()));
        add(out, request, clock, e.path(), e.lines(), e.title(), e.text(), fields);
      }
    }
    out.sort((a, b) -> a.path().equals(b.path())
        ? Integer.compare(a.lines().from(), b.lines().from()) : a.path().compareTo(b.path()));
    return out;
  }

  /** Whether a chunk of a judged file holds one of {@code rows}. */
  static boolean holds(Chunk chunk, List<Row> rows) {
    for (Row r : rows) {
      if (r.path().equals(chunk.path()) && r.lines().from() <= chunk.lines().to()
          && chunk.lines().from() <= r.lines().to()) {
        return true;
      }
    }
    return false;
  }

  private static void add(List<Row> out, FindRequest request, Clock clock, String path,
      LineRange lines, String title, String text, Map<String, Object> fields) {
    for (Condition c : request.where()) {
      if (c.field().equals(ENTRY_FIELD)) {
        // A tag is written [décision] in the file and read without brackets: both match.
        c = new Condition(c.field(), c.operator(), c.value().replaceAll("[\\[\\]]", ""));
      }
      if (!c.test(fields, clock)) return;
    }
    out.add(new Row(path, lines, title, text, fields));
  }
}
