package org.qmd4j.watch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.WatchService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Releases what a watcher holds (its watch service, its barrier folder), logging a failure. */
final class WatchResources {
  private static final Logger LOG = LoggerFactory.getLogger(WatchResources.class);

  private WatchResources() {}

  static void closeQuietly(WatchService service) {
    if (service == null) return;
    try {
      service.close();
    } catch (IOException e) {
      LOG.debug("Closing a watch service failed: {}", e.toString());
    }
  }

  static void deleteQuietly(Path dir) {
    if (dir == null) return;
    try (var files = Files.list(dir)) {
      for (Path f : (Iterable<Path>) files::iterator) Files.deleteIfExists(f);
      Files.deleteIfExists(dir);
    } catch (IOException e) {
      LOG.debug("Cannot remove {}: {}", dir, e.toString());
    }
  }
}
