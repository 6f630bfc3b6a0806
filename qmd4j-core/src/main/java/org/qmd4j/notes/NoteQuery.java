package org.qmd4j.notes;

import java.util.Optional;
import org.qmd4j.search.Mode;

/**
 * A query of the typed facade, for the records of one kind: {@link TaskQuery} lists
 * {@link Task}s, {@link ChangelogQuery} {@link ChangelogEntry}s, and so on. {@link
 * org.qmd4j.Searcher#list(NoteQuery)} runs any of them and counts what the limit left out.
 *
 * <pre>{@code
 * Listing<Task> blocked = searcher.list(TaskQuery.newBuilder().status("bloqué").build());
 * System.out.println(blocked.results().size() + " of " + blocked.total() + " tasks");
 * }</pre>
 *
 * @param <T> the record listed
 * @since 0.6
 */
public sealed interface NoteQuery<T extends Note>
    permits TaskQuery, ChangelogQuery, StateQuery, DescriptionQuery, BucketQuery {
  /** The words to look for; {@code "*"} for every record of the kind, newest first. */
  String query();

  /** Only this project's records; empty for every project (and the root file, if any). */
  Optional<String> project();

  /** The most records listed, at least 1. */
  int limit();

  /** {@link Mode#FAST} or {@link Mode#DEEP}. */
  Mode mode();
}
