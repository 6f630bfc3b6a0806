package org.qmd4j.solr;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.qmd4j.search.EngineException;
import org.qmd4j.search.IndexException;
import org.qmd4j.spi.EngineQuery;
import org.qmd4j.spi.Hit;
import org.qmd4j.spi.SearchEngine;
import org.qmd4j.spi.Vocabulary;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Solr engine with the embedded engine behind it, when the user asked for it
 * ({@link SolrTarget#withFallback}): a search the cluster cannot answer is answered by the
 * embedded engine (opened on first need, its index in the vault's cache folder), every hit
 * marked degraded with the cluster's failure. An unreadable vault is no cluster failure and
 * is thrown as it is.
 */
final class Fallback implements SearchEngine {
  private static final Logger LOG = LoggerFactory.getLogger(Fallback.class);

  private final SearchEngine solr;
  private final Supplier<SearchEngine> opener;
  private SearchEngine embedded; // guarded by this

  Fallback(SearchEngine solr, Supplier<SearchEngine> opener) {
    this.solr = solr;
    this.opener = opener;
  }

  @Override
  public String name() {
    return solr.name();
  }

  @Override
  public List<Hit> search(EngineQuery query) {
    try {
      return solr.search(query);
    } catch (IndexException e) {
      throw e;
    } catch (EngineException e) {
      String reason = "the embedded engine answered: " + e.getMessage();
      LOG.warn("{} (results flagged degraded)", reason);
      List<Hit> out = new ArrayList<>();
      for (Hit h : embedded().search(query)) out.add(h.degraded(reason));
      return out;
    }
  }

  @Override
  public Optional<Vocabulary> vocabulary() {
    Optional<Vocabulary> primary = solr.vocabulary();
    if (primary.isEmpty()) return primary;
    Vocabulary v = primary.get();
    return Optional.of(new Vocabulary() {
      @Override
      public boolean holds(String word) {
        try {
          return v.holds(word);
        } catch (EngineException e) {
          return embedded().vocabulary().map(f -> f.holds(word)).orElse(true);
        }
      }

      @Override
      public List<String> nearest(String word, int maxEdits, int max) {
        try {
          return v.nearest(word, maxEdits, max);
        } catch (EngineException e) {
          return embedded().vocabulary().map(f -> f.nearest(word, maxEdits, max))
              .orElse(List.of());
        }
      }
    });
  }

  @Override
  public String indexLocation() {
    return solr.indexLocation();
  }

  @Override
  public Map<String, String> diagnostics() {
    Map<String, String> out = new LinkedHashMap<>(solr.diagnostics());
    out.put("solr fallback", "when the cluster fails, the embedded engine answers (results"
        + " flagged degraded)");
    return out;
  }

  private synchronized SearchEngine embedded() {
    if (embedded == null) embedded = opener.get();
    return embedded;
  }

  @Override
  public synchronized void close() {
    solr.close();
    if (embedded != null) embedded.close();
  }
}
