package org.qmd4j.qmd;

import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.qmd4j.Searcher;
import org.qmd4j.SpellingTest;

/**
 * Spelling corrections on the real qmd 2.x found on PATH (CI installs 2.8.3): the tests of {@link
 * SpellingTest}. Skipped, saying why, when no usable qmd is found.
 */
@Tag("qmd")
class QmdSpellingTest extends SpellingTest {
  /** qmd answers no empty document here, so no hit maps to an empty note's chunk. */
  @Override
  protected boolean findsEmptyNotes() {
    return false;
  }

  @Override
  protected Searcher open(Path vault, Path tmp) {
    return RealQmd.open(vault, tmp);
  }
}
