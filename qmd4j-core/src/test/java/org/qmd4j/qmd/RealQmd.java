package org.qmd4j.qmd;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.qmd4j.EngineChoice;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.spi.BinaryLocator;
import org.qmd4j.spi.ProcessRunner;

/**
 * The real qmd 2.x found on PATH (CI installs 2.8.3), for the suites that run an
 * embedded-engine test class again on qmd: a searcher forced to the qmd engine, its index,
 * config and models' cache in the test's folder; the test is skipped, saying why, when no
 * usable qmd is found.
 */
final class RealQmd {
  private static final QmdBinary.Probe PROBE = BinaryLocator.fromEnvironment(System.getenv())
      .locate().map(path -> QmdBinary.probe(path, ProcessRunner.system()))
      .orElse(new QmdBinary.Probe(Optional.empty(),
          "no qmd on PATH (.ci/run installs qmd 2.8.3 with Node 22)"));

  private RealQmd() {}

  /** A qmd-engine searcher of {@code vault}, its state under {@code tmp}; skips without qmd. */
  static Searcher open(Path vault, Path tmp) {
    Assumptions.assumeTrue(PROBE.binary().isPresent(),
        () -> "qmd 2.x not found on PATH: " + PROBE.problem());
    Map<String, String> env = new HashMap<>(System.getenv());
    env.remove("QMD4J_SEARCH_FALLBACK");
    env.remove(BinaryLocator.BINARY_ENV);
    env.put("XDG_CACHE_HOME", tmp.resolve("xdg-cache").toString());
    return SearchProviders.forVault(vault, SearchOptions.DEFAULT
        .withEngine(EngineChoice.QMD)
        .withCacheDir(tmp.resolve("cache"))
        .withInMemoryIndex(true)
        .withClock(Fixtures.CLOCK)
        .withEnvironment(env));
  }
}
