package org.qmd4j.cli.daemon;

import java.io.PrintWriter;

/** Runs one client's command in the daemon: the command line's own commands, given by the CLI. */
public interface CommandRunner {
  /**
   * Runs {@code request} with searchers from {@code searchers}, printing on {@code out} and
   * {@code err}.
   *
   * @return the exit code
   */
  int run(Request request, SearcherSource searchers, PrintWriter out, PrintWriter err);
}
