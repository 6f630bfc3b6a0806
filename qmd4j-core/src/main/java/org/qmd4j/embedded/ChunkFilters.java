package org.qmd4j.embedded;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.PrefixQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;
import org.qmd4j.search.Scope;
import org.qmd4j.spi.ChunkFilter;

/**
 * The parts of a {@link ChunkFilter} that the index answers itself, as a Lucene filter: the
 * scope (a project's or a kind's term, a folder's path prefix), the date bounds (a range on
 * the chunk's date points) and a typed query's record condition ({@link RecordFields}).
 * Ranking then visits only chunks that pass them, and reads stored fields only of the hits it
 * returns; the filter's extra condition (find's, a
 * Java predicate) is still tested on each hit read.
 */
final class ChunkFilters {
  private ChunkFilters() {}

  /** {@code query} restricted to the chunks that pass {@code filter}'s scope and dates. */
  static Query restrict(Query query, ChunkFilter filter) {
    Optional<Query> only = of(filter);
    if (only.isEmpty()) return query;
    return new BooleanQuery.Builder()
        .add(query, Occur.MUST)
        .add(only.get(), Occur.FILTER) // no part in the score
        .build();
  }

  /**
   * The scope, date bounds and record condition of {@code filter} as one query; empty when
   * they pass all.
   */
  static Optional<Query> of(ChunkFilter filter) {
    BooleanQuery.Builder all = new BooleanQuery.Builder();
    List<Query> parts = new ArrayList<>();
    scope(filter.scope()).ifPresent(parts::add);
    dates(filter.from(), filter.to()).ifPresent(parts::add);
    RecordFields.of(filter.record()).ifPresent(parts::add);
    if (parts.size() <= 1) return parts.stream().findFirst();
    for (Query part : parts) all.add(part, Occur.FILTER);
    return Optional.of(all.build());
  }

  /**
   * What the index does not answer of {@code filter}, tested on each chunk read: all of it
   * but its record condition.
   */
  static ChunkFilter javaSide(ChunkFilter filter) {
    return filter.withoutRecord();
  }

  private static Optional<Query> scope(Scope scope) {
    if (scope instanceof Scope.Project p) {
      return Optional.of(new TermQuery(new Term(Fields.PROJECT, p.name())));
    }
    if (scope instanceof Scope.OfKind k) {
      return Optional.of(new TermQuery(new Term(Fields.KIND, k.kind().name())));
    }
    if (scope instanceof Scope.Folder f) {
      return Optional.of(new PrefixQuery(new Term(Fields.PATH, f.path() + "/")));
    }
    return Optional.empty(); // the whole vault
  }

  /** A chunk without a date has no point: any bound leaves it out, as the filter says. */
  private static Optional<Query> dates(Optional<LocalDate> from, Optional<LocalDate> to) {
    if (from.isEmpty() && to.isEmpty()) return Optional.empty();
    long low = from.map(LocalDate::toEpochDay).orElse(Long.MIN_VALUE);
    long high = to.map(LocalDate::toEpochDay).orElse(Long.MAX_VALUE);
    return Optional.of(LongPoint.newRangeQuery(Fields.DATE, low, high));
  }
}
