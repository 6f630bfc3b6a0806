package org.qmd4j.qmd;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.EngineChoice;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.search.QmdUnavailableException;
import org.qmd4j.search.SearchResult;
import org.qmd4j.spi.QmdOptions;
import org.qmd4j.spi.QmdSession;
import org.qmd4j.spi.QmdSessionFactory;

/**
 * The qmd engine with a fake session factory: what a real {@code qmd mcp} cannot be made to do
 * on demand (refuse to start, die between two calls). Setup runs against {@link RecordedQmd}.
 */
class ResidentSessionTest {
  @TempDir Path tmp;
  private Path vault;
  private Path binary;
  private RecordedQmd qmd;
  private final List<QmdSession.Query> calls = new CopyOnWriteArrayList<>();
  private final List<QmdSessionFactory.Launch> launches = new CopyOnWriteArrayList<>();
  private final AtomicInteger closed = new AtomicInteger();

  @BeforeEach
  void setUp() throws IOException {
    vault = Fixtures.vault().toRealPath();
    binary = RecordedQmd.placeholderBinary(tmp);
    qmd = new RecordedQmd(vault);
  }

  private Searcher open(QmdSessionFactory factory) {
    return SearchProviders.forVault(vault, SearchOptions.DEFAULT
        .withEngine(EngineChoice.QMD)
        .withCacheDir(tmp.resolve("cache"))
        .withClock(Fixtures.CLOCK)
        .withEnvironment(Map.of("XDG_CACHE_HOME", tmp.resolve("xdg").toString()))
        .withQmd(QmdOptions.DEFAULT.withLocator(() -> Optional.of(binary)).withRunner(qmd)
            .withSession(QmdOptions.Session.DEFAULT.withFactory(factory))));
  }

  /** A factory whose sessions answer {@code json} and die after {@code lives} calls. */
  private QmdSessionFactory answering(String json, int lives) {
    return new QmdSessionFactory() {
      @Override
      public String name() {
        return "fake";
      }

      @Override
      public QmdSession start(Launch launch) {
        launches.add(launch);
        AtomicInteger left = new AtomicInteger(lives);
        AtomicBoolean open = new AtomicBoolean(true);
        int pid = 1000 + launches.size();
        return new QmdSession() {
          @Override
          public String query(Query call) {
            if (left.getAndDecrement() <= 0) {
              open.set(false);
              throw new QmdUnavailableException("qmd mcp (pid " + pid + ") exited");
            }
            calls.add(call);
            return json;
          }

          @Override
          public String indexStatus(Duration timeout) {
            return "{\"collections\": [{\"name\": \"qmd4j\", \"documents\": 58}]}";
          }

          @Override
          public boolean isAlive() {
            return open.get();
          }

          @Override
          public Map<String, String> describe() {
            return Map.of("pid", Integer.toString(pid), "protocol version", "2025-06-18");
          }

          @Override
          public void close() {
            open.set(false);
            closed.incrementAndGet();
          }
        };
      }
    };
  }

  private static final String WEBHOOK = "{\"results\": [{\"file\": "
      + "\"qmd4j/projects/startup-x/changelog.md\", \"score\": 0.9, \"line\": 29}]}";

  @Test
  void searchesGoThroughTheSessionWithTypedLexSearchesAndNoRerank() {
    try (Searcher searcher = open(answering(WEBHOOK, 100))) {
      List<SearchResult> results = searcher.search("le webhook de paiement");
      assertThat(results).extracting(SearchResult::path)
          .containsOnly("projects/startup-x/changelog.md");
      assertThat(qmd.argvs("search")).as("no qmd search process").isEmpty();
      QmdSession.Query call = calls.get(0);
      assertThat(call.searches()).extracting(s -> s.type().wireName() + ":" + s.text())
          .containsExactly("lex:webhook paiement", "lex:webhook", "lex:paiement");
      assertThat(call.collections()).containsExactly("qmd4j");
      assertThat(call.rerank()).isFalse();
      assertThat(launches.get(0).command())
          .containsExactly(binary.toString(), "mcp");
      assertThat(launches.get(0).environment())
          .containsKeys("INDEX_PATH", "QMD_CONFIG_DIR", "XDG_CACHE_HOME")
          .containsEntry("XDG_CACHE_HOME", tmp.resolve("xdg").toString());
      Map<String, String> facts = searcher.diagnostics();
      assertThat(facts).containsEntry("session", "running (fake)")
          .containsEntry("session pid", "1001")
          .containsEntry("session protocol version", "2025-06-18")
          .containsEntry("documents indexed", "58") // from qmd's status tool
          .containsEntry("session requests served", "2") // the search and that status call
          .containsEntry("session restarts", "0");
    }
    assertThat(closed).hasValue(1);
  }

  @Test
  void aSessionThatDiesIsReplacedAndTheSearchThatHitItSucceeds() {
    try (Searcher searcher = open(answering(WEBHOOK, 1))) {
      assertThat(searcher.search("webhook")).isNotEmpty();
      assertThat(searcher.search("webhook")).isNotEmpty(); // the first process dies here
      assertThat(launches).hasSize(2);
      assertThat(searcher.diagnostics()).containsEntry("session restarts", "1")
          .containsEntry("session pid", "1002");
    }
  }

  @Test
  void aSessionThatCannotStartFallsBackToTheCliAndDoctorSaysWhy() {
    QmdSessionFactory broken = new QmdSessionFactory() {
      @Override
      public String name() {
        return "broken";
      }

      @Override
      public QmdSession start(Launch launch) {
        throw new QmdUnavailableException("qmd mcp could not start: no node");
      }
    };
    try (Searcher searcher = open(broken)) {
      assertThat(searcher.search("webhook")).extracting(SearchResult::path)
          .contains("projects/startup-x/changelog.md");
      assertThat(qmd.argvs("search")).hasSize(1);
      assertThat(searcher.diagnostics().get("session"))
          .startsWith("off: `qmd mcp` could not start (qmd mcp could not start: no node);"
              + " retrying after ");
      assertThat(searcher.diagnostics().get("fast search")).startsWith("qmd search;");
    }
  }

  @Test
  void turnedOffMeansOneProcessPerSearch() {
    try (Searcher searcher = SearchProviders.forVault(vault, SearchOptions.DEFAULT
        .withEngine(EngineChoice.QMD)
        .withCacheDir(tmp.resolve("cache"))
        .withEnvironment(Map.of("XDG_CACHE_HOME", tmp.resolve("xdg").toString()))
        .withQmd(QmdOptions.DEFAULT.withLocator(() -> Optional.of(binary)).withRunner(qmd)
            .withSession(QmdOptions.Session.OFF)))) {
      assertThat(searcher.search("webhook")).isNotEmpty();
      assertThat(qmd.argvs("search")).hasSize(1);
      assertThat(searcher.diagnostics()).containsEntry("session",
          "off: turned off (QmdOptions.Session.enabled = false); every search starts qmd");
    }
  }

  @Test
  void withoutAFactoryOnTheClassPathSearchesRunTheCli() {
    try (Searcher searcher = SearchProviders.forVault(vault, SearchOptions.DEFAULT
        .withEngine(EngineChoice.QMD)
        .withCacheDir(tmp.resolve("cache"))
        .withEnvironment(Map.of("XDG_CACHE_HOME", tmp.resolve("xdg").toString()))
        .withQmd(QmdOptions.DEFAULT.withLocator(() -> Optional.of(binary)).withRunner(qmd)))) {
      assertThat(searcher.search("webhook")).isNotEmpty();
      assertThat(searcher.diagnostics()).containsEntry("session", "off: no QmdSessionFactory"
          + " found (add the qmd4j-mcp module to the class path); every search starts qmd");
    }
    assertThat(calls.stream().map(c -> c.searches().size()).collect(Collectors.toList()))
        .isEmpty();
  }
}
