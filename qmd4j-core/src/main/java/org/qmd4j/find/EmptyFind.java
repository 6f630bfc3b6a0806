package org.qmd4j.find;

import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.qmd4j.internal.ChunkSearch;
import org.qmd4j.search.FileKind;
import org.qmd4j.search.InvalidFindException;
import org.qmd4j.search.Layout;
import org.qmd4j.vault.VaultProjects;

/**
 * Why a {@code find_notes} request found nothing, when the request itself is the likely
 * cause: a condition on a field that no searched note has (a misspelt field), or a folder
 * whose notes all lie in its sub-folders while {@code recursive} is off. Only run when a
 * request found nothing, so a successful request pays nothing for it. Stateless.
 */
final class EmptyFind {
  /** The most field names an error lists besides the nearest ones. */
  private static final int MAX_LISTED = 12;
  /** The operators that can pass on a note without the field: they never prove a typo. */
  private static final Set<Operator> PASS_WITHOUT_FIELD = EnumSet.of(Operator.NE,
      Operator.MISSING);

  private EmptyFind() {}

  /**
   * How many results the request would have with {@code recursive} on, when it names a
   * folder without it and found nothing; 0 otherwise.
   */
  static int inSubfolders(ChunkSearch search, FindRequest request) {
    if (request.folder().isEmpty() || request.recursive()) return 0;
    return NoteFinder.run(search, request.toBuilder().recursive(true).limit(1).offset(0)
        .build()).total();
  }

  /**
   * Throws when a condition that needs its field names a field that none of the searched
   * notes (those in the request's folder and period) has.
   *
   * @throws InvalidFindException naming the field, the nearest fields and the fields the
   *     searched notes have
   */
  static void checkFields(ChunkSearch search, FindRequest request, Clock clock,
      Optional<LocalDate> start, Optional<LocalDate> end) {
    List<Condition> positive = new ArrayList<>();
    for (Condition c : request.where()) {
      if (!PASS_WITHOUT_FIELD.contains(c.operator())) positive.add(c);
    }
    if (positive.isEmpty()) return;
    Map<String, ScannedNote> notes =
        VaultScan.run(search.vault(), search.layout(), request, clock, start, end, false);
    if (notes.isEmpty()) return;
    Set<String> fields = new TreeSet<>();
    boolean projects = search.layout().layout() == Layout.PROJECTS;
    for (ScannedNote note : notes.values()) {
      fields.addAll(note.frontmatter().fields().keySet());
      if (!projects) continue;
      FileKind kind = search.layout().classify(note.path()).map(f -> f.kind()).orElse(null);
      if (kind == FileKind.TASKS) fields.addAll(RecordScan.TASK_FIELDS);
      if (kind == FileKind.CHANGELOG) fields.add(RecordScan.ENTRY_FIELD);
    }
    for (Condition c : positive) {
      if (fields.contains(c.field())) continue;
      throw new InvalidFindException(message(c, fields, notes.size()));
    }
  }

  private static String message(Condition c, Set<String> fields, int notes) {
    String shown = c.field() + " " + c.operator().wireName()
        + (c.value().isEmpty() ? "" : " " + c.value());
    String searched = notes == 1 ? "the 1 searched note" : "the " + notes + " searched notes";
    if (fields.isEmpty()) {
      return "No note has a field '" + c.field() + "' (condition '" + shown + "'): "
          + searched + (notes == 1 ? " has" : " have") + " no frontmatter field at all";
    }
    List<String> listed = new ArrayList<>(VaultProjects.nearest(c.field(), List.copyOf(fields),
        3));
    String hint = listed.isEmpty() ? "" : " Did you mean '" + listed.get(0) + "'?";
    for (String f : fields) {
      if (listed.size() >= MAX_LISTED + 3) break;
      if (!listed.contains(f)) listed.add(f);
    }
    int more = fields.size() - listed.size();
    return "No note has a field '" + c.field() + "' (condition '" + shown + "'), so nothing"
        + " can match." + hint + " Fields of " + searched + ": " + String.join(", ", listed)
        + (more > 0 ? " and " + more + " more" : "") + ".";
  }
}
