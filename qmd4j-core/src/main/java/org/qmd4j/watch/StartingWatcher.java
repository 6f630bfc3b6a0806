package org.qmd4j.watch;

import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.qmd4j.vault.VaultLayout;

/**
 * A {@link VaultWatcher} started on a thread of its own: registering the folders of a large
 * vault takes seconds (one inotify watch per folder), and a long-lived server opens its index
 * meanwhile. Every look at the changes waits until the watcher is started, so nothing is
 * missed: the watcher's first look reports everything, as ever. Thread-safe.
 */
final class StartingWatcher implements VaultFeed {
  private final VaultLayout layout;
  private final CompletableFuture<VaultFeed> started = new CompletableFuture<>();

  StartingWatcher(Path vault, VaultLayout layout) {
    this.layout = layout;
    Thread thread = new Thread(() -> {
      try {
        started.complete(VaultWatcher.startOrWalk(vault, layout));
      } catch (RuntimeException | Error e) {
        started.completeExceptionally(e);
      }
    }, "qmd4j-watch-start");
    thread.setDaemon(true);
    thread.start();
  }

  /** The started feed: the watcher, or the walk when it could not start (logged then). */
  private VaultFeed feed() {
    try {
      return started.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException) throw (RuntimeException) e.getCause();
      if (e.getCause() instanceof Error) throw (Error) e.getCause();
      throw e;
    }
  }

  @Override
  public VaultLayout layout() {
    return layout;
  }

  @Override
  public Changes changes() {
    return feed().changes();
  }

  @Override
  public Look look() {
    return feed().look();
  }

  @Override
  public boolean watching() {
    return feed().watching();
  }

  /** Closes the watcher once it is started (at once when it is). */
  @Override
  public void close() {
    started.thenAccept(VaultFeed::close);
  }

  /** The started watcher's check of its first look ({@link VaultWatcher#firstLookChecked}). */
  CompletableFuture<Void> firstLookChecked() {
    return feed() instanceof VaultWatcher watcher ? watcher.firstLookChecked()
        : CompletableFuture.completedFuture(null);
  }

  @Override
  public String toString() {
    return "StartingWatcher[" + started.getNow(null) + "]";
  }
}
