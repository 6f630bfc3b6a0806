package org.qmd4j.qmd;

import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.qmd4j.testkit.TestVaults;

/**
 * The qmd engine, driving the real qmd, keeps the engine contract on a vault of the notes
 * layout: its collection mask follows the layout, and the ignore file, which qmd
 * does not read, is applied when its hits are mapped back to the vault's chunks.
 */
@Tag("qmd")
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
