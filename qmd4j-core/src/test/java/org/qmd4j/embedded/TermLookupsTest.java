package org.qmd4j.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.bench.VaultGenerator;
import org.qmd4j.search.Mode;
import org.qmd4j.search.Total;
import org.qmd4j.spi.ChunkFilter;
import org.qmd4j.spi.EngineQuery;
import org.qmd4j.spi.Hit;
import org.qmd4j.vault.Chunker;

/**
 * Looking a query's terms and prefixes up once per search ({@link QueryPlan#on}) changes no
 * answer: on seeded queries over a generated vault, the same hits with the same scores in the
 * same order, and the same exact counts, as the queries that look their terms up themselves.
 */
class TermLookupsTest {
  private static final String[] WORDS = {"décision", "réunion", "facture", "budget", "client",
      "projet", "livraison", "serveur", "migration", "paiement", "blocage", "bloqué", "retard",
      "contrat", "banque", "prêt", "comité", "trésorerie", "fournisseur", "prototype", "audit",
      "recrutement", "factur", "valider", "relancé", "déployé", "version", "incident", "le",
      "garantie", "tâche", "sprint", "quota", "api", "2025"};

  @TempDir static Path tmp;
  private static EmbeddedEngine engine;

  @BeforeAll
  static void open() throws IOException {
    Path vault = tmp.resolve("vault");
    VaultGenerator.generate(vault, 400, 42);
    engine = EmbeddedEngine.open(vault.toRealPath(), tmp.resolve("index"), Chunker.defaults());
    engine.refresh();
  }

  @AfterAll
  static void close() {
    engine.close();
  }

  /** Seeded queries of one to three words, with phrases, exclusions and tags now and then. */
  static List<String> queries() {
    Random random = new Random(20261128L);
    List<String> out = new ArrayList<>(List.of("blocage paiement", "banque prêt", "décision",
        "#projet", "\"facture client\"", "budget -client", "factur", "le"));
    for (int i = 0; i < 60; i++) {
      List<String> parts = new ArrayList<>();
      int n = 1 + random.nextInt(3);
      for (int w = 0; w < n; w++) parts.add(WORDS[random.nextInt(WORDS.length)]);
      switch (random.nextInt(6)) {
        case 0 -> parts.add("-" + WORDS[random.nextInt(WORDS.length)]);
        case 1 -> parts.add("#" + WORDS[random.nextInt(WORDS.length)]);
        case 2 -> parts.add("\"" + WORDS[random.nextInt(WORDS.length)] + " "
            + WORDS[random.nextInt(WORDS.length)] + "\"");
        default -> { }
      }
      out.add(String.join(" ", parts));
    }
    return out;
  }

  @Test
  void theSameRewrittenQueriesHitsAndCounts() throws IOException {
    IndexStore store = engine.store();
    IndexSearcher searcher = store.acquire();
    try {
      int checked = 0;
      for (String text : queries()) {
        QueryPlan plain = QueryPlan.of(text);
        if (plain.isEmpty()) continue;
        QueryPlan looked = plain.on(searcher);
        for (Function<QueryPlan, Query> list : List.<Function<QueryPlan, Query>>of(
            QueryPlan::tiered, QueryPlan::allWords, QueryPlan::anyWord, QueryPlan::stemsOnly,
            QueryPlan::counted)) {
          Query before = searcher.rewrite(list.apply(plain));
          Query after = searcher.rewrite(list.apply(looked));
          assertThat(after).as(text).isEqualTo(before);
          assertThat(after.toString()).as(text).isEqualTo(before.toString());
        }
        List<Hit> before = Ranker.ranked(searcher, plain.tiered(), plain.termCount(),
            ChunkFilter.EVERYTHING, 40);
        List<Hit> after = Ranker.ranked(searcher, looked.tiered(), looked.termCount(),
            ChunkFilter.EVERYTHING, 40);
        assertThat(after).as(text).isEqualTo(before);
        assertThat(Ranker.deep(searcher, looked, ChunkFilter.EVERYTHING, 20)).as(text)
            .isEqualTo(Ranker.deep(searcher, plain, ChunkFilter.EVERYTHING, 20));
        int all = searcher.count(plain.tiered());
        assertThat(searcher.count(looked.counted())).as(text).isEqualTo(all);
        assertThat(searcher.count(plain.counted())).as(text).isEqualTo(all);
        // Through the engine: a search, then its count (from the pass or its own query).
        engine.search(new EngineQuery(text, Mode.FAST, ChunkFilter.EVERYTHING, 3));
        assertThat(engine.count(new EngineQuery(text, Mode.FAST, ChunkFilter.EVERYTHING, 3)))
            .as(text).contains(Total.exactly(all));
        if (all > 1000) checked++;
      }
      assertThat(checked).as("queries whose ranking pass skips hits").isGreaterThan(3);
    } finally {
      store.release(searcher);
    }
  }
}
