package org.qmd4j.embedded;

import org.qmd4j.spi.SearchEngine;
import org.qmd4j.testkit.SearchEngineContract;
import org.qmd4j.vault.Chunker;

/** The embedded Lucene engine, with its index in memory, keeps the engine contract. */
class EmbeddedEngineContractTest extends SearchEngineContract {
  @Override
  protected SearchEngine.Factory factory() {
    return context -> EmbeddedEngine.open(context.vault(), null, Chunker.defaults());
  }
}
