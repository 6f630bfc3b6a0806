package org.qmd4j.qmd;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.qmd4j.search.QmdFailedException;
import org.qmd4j.search.QmdUnavailableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Heals qmd's private index ({@code index.sqlite}) found damaged under a running process:
 * qmd failing with SQLite's words for a damaged file, or the file deleted, replaced, emptied
 * or changed by something other than qmd4j's own updates (SQLite moving an update's logged
 * frames into it is no change). The index is derived data: its files are removed and qmd
 * re-indexes the vault from its collection, under qmd4j's update lock and while no other qmd
 * run of this process reads the index (searches wait), then the resident {@code qmd mcp}
 * session, which still holds the old file open, is restarted. An attached index (the user's own) is never touched. One warning per heal.
 */
final class QmdIndexHealer {
  private static final Logger LOG = LoggerFactory.getLogger(QmdIndexHealer.class);
  /** What SQLite and better-sqlite3 say of a damaged or replaced database file. */
  private static final List<String> DAMAGE = List.of("file is not a database", "malformed",
      "sqlite_corrupt", "sqlite_notadb", "sqlite_ioerr", "sqlite_cantopen",
      "database disk image", "no such table", "disk i/o error", "unable to open database");

  private final Path vault;
  private final Path indexFile;
  private final QmdFreshness freshness;
  private final QmdCollection collection;
  private final ResidentSession session;
  private final QmdCommands commands;

  QmdIndexHealer(Path vault, Path indexFile, QmdFreshness freshness, QmdCollection collection,
      ResidentSession session, QmdCommands commands) {
    this.commands = commands;
    this.vault = vault;
    this.indexFile = indexFile;
    this.freshness = freshness;
    this.collection = collection;
    this.session = session;
  }

  /** Whether {@code e} (a qmd or session failure) says that the index file is damaged. */
  static boolean isDamage(RuntimeException e) {
    String text = String.valueOf(e.getMessage());
    if (e instanceof QmdFailedException) text += "\n" + ((QmdFailedException) e).stderrTail();
    String lower = text.toLowerCase(Locale.ROOT);
    return DAMAGE.stream().anyMatch(lower::contains);
  }

  /**
   * What {@code call} answers; when qmd fails with words of a damaged index and {@code
   * healable}, the index is rebuilt and {@code call} asked once more.
   */
  <T> T healing(boolean healable, QmdFreshness.IoCall<T> call) throws IOException {
    try {
      return call.run();
    } catch (QmdFailedException | QmdUnavailableException e) {
      if (!healable || !isDamage(e)) throw e;
      heal("qmd reports a damaged database file");
      return call.run();
    }
  }

  /** Heals when the index file changed since qmd4j's last update; returns whether it did. */
  boolean healIfChangedBehindUs() throws IOException {
    if (!freshness.indexChangedBehindUs()) return false;
    synchronized (freshness.lock()) {
      // The first look runs beside updates: a qmd update of another search, still writing the
      // file, looks like a change behind our back, and healing then emptied the index under
      // searches in flight. Looked at again while no update runs, it is only a real change.
      if (!freshness.indexChangedWhileNoUpdateRuns()) return false;
      heal(Files.exists(indexFile) ? "its file was changed by another program"
          : "its file was deleted");
    }
    return true;
  }

  /** Removes the index files, re-indexes the vault and restarts the session. */
  void heal(String why) throws IOException {
    synchronized (freshness.lock()) {
      LOG.warn("qmd's index of the vault {} is damaged ({}); rebuilding it from the vault, "
          + "searches wait for it", vault, why);
      session.restart(); // the running qmd mcp holds the damaged file open
      commands.withIndexAlone(() -> {
        for (String suffix : List.of("", "-wal", "-shm", "-journal")) {
          Files.deleteIfExists(Path.of(indexFile + suffix));
        }
        collection.ensure(); // qmd update: the collection is in qmd's config, not the file
      });
      session.restart(); // a session started meanwhile opened the file being rebuilt
    }
  }
}
