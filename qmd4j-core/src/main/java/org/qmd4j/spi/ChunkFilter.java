package org.qmd4j.spi;

import java.time.LocalDate;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;
import org.qmd4j.search.InvalidDateException;
import org.qmd4j.search.Scope;

/**
 * Which chunks a search may return: its scope, its inclusive date bounds, and an extra
 * condition that {@code find} and the typed facade add. Every engine applies this one
 * definition while ranking, so that {@code limit} is still filled when enough chunks pass.
 *
 * <p>A chunk passes when its file is in scope, and, if a bound is given, its date (the H1 day
 * of a changelog chunk, the frontmatter {@code updated} of any other file) is known and within
 * the bounds, and it passes the extra condition if there is one. A chunk without a usable
 * date passes only when no bound is given.
 *
 * @param scope the part of the vault searched
 * @param from inclusive lower bound, already resolved against the clock, if any
 * @param to inclusive upper bound, already resolved against the clock, if any
 * @param extra a further condition on chunks, if any
 * @param record a typed query's condition on the record a chunk holds, for an engine that
 *     answers it in its index ({@link SearchEngine#indexesRecords()}); it is no part of
 *     {@code extra}, and {@link #test} applies both
 * @since 0.2
 */
public record ChunkFilter(Scope scope, Optional<LocalDate> from, Optional<LocalDate> to,
    Optional<Predicate<Chunk>> extra, Optional<RecordCondition> record)
    implements Predicate<Chunk> {

  /** Every chunk of the vault passes. */
  public static final ChunkFilter EVERYTHING =
      new ChunkFilter(Scope.vault(), Optional.empty(), Optional.empty(), Optional.empty());

  /** A filter without record condition. */
  public ChunkFilter(Scope scope, Optional<LocalDate> from, Optional<LocalDate> to,
      Optional<Predicate<Chunk>> extra) {
    this(scope, from, to, extra, Optional.empty());
  }

  /** Checks the components and that {@code from} is not after {@code to}. */
  public ChunkFilter {
    Objects.requireNonNull(scope, "scope == null");
    Objects.requireNonNull(from, "from == null");
    Objects.requireNonNull(to, "to == null");
    Objects.requireNonNull(extra, "extra == null");
    Objects.requireNonNull(record, "record == null");
    if (from.isPresent() && to.isPresent() && from.get().isAfter(to.get())) {
      throw new InvalidDateException(
          "Expected from <= to but was " + from.get() + " > " + to.get());
    }
  }

  /** A filter on scope and dates only. */
  public static ChunkFilter of(Scope scope, Optional<LocalDate> from, Optional<LocalDate> to) {
    return new ChunkFilter(scope, from, to, Optional.empty());
  }

  /** This filter with {@code condition} added (AND) to its extra condition. */
  public ChunkFilter withCondition(Predicate<Chunk> condition) {
    Objects.requireNonNull(condition, "condition == null");
    Predicate<Chunk> combined = extra.map(e -> e.and(condition)).orElse(condition);
    return new ChunkFilter(scope, from, to, Optional.of(combined), record);
  }

  /** This filter with {@code condition} as its record condition. */
  public ChunkFilter withRecord(RecordCondition condition) {
    Objects.requireNonNull(condition, "condition == null");
    return new ChunkFilter(scope, from, to, extra, Optional.of(condition));
  }

  /**
   * This filter without its record condition: what an engine that answers the record
   * condition in its index still tests chunk by chunk.
   */
  public ChunkFilter withoutRecord() {
    return record.isEmpty() ? this : new ChunkFilter(scope, from, to, extra);
  }

  @Override
  public boolean test(Chunk chunk) {
    if (!scope.includes(chunk.path(), chunk.file().kind(), chunk.file().project())) return false;
    if (from.isPresent() || to.isPresent()) {
      if (chunk.date().isEmpty()) return false;
      LocalDate d = chunk.date().get();
      if (from.isPresent() && d.isBefore(from.get())) return false;
      if (to.isPresent() && d.isAfter(to.get())) return false;
    }
    return (extra.isEmpty() || extra.get().test(chunk))
        && (record.isEmpty() || record.get().test(chunk));
  }

  /**
   * Whether every chunk passes: whole vault, no date bound, no extra or record condition.
   * Engines that fetch documents from elsewhere (qmd) then need no over-fetching to fill the limit.
   */
  public boolean passesEverything() {
    return scope.equals(Scope.vault()) && from.isEmpty() && to.isEmpty() && extra.isEmpty()
        && record.isEmpty();
  }
}
