package org.qmd4j.cli.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which command lines the client sends to a daemon, and for which vault. */
class DaemonClientTest {
  private static String vault(Map<String, String> env, String... args) {
    return DaemonClient.vaultOf(args, env).orElse(null);
  }

  @Test
  void theVaultIsTheOptionElseTheEnvironmentElseTheCurrentFolder() {
    assertThat(vault(Map.of(), "search", "--vault", "notes", "x")).isEqualTo("notes");
    assertThat(vault(Map.of(), "search", "--vault=notes", "x")).isEqualTo("notes");
    assertThat(vault(Map.of("QMD4J_VAULT", "/v"), "tree")).isEqualTo("/v");
    assertThat(vault(Map.of(), "read", "a.md")).isEqualTo(".");
    assertThat(vault(Map.of(), "search", "--", "--vault", "x")).isEqualTo(".");
  }

  @Test
  void serversHelpLogsAndTheOffSwitchesRunInProcess() {
    for (String command : new String[] {"mcp", "serve", "daemon", "help", "--help", "nope"}) {
      assertThat(vault(Map.of(), command)).as(command).isNull();
    }
    assertThat(vault(Map.of(), "search", "--no-daemon", "x")).isNull();
    assertThat(vault(Map.of(), "search", "-v", "x")).isNull();
    assertThat(vault(Map.of(), "search", "--help")).isNull();
    assertThat(vault(Map.of("QMD4J_NO_DAEMON", "1"), "search", "x")).isNull();
    assertThat(vault(Map.of("QMD4J_NO_DAEMON", "0"), "search", "x")).isEqualTo(".");
    assertThat(vault(Map.of("QMD4J_LOG", "debug"), "search", "x")).isNull();
    assertThat(vault(Map.of(), "search", "--", "-v")).isEqualTo(".");
  }
}
