package org.qmd4j.qmd;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.spi.ProcessRequest;
import org.qmd4j.spi.ProcessResult;
import org.qmd4j.spi.ProcessRunner;

/** The version probe. */
class QmdBinaryTest {
  @TempDir Path tmp;

  private Path binary() {
    return RecordedQmd.placeholderBinary(tmp);
  }

  private static ProcessRunner answering(ProcessResult result) {
    return request -> {
      assertThat(request.command().subList(1, request.command().size()))
          .containsExactly("--version");
      return result;
    };
  }

  @Test
  void qmd283IsUsable() {
    Path path = binary();
    QmdBinary.Probe probe =
        QmdBinary.probe(path, answering(RecordedQmd.ok(RecordedQmd.read("version.txt"))));
    assertThat(probe.binary()).contains(new QmdBinary(path, "2.8.3"));
    assertThat(probe.problem()).isEmpty();
  }

  @Test
  void versionWithoutCommitIsUsable() {
    QmdBinary.Probe probe = QmdBinary.probe(binary(), answering(RecordedQmd.ok("qmd 2.10.0\n")));
    assertThat(probe.binary().map(QmdBinary::version)).contains("2.10.0");
  }

  @Test
  void qmdOlderThan2IsRefusedSayingWhichIsNeeded() {
    Path path = binary();
    QmdBinary.Probe probe = QmdBinary.probe(path, answering(RecordedQmd.ok("qmd 0.9.0\n")));
    assertThat(probe.binary()).isEmpty();
    assertThat(probe.problem()).isEqualTo("qmd at " + path + " is version 0.9.0; qmd4j needs "
        + "2.x (npm install @tobilu/qmd with Node 22 or later)");
  }

  @Test
  void crashAtStartIsRefusedWithItsExitCodeAndStderr() {
    // qmd 2.8.3 under Node 20 dies at start (better-sqlite3 / sqlite-vec); seen as 139 too.
    Path path = binary();
    QmdBinary.Probe probe = QmdBinary.probe(path, answering(RecordedQmd.result(139, "",
        "Segmentation fault (core dumped)\n")));
    assertThat(probe.binary()).isEmpty();
    assertThat(probe.problem()).isEqualTo("qmd at " + path + " crashed at start (exit 139; qmd"
        + " 2.x needs Node 22 or later): Segmentation fault (core dumped)");
  }

  @Test
  void hangingProbeIsRefused() {
    Path path = binary();
    QmdBinary.Probe probe = QmdBinary.probe(path, answering(new ProcessResult(-1, new byte[0],
        new byte[0], true, false, Duration.ofSeconds(15))));
    assertThat(probe.binary()).isEmpty();
    assertThat(probe.problem())
        .isEqualTo("qmd --version did not answer within 15 s (" + path + ")");
  }

  @Test
  void outputWithoutVersionIsRefused() {
    Path path = binary();
    QmdBinary.Probe probe = QmdBinary.probe(path, answering(RecordedQmd.ok("Usage: qmd ...\n")));
    assertThat(probe.binary()).isEmpty();
    assertThat(probe.problem())
        .isEqualTo("qmd --version printed no version (Usage: qmd ...) at " + path);
  }

  @Test
  void missingOrNonExecutableFileIsRefusedWithoutRunningIt() throws IOException {
    ProcessRunner never = request -> {
      throw new AssertionError("ran " + request.command());
    };
    Path missing = tmp.resolve("nope/qmd");
    assertThat(QmdBinary.probe(missing, never).problem())
        .startsWith("qmd binary " + missing + " cannot be read: java.nio.file.NoSuchFileException");
    Path plain = Files.writeString(tmp.resolve("qmd"), "not a program");
    assertThat(QmdBinary.probe(plain, never).problem())
        .isEqualTo("qmd binary " + plain + " is not executable");
  }

  @Test
  void programThatCannotStartIsRefused() {
    Path path = binary();
    QmdBinary.Probe probe = QmdBinary.probe(path, request -> {
      throw new IOException("Cannot run program: error=8, Exec format error");
    });
    assertThat(probe.binary()).isEmpty();
    assertThat(probe.problem()).isEqualTo("qmd binary " + path + " cannot be started: "
        + "java.io.IOException: Cannot run program: error=8, Exec format error");
  }

  @Test
  void probeRunsOncePerBinaryAndRunner() {
    Path path = binary();
    AtomicInteger runs = new AtomicInteger();
    ProcessRunner counting = request -> {
      runs.incrementAndGet();
      return RecordedQmd.ok("qmd 2.8.3 (facd35e)\n");
    };
    for (int i = 0; i < 3; i++) {
      assertThat(QmdBinary.probe(path, counting).binary()).isPresent();
    }
    assertThat(runs).hasValue(1);
  }

  @Test
  void probeRunsWithTheBinaryFolderFirstOnPath() {
    Path path = binary();
    List<ProcessRequest> seen = new java.util.ArrayList<>();
    QmdBinary.probe(path, request -> {
      seen.add(request);
      return RecordedQmd.ok("qmd 2.8.3\n");
    });
    assertThat(seen).singleElement().satisfies(r -> {
      assertThat(r.command()).containsExactly(path.toString(), "--version");
      assertThat(r.environment().get("PATH")).startsWith(path.getParent().toString());
    });
  }
}
