package org.qmd4j.qmd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.EngineChoice;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.search.QmdFailedException;
import org.qmd4j.search.QmdOutputException;
import org.qmd4j.search.QmdTimeoutException;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResult;
import org.qmd4j.spi.QmdOptions;

/**
 * The real process runner against fake qmd executables ({@code testfixtures/fake-qmd}) that do
 * what the real qmd cannot be made to do on demand: hang, fail, print
 * garbage or 20 MB, mix noise into stderr, return out-of-range scores, leave children behind.
 * Every failure must be its typed exception with a useful message, and no process may
 * outlive the call.
 */
@EnabledOnOs({OS.LINUX, OS.MAC})
class FakeQmdTest {
  /** qmd's timeout where the fake is meant to hit it. */
  private static final Duration TIMEOUT = Duration.ofMillis(1500);
  /**
   * qmd's timeout where the fake must not hit it: the fakes that answer then leave a child
   * for 300 s or block on a full pipe, so a runner that waited for them would time out and
   * fail the test with a timeout error instead of the answer (no timed assertion).
   */
  private static final Duration GENEROUS = Duration.ofSeconds(60);

  @TempDir Path tmp;
  private Searcher searcher;
  private Path state;

  @AfterEach
  void close() {
    if (searcher != null) searcher.close();
  }

  private Searcher open(String fake) {
    return open(fake, TIMEOUT);
  }

  private Searcher open(String fake, Duration timeout) {
    Path binary = Fixtures.root().resolve("fake-qmd").resolve(fake).toAbsolutePath();
    assertThat(binary).isExecutable();
    SearchOptions options = SearchOptions.DEFAULT
        .withEngine(EngineChoice.QMD)
        .withCacheDir(tmp.resolve("cache"))
        .withClock(Fixtures.CLOCK)
        .withEnvironment(Map.of())
        .withQmd(QmdOptions.DEFAULT.withLocator(() -> Optional.of(binary))
            .withTimeouts(timeout, timeout));
    searcher = SearchProviders.forVault(Fixtures.vault(), options);
    state = Path.of(searcher.describe().indexLocation()).getParent();
    return searcher;
  }

  private List<SearchResult> search() {
    return searcher.search(SearchRequest.of("webhook"));
  }

  /** The PIDs the fake wrote beside the index: itself, and the child it started. */
  private List<Long> pids(String... names) throws IOException {
    List<Long> pids = new ArrayList<>();
    for (String name : names) {
      Path file = state.resolve(name);
      assertThat(file).as("the fake wrote " + name).exists();
      pids.add(Long.parseLong(Files.readString(file).strip()));
    }
    return pids;
  }

  @Test
  void hangingQmdIsKilledWithItsChildAndReportedAsTimeout() throws Exception {
    open("hang");
    assertThatThrownBy(this::search)
        .isInstanceOf(QmdTimeoutException.class)
        .hasMessage("qmd search did not finish within 1 s and was killed (with its child "
            + "processes)");
    Processes.assertGone(pids("fake-qmd.pid", "child.pid"));
  }

  @Test
  void failingQmdIsQmdFailedExceptionWithExitCodeAndStderrTail() throws Exception {
    open("fail");
    assertThatThrownBy(this::search)
        .isInstanceOf(QmdFailedException.class)
        .hasMessage("qmd search failed with exit code 1 (no such table: documents_fts); run "
            + "qmd4j doctor, or use the embedded engine")
        .satisfies(e -> {
          QmdFailedException failed = (QmdFailedException) e;
          assertThat(failed.exitCode()).isEqualTo(1);
          assertThat(failed.stderrTail()).startsWith("SqliteError: no such table");
        });
    Processes.assertGone(pids("fake-qmd.pid"));
  }

  @Test
  void garbageOnStdoutIsQmdOutputExceptionQuotingIt() throws Exception {
    open("garbage");
    assertThatThrownBy(this::search)
        .isInstanceOf(QmdOutputException.class)
        .hasMessage("qmd printed output that is not JSON: 'Expanding query... done\n"
            + "1. projects/startup-x/changelog.md (0.86)'");
    Processes.assertGone(pids("fake-qmd.pid"));
  }

  @Test
  void twentyMegabytesOfOutputIsQmdOutputException() throws Exception {
    open("huge", GENEROUS);
    // Drained past the cap: blocked on a full pipe, it would end in a timeout error instead.
    assertThatThrownBy(this::search)
        .isInstanceOf(QmdOutputException.class)
        .hasMessage("qmd search printed more than 16777216 bytes on stdout; its output was not "
            + "used");
    Processes.assertGone(pids("fake-qmd.pid"));
  }

  @Test
  void stderrNoiseDoesNotSpoilTheJsonOnStdout() throws Exception {
    open("noisy");
    List<SearchResult> results = search();
    assertThat(results).isNotEmpty();
    assertThat(results.get(0).path()).isEqualTo("projects/startup-x/changelog.md");
    assertThat(results.get(0).chunk())
        .startsWith("## [blocage] Le webhook de paiement envoie des doublons");
    Processes.assertGone(pids("fake-qmd.pid"));
  }

  @Test
  void scoresOutsideTheUnitRangeAreClamped() {
    open("scores");
    List<SearchResult> results = searcher.search(SearchRequest.of("webhook paiement"));
    assertThat(results).isNotEmpty()
        .allSatisfy(r -> assertThat(r.score()).isBetween(0.0, 1.0));
    assertThat(results.get(0).score()).isEqualTo(1.0);
    // A negative document score counts as 0: its chunks rank below the others of their band.
    assertThat(results).filteredOn(r -> r.path().equals("projects/startup-x/tasks.md"))
        .isNotEmpty().allSatisfy(r -> assertThat(r.score()).isLessThan(1.0));
  }

  @Test
  void childHoldingStdoutOpenIsKilledAndTheAnswerKept() throws Exception {
    open("orphan", GENEROUS);
    // The child sleeps 300 s holding stdout: waiting for it would end in a timeout error.
    List<SearchResult> results = search();
    assertThat(results).extracting(SearchResult::path)
        .contains("projects/startup-x/changelog.md");
    Processes.assertGone(pids("fake-qmd.pid", "child.pid"));
  }

  @Test
  void detachedGrandchildIsKilledAndTheAnswerKept() throws Exception {
    open("orphan-detached");
    List<SearchResult> results = search();
    assertThat(results).extracting(SearchResult::path)
        .contains("projects/startup-x/changelog.md");
    Processes.assertGone(pids("fake-qmd.pid", "child.pid"));
  }
}
