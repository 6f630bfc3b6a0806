package org.qmd4j.qmd;

import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.qmd4j.QuerySyntaxSearchTest;
import org.qmd4j.Searcher;

/**
 * Quoted phrases and exclusions on the real qmd 2.x found on PATH (CI installs 2.8.3): the
 * tests of {@link QuerySyntaxSearchTest}, where qmd gets the phrases in its lex syntax and
 * qmd4j checks phrases and exclusions per chunk. Skipped, saying why, when no usable qmd is
 * found.
 */
@Tag("qmd")
class QmdQuerySyntaxSearchTest extends QuerySyntaxSearchTest {
  @Override
  protected Searcher open(Path vault, Path tmp) {
    return RealQmd.open(vault, tmp);
  }
}
