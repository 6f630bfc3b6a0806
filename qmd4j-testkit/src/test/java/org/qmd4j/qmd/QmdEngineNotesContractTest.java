package org.qmd4j.qmd;

import java.nio.file.Path;
import org.qmd4j.testkit.TestVaults;

/**
 * The qmd engine keeps the engine contract on a vault of the notes layout: dates (frontmatter,
 * a day in the file name, the file time) are qmd4j's, whatever qmd reads. Skipped, saying why,
 * when no usable qmd is found.
 */
class QmdEngineNotesContractTest extends QmdEngineContractTest {
  @Override
  protected Path copyVault(Path target) {
    return TestVaults.copyNotesVault(target);
  }

  @Override
  protected String filteredScope() {
    return "folder:journal";
  }
}
