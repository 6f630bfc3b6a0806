package org.qmd4j.embedded;

import java.time.LocalDate;
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
 * The parts of a {@link ChunkFilter} that the index answers itself, as a Lucene filter (issue
 * 17): the scope (a project's or a kind's term, a folder's path prefix) and the date bounds (a
 * range on the chunk's date points). Ranking then visits only chunks that pass them, and reads
 * stored fields only of the hits it returns; the filter's extra condition (find's and the
 * typed facade's, a Java predicate) is still tested on each hit read.
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

  /** The scope and date bounds of {@code filter} as one query; empty when they pass all. */
  static Optional<Query> of(ChunkFilter filter) {
    Optional<Query> scope = scope(filter.scope());
    Optional<Query> dates = dates(filter.from(), filter.to());
    if (scope.isEmpty()) return dates;
    if (dates.isEmpty()) return scope;
    return Optional.of(new BooleanQuery.Builder()
        .add(scope.get(), Occur.FILTER)
        .add(dates.get(), Occur.FILTER)
        .build());
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
