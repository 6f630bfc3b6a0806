package org.qmd4j.embedded;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.List;
import java.util.function.Predicate;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.SearcherManager;
import org.qmd4j.search.Mode;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.ChunkFilter;
import org.qmd4j.spi.Hit;

/**
 * Benchmark helper: runs {@link EmbeddedEngine#search}'s ranking <em>without</em> the
 * freshness walk ({@code refresh()}) that every real search starts with, so that
 * "Lucene + chunk rebuilding" and "stat walk" can be timed apart.
 *
 * <p>It calls the engine's own private {@code ranked} and {@code deep} methods and its
 * {@code searchers} manager through a private lookup (same package, class path), so the
 * timed code is exactly the engine's. If those members are renamed the constructor fails
 * with a message saying which one is missing.
 */
public final class RawSearch {
  private static final Predicate<Chunk> WHOLE_VAULT = ChunkFilter.EVERYTHING;

  private final EmbeddedEngine engine;
  private final SearcherManager searchers;
  private final MethodHandle ranked;
  private final MethodHandle deep;

  public RawSearch(EmbeddedEngine engine) {
    this.engine = engine;
    try {
      MethodHandles.Lookup lookup =
          MethodHandles.privateLookupIn(EmbeddedEngine.class, MethodHandles.lookup());
      this.searchers = (SearcherManager) lookup
          .findGetter(EmbeddedEngine.class, "searchers", SearcherManager.class)
          .invoke(engine);
      this.ranked = lookup.findVirtual(EmbeddedEngine.class, "ranked", MethodType.methodType(
          List.class, IndexSearcher.class, Query.class, boolean.class, Predicate.class,
          int.class));
      this.deep = lookup.findVirtual(EmbeddedEngine.class, "deep", MethodType.methodType(
          List.class, IndexSearcher.class, QueryPlan.class, Predicate.class, int.class));
    } catch (Throwable e) {
      throw new IllegalStateException("EmbeddedEngine no longer has the private members "
          + "RawSearch times (searchers, ranked, deep): " + e, e);
    }
  }

  /** The engine's search of the whole vault, minus its {@code refresh()}. */
  @SuppressWarnings("unchecked")
  public List<Hit> search(String query, Mode mode, int limit) {
    try {
      IndexSearcher searcher = searchers.acquire();
      try {
        QueryPlan plan = QueryPlan.of(query);
        if (plan.isEmpty()) return List.of();
        if (mode == Mode.FAST) {
          return (List<Hit>) ranked.invoke(engine, searcher, plan.tiered(), true, WHOLE_VAULT,
              limit);
        }
        return (List<Hit>) deep.invoke(engine, searcher, plan, WHOLE_VAULT, limit);
      } finally {
        searchers.release(searcher);
      }
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException(e);
    }
  }
}
