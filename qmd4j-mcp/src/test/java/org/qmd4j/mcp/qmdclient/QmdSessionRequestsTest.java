package org.qmd4j.mcp.qmdclient;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.EngineChoice;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.bench.VaultGenerator;
import org.qmd4j.search.Scope;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResult;
import org.qmd4j.spi.BinaryLocator;
import org.qmd4j.spi.QmdOptions;
import org.qmd4j.spi.QmdSession;
import org.qmd4j.spi.QmdSessionFactory;

/**
 * What the qmd engine asks its resident {@code qmd mcp} for, against the real qmd 2.x on PATH
 * (CI installs 2.8.3), on a generated vault of 400 notes: one {@code query} call per search,
 * for as many documents as {@code bench/qmd-mcp-floor.py} asks for (the page and one more),
 * or, for a query of several words, whose page often needs documents qmd ranked lower, the
 * wider list at once; qmd cuts the same ranking at any limit, so the answers are those of
 * asking twice, recorded in {@code session-answers.txt} ({@code -Dqmd4j.record=true} records
 * them again). The calls go through a factory that wraps the real one and notes each call.
 */
@Tag("qmd")
class QmdSessionRequestsTest {
  private static final Optional<Path> QMD =
      BinaryLocator.fromEnvironment(System.getenv()).locate();
  private static final Path RECORD =
      Path.of("src/test/resources/org/qmd4j/mcp/qmdclient/session-answers.txt");
  /** Words of the generated notes, alone and together. */
  static final List<String> QUERIES = List.of("décision", "blocage paiement", "bloqué",
      "budget", "banque prêt", "réunion client", "facture retard", "migration serveur",
      "contrat fournisseur", "comité trésorerie", "livraison prototype", "projet",
      "\"acompte agence\"", "client -facture", "décision budget réunion");

  @TempDir static Path tmp;
  private static final List<QmdSession.Query> CALLS = new CopyOnWriteArrayList<>();
  private static volatile QmdSessionFactory.Launch launch;
  private static Searcher searcher;
  private static String project;

  @BeforeAll
  static void open() throws IOException {
    Assumptions.assumeTrue(QMD.isPresent(), "no qmd on PATH");
    Path vault = tmp.resolve("vault");
    VaultGenerator.generate(vault, 400, 42);
    vault = vault.toRealPath();
    try (Stream<Path> projects = Files.list(vault.resolve("projects"))) {
      project = projects.map(p -> p.getFileName().toString()).sorted().findFirst()
          .orElseThrow();
    }
    SearchOptions o = QmdSessionIntegrationTest.options(tmp);
    searcher = SearchProviders.forVault(vault, o.withQmd(o.qmd().withSession(
        QmdOptions.Session.DEFAULT.withFactory(new Noting(new McpQmdSessionFactory())))));
  }

  @AfterAll
  static void close() {
    if (searcher != null) searcher.close();
  }

  /** The real factory, noting the launch and every {@code query} call. */
  private record Noting(QmdSessionFactory real) implements QmdSessionFactory {
    @Override
    public String name() {
      return real.name();
    }

    @Override
    public QmdSession start(Launch l) {
      launch = l;
      QmdSession s = real.start(l);
      return new QmdSession() {
        @Override
        public String query(Query call) {
          CALLS.add(call);
          return s.query(call);
        }

        @Override
        public String indexStatus(Duration timeout) {
          return s.indexStatus(timeout);
        }

        @Override
        public boolean isAlive() {
          return s.isAlive();
        }

        @Override
        public Map<String, String> describe() {
          return s.describe();
        }

        @Override
        public void close() {
          s.close();
        }
      };
    }
  }

  private static Map<String, String> answers() {
    Map<String, String> out = new LinkedHashMap<>();
    for (int limit : new int[] {5, 20}) {
      for (String q : QUERIES) {
        out.put(limit + " " + q, line(searcher.search(SearchRequest.of(q).withLimit(limit))));
      }
      String q = "réunion budget";
      out.put(limit + " " + q + " in " + project, line(searcher.search(SearchRequest.of(q)
          .withLimit(limit).withScope(Scope.project(project)))));
    }
    return out;
  }

  private static String line(List<SearchResult> results) {
    List<String> hits = new ArrayList<>();
    for (SearchResult r : results) {
      hits.add(r.path() + ":" + r.lines() + String.format(Locale.ROOT, "=%.9f", r.score()));
    }
    return String.join(" ", hits);
  }

  @Test
  void answersAreThoseOfAskingQmdTwice() throws IOException {
    Map<String, String> now = answers();
    if (Boolean.getBoolean("qmd4j.record")) {
      StringBuilder sb = new StringBuilder();
      now.forEach((k, v) -> sb.append(k).append('\t').append(v).append('\n'));
      Files.createDirectories(RECORD.getParent());
      Files.writeString(RECORD, sb.toString(), StandardCharsets.UTF_8);
      return;
    }
    Map<String, String> recorded = new LinkedHashMap<>();
    for (String line : Files.readString(RECORD, StandardCharsets.UTF_8).split("\n")) {
      if (line.isBlank()) continue;
      String[] kv = line.split("\t", -1);
      recorded.put(kv[0], kv[1]);
    }
    assertThat(now).containsExactlyEntriesOf(recorded);
  }

  @Test
  void eachSearchAsksQmdOnceForThePageOrForTheWiderListOfSeveralWords() {
    for (String q : QUERIES) {
      CALLS.clear();
      List<SearchResult> results = searcher.search(SearchRequest.of(q));
      assertThat(results).as(q).isNotEmpty();
      assertThat(CALLS).as(q).hasSize(1);
      boolean severalWords = q.equals("\"acompte agence\"") || q.split(" ").length > 1
          && !q.contains("-");
      if (severalWords) { // ten times the page and one more (a phrase's filter asks for more)
        assertThat(CALLS.get(0).limit()).as(q).isGreaterThanOrEqualTo(210);
      } else if (!q.contains("-")) { // the page of 20 and one more, to count: as
        // bench/qmd-mcp-floor.py asks (an excluded word is a filter: more are asked for)
        assertThat(CALLS.get(0).limit()).as(q).isEqualTo(21);
      }
      assertThat(CALLS.get(0).rerank()).isFalse();
      assertThat(CALLS.get(0).candidateLimit()).isEmpty();
    }
  }

  @Test
  void qmdCutsTheSameRankingAtAnyLimit() throws IOException {
    searcher.search(SearchRequest.of("décision"));
    ObjectMapper json = new ObjectMapper();
    try (QmdSession session = new McpQmdSessionFactory().start(launch)) {
      for (String q : QUERIES) {
        List<QmdSession.Search> searches = new ArrayList<>();
        searches.add(new QmdSession.Search(QmdSession.Type.LEX, q.replace("-facture", "")));
        for (String w : q.replace("\"", "").split(" ")) {
          if (w.length() > 3 && !w.startsWith("-")) {
            searches.add(new QmdSession.Search(QmdSession.Type.LEX, w));
          }
        }
        List<JsonNode> few = results(json, session, searches, 21);
        List<JsonNode> many = results(json, session, searches, 210);
        assertThat(many.size()).as(q).isGreaterThanOrEqualTo(few.size());
        assertThat(many.subList(0, few.size())).as(q).isEqualTo(few);
      }
    }
  }

  private static List<JsonNode> results(ObjectMapper json, QmdSession session,
      List<QmdSession.Search> searches, int limit) throws IOException {
    String answer = session.query(new QmdSession.Query(searches, List.of("qmd4j"), limit,
        false, OptionalInt.empty(), Duration.ofSeconds(30)));
    List<JsonNode> out = new ArrayList<>();
    for (JsonNode r : json.readTree(answer).path("results")) {
      Map<String, Object> kept = new HashMap<>();
      kept.put("file", r.path("file").asText());
      kept.put("score", r.path("score").asDouble());
      kept.put("line", r.path("line").asInt());
      out.add(json.valueToTree(kept));
    }
    return out;
  }
}
