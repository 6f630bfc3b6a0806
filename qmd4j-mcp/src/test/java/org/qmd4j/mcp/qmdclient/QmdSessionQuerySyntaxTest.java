package org.qmd4j.mcp.qmdclient;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.qmd4j.QuerySyntaxSearchTest;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.spi.BinaryLocator;

/**
 * Quoted phrases and exclusions through qmd's resident {@code qmd mcp} session, whose typed
 * {@code lex} searches check their syntax (a lex search with an odd number of quotes is
 * refused): the tests of {@link QuerySyntaxSearchTest} against the real qmd 2.x on PATH.
 * Skipped, saying why, when no qmd is found.
 */
@Tag("qmd")
class QmdSessionQuerySyntaxTest extends QuerySyntaxSearchTest {
  private static final Optional<Path> QMD =
      BinaryLocator.fromEnvironment(System.getenv()).locate();

  @Override
  protected Searcher open(Path vault, Path tmp) {
    Assumptions.assumeTrue(QMD.isPresent(), "no qmd on PATH (.ci/run installs qmd 2.8.3)");
    Searcher searcher = SearchProviders.forVault(vault, QmdSessionIntegrationTest.options(tmp));
    return searcher;
  }
}
