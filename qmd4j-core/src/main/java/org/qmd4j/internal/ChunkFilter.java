package org.qmd4j.internal;

import java.time.LocalDate;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;
import org.qmd4j.Scope;
import org.qmd4j.vault.Chunk;

/**
 * The scope and date filter of a search, the one definition both engines apply.
 *
 * <p>A chunk passes when its file is in scope and, if a bound is given, its date (the H1
 * day of a changelog chunk, the frontmatter {@code updated} of any other file) is known and
 * within the inclusive bounds. A chunk without a usable date passes only when no bound is
 * given.
 *
 * @param scope the part of the vault searched
 * @param from inclusive lower bound, if any
 * @param to inclusive upper bound, if any
 */
public record ChunkFilter(Scope scope, Optional<LocalDate> from, Optional<LocalDate> to)
    implements Predicate<Chunk> {
  public ChunkFilter {
    Objects.requireNonNull(scope, "scope == null");
    Objects.requireNonNull(from, "from == null");
    Objects.requireNonNull(to, "to == null");
  }

  @Override
  public boolean test(Chunk chunk) {
    if (!scope.includes(chunk.file().kind(), chunk.file().project())) return false;
    if (from.isEmpty() && to.isEmpty()) return true;
    if (chunk.date().isEmpty()) return false;
    LocalDate d = chunk.date().get();
    return (from.isEmpty() || !d.isBefore(from.get())) && (to.isEmpty() || !d.isAfter(to.get()));
  }

  /** Whether every chunk passes: whole vault, no date bound. */
  public boolean passesEverything() {
    return scope.equals(Scope.vault()) && from.isEmpty() && to.isEmpty();
  }
}
