package org.qmd4j.embedded;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.qmd4j.bench.VaultGenerator;
import org.qmd4j.search.FileKind;
import org.qmd4j.search.Mode;
import org.qmd4j.search.Scope;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.ChunkFilter;
import org.qmd4j.spi.EngineQuery;

/**
 * Prints what searches cost in counts that do not depend on the machine's load:
 * stored-field reads and hits sorted per search, by filter, on a generated vault. Not a test:
 * {@code java -cp ... org.qmd4j.embedded.SearchCosts <files> <folder>}.
 */
public final class SearchCosts {
  private static final List<String> QUERIES = List.of("décision", "blocage paiement",
      "facture impayée", "réunion client", "échéance", "livraison version correctif");

  private SearchCosts() {}

  public static void main(String[] args) throws IOException {
    int files = Integer.parseInt(args[0]);
    Path root = Path.of(args[1]);
    Path vault = root.resolve("vault");
    if (!Files.isDirectory(vault)) VaultGenerator.generate(vault, files, 42);
    vault = vault.toRealPath();
    String project;
    try (Stream<Path> projects = Files.list(vault.resolve("projects"))) {
      project = projects.map(p -> p.getFileName().toString()).sorted().findFirst().orElseThrow();
    }
    LocalDate day = LocalDate.of(2025, 6, 1);
    Predicate<Chunk> extra = c -> c.text().length() % 3 == 0; // an opaque Java condition
    List<Object[]> filters = List.of(
        new Object[] {"whole vault", ChunkFilter.EVERYTHING},
        new Object[] {"project:" + project, ChunkFilter.of(Scope.project(project),
            Optional.empty(), Optional.empty())},
        new Object[] {"all-tasks", ChunkFilter.of(Scope.of(FileKind.TASKS),
            Optional.empty(), Optional.empty())},
        new Object[] {"folder:projects/" + project, ChunkFilter.of(
            Scope.folder("projects/" + project), Optional.empty(), Optional.empty())},
        new Object[] {"dates June 2025", ChunkFilter.of(Scope.vault(), Optional.of(day),
            Optional.of(day.plusDays(29)))},
        new Object[] {"all-changelogs + extra", ChunkFilter.of(Scope.of(FileKind.CHANGELOG),
            Optional.empty(), Optional.empty()).withCondition(extra)});
    try (EmbeddedEngine engine = EmbeddedEngine.open(vault, root.resolve("index"),
        org.qmd4j.vault.Chunker.defaults())) {
      engine.refresh();
      System.out.println("files " + engine.fileCount() + ", chunks " + engine.chunkCount());
      System.out.println("| filter | mode | searches | hits returned | stored reads | hits sorted | results |");
      System.out.println("|---|---|---|---|---|---|---|");
      for (Object[] f : filters) {
        for (Mode mode : List.of(Mode.FAST, Mode.DEEP)) {
          long reads0 = Ranker.STORED_READS.sum();
          long sorted0 = Ranker.SORTED.sum();
          long returned = 0;
          StringBuilder seen = new StringBuilder();
          for (String q : QUERIES) {
            for (var h : engine.search(new EngineQuery(q, mode, (ChunkFilter) f[1], 10))) {
              returned++;
              seen.append(h.chunk().path()).append('#').append(h.chunk().ordinal())
                  .append(String.format("@%.6f;", h.score()));
            }
          }
          System.out.printf("| %s | %s | %d | %d | %d | %d | %08x |%n", f[0], mode,
              QUERIES.size(), returned, Ranker.STORED_READS.sum() - reads0,
              Ranker.SORTED.sum() - sorted0, seen.toString().hashCode());
        }
      }
    }
  }
}
