package org.qmd4j.watch;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.qmd4j.spi.FileStamp;
import org.qmd4j.vault.VaultLayout;
import org.qmd4j.vault.VaultScanner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Checks a watcher's first look once, on a thread of its own: a walk made after that look is
 * compared with the stamps it handed out, and every path that differs (added, gone or stamped
 * otherwise) is handed to the watcher as changed, so that the next look reports it. A change
 * made while the folders were being registered is then never lost for good, even when neither
 * the registration walk nor an event saw it (seen on a loaded machine: a file renamed into a
 * folder while that folder was being registered and listed). Paths that changed after the
 * first look are reported twice at most, which costs a re-read and never a wrong answer.
 */
final class FirstLookCheck {
  private static final Logger LOG = LoggerFactory.getLogger(FirstLookCheck.class);

  private FirstLookCheck() {}

  /**
   * Starts checking {@code given}, the stamps a first look handed out, against a walk of
   * {@code vault}; {@code changed} receives the paths that differ (not called when none do),
   * or null when the walk failed (everything must then be walked again).
   */
  static CompletableFuture<Void> start(Path vault, VaultLayout layout,
      Map<String, FileStamp> given, Consumer<Set<String>> changed) {
    CompletableFuture<Void> done = new CompletableFuture<>();
    Thread thread = new Thread(() -> {
      try {
        Set<String> differ = differences(given, VaultScanner.stamps(vault, layout));
        if (!differ.isEmpty()) {
          LOG.debug("The first look at {} missed {} change(s): {}", vault, differ.size(),
              differ.size() > 8 ? differ.size() + " paths" : differ);
          changed.accept(differ);
        }
      } catch (IOException | RuntimeException e) {
        LOG.debug("Cannot check the first look at {} ({}): walking it", vault, e.toString());
        changed.accept(null);
      } finally {
        done.complete(null);
      }
    }, "qmd4j-watch-check");
    thread.setDaemon(true);
    thread.setPriority(Thread.MIN_PRIORITY);
    thread.start();
    return done;
  }

  /** The paths whose stamps differ between {@code given} and {@code now}, either way. */
  static Set<String> differences(Map<String, FileStamp> given, Map<String, FileStamp> now) {
    Set<String> out = new HashSet<>();
    for (Map.Entry<String, FileStamp> e : now.entrySet()) {
      if (!e.getValue().equals(given.get(e.getKey()))) out.add(e.getKey());
    }
    for (String path : given.keySet()) {
      if (!now.containsKey(path)) out.add(path);
    }
    return out;
  }
}
