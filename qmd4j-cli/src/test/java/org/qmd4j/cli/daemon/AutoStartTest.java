package org.qmd4j.cli.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** When a command may start a daemon, and what it tells of one that did not start. */
class AutoStartTest {
  @TempDir Path dir;

  @Test
  void neverOnCiNorInTheLaunchersTrainingRun() {
    assertThat(AutoStart.allowed(Map.of())).isTrue();
    assertThat(AutoStart.allowed(Map.of("CI", ""))).isTrue();
    assertThat(AutoStart.allowed(Map.of("CI", "true"))).isFalse();
    assertThat(AutoStart.allowed(Map.of("CI", "1"))).isFalse();
    assertThat(AutoStart.allowed(Map.of("QMD4J_ARCHIVE_TRAINING", "1"))).isFalse();
  }

  @Test
  void theReasonIsWhatTheDaemonWroteForPeopleSinceItStarted() throws Exception {
    Path log = dir.resolve("daemon.log");
    String before = "qmd4j: an older start's message\n";
    Files.writeString(log, before + "[main] WARN some log line\nqmd4j: the cache folder's path"
        + " is too long\nqmd4j: set QMD4J_CACHE_DIR\n", StandardCharsets.UTF_8);
    assertThat(AutoStart.said(log, before.getBytes(StandardCharsets.UTF_8).length))
        .isEqualTo("the cache folder's path is too long; set QMD4J_CACHE_DIR");
    assertThat(AutoStart.said(dir.resolve("none.log"), 0)).isEmpty();
  }

  @Test
  void aFailureHoldsBackNewAttemptsForAWhile() throws Exception {
    Path marker = dir.resolve(AutoStart.FAILED_MARKER);
    assertThat(AutoStart.failedRecently(marker)).isFalse();
    Files.writeString(marker, "details");
    assertThat(AutoStart.failedRecently(marker)).isTrue();
    Files.setLastModifiedTime(marker, FileTime.from(Instant.now().minusMillis(
        AutoStart.RETRY_MILLIS + 60_000)));
    assertThat(AutoStart.failedRecently(marker)).isFalse();
  }
}
