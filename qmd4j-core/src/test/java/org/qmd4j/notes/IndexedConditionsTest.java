package org.qmd4j.notes;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.TestTier;
import org.qmd4j.bench.VaultGenerator;
import org.qmd4j.internal.ChunkSearch;
import org.qmd4j.search.Mode;

/**
 * The embedded engine answers a typed query's conditions inside its index (the records'
 * fields); the answers are those of the same conditions tested on every chunk read. A seeded
 * random walk over generated project vaults compares both, record by record, with the totals;
 * the seed is in each message.
 */
class IndexedConditionsTest {
  private static final List<String> STATUSES = List.of("à-faire", "en-cours", "bloque",
      "BLOQUÉ", "fait", "abandonné", "en-attente", "inconnu");
  private static final List<String> PRIOS = List.of("haute", "moyenne", "Basse", "nulle");
  private static final List<String> TAGS = List.of("décision", "[blocage]", "idee", "note",
      "livraison", "réunion", "risque", "question", "absent");
  private static final List<String> TYPES = List.of("idée", "reunion", "référence", "lien",
      "recette", "lecture", "autre");
  private static final List<String> WORDS = List.of("*", "*", "*", "décision", "facture",
      "réunion client", "échéance", "paiement", "livraison version", "devis", "retard");
  private static final List<String> DATES = List.of("2024-01-01", "2025-01-01", "2025-06-15",
      "2025-10-01", "2026-03-01", "today", "3 months ago", "last month", "this year");

  @TempDir Path dir;

  @Test
  void indexedConditionsAnswerAsConditionsTestedOnEachChunk() throws IOException {
    // Two vaults in the full tier, one in the fast tier (TestTier).
    long[] seeds = TestTier.full() ? new long[] {7, 42} : new long[] {7};
    for (long seed : seeds) {
      Path vault = dir.resolve("vault-" + seed);
      VaultGenerator.generate(vault, 260, seed);
      List<String> projects;
      try (Stream<Path> p = Files.list(vault.resolve("projects"))) {
        projects = p.map(f -> f.getFileName().toString()).sorted().toList();
      }
      try (Searcher searcher = SearchProviders.forVault(vault, Fixtures.memoryOptions())) {
        ChunkSearch search = chunkSearch(searcher);
        Random random = new Random(seed);
        for (int i = 0; i < 100; i++) {
          NoteQuery<?> q = randomQuery(random, projects);
          String where = "seed " + seed + ", query " + i + ": " + q;
          Listing<?> indexed;
          try {
            indexed = TypedSearch.list(search, q, true);
          } catch (org.qmd4j.search.InvalidDateException e) {
            continue; // bounds in the wrong order: refused before any search, both ways
          }
          Listing<?> tested = TypedSearch.list(search, q, false);
          assertThat(indexed.results()).as(where).isEqualTo(tested.results());
          assertThat(indexed.total()).as(where).isEqualTo(tested.total());
        }
      }
    }
  }

  @Test
  void aTypedQueryReadsTheStoredFieldsOfTheChunksItReturnsOnly() throws Exception {
    Path vault = dir.resolve("vault");
    VaultGenerator.generate(vault, 400, 42);
    LongAdder reads = storedReads();
    try (Searcher searcher = SearchProviders.forVault(vault, Fixtures.memoryOptions())) {
      ChunkSearch search = chunkSearch(searcher);
      TypedSearch.list(search, NoteQuery.of(Kind.TASKS, "*"), true); // indexes the vault
      NoteQuery<Task> blocked = NoteQuery.newBuilder(Kind.TASKS).status("bloqué")
          .priority("haute").limit(10).build();
      long before = reads.sum();
      int tested = TypedSearch.list(search, blocked, false).results().size();
      long testedReads = reads.sum() - before;
      before = reads.sum();
      int returned = TypedSearch.list(search, blocked, true).results().size();
      long indexedReads = reads.sum() - before;
      // Counts, not times: printed for the record of the change.
      System.out.printf("tasks status+priority, limit 10: %d returned; stored reads: %d when "
          + "each chunk is tested, %d with index filters%n", returned, testedReads,
          indexedReads);
      assertThat(returned).isEqualTo(tested).isPositive();
      assertThat(indexedReads).isEqualTo(returned);
      assertThat(testedReads).isGreaterThan(indexedReads);

      NoteQuery<Task> overdue = NoteQuery.newBuilder(Kind.TASKS).status("en-cours")
          .to("2025-12-31").limit(20).build();
      before = reads.sum();
      Listing<Task> slow = TypedSearch.list(search, overdue, false);
      testedReads = reads.sum() - before;
      before = reads.sum();
      Listing<Task> fast = TypedSearch.list(search, overdue, true);
      indexedReads = reads.sum() - before;
      System.out.printf("tasks status+deadline, limit 20: %d returned of %s; stored reads: %d "
          + "when each chunk is tested (ranking and count), %d with index filters%n",
          fast.results().size(), fast.total(), testedReads, indexedReads);
      assertThat(fast).isEqualTo(slow);
      // One more than the limit: the search asks for it, to know that more records pass.
      assertThat(indexedReads).isEqualTo(fast.results().size() + 1);
    }
  }

  private static NoteQuery<?> randomQuery(Random random, List<String> projects) {
    Kind<?> kind = Kind.all().get(random.nextInt(Kind.all().size()));
    NoteQuery.Builder<?> b = NoteQuery.newBuilder(kind).query(pick(random, WORDS))
        .limit(1 + random.nextInt(random.nextBoolean() ? 5 : 60))
        .mode(random.nextInt(4) == 0 ? Mode.DEEP : Mode.FAST);
    if (random.nextInt(3) == 0) b.project(pick(random, projects));
    if (kind == Kind.TASKS) {
      if (random.nextBoolean()) b.status(pick(random, STATUSES));
      if (random.nextInt(3) == 0) b.priority(pick(random, PRIOS));
    } else if (kind == Kind.CHANGELOG) {
      if (random.nextBoolean()) b.tag(pick(random, TAGS));
    } else if (kind == Kind.BUCKETS) {
      if (random.nextBoolean()) b.type(pick(random, TYPES));
      if (random.nextInt(3) == 0) b.tags("client");
    }
    if (kind != Kind.DESCRIPTIONS) {
      if (random.nextInt(3) == 0) b.from(pick(random, DATES));
      if (random.nextInt(3) == 0) b.to(pick(random, DATES));
    }
    return b.build();
  }

  private static <T> T pick(Random random, List<T> values) {
    return values.get(random.nextInt(values.size()));
  }

  /** The searcher's own chunk search, which runs the typed facade. */
  private static ChunkSearch chunkSearch(Searcher searcher) {
    try {
      Field f = Searcher.class.getDeclaredField("chunks");
      f.setAccessible(true);
      return (ChunkSearch) f.get(searcher);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError("Searcher keeps its chunk search in 'chunks'", e);
    }
  }

  /** The embedded engine's count of chunks whose stored fields were read. */
  private static LongAdder storedReads() throws ReflectiveOperationException {
    Field f = Class.forName("org.qmd4j.embedded.Ranker").getDeclaredField("STORED_READS");
    f.setAccessible(true);
    return (LongAdder) f.get(null);
  }
}
