package org.qmd4j.notes;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import org.qmd4j.search.FileKind;
import org.qmd4j.vault.Frontmatter;

/**
 * A kind of typed record, and the conditions a {@link NoteQuery} of it takes: the registry of
 * the typed facade. Every kind has the words, project, limit and mode of a query; each adds
 * its own conditions. Text conditions ignore case, accents and Unicode forms ({@code bloque}
 * matches {@code bloqué}); date bounds are inclusive {@link org.qmd4j.search.DateSpec}s.
 *
 * <table>
 *   <caption>The kinds</caption>
 *   <tr><th>kind</th><th>records</th><th>from</th><th>conditions</th></tr>
 *   <tr><td>{@link #TASKS}</td><td>{@link Task}</td><td>{@code tasks.md}</td>
 *       <td>{@code status}, {@code priority}; {@code from}/{@code to} bound the
 *       {@code deadline:} ({@code deadline_after}/{@code deadline_before})</td></tr>
 *   <tr><td>{@link #CHANGELOG}</td><td>{@link ChangelogEntry}</td><td>{@code changelog.md}
 *       </td><td>{@code tag}; {@code from}/{@code to} bound the entry's day</td></tr>
 *   <tr><td>{@link #STATES}</td><td>{@link ProjectState}</td><td>{@code state.md}</td>
 *       <td>{@code from}/{@code to} bound frontmatter {@code updated}</td></tr>
 *   <tr><td>{@link #DESCRIPTIONS}</td><td>{@link Description}</td>
 *       <td>{@code description.md}</td><td>none</td></tr>
 *   <tr><td>{@link #BUCKETS}</td><td>{@link BucketItem}</td><td>{@code bucket/}</td>
 *       <td>{@code type}, {@code tags} (all of them); {@code from}/{@code to} bound
 *       frontmatter {@code updated}</td></tr>
 * </table>
 *
 * <p>A record without the value a condition or a date bound asks for is left out. Immutable
 * and thread-safe.
 *
 * @param <T> the record of this kind
 * @since 0.9
 */
public final class Kind<T extends Note> {
  /** Tasks of {@code tasks.md} files: one per H1, with status, priority and deadline. */
  public static final Kind<Task> TASKS = new Kind<Task>("tasks", FileKind.TASKS, "Tasks",
      "tasks.md and projects/<name>/tasks.md",
      Map.of("status", Task::status, "priority", Task::priority), null,
      "deadline_after", "deadline_before", Task::deadline,
      (p, score, fm) -> NoteParser.task(p, score).map(List::of).orElse(List.of()));

  /** Entries of changelogs: one per H2 of a day, with their tag. */
  public static final Kind<ChangelogEntry> CHANGELOG = new Kind<ChangelogEntry>("changelog",
      FileKind.CHANGELOG, "Changelog entries", "changelog.md and projects/<name>/changelog.md",
      Map.of("tag", ChangelogEntry::tag), null, "date_from", "date_to", null,
      (p, score, fm) -> NoteParser.entries(p, score));

  /** Project states ({@code projects/<name>/state.md}), with their sections. */
  public static final Kind<ProjectState> STATES = new Kind<ProjectState>("states",
      FileKind.STATE, "Project states", "projects/<name>/state.md", Map.of(), null,
      "date_from", "date_to", null, (p, score, fm) -> List.of(NoteParser.state(p, score)));

  /** Project descriptions ({@code projects/<name>/description.md}). */
  public static final Kind<Description> DESCRIPTIONS = new Kind<Description>("descriptions",
      FileKind.DESCRIPTION, "Project descriptions", "projects/<name>/description.md",
      Map.of(), null, null, null, null,
      (p, score, fm) -> List.of(NoteParser.description(p, score)));

  /** Bucket notes ({@code bucket/**}), with their frontmatter. */
  public static final Kind<BucketItem> BUCKETS = new Kind<BucketItem>("buckets",
      FileKind.BUCKET, "Bucket notes", "bucket/ and projects/<name>/bucket/",
      Map.of("type", BucketItem::type), BucketItem::tags, "date_from", "date_to", null,
      (p, score, fm) -> List.of(NoteParser.bucket(p, score,
          NoteParser.needsFileFrontmatter(p.chunk) ? fm.get() : p.frontmatter)));

  private static final List<Kind<?>> ALL =
      List.of(TASKS, CHANGELOG, STATES, DESCRIPTIONS, BUCKETS);

  /** Reads the records of a parsed chunk; {@code file} gives its file's frontmatter. */
  @FunctionalInterface
  interface Reader<T> {
    List<T> read(NoteParser.Parsed chunk, double score, Supplier<Frontmatter> file);
  }

  private final String name;
  final FileKind fileKind;
  /** How messages name the records: {@code Tasks}, {@code Bucket notes} ... */
  final String plural;
  /** Where the projects layout keeps them, for the notes layout's message. */
  final String where;
  /** The text conditions, by name, with the record's value. */
  final Map<String, Function<T, Optional<String>>> fields;
  /** The record's tags, when the kind has a {@code tags} condition; else null. */
  final Function<T, List<String>> tags;
  /** The parameter names of the date bounds; null when the kind has none. */
  final String fromName;
  final String toName;
  /**
   * The record's own day that the bounds apply to (a task's deadline); null when they apply
   * to the chunk's date, which every engine filters on.
   */
  final Function<T, Optional<LocalDate>> day;
  final Reader<T> reader;

  private Kind(String name, FileKind fileKind, String plural, String where,
      Map<String, Function<T, Optional<String>>> fields, Function<T, List<String>> tags,
      String fromName, String toName, Function<T, Optional<LocalDate>> day, Reader<T> reader) {
    this.name = name;
    this.fileKind = fileKind;
    this.plural = plural;
    this.where = where;
    this.fields = fields;
    this.tags = tags;
    this.fromName = fromName;
    this.toName = toName;
    this.day = day;
    this.reader = reader;
  }

  /** Every kind, in the order of the table above. */
  public static List<Kind<?>> all() {
    return ALL;
  }

  /** The kind's name, as the CLI command and the MCP tool have it: {@code tasks} ... */
  public String name() {
    return name;
  }

  /** The vault files this kind's records are read from. */
  public FileKind fileKind() {
    return fileKind;
  }

  /**
   * The names of the conditions this kind takes besides the query, project, limit and mode,
   * as the tools' parameters have them: {@code [priority, status, deadline_after,
   * deadline_before]} for tasks, {@code []} for descriptions.
   */
  public List<String> conditions() {
    List<String> out = new ArrayList<>(fields.keySet().stream().sorted().toList());
    if (tags != null) out.add("tags");
    if (fromName != null) out.addAll(List.of(fromName, toName));
    return List.copyOf(out);
  }

  /** Whether a chunk of this kind passes only when it holds a record (a task needs an H1). */
  boolean needsRecord() {
    return this == TASKS;
  }

  /** Whether a chunk holds several records (a changelog day, its entries). */
  boolean manyPerChunk() {
    return this == CHANGELOG;
  }

  @Override
  public String toString() {
    return name;
  }
}
