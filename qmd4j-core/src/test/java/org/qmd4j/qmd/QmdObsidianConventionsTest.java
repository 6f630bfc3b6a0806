package org.qmd4j.qmd;

import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.qmd4j.ObsidianConventionsTest;
import org.qmd4j.Searcher;

/**
 * Obsidian conventions on the real qmd 2.x found on PATH (CI installs 2.8.3): the tests of {@link
 * ObsidianConventionsTest}, where qmd ranks documents by the tag's words and qmd4j keeps the
 * chunks that carry the tag. Deep mode is left out (qmd needs its models). Skipped, saying why,
 * when no usable qmd is found.
 */
@Tag("qmd")
class QmdObsidianConventionsTest extends ObsidianConventionsTest {
  @Override
  protected Searcher open(Path vault, Path tmp) {
    return RealQmd.open(vault, tmp);
  }

  @Override
  protected boolean deepRuns() {
    return false;
  }
}
