package org.qmd4j.cli.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The daemon keeps the JVM options of the command that starts it, but the one-shot ones. */
class SpawnerTest {
  @Test
  void longLivedOptionsAreKeptOneShotOnesLeftOut() {
    assertThat(Spawner.jvmOptions(List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
        "-Xlog:disable", "-XX:SharedArchiveFile=a.jsa", "-agentlib:jdwp=transport=dt_socket",
        "-XX:AOTCacheOutput=x.aot", "-Xshare:off", "-Dqmd4j.x=1")))
        .containsExactly("-XX:+UseSerialGC", "-Xlog:disable", "-XX:SharedArchiveFile=a.jsa",
            "-Dqmd4j.x=1");
  }

  @Test
  void theClassPathIsMadeAbsoluteForTheDaemonRunsInTheVault() {
    String cwd = System.getProperty("user.dir");
    assertThat(Spawner.absolute("qmd4j-cli.jar")).isEqualTo(cwd + "/qmd4j-cli.jar");
    assertThat(Spawner.absolute("/opt/a.jar:lib/b.jar"))
        .isEqualTo("/opt/a.jar:" + cwd + "/lib/b.jar");
  }
}
