package org.qmd4j.cli.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.Fixtures;
import org.qmd4j.TestTier;

/**
 * The packaged command line with a real daemon. Every command prints the same
 * bytes on stdout and stderr and exits with the same code through the daemon as in-process;
 * a stale socket, a daemon of another build, {@code daemon stop} and the idle timeout leave
 * commands working in-process; an edit to the vault is seen by the next search through the
 * daemon.
 */
class DaemonIT {
  /** The example vault with its index built, shared by every test that does not edit it. */
  @TempDir static Path shared;
  private static PreparedVault vault;
  /** The daemon the tests that only read share, started by the first of them. */
  private static DaemonProcesses reader;
  @TempDir Path dir;
  private DaemonProcesses cli;

  @BeforeAll
  static void prepare() throws Exception {
    DaemonProcesses.JVMS.set(0);
    vault = PreparedVault.in(shared);
  }

  @AfterAll
  static void stopReader() throws Exception {
    if (reader != null) reader.close();
    System.out.println("DaemonIT: " + DaemonProcesses.JVMS + " runs of the jar");
  }

  @BeforeEach
  void cache() {
    cli = vault.cli(dir.resolve("cache"));
  }

  @AfterEach
  void stopDaemons() throws Exception {
    cli.close();
  }

  private static synchronized DaemonProcesses reader() throws Exception {
    if (reader == null) {
      reader = vault.cli(shared.resolve("reader-cache"));
      reader.start();
    }
    return reader;
  }

  private static final List<String[]> COMMANDS = List.of(
      new String[] {"search", "--vault", "vault", "décision"},
      new String[] {"search", "--vault=vault", "--json", "facture", "impayée"},
      new String[] {"search", "--vault", "vault", "--vimgrep", "--scope", "all-tasks", "bloqué"},
      new String[] {"find", "--vault", "vault", "--query", "facture"},
      new String[] {"find", "--vault", "vault", "--where", "status eq bloqué", "--json"},
      new String[] {"read", "--vault", "vault", "projects/startup-x/state.md:1-5"},
      new String[] {"concat", "--vault", "vault", "projects/startup-x/state.md"},
      new String[] {"tree", "--vault", "vault"},
      new String[] {"brief", "--vault", "vault", "PostgreSQL"},
      new String[] {"tasks", "--vault", "vault", "--status", "bloqué"},
      new String[] {"changelog", "--vault", "vault", "--json", "--project", "startup-x"},
      new String[] {"search", "--vault", "vault", "--scope", "nowhere", "x"},
      new String[] {"search", "--vault", "vault", "--limit", "many", "x"},
      new String[] {"read", "--vault", "vault", "../outside.md"},
      new String[] {"search", "--vault", "vault", "zzzqqqxxx"});

  /**
   * The commands the fast tier compares: those {@link ShellRelayIT} does not also compare
   * through the daemon (its relay runs them in the same daemon code), and a search and an
   * exit code 2 of its own. The full tier compares every one of {@link #COMMANDS}.
   */
  private static final List<String> FAST_TIER = List.of("search --vault vault décision",
      "search --vault vault --vimgrep --scope all-tasks bloqué",
      "find --vault vault --query facture", "tree --vault vault", "brief --vault vault"
      + " PostgreSQL", "changelog --vault vault --json --project startup-x",
      "search --vault vault --limit many x");

  @Test
  void everyCommandPrintsTheSameBytesAndExitCodeThroughTheDaemon() throws Exception {
    // Both ways find the index built and up to date: no "indexed N files" on either stderr.
    DaemonProcesses cli = reader();
    List<String[]> commands = TestTier.full() ? COMMANDS : COMMANDS.stream()
        .filter(args -> FAST_TIER.contains(String.join(" ", args))).toList();
    assertThat(commands).hasSizeGreaterThanOrEqualTo(FAST_TIER.size());
    for (String[] args : commands) {
      DaemonProcesses.Run here = cli.inProcess(args);
      DaemonProcesses.Run daemon = cli.run(args);
      String what = String.join(" ", args);
      assertThat(here.relayed()).as(what).isFalse();
      assertThat(daemon.relayed()).as("relayed: " + what).isTrue();
      assertThat(daemon.out()).as("stdout of " + what).isEqualTo(here.out());
      assertThat(daemon.err()).as("stderr of " + what).isEqualTo(here.err());
      assertThat(daemon.code()).as("exit code of " + what).isEqualTo(here.code());
    }
    assertThat(cli.run("search", "--vault", "vault", "--scope", "nowhere", "x").code())
        .isEqualTo(2);
    DaemonProcesses.Run doctor = cli.run("doctor", "--vault", "vault");
    assertThat(doctor.out()).containsPattern("daemon +pid [0-9]+ serves this vault \\(this"
        + " command ran in it\\)");
  }

  @Test
  void concurrentClientsAreServedAndAgree() throws Exception {
    DaemonProcesses cli = reader();
    String expected = cli.inProcess("search", "--vault", "vault", "--json", "décision").out();
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<DaemonProcesses.Run>> runs = new ArrayList<>();
      for (int i = 0; i < 8; i++) {
        runs.add(pool.submit(() -> cli.run("search", "--vault", "vault", "--json",
            "décision")));
      }
      for (Future<DaemonProcesses.Run> run : runs) {
        DaemonProcesses.Run r = run.get(3, TimeUnit.MINUTES);
        assertThat(r.relayed()).isTrue();
        assertThat(r.out()).isEqualTo(expected);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void statusSaysPidVaultEngineUptimeVersionAndStopEndsIt() throws Exception {
    assertThat(cli.run("daemon", "status", "--vault", "vault").code()).isEqualTo(1);
    long pid = cli.start();
    DaemonProcesses.Run status = cli.run("daemon", "status", "--vault", "vault");
    assertThat(status.code()).isZero();
    assertThat(status.out()).contains("pid           " + pid)
        .contains("vault         " + shared.resolve("vault").toRealPath())
        .contains("engine        embedded").contains("layout        projects")
        .containsPattern("uptime +[0-9]+ s").containsPattern("version +\\S+")
        .contains("idle timeout  1 h");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(
        cli.daemonFolder()))).isEqualTo("rwx------");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(
        cli.daemonFolder().resolve("daemon.sock")))).isEqualTo("rw-------");

    DaemonProcesses.Run stop = cli.run("daemon", "stop", "--vault", "vault");
    assertThat(stop.code()).isZero();
    assertThat(stop.err()).contains("stopped the daemon of").contains("(pid " + pid + ")");
    assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive)).isNotEqualTo(
        Optional.of(true));
    assertThat(cli.daemonFolder().resolve("daemon.sock")).doesNotExist();
    DaemonProcesses.Run after = cli.run("search", "--vault", "vault", "décision");
    assertThat(after.relayed()).isFalse();
    assertThat(after.code()).isZero();
    assertThat(cli.run("daemon", "status", "--vault", "vault").out())
        .startsWith("no daemon serves");
  }

  @Test
  void aStaleSocketIsRemovedAndTheCommandRunsInProcess() throws Exception {
    long pid = cli.start();
    ProcessHandle daemon = ProcessHandle.of(pid).orElseThrow();
    daemon.destroyForcibly(); // SIGKILL: the socket file stays behind
    daemon.onExit().get(1, TimeUnit.MINUTES);
    Path socket = cli.daemonFolder().resolve("daemon.sock");
    assertThat(socket).exists();

    DaemonProcesses.Run run = cli.run("search", "--vault", "vault", "décision");
    assertThat(run.code()).isZero();
    assertThat(run.relayed()).isFalse();
    assertThat(run.out()).isEqualTo(cli.inProcess("search", "--vault", "vault", "décision")
        .out());
    assertThat(run.err()).doesNotContain("daemon");
    assertThat(socket).doesNotExist();
  }

  @Test
  void aDaemonOfAnotherBuildIsNotUsedAndStatusAndDoctorSayWhy() throws Exception {
    Path other = dir.resolve("other.jar");
    Path jar = Path.of(System.getProperty("qmd4j.cliJar", "target/qmd4j-cli.jar"));
    Files.copy(jar, other, StandardCopyOption.REPLACE_EXISTING);
    Files.setLastModifiedTime(other, FileTime.from(Instant.parse("2020-01-01T00:00:00Z")));
    cli.useJar(other);
    long pid = cli.start();
    cli.useJar(jar);

    DaemonProcesses.Run run = cli.run("search", "--vault", "vault", "décision");
    assertThat(run.relayed()).isFalse();
    assertThat(run.code()).isZero();
    assertThat(run.out()).isEqualTo(cli.inProcess("search", "--vault", "vault", "décision")
        .out());
    assertThat(cli.run("daemon", "status", "--vault", "vault").out())
        .contains("pid           " + pid).contains("another qmd4j build");
    assertThat(cli.run("doctor", "--vault", "vault").out())
        .containsPattern("daemon +not used: it runs another qmd4j build");

    assertThat(cli.run("daemon", "stop", "--vault", "vault").code()).isZero();
    assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive)).isNotEqualTo(
        Optional.of(true));
  }

  @Test
  void anIdleDaemonStopsByItself() throws Exception {
    // Long enough that `daemon start` sees the daemon answer even on a loaded machine (with
    // 2 s, a start that waited longer than that found it gone); the test waits on its exit.
    long pid = cli.start("--idle-timeout", "10s");
    // No command: it ends after 10 s (maybe already, on a slow machine).
    java.util.Optional<ProcessHandle> daemon = ProcessHandle.of(pid);
    if (daemon.isPresent()) daemon.get().onExit().get(2, TimeUnit.MINUTES);
    assertThat(cli.daemonFolder().resolve("daemon.sock")).doesNotExist();
    assertThat(cli.run("daemon", "status", "--vault", "vault").code()).isEqualTo(1);
  }

  @Test
  void anEditIsSeenByTheNextSearchThroughTheDaemon() throws Exception {
    // A vault of its own, which the edit leaves the other tests' vault as it was.
    Fixtures.copyVault(dir.resolve("vault"));
    cli = new DaemonProcesses(dir, Files.createDirectories(dir.resolve("own-cache")));
    cli.start();
    DaemonProcesses.Run before = cli.run("search", "--vault", "vault", "zorglub");
    assertThat(before.relayed()).isTrue();
    assertThat(before.out()).startsWith("No result for: zorglub");
    Path note = dir.resolve("vault/projects/startup-x/bucket/zorglub.md");
    Files.writeString(note, "---\nupdated: 2025-09-01\n---\n# Zorglub\n\nLe plan zorglub.\n");

    DaemonProcesses.Run after = cli.run("search", "--vault", "vault", "zorglub");
    assertThat(after.relayed()).isTrue();
    assertThat(after.out()).startsWith("projects/startup-x/bucket/zorglub.md:");
  }

  @Test
  void aSocketOfAnotherUserIsNotUsed() throws Exception {
    Assumptions.assumeTrue(Files.getAttribute(Path.of("/proc/self"), "unix:uid").equals(0),
        "needs root, to give the socket to another user");
    cli.start();
    Path socket = cli.daemonFolder().resolve("daemon.sock");
    Files.setAttribute(socket, "unix:uid", 65534);
    try {
      DaemonProcesses.Run run = cli.run("search", "--vault", "vault", "décision");
      assertThat(run.relayed()).isFalse();
      assertThat(run.code()).isZero();
      DaemonProcesses.Run status = cli.run("daemon", "status", "--vault", "vault");
      assertThat(status.out()).contains("its socket belongs to another user");
      assertThat(socket).exists(); // not removed as if stale
    } finally {
      Files.setAttribute(socket, "unix:uid", 0);
    }
  }
}
