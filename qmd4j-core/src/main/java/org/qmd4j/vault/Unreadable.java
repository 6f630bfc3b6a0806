package org.qmd4j.vault;

import java.nio.file.AccessDeniedException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Files and folders of a vault that the process may not read (mode 000, another owner): they
 * are skipped like any other bad file, with one warning per path for the life of the process,
 * so search, brief, find and tree keep working. Thread-safe.
 */
public final class Unreadable {
  private static final Logger LOG = LoggerFactory.getLogger(Unreadable.class);
  // Bounded so that a vault of many locked files cannot grow it without end.
  private static final int MAX_REMEMBERED = 10_000;
  private static final Set<String> WARNED = ConcurrentHashMap.newKeySet();

  private Unreadable() {}

  /**
   * Logs, once per path, that {@code path} of {@code vault} is skipped because reading it was
   * refused.
   *
   * @param what "file" or "folder"
   */
  public static void skipped(Object vault, String path, String what, AccessDeniedException e) {
    String key = vault + "\u0000" + path;
    if (WARNED.size() < MAX_REMEMBERED && !WARNED.add(key)) return;
    LOG.warn("Skipping the unreadable {} {} of the vault {}: permission denied ({})", what,
        path, vault, e.getMessage());
  }
}
