package org.qmd4j.qmd;

import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.qmd4j.IdentifierSearchTest;
import org.qmd4j.Searcher;

/**
 * Code names on the real qmd 2.x found on PATH (CI installs 2.8.3): the tests of {@link
 * IdentifierSearchTest}, where qmd, which reads an identifier as one word, is asked for the
 * vault's identifiers holding a query word as a part, and qmd4j ranks the chunks. Skipped,
 * saying why, when no usable qmd is found.
 */
@Tag("qmd")
@Tag("slow")
class QmdIdentifierSearchTest extends IdentifierSearchTest {
  @Override
  protected Searcher open(Path vault, Path tmp) {
    return RealQmd.open(vault, tmp);
  }

  /** Each qmd search here is several qmd processes (the query, then its identifiers). */
  @Override
  protected int bandQueries() {
    return 12;
  }
}
