package org.qmd4j.watch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.RandomVaultEdits;
import org.qmd4j.spi.ChangeFeed.Changes;
import org.qmd4j.spi.FileStamp;
import org.qmd4j.vault.VaultLayout;
import org.qmd4j.vault.VaultScanner;

/**
 * One walk at start: the watcher's registration walk stats the files too, and its first look
 * hands those stamps on, with what changed since stat-ed again, so that they are the vault as a
 * walk at that look would find it; never older.
 */
class WatcherFirstLookTest {
  @TempDir Path tmp;

  @Test
  void theFirstLookGivesTheVaultAsAWalkWouldFindIt() throws IOException {
    Path vault = Files.createDirectories(tmp.resolve("v")).toRealPath();
    Files.createDirectories(vault.resolve("bucket/old"));
    Files.writeString(vault.resolve("bucket/a.md"), "# A\n");
    Files.writeString(vault.resolve("bucket/gone.md"), "# Gone\n");
    Files.writeString(vault.resolve("bucket/old/b.md"), "# B\n");
    try (VaultFeed feed = VaultFeed.watchOrWalk(vault, VaultLayout.PROJECTS)) {
      // Changes after the registration walk, before the first look.
      Files.writeString(vault.resolve("bucket/a.md"), "# A, longer now\n");
      Files.delete(vault.resolve("bucket/gone.md"));
      Files.createDirectories(vault.resolve("bucket/new/deep"));
      Files.writeString(vault.resolve("bucket/new/deep/c.md"), "# C\n");
      Files.writeString(vault.resolve("bucket/old/d.md"), "# D\n");
      Files.writeString(vault.resolve("bucket/notes.txt"), "not indexed");

      VaultFeed.Look first = feed.look();
      assertThat(first.changes()).isEqualTo(Changes.EVERYTHING);
      assertThat(first.stamps()).as("the registration walk's stamps").isPresent();
      assertThat(first.stamps().get()).isEqualTo(VaultScanner.stamps(vault, VaultLayout.PROJECTS))
          .containsOnlyKeys("bucket/a.md", "bucket/old/b.md", "bucket/old/d.md",
              "bucket/new/deep/c.md");

      VaultFeed.Look second = feed.look();
      assertThat(second.changes()).isEqualTo(Changes.NONE);
      assertThat(second.stamps()).as("given once").isEmpty();
    }
  }

  @Test
  void manyChangesBeforeTheFirstLookAreWalked() throws IOException {
    Path vault = Files.createDirectories(tmp.resolve("v")).toRealPath();
    Files.createDirectories(vault.resolve("bucket"));
    try (VaultFeed feed = VaultFeed.watchOrWalk(vault, VaultLayout.PROJECTS)) {
      for (int i = 0; i < 100; i++) Files.writeString(vault.resolve("bucket/n" + i + ".md"), "x");
      VaultFeed.Look first = feed.look();
      assertThat(first.changes()).isEqualTo(Changes.EVERYTHING);
      assertThat(first.stamps()).as("a walk of its own is cheaper").isEmpty();
    }
  }

  /**
   * A watcher started in the background while a writer edits the vault at random: its first
   * look's stamps are those of a walk made right after it, whatever the registration walk saw;
   * where they are not (a change whose event was lost while its folder was being registered,
   * seen under load), the check of the first look makes the next look report it.
   */
  @Test
  void editsDuringTheRegistrationWalkAreInTheFirstLook() throws Exception {
    for (int round = 0; round < 5; round++) {
      RandomVaultEdits edits = RandomVaultEdits.newVault(tmp.resolve("vault" + round),
          "WatcherFirstLookTest " + round);
      Path vault = edits.vault().toRealPath();
      try (VaultFeed feed = VaultFeed.watchOrWalkInBackground(vault, VaultLayout.PROJECTS)) {
        CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
          try {
            for (int i = 0; i < 30; i++) edits.step();
          } catch (IOException e) {
            throw new IllegalStateException(e);
          }
        });
        writer.get();
        VaultFeed.Look first = feed.look();
        Map<String, FileStamp> now = VaultScanner.stamps(vault, VaultLayout.PROJECTS);
        assertThat(first.changes()).isEqualTo(Changes.EVERYTHING);
        ((StartingWatcher) feed).firstLookChecked().get(30, TimeUnit.SECONDS);
        Changes next = feed.look().changes();
        first.stamps().ifPresent(stamps -> {
          Set<String> wrong = FirstLookCheck.differences(stamps, now);
          if (!next.everything()) {
            assertThat(next.paths()).as("seed %d: reported by the next look", edits.seed())
                .containsAll(wrong);
          }
        });
        assertThat(feed.watching()).isTrue();
      }
    }
  }

  @Test
  void theCheckOfTheFirstLookReportsWhatItMissedEitherWay() throws Exception {
    Path vault = Files.createDirectories(tmp.resolve("v")).toRealPath();
    Files.createDirectories(vault.resolve("bucket"));
    Files.writeString(vault.resolve("bucket/kept.md"), "# Kept\n");
    Files.writeString(vault.resolve("bucket/missed.md"), "# Missed\n");
    Files.writeString(vault.resolve("bucket/edited.md"), "# Edited\n");
    Map<String, FileStamp> handedOut = new java.util.HashMap<>(
        VaultScanner.stamps(vault, VaultLayout.PROJECTS));
    handedOut.remove("bucket/missed.md");
    handedOut.put("bucket/ghost.md", handedOut.get("bucket/kept.md"));
    Files.writeString(vault.resolve("bucket/edited.md"), "# Edited, and longer\n");

    CompletableFuture<Set<String>> reported = new CompletableFuture<>();
    FirstLookCheck.start(vault, VaultLayout.PROJECTS, handedOut, reported::complete)
        .get(30, TimeUnit.SECONDS);
    assertThat(reported.getNow(Set.of("not called")))
        .containsExactlyInAnyOrder("bucket/missed.md", "bucket/ghost.md", "bucket/edited.md");

    CompletableFuture<Set<String>> none = new CompletableFuture<>();
    FirstLookCheck.start(vault, VaultLayout.PROJECTS,
        VaultScanner.stamps(vault, VaultLayout.PROJECTS), none::complete)
        .get(30, TimeUnit.SECONDS);
    assertThat(none).as("nothing missed: nothing reported").isNotDone();
  }
}
