package org.qmd4j.bench;

import com.sun.management.ThreadMXBean;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.List;
import org.qmd4j.embedded.EmbeddedEngine;
import org.qmd4j.search.Mode;
import org.qmd4j.spi.ChunkFilter;
import org.qmd4j.spi.EngineQuery;
import org.qmd4j.vault.Chunker;

/**
 * Prints what the embedded engine's part of an MCP search costs its thread, in counters the
 * machine's load changes little (bytes allocated; CPU time as an indication only): the
 * queries of {@code bench/mcp_stdio.py}, each searched for 11 hits and counted when it finds
 * more than 10, as the MCP tool does, on an existing index as it is (no refresh). Not a test:
 * {@code java -cp ... org.qmd4j.bench.EngineSearchCosts VAULT INDEX_DIR [rounds=40]}, where
 * INDEX_DIR is the engine's folder in the cache ({@code embedded-v...}); add {@code
 * -Dqmd4j.searchThreads=N} to search on N threads.
 */
public final class EngineSearchCosts {
  private static final List<String> QUERIES = List.of("décision", "blocage paiement", "bloqué",
      "budget", "livraison", "serveur", "recrutement", "facture", "migration", "client",
      "réunion", "retard", "contrat", "banque prêt", "comité", "trésorerie", "fournisseur",
      "projet", "prototype", "audit");

  private EngineSearchCosts() {}

  public static void main(String[] args) throws IOException {
    ThreadMXBean mx = (ThreadMXBean) ManagementFactory.getThreadMXBean();
    int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 40;
    try (EmbeddedEngine engine = EmbeddedEngine.open(Path.of(args[0]), Path.of(args[1]),
        Chunker.defaults())) {
      long totals = 0;
      for (String pass : List.of("warm-up", "measured")) {
        long cpu = mx.getCurrentThreadCpuTime();
        long bytes = mx.getThreadAllocatedBytes(Thread.currentThread().getId());
        int n = 0;
        for (int r = 0; r < rounds; r++) {
          for (String q : QUERIES) {
            int found = engine.searchAsIs(new EngineQuery(q, Mode.FAST, ChunkFilter.EVERYTHING,
                11)).size();
            if (found > 10) {
              totals += engine.count(new EngineQuery(q, Mode.FAST, ChunkFilter.EVERYTHING, 10))
                  .orElseThrow().value();
            }
            n++;
          }
        }
        System.out.printf("%s: %d searches, %.1f KiB allocated and %.3f ms CPU per search"
            + " (checksum of the totals %d)%n", pass, n,
            (mx.getThreadAllocatedBytes(Thread.currentThread().getId()) - bytes) / 1024.0 / n,
            (mx.getCurrentThreadCpuTime() - cpu) / 1e6 / n, totals);
      }
    }
  }
}
