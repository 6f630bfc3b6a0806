package org.qmd4j.cli.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A daemon that dies while answering, which a real one cannot be made to do on cue: a socket
 * that greets the packaged client as its own build's daemon, takes the command, then hangs up.
 * Before any output, the client runs the command itself; after some, it says so and exits 1.
 */
class DaemonDeathIT {
  @TempDir static Path shared;
  private static PreparedVault vault;
  @TempDir Path dir;
  private DaemonProcesses cli;
  private DaemonPaths paths;

  @BeforeAll
  static void prepare() throws Exception {
    DaemonProcesses.JVMS.set(0);
    vault = PreparedVault.in(shared);
  }

  @AfterAll
  static void count() {
    System.out.println("DaemonDeathIT: " + DaemonProcesses.JVMS + " runs of the jar");
  }

  @BeforeEach
  void vault() throws Exception {
    cli = vault.cli(dir.resolve("cache"));
    paths = cli.daemonPaths();
    Spawner.createFolder(paths.folder());
  }

  /** Serves one client: hellos as the jar's build, reads its command, sends {@code out}. */
  private CompletableFuture<Void> dyingDaemon(ServerSocketChannel server, String out) {
    return CompletableFuture.runAsync(() -> {
      try (SocketChannel client = server.accept()) {
        DataInputStream in = new DataInputStream(Channels.newInputStream(client));
        DataOutputStream wire = new DataOutputStream(Channels.newOutputStream(client));
        Wire.read(in);
        Map<String, String> hello = new LinkedHashMap<>();
        hello.put("protocol", Wire.PROTOCOL);
        hello.put("build", jarBuild());
        hello.put("pid", "1");
        Wire.write(wire, Wire.HELLO, Wire.lines(hello));
        assertThat(Wire.read(in).type()).isEqualTo(Wire.RUN);
        if (!out.isEmpty()) Wire.write(wire, Wire.OUT, out.getBytes(StandardCharsets.UTF_8));
      } catch (Exception e) {
        throw new AssertionError(e);
      }
    });
  }

  private static String jarBuild() throws Exception {
    Path jar = Path.of(System.getProperty("qmd4j.cliJar", "target/qmd4j-cli.jar"))
        .toAbsolutePath();
    try (JarFile file = new JarFile(jar.toFile())) {
      return Build.id(file.getManifest().getMainAttributes().getValue("Implementation-Version"),
          jar);
    }
  }

  @Test
  void beforeAnyOutputTheClientRunsTheCommandItself() throws Exception {
    try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
      server.bind(UnixDomainSocketAddress.of(paths.socket()));
      CompletableFuture<Void> daemon = dyingDaemon(server, "");
      DaemonProcesses.Run run = cli.run("search", "--vault", "vault", "décision");
      daemon.get(1, TimeUnit.MINUTES); // the client did speak to it
      assertThat(run.code()).isZero();
      assertThat(run.relayed()).isFalse();
      assertThat(run.out()).isEqualTo(cli.inProcess("search", "--vault", "vault", "décision")
          .out());
    }
  }

  @Test
  void afterSomeOutputTheClientSaysTheDaemonStoppedAndExits1() throws Exception {
    try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
      server.bind(UnixDomainSocketAddress.of(paths.socket()));
      CompletableFuture<Void> daemon = dyingDaemon(server, "projects/a.md:1-2  0.50\n");
      DaemonProcesses.Run run = cli.run("search", "--vault", "vault", "décision");
      daemon.get(1, TimeUnit.MINUTES);
      assertThat(run.code()).isEqualTo(1);
      assertThat(run.out()).isEqualTo("projects/a.md:1-2  0.50\n");
      assertThat(run.err()).contains("qmd4j: the daemon serving this vault stopped while"
          + " answering; run the command again").doesNotContain("Exception")
          .doesNotContain(dir.resolve("cache").toString());
    }
  }
}
