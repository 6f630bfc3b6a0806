package org.qmd4j.cli.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher scripts' short way to a running daemon: with a daemon of the installation's jar
 * serving the vault, a command answers through the daemon's loopback port with no JVM at all
 * (the scripts here have no java to start), printing the same bytes with the same exit code as
 * in-process; with no daemon, a rebuilt jar, {@code --no-daemon} or a time zone the daemon
 * cannot tell, the script goes through Java instead.
 */
class ShellRelayIT {
  private static final String NO_JAVA = "has no bin/java";
  @TempDir static Path shared;
  private static PreparedVault vault;
  @TempDir Path work;
  private Path dir;
  private Path cache;
  private DaemonProcesses cli;
  /**
   * The same vault and cache with the build's jar, for the in-process answers the relayed ones
   * are compared with (the same bytes as the installation's copy; it starts with the tests'
   * class-data archive).
   */
  private DaemonProcesses local;
  private Path launcher;
  private Path jar;

  @BeforeAll
  static void prepare() throws Exception {
    vault = PreparedVault.in(shared);
  }

  /** An unpacked distribution: bin/qmd4j, lib/ with the command line's jar and the relay. */
  @BeforeEach
  void install() throws Exception {
    dir = vault.dir();
    Path home = work.resolve("qmd4j-dist");
    Path bin = Files.createDirectories(home.resolve("bin"));
    Path lib = Files.createDirectories(home.resolve("lib"));
    launcher = Files.copy(Path.of("src/dist/bin/qmd4j"), bin.resolve("qmd4j"));
    Files.copy(Path.of("src/dist/lib/qmd4j-relay.bash"), lib.resolve("qmd4j-relay.bash"));
    jar = Files.copy(Path.of(System.getProperty("qmd4j.cliJar", "target/qmd4j-cli.jar")),
        lib.resolve("qmd4j-cli-test.jar"), StandardCopyOption.COPY_ATTRIBUTES);
    cache = work.resolve("cache");
    cli = vault.cli(cache);
    cli.useJar(jar);
    local = new DaemonProcesses(dir, cache);
  }

  @AfterEach
  void stopDaemons() throws Exception {
    cli.close();
  }

  @Test
  void commandsAnswerWithoutAJvmWithTheSameBytesAndExitCodes() throws Exception {
    cli.start();
    List<String[]> commands = List.of(
        new String[] {"search", "--vault", "vault", "décision"},
        new String[] {"search", "--vault=vault", "--json", "facture", "impayée"},
        new String[] {"find", "--vault", "vault", "--where", "status eq bloqué", "--json"},
        new String[] {"read", "--vault", "vault", "projects/startup-x/state.md:1-5"},
        new String[] {"concat", "--vault", "vault", "projects/startup-x/state.md"},
        new String[] {"tasks", "--vault", "vault", "--status", "bloqué"},
        new String[] {"search", "--vault", "vault", "--scope", "nowhere", "x"},
        new String[] {"search", "--vault", "vault", "two words\nand a line", ""},
        new String[] {"read", "--vault", "vault", "../outside.md"},
        new String[] {"search", "--vault", "vault", "zzzqqqxxx"});
    for (String[] args : commands) {
      String what = String.join(" ", args);
      DaemonProcesses.Run here = local.inProcess(args);
      DaemonProcesses.Run relayed = script(Map.of(), args);
      assertThat(relayed.out()).as("stdout of " + what).isEqualTo(here.out());
      assertThat(relayed.err()).as("stderr of " + what).isEqualTo(here.err());
      assertThat(relayed.code()).as("exit code of " + what).isEqualTo(here.code());
    }
    DaemonProcesses.Run fromEnvironment = script(Map.of("QMD4J_VAULT", "vault", "TZ", "UTC"),
        "search", "--json", "décision");
    assertThat(fromEnvironment.code()).isZero();
    assertThat(fromEnvironment.out()).isEqualTo(
        local.inProcess("search", "--vault", "vault", "--json", "décision").out());
    DaemonProcesses.Run doctor = script(Map.of(), "doctor", "--vault", "vault");
    assertThat(doctor.out()).containsPattern("daemon +pid [0-9]+ serves this vault \\(this"
        + " command ran in it\\)");
    relayFileIsTheOwnersAndAWrongTokenGetsNoAnswer();
    aTerminalSeesStderrAndStdoutInTheOrderTheyWerePrinted();
  }

  private void relayFileIsTheOwnersAndAWrongTokenGetsNoAnswer() throws Exception {
    Path file = cli.daemonPaths().relay();
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-------");
    List<String> lines = Files.readAllLines(file);
    assertThat(lines.get(1)).isEqualTo(dir.resolve("vault").toRealPath().toString());
    int port = Integer.parseInt(lines.get(0).split(" ")[0]);
    try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
      socket.setSoTimeout(20_000);
      OutputStream out = socket.getOutputStream();
      out.write(("qmd4j-relay/1 0123456789abcdef0123456789abcdef\nbuffered\0" + dir + "\0-\0"
          + "0\0" + "2\0tree\0--vault=vault\0" + "0\0").getBytes(StandardCharsets.UTF_8));
      out.flush();
      InputStream in = socket.getInputStream();
      assertThat(in.read()).as("nothing answered, connection closed").isEqualTo(-1);
    }
  }

  private void aTerminalSeesStderrAndStdoutInTheOrderTheyWerePrinted() throws Exception {
    if (!new File("/usr/bin/script").canExecute()) return; // no script(1) to make a terminal
    DaemonProcesses.Run here = local.inProcess("search", "--vault", "vault", "--scope",
        "nowhere", "x");
    DaemonProcesses.Run tty = script(Map.of(), "/usr/bin/script", "-qec",
        "bash " + launcher + " search --vault vault --scope nowhere x", "/dev/null");
    assertThat(tty.code()).isEqualTo(here.code());
    assertThat(tty.out().replace("\r\n", "\n")).isEqualTo(here.err()).doesNotContain(NO_JAVA);
    DaemonProcesses.Run found = script(Map.of(), "/usr/bin/script", "-qec",
        "bash " + launcher + " search --vault vault décision", "/dev/null");
    assertThat(found.out().replace("\r\n", "\n"))
        .isEqualTo(local.inProcess("search", "--vault", "vault", "décision").out());
  }

  @Test
  void noDaemonARebuiltJarNoDaemonFlagOrAnUnknownZoneGoThroughJava() throws Exception {
    assertThat(script(Map.of(), "search", "--vault", "vault", "décision").err())
        .as("no daemon yet").contains(NO_JAVA);
    cli.start();
    assertThat(script(Map.of(), "search", "--vault", "vault", "décision").code()).isZero();
    assertThat(script(Map.of(), "search", "--no-daemon", "--vault", "vault", "x").err())
        .contains(NO_JAVA);
    assertThat(script(Map.of("QMD4J_NO_DAEMON", "1"), "search", "--vault", "vault", "x").err())
        .contains(NO_JAVA);
    assertThat(script(Map.of("TZ", "Mars/Olympus_Mons"), "search", "--vault", "vault", "x")
        .err()).as("a zone the JDK does not know").contains(NO_JAVA);
    Files.setLastModifiedTime(jar, FileTime.from(Instant.now().plusSeconds(60)));
    assertThat(script(Map.of(), "search", "--vault", "vault", "décision").err())
        .as("the jar rebuilt since the daemon started").contains(NO_JAVA);
  }

  @Test
  void theSourceTreeLauncherRelaysToo() throws Exception {
    Path devLauncher = Path.of("../qmd4j").toAbsolutePath().normalize();
    Assumptions.assumeTrue(Files.isExecutable(devLauncher), "not run from the source tree");
    cli.useJar(Path.of(System.getProperty("qmd4j.cliJar", "target/qmd4j-cli.jar"))
        .toAbsolutePath());
    cli.start();
    DaemonProcesses.Run relayed = script(Map.of(), "bash", devLauncher.toString(), "search",
        "--vault", "vault", "--json", "décision");
    assertThat(relayed.err()).doesNotContain("JAVA_HOME");
    assertThat(relayed.out()).isEqualTo(
        local.inProcess("search", "--vault", "vault", "--json", "décision").out());
  }

  /**
   * Runs the distribution's launcher with {@code args} (or, when the first is a path or
   * {@code bash}, that command), with no java it could start: {@code JAVA_HOME} names a folder
   * without one.
   */
  private DaemonProcesses.Run script(Map<String, String> extraEnv, String... args)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    if (!args[0].startsWith("/") && !args[0].equals("bash")) {
      command.add("bash");
      command.add(launcher.toString());
    }
    command.addAll(List.of(args));
    Map<String, String> env = new HashMap<>(extraEnv);
    env.putIfAbsent("JAVA_HOME", work.resolve("no-java").toString());
    return cli.exec(command, env);
  }
}
