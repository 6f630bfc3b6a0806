package org.qmd4j.web;

import java.nio.file.Path;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;

/** Serves a vault by hand, to look at the page: {@code DevServer [vault] [port]}. */
final class DevServer {
  private DevServer() {}

  public static void main(String[] args) throws InterruptedException {
    Path vault = args.length > 0 ? Path.of(args[0]) : Fixtures.vault();
    int port = args.length > 1 ? Integer.parseInt(args[1]) : 7711;
    try (Searcher searcher = SearchProviders.forVault(vault, Fixtures.memoryOptions());
        WebServer server = WebServer.newBuilder(searcher).port(port).build().start()) {
      System.err.println("Serving " + vault + " at " + server.uri());
      server.join();
    }
  }
}
