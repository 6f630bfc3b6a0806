package org.qmd4j.cli;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionException;
import org.qmd4j.ErrorMessages;
import org.qmd4j.SearchOptions;
import org.qmd4j.Searcher;
import org.qmd4j.web.WebLimits;
import org.qmd4j.web.WebServer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code qmd4j serve}: the web interface, JSON API and MCP over HTTP until interrupted. */
@Command(name = "serve", mixinStandardHelpOptions = true, showDefaultValues = true,
    description = {
        "Serves the vault to a browser, a JSON API and MCP clients over HTTP.",
        "A search page that shows the brief (overview, then the notes with their paths and "
            + "lines), a tree of the vault, a JSON API under /api (search, brief, read, tree, "
            + "concat, find) and MCP over Streamable HTTP at /mcp (the tools of 'qmd4j mcp'). "
            + "Prints its address on stderr and serves until interrupted (Ctrl-C), then "
            + "closes the engine cleanly."})
final class ServeCommand implements Callable<Integer> {
  private static final Logger LOG = LoggerFactory.getLogger(ServeCommand.class);
  private final SearchOptions base;
  private volatile WebServer running;

  @Spec CommandSpec spec;

  @Mixin VaultOption vault;

  @Option(names = "--port", defaultValue = "7700", paramLabel = "PORT",
      description = "Port to listen on; 0 picks a free one.")
  int port;

  @Option(names = "--bind", defaultValue = "127.0.0.1", paramLabel = "ADDRESS",
      description = "Address to listen on. Anything but loopback needs --token.")
  String bind;

  @Mixin EngineOption engine;

  @Option(names = "--token", paramLabel = "TOKEN",
      description = "Bearer token every request must carry (Authorization: Bearer TOKEN); "
          + "a browser opens the printed address once and keeps it in a cookie.")
  String token;

  @Mixin ServeLimits limits;

  ServeCommand(SearchOptions base) {
    this.base = base;
  }

  @Override
  public Integer call() throws InterruptedException {
    PrintWriter err = spec.commandLine().getErr();
    Path folder = vault.resolve();
    WebLimits bounds = limits.toLimits(spec); // a bad value is refused before the engine opens
    // Long-lived: the vault is watched, so a search re-reads only what changed.
    Searcher searcher = engine.open(folder,
        vault.applyTo(engine.applyTo(base)).withWatch(true));
    WebServer server;
    try {
      server = WebServer.newBuilder(searcher).bind(bind).port(port).token(token)
          .limits(bounds).build().start();
    } catch (IllegalArgumentException | IllegalStateException e) {
      searcher.close();
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    } catch (UncheckedIOException e) {
      searcher.close();
      err.println("qmd4j: " + e.getMessage());
      err.flush();
      return ExitCodes.FAILURE;
    }
    // Ctrl-C runs the hook: stop serving, then release the index and any qmd process.
    Thread hook = new Thread(() -> {
      server.close();
      searcher.close();
    }, "qmd4j-serve-shutdown");
    Runtime.getRuntime().addShutdownHook(hook);
    running = server;
    err.println("qmd4j: serving " + folder + " at " + server.uri()
        + (token == null || token.isBlank() ? "" : "?token=" + token.strip())
        + " (Ctrl-C to stop)");
    err.flush();
    // The first search builds or refreshes the index; start it now rather than on the first
    // query a person types, and warm the search path after it. A failure here is the same
    // the page would show: say it.
    searcher.async().warmUp()
        .whenComplete((results, failure) -> {
          if (failure != null) {
            Throwable cause = failure instanceof CompletionException
                && failure.getCause() != null ? failure.getCause() : failure;
            LOG.debug("Warming the index failed", cause);
            err.println("qmd4j: warming the index failed: " + ErrorMessages.forPeople(cause,
                searcher.describe().vault(), vault.named()));
            err.flush();
          }
        });
    try {
      server.join();
    } finally {
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException shuttingDown) {
        // The hook is running and closes both.
      }
      server.close();
      searcher.close();
    }
    return ExitCodes.OK;
  }

  /** Stops a running server (tests; Ctrl-C does the same through the shutdown hook). */
  void stop() {
    WebServer server = running;
    if (server != null) server.close();
  }
}
