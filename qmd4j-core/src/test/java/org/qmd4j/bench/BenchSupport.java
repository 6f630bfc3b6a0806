package org.qmd4j.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.qmd4j.EngineChoice;
import org.qmd4j.SearchOptions;

/** Shared fixtures of the benchmarks: vaults in temporary folders, options, queries. */
final class BenchSupport {
  private BenchSupport() {}

  /** The seed of every benchmark vault. */
  static final long SEED = 42;

  /** Twenty queries of the shapes agents send, cycled by the latency benchmarks. */
  static final List<String> QUERIES = List.of(
      "décision",
      "blocage paiement",
      "bloqué",
      "status: en-cours",
      "prio: haute",
      "[décision] budget",
      "facture impayée",
      "factures impayées",
      "relancer le fournisseur",
      "échéance",
      "rendez-vous notaire",
      "réunion client",
      "abandonner",
      "migration base serveur",
      "trésorerie prêt banque",
      "recrutement candidat entretien",
      "2025-07-14",
      "sécurité accès",
      "devis plombier cuisine",
      "livraison version correctif");

  /** A new temporary folder holding {@code vault/} with {@code files} generated files. */
  static Path newVault(int files) {
    try {
      Path root = Files.createTempDirectory("qmd4j-bench-");
      VaultGenerator.generate(root.resolve("vault"), files, SEED);
      return root;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The real path of the vault in a folder made by {@link #newVault}. */
  static Path vaultOf(Path root) {
    try {
      return root.resolve("vault").toRealPath();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Embedded engine, index in {@code cacheDir}; in memory if asked. */
  static SearchOptions options(Path cacheDir, boolean inMemory) {
    return SearchOptions.DEFAULT.withEngine(EngineChoice.EMBEDDED).withCacheDir(cacheDir)
        .withInMemoryIndex(inMemory);
  }

  /** Total size of the regular files under {@code dir}. */
  static long bytesUnder(Path dir) {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(Files::isRegularFile).mapToLong(p -> {
        try {
          return Files.size(p);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }).sum();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Deletes {@code dir} and everything under it; quiet when it is already gone. */
  static void delete(Path dir) {
    if (dir == null || !Files.exists(dir)) return;
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
