package org.qmd4j.cli;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.util.concurrent.Callable;
import org.qmd4j.SearchOptions;
import org.qmd4j.Searcher;
import org.qmd4j.mcp.Qmd4jMcpServer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code qmd4j mcp}: an MCP server over stdio until stdin closes. */
@Command(name = "mcp", mixinStandardHelpOptions = true, showDefaultValues = true,
    description = {
        "Serves the vault to MCP clients over stdio (tools: search, find_notes, read, tree, "
            + "concat, brief, tasks, changelog, states, descriptions, buckets).",
        "stdout carries protocol frames only; logs go to stderr. Stops when stdin closes, "
            + "after answering the requests already received."})
final class McpCommand implements Callable<Integer> {
  private static final long DRAIN_MILLIS = 120_000;
  private final SearchOptions base;

  @Mixin VaultOption vault;

  @Mixin EngineOption engine;

  McpCommand(SearchOptions base) {
    this.base = base;
  }

  @Override
  public Integer call() throws InterruptedException {
    // Long-lived: the index opens in the background, so that the MCP handshake is answered at
    // once (the first search waits for it); the vault is watched, so a search re-reads only
    // what changed; the search path is warmed in the background so that the first searches
    // are not the slow ones.
    try (Searcher searcher = engine.openInBackground(vault.resolve(),
        vault.applyTo(engine.applyTo(base)).withWatch(true))) {
      searcher.async().warmUp();
      // The raw descriptors: frames are bytes, and nothing else may reach stdout.
      Qmd4jMcpServer.serve(searcher, new FileInputStream(FileDescriptor.in),
          new FileOutputStream(FileDescriptor.out), DRAIN_MILLIS);
    }
    return ExitCodes.OK;
  }
}
