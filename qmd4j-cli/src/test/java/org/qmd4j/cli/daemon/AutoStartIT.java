package org.qmd4j.cli.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged command line as users run it, with no flag and no environment: a command that
 * finds no daemon for its vault starts one in the background (said once), later commands run
 * in it with the same answer; CI, {@code --no-daemon} and {@code QMD4J_NO_DAEMON} start none; a
 * daemon that cannot start leaves the command's answer unchanged; the daemon never holds the
 * command's pipes open.
 */
class AutoStartIT {
  private static final String NOTICE = "starting a background searcher for this vault";
  private static final String[] SEARCH = {"search", "--vault", "vault", "--json", "décision"};
  /** The example vault with its index built; no test edits it. */
  @TempDir static Path shared;
  private static PreparedVault vault;
  @TempDir Path dir;
  private final List<DaemonProcesses> clis = new ArrayList<>();

  /** What {@link #SEARCH} prints in-process, without a daemon. */
  private static String inProcessAnswer;

  @BeforeAll
  static void prepare() throws Exception {
    DaemonProcesses.JVMS.set(0);
    vault = PreparedVault.in(shared);
    DaemonProcesses.Run here = vault.cli(shared.resolve("answer-cache")).inProcess(SEARCH);
    assertThat(here.code()).isZero();
    inProcessAnswer = here.out();
  }

  private static String answer() {
    return inProcessAnswer;
  }

  @AfterAll
  static void count() {
    System.out.println("AutoStartIT: " + DaemonProcesses.JVMS + " runs of the jar");
  }

  @AfterEach
  void stopDaemons() throws Exception {
    for (DaemonProcesses cli : clis) cli.close();
  }

  /** Commands with a cache folder of their own at {@code cache}, the index built in it. */
  private DaemonProcesses cli(Path cache) throws Exception {
    DaemonProcesses cli = vault.cli(cache);
    cli.autoStart(true);
    clis.add(cli);
    return cli;
  }

  /** The daemon's pid once {@code daemon status} shows one (it starts in the background). */
  private static long awaitDaemon(DaemonProcesses cli) throws Exception {
    return cli.awaitDaemon();
  }

  @Test
  void aCommandStartsTheDaemonSaysSoOnceAndLaterCommandsRunInIt() throws Exception {
    DaemonProcesses cli = cli(dir.resolve("cache"));
    String here = answer();

    DaemonProcesses.Run first = cli.run(SEARCH);
    assertThat(first.code()).isZero();
    assertThat(first.out()).isEqualTo(here); // byte for byte, wherever it ran
    assertThat(first.err()).containsOnlyOnce(NOTICE).contains("--no-daemon to avoid");
    awaitDaemon(cli);

    DaemonProcesses.Run next = cli.run(SEARCH);
    assertThat(next.relayed()).as("served by the daemon").isTrue();
    assertThat(next.out()).isEqualTo(here);
    assertThat(next.err()).doesNotContain(NOTICE).doesNotContain("could not start");

    // Another command of the daemon's, and a new daemon after a stop: no second notice.
    DaemonProcesses.Run tree = cli.run("tree", "--vault", "vault");
    assertThat(tree.relayed()).isTrue();
    assertThat(tree.out()).isEqualTo(cli.inProcess("tree", "--vault", "vault").out());
    assertThat(cli.run("daemon", "stop", "--vault", "vault").code()).isZero();
    DaemonProcesses.Run again = cli.run(SEARCH);
    assertThat(again.out()).isEqualTo(here);
    assertThat(again.err()).doesNotContain(NOTICE);
    awaitDaemon(cli);
  }

  @Test
  void twoFirstCommandsAtOnceShareOneDaemonAndNeitherSaysItFailed() throws Exception {
    DaemonProcesses cli = cli(dir.resolve("cache"));
    String answer = answer();
    java.util.concurrent.ExecutorService pool =
        java.util.concurrent.Executors.newFixedThreadPool(2);
    try {
      java.util.concurrent.Future<DaemonProcesses.Run> a = pool.submit(() -> cli.run(SEARCH));
      java.util.concurrent.Future<DaemonProcesses.Run> b = pool.submit(() -> cli.run(SEARCH));
      for (DaemonProcesses.Run run : List.of(a.get(), b.get())) {
        assertThat(run.code()).isZero();
        assertThat(run.out()).isEqualTo(answer);
        assertThat(run.err()).doesNotContain("could not start");
      }
      assertThat(a.get().err() + b.get().err()).containsOnlyOnce(NOTICE);
    } finally {
      pool.shutdownNow();
    }
    awaitDaemon(cli);
    assertThat(cli.run(SEARCH).relayed()).isTrue();
  }

  @Test
  void ciAndTheOffSwitchesStartNoDaemon() throws Exception {
    DaemonProcesses cli = cli(dir.resolve("cache"));
    String answer = answer();
    List<DaemonProcesses.Run> runs = List.of(
        cli.run(Map.of("CI", "true"), SEARCH),
        cli.run(Map.of("CI", "1"), "find", "--vault", "vault", "--query", "facture"),
        cli.run("search", "--no-daemon", "--vault", "vault", "--json", "décision"),
        cli.run(Map.of("QMD4J_NO_DAEMON", "1"), SEARCH));
    for (DaemonProcesses.Run run : runs) {
      assertThat(run.code()).isZero();
      assertThat(run.err()).doesNotContain(NOTICE);
    }
    assertThat(runs.get(0).out()).isEqualTo(answer);
    assertThat(runs.get(3).out()).isEqualTo(answer);
    assertThat(cli.daemonFolder()).doesNotExist();
    assertThat(cli.pid()).isEmpty();
  }

  @Test
  void aDaemonFolderThatCannotBeMadeLeavesTheAnswerUnchanged() throws Exception {
    DaemonProcesses cli = cli(dir.resolve("cache"));
    String answer = answer();
    Path folder = cli.daemonFolder();
    Files.writeString(folder, "not a folder"); // where the daemon's folder should be

    DaemonProcesses.Run first = cli.run(SEARCH);
    assertThat(first.code()).isZero();
    assertThat(first.out()).isEqualTo(answer);
    assertThat(first.err()).containsOnlyOnce("the background searcher could not start")
        .doesNotContain("Exception").doesNotContain(dir.toString())
        .doesNotContain(vault.dir().toString());
    DaemonProcesses.Run second = cli.run(SEARCH);
    assertThat(second.code()).isZero();
    assertThat(second.out()).isEqualTo(answer);
    assertThat(second.err()).doesNotContain("could not start").doesNotContain(NOTICE);
    assertThat(folder.resolveSibling(AutoStart.FAILED_MARKER)).content()
        .contains("could not launch the daemon");
    assertThat(cli.pid()).isEmpty();
  }

  @Test
  void aDaemonThatStopsAsItStartsLeavesTheAnswerUnchangedAndIsSaidWhyOnce() throws Exception {
    // A cache folder too deep for a Unix socket's path: the daemon refuses to start.
    DaemonProcesses cli = cli(dir.resolve("c".repeat(120)));
    String answer = answer();
    Path failed = cli.daemonFolder().resolveSibling(AutoStart.FAILED_MARKER);

    // A command waits a few seconds for the daemon it started: on a loaded machine the daemon
    // may refuse after that, and a later command, starting one again, is the one that says
    // why. Either way it is said once, and every answer is the in-process one.
    StringBuilder said = new StringBuilder();
    for (int i = 0; i < 5 && !Files.exists(failed); i++) {
      DaemonProcesses.Run run = cli.run(SEARCH);
      assertThat(run.code()).isZero();
      assertThat(run.out()).isEqualTo(answer);
      said.append(run.err());
    }
    assertThat(said.toString()).containsOnlyOnce("the background searcher could not start")
        .contains("too long");
    DaemonProcesses.Run next = cli.run(SEARCH);
    assertThat(next.out()).isEqualTo(answer);
    assertThat(next.err()).doesNotContain("could not start");
    assertThat(cli.pid()).isEmpty();
  }

  @Test
  void theDaemonItStartsNeverHoldsTheCommandsPipesOpen() throws Exception {
    DaemonProcesses cli = cli(dir.resolve("cache"));
    String answer = answer();
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString()));
    command.addAll(DaemonProcesses.launcherOptions(SEARCH));
    command.addAll(List.of("-jar", System.getProperty("qmd4j.cliJar", "target/qmd4j-cli.jar")));
    command.addAll(List.of(SEARCH));
    ProcessBuilder pb = new ProcessBuilder(command).directory(vault.dir().toFile())
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    Map<String, String> env = pb.environment();
    env.remove("CI");
    env.remove(DaemonClient.OFF_ENV);
    env.remove("QMD4J_LOG");
    env.put("QMD4J_CACHE_DIR", cli.daemonFolder().getParent().getParent().toString());
    env.put("QMD4J_SEARCH_FALLBACK", "1");
    Process p = pb.start(); // stdout and stderr are pipes, as in `qmd4j search x | head`
    CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(p.getInputStream()));
    CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()));
    try {
      // The daemon lives for an hour: a pipe it held would stay open far longer than this.
      assertThat(out.get(2, TimeUnit.MINUTES)).isEqualTo(answer);
      assertThat(err.get(1, TimeUnit.MINUTES)).contains(NOTICE);
    } catch (TimeoutException e) {
      throw new AssertionError("a pipe of the command stayed open after it ended", e);
    } finally {
      p.destroyForcibly();
    }
    assertThat(p.waitFor()).isZero();
    awaitDaemon(cli);
  }

  private static String read(InputStream in) {
    try (in) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
