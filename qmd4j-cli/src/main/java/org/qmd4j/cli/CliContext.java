package org.qmd4j.cli;

import java.nio.file.Path;
import java.util.Optional;
import org.qmd4j.SearchOptions;
import org.qmd4j.cli.daemon.SearcherSource;

/**
 * What one run of a command depends on besides its arguments: the options searchers are built
 * on (environment, clock, progress), the working directory relative vault paths resolve
 * against, and where searchers come from. In-process these are the process's own; in the
 * daemon, the client's, with the daemon's warm searchers.
 *
 * @param base the options commands build their searchers on
 * @param workingDir the folder a relative {@code --vault} names a folder of
 * @param searchers opens (or lends) searchers
 * @param daemon what serves the command when a daemon does ({@code pid N}), else empty
 */
record CliContext(SearchOptions base, Path workingDir, SearcherSource searchers,
    Optional<String> daemon) {

  /** This process: its environment, working directory, and searchers opened per command. */
  static CliContext inProcess(SearchOptions base) {
    return new CliContext(base, Path.of(""), SearcherSource.DIRECT, Optional.empty());
  }

  CliContext withBase(SearchOptions base) {
    return new CliContext(base, workingDir, searchers, daemon);
  }

  /** A searcher for the command's vault, built on {@code options}. */
  SearcherSource.Lease open(VaultOption vault, SearchOptions options) {
    return searchers.open(vault.folder(), options);
  }
}
