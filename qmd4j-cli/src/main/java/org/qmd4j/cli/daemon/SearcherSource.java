package org.qmd4j.cli.daemon;

import java.nio.file.Path;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;

/**
 * Where a command gets its {@link Searcher}: opened for the command and closed after it
 * ({@link #DIRECT}, in-process), or lent from the daemon's warm ones.
 */
public interface SearcherSource {
  /** Opens a searcher and closes it when the lease is closed. */
  SearcherSource DIRECT = (vault, options) -> owned(SearchProviders.forVault(vault, options));

  /** A lease of {@code searcher} that closes it. */
  static Lease owned(Searcher searcher) {
    return new Lease() {
      @Override
      public Searcher searcher() {
        return searcher;
      }

      @Override
      public void close() {
        searcher.close();
      }
    };
  }

  /** A searcher for {@code vault} built as {@link SearchProviders#forVault} would build it. */
  Lease open(Path vault, SearchOptions options);

  /** A searcher lent for one command; close it when done. */
  interface Lease extends AutoCloseable {
    Searcher searcher();

    @Override
    void close();
  }
}
