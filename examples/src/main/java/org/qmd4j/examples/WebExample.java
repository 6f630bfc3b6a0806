package org.qmd4j.examples;

import java.nio.file.Path;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.web.WebServer;

/** Serves a vault until interrupted: java WebExample [VAULT] [PORT] (default 7700). */
public final class WebExample {
  public static void main(String[] args) throws InterruptedException {
    Path vault = Path.of(args.length > 0 ? args[0] : "testfixtures/vault");
    int port = args.length > 1 ? Integer.parseInt(args[1]) : 7700;
    try (Searcher searcher = SearchProviders.forVault(vault, SearchOptions.DEFAULT);
        WebServer server = WebServer.newBuilder(searcher).port(port).build().start()) {
      System.err.println("Serving at " + server.uri());
      server.join();
    }
  }
}
