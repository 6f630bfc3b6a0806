package org.qmd4j.spi;

import java.time.LocalDate;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import org.qmd4j.search.InvalidDateException;

/**
 * Expert: a typed query's condition on the record a chunk holds (a task's status, priority
 * and deadline, a changelog entry's tag, a bucket note's frontmatter type and tags), in two
 * equal forms: terms and a day range that an engine whose index holds each chunk's {@link
 * Fields record fields} answers inside the index, and a test of the chunk that any other
 * engine applies. An engine sees it in {@link ChunkFilter#record()} only when it says it
 * indexes record fields ({@link SearchEngine#indexesRecords()}); other engines receive the
 * same condition as part of {@link ChunkFilter#extra()}.
 *
 * @param terms record terms a passing chunk holds, every one ({@code kind:TASKS},
 *     {@code status:bloque}): {@code name:value} with the value folded
 * @param from inclusive lower bound on the record's day (a task's deadline), if any
 * @param to inclusive upper bound on the record's day, if any; with either bound, a chunk
 *     whose record has no day does not pass
 * @param test the same condition, as a test of the chunk
 * @since 0.9
 */
public record RecordCondition(Set<String> terms, Optional<LocalDate> from,
    Optional<LocalDate> to, Predicate<Chunk> test) implements Predicate<Chunk> {
  /** Checks the components and that {@code from} is not after {@code to}. */
  public RecordCondition {
    terms = Set.copyOf(Objects.requireNonNull(terms, "terms == null"));
    Objects.requireNonNull(from, "from == null");
    Objects.requireNonNull(to, "to == null");
    Objects.requireNonNull(test, "test == null");
    if (from.isPresent() && to.isPresent() && from.get().isAfter(to.get())) {
      throw new InvalidDateException(
          "Expected from <= to but was " + from.get() + " > " + to.get());
    }
  }

  @Override
  public boolean test(Chunk chunk) {
    return test.test(chunk);
  }

  /**
   * What an index holds of the record of one chunk, for {@link RecordCondition}s to be
   * answered there: its terms ({@code name:value}, the value folded) and its day, if any.
   *
   * @param terms the record terms of the chunk
   * @param day the record's day (a task's deadline), if any
   */
  public record Fields(Set<String> terms, Optional<LocalDate> day) {
    /** A chunk that holds no typed record. */
    public static final Fields NONE = new Fields(Set.of(), Optional.empty());

    public Fields {
      terms = Set.copyOf(Objects.requireNonNull(terms, "terms == null"));
      Objects.requireNonNull(day, "day == null");
    }
  }
}
