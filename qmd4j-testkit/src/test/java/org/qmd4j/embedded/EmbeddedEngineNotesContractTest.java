package org.qmd4j.embedded;

import java.nio.file.Path;
import org.qmd4j.spi.IndexProgress;
import org.qmd4j.spi.SearchEngine;
import org.qmd4j.testkit.SearchEngineContract;
import org.qmd4j.testkit.TestVaults;
import org.qmd4j.vault.Chunker;
import org.qmd4j.vault.VaultLayout;
import org.qmd4j.watch.VaultFeed;

/** The embedded engine keeps the engine contract on a vault of the notes layout. */
class EmbeddedEngineNotesContractTest extends SearchEngineContract {
  @Override
  protected Path copyVault(Path target) {
    return TestVaults.copyNotesVault(target);
  }

  @Override
  protected String filteredScope() {
    return "folder:journal";
  }

  @Override
  protected SearchEngine.Factory factory() {
    return context -> EmbeddedEngine.open(context.vault(), null, Chunker.defaults(),
        VaultFeed.walkEveryTime(layoutOf(context)), IndexProgress.NONE);
  }

  static VaultLayout layoutOf(SearchEngine.Context context) {
    try {
      return VaultLayout.of(context.vault(), java.util.Optional.of(context.layout()));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
