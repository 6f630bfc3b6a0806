package org.qmd4j.qmd;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.qmd4j.SearchOptions;
import org.qmd4j.spi.BinaryLocator;
import org.qmd4j.spi.ProcessRunner;
import org.qmd4j.spi.QmdOptions;
import org.qmd4j.spi.SearchEngine;
import org.qmd4j.testkit.SearchEngineContract;
import org.qmd4j.vault.Chunker;
import org.qmd4j.vault.VaultLayout;

/**
 * The qmd engine, driving the real qmd 2.x found on PATH (CI installs 2.8.3) in a private
 * index, keeps the engine contract. Skipped, saying why, when no usable qmd is found.
 */
@Tag("qmd")
class QmdEngineContractTest extends SearchEngineContract {
  private static final QmdBinary.Probe PROBE = BinaryLocator.fromEnvironment(System.getenv())
      .locate().map(path -> QmdBinary.probe(path, ProcessRunner.system()))
      .orElse(new QmdBinary.Probe(Optional.empty(),
          "no qmd on PATH (.ci/run installs qmd 2.8.3 with Node 22)"));

  @Override
  protected SearchOptions options(Path cacheDir) {
    // qmd's own cache (its models) in the temporary folder: the user's is neither used nor
    // changed.
    Map<String, String> env = new HashMap<>();
    env.put("XDG_CACHE_HOME", cacheDir.resolve("xdg-cache").toString());
    return super.options(cacheDir).withEnvironment(env);
  }

  @Override
  protected SearchEngine.Factory factory() {
    Assumptions.assumeTrue(PROBE.binary().isPresent(),
        () -> "qmd 2.x not found on PATH: " + PROBE.problem());
    QmdBinary binary = PROBE.binary().get();
    return context -> QmdEngine.open(context.vault(), layoutOf(context),
        context.cacheDir().resolve("qmd"), binary, QmdOptions.DEFAULT, Chunker.defaults(),
        context.environment());
  }

  private static VaultLayout layoutOf(SearchEngine.Context context) {
    try {
      return VaultLayout.of(context.vault(), Optional.of(context.layout()));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
