package org.qmd4j.vault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A note saved the way editors save (a new file renamed over the old one) while it is being
 * opened: the save lands between the open and the check after it, through the
 * {@link InsideVault#AFTER_OPEN} hook, so the interleaving is the same at every run.
 */
class InsideVaultTest {
  private static final String NOTE = "projects/startup-x/tasks.md";

  @TempDir Path vault;

  @AfterEach
  void removeHook() {
    InsideVault.AFTER_OPEN.remove();
  }

  @Test
  void aNoteSavedWhileItIsOpenedReadsAsItsNewVersionNotAsRefused() throws Exception {
    Path file = note("# Signer la term sheet\nVersion 1\n");
    AtomicInteger saves = new AtomicInteger();
    InsideVault.AFTER_OPEN.set(() -> {
      if (saves.getAndIncrement() == 0) save(file, "# Signer la term sheet\nVersion 2\n");
    });

    // Refused before the fix ("replaced while it was being opened"): the indexer took that
    // for a deleted note and dropped it from the index (TypedSearchConcurrencyTest).
    byte[] read = InsideVault.readAllBytes(vault, NOTE);

    assertThat(new String(read, StandardCharsets.UTF_8))
        .isEqualTo("# Signer la term sheet\nVersion 2\n");
    assertThat(saves).hasValue(2); // opened again once, and that open was not disturbed
  }

  @Test
  void theHeadOfANoteSavedWhileItIsOpenedIsTheNewVersionsHead() throws Exception {
    Path file = note("---\ntype: idée\n---\nold\n");
    AtomicInteger saves = new AtomicInteger();
    InsideVault.AFTER_OPEN.set(() -> {
      if (saves.getAndIncrement() == 0) save(file, "---\ntype: référence\n---\nnew\n");
    });

    assertThat(FrontmatterReader.read(vault, NOTE).string("type")).contains("référence");
  }

  @Test
  void aNoteReplacedAtEveryOpenIsRefusedAfterTheLastAttempt() throws Exception {
    Path file = note("v0\n");
    AtomicInteger saves = new AtomicInteger();
    InsideVault.AFTER_OPEN.set(() -> save(file, "v" + saves.incrementAndGet() + "\n"));

    assertThatThrownBy(() -> InsideVault.readAllBytes(vault, NOTE))
        .isInstanceOf(NotRegularFileException.class)
        .hasMessage("tasks.md: replaced while it was being opened, "
            + InsideVault.OPEN_ATTEMPTS + " times in a row");
    assertThat(saves).hasValue(InsideVault.OPEN_ATTEMPTS);
  }

  private Path note(String text) throws IOException {
    Path file = vault.resolve(NOTE);
    Files.createDirectories(file.getParent());
    Files.writeString(file, text, StandardCharsets.UTF_8);
    return file;
  }

  /** Writes {@code text} beside {@code file}, then renames it over the file. */
  private static void save(Path file, String text) {
    try {
      Path tmp = file.resolveSibling("." + file.getFileName() + ".tmp");
      Files.writeString(tmp, text, StandardCharsets.UTF_8);
      Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
