package org.qmd4j.cli.daemon;

import java.nio.file.Files;
import java.nio.file.Path;
import org.qmd4j.Fixtures;

/**
 * The example vault copied once for a test class, its index built once by the packaged jar:
 * each test runs its commands on that vault with a cache folder of its own that starts as a
 * copy of the built one. A test's daemon and commands then find the index built and up to
 * date, as on a user's second command, and what one test's daemon leaves in its cache folder
 * never reaches another test. A test that edits the vault copies a vault of its own instead.
 */
final class PreparedVault {
  private final Path dir;
  private final Path built;

  private PreparedVault(Path dir, Path built) {
    this.dir = dir;
    this.built = built;
  }

  /** Copies the example vault to {@code dir/vault} and builds its index in-process. */
  static PreparedVault in(Path dir) throws Exception {
    Fixtures.copyVault(dir.resolve("vault"));
    Path built = Files.createDirectories(dir.resolve("built-cache"));
    DaemonProcesses.Run run = new DaemonProcesses(dir, built)
        .inProcess("search", "--vault", "vault", "décision");
    if (run.code() != 0) throw new AssertionError("the index build failed: " + run.err());
    return new PreparedVault(dir, built);
  }

  /** The folder commands run in: the vault is its {@code vault} folder. */
  Path dir() {
    return dir;
  }

  /** Commands on the vault with {@code cache} (made a copy of the built index) as cache. */
  DaemonProcesses cli(Path cache) {
    Fixtures.copy(built, cache);
    return new DaemonProcesses(dir, cache);
  }
}
