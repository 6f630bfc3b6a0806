package org.qmd4j.cli.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** What a command's thread writes on stderr (its logs) reaches that command's client only. */
class RoutedStderrTest {
  @Test
  void aCommandsThreadWritesToItsClientOtherThreadsToTheDaemonsLog() throws Exception {
    PrintStream original = System.err;
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    ByteArrayOutputStream client = new ByteArrayOutputStream();
    System.setErr(new PrintStream(log, true, StandardCharsets.UTF_8));
    try {
      RoutedStderr.install();
      RoutedStderr.route(client);
      System.err.println("WARN for the client");
      Thread other = new Thread(() -> System.err.println("WARN of the watcher"));
      other.start();
      other.join();
      RoutedStderr.clear();
      System.err.println("daemon line");
    } finally {
      RoutedStderr.clear();
      System.setErr(original);
    }
    assertThat(client.toString(StandardCharsets.UTF_8)).isEqualTo("WARN for the client"
        + System.lineSeparator());
    assertThat(log.toString(StandardCharsets.UTF_8)).contains("WARN of the watcher")
        .contains("daemon line").doesNotContain("for the client");
  }
}
