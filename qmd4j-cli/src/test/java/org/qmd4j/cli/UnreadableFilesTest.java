package org.qmd4j.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.Fixtures;
import org.qmd4j.TestTier;

/**
 * One unreadable file or folder (mode 000) made search, brief, find and tree exit 1;
 * they skip it with one warning. Tests run as root here, and root reads mode 000 files: so
 * the commands run in a child JVM without the capabilities that let root bypass permissions
 * ({@code setpriv --bounding-set=-dac_override,-dac_read_search}), as a normal user would.
 * Skipped where setpriv is missing; run as a normal user, no setpriv is needed.
 */
class UnreadableFilesTest {

  private static boolean isRoot() {
    return "root".equals(System.getProperty("user.name"));
  }

  private static boolean hasSetpriv() {
    try {
      Process p = new ProcessBuilder("setpriv", "--bounding-set=-dac_override,-dac_read_search",
          "true").redirectErrorStream(true).start();
      return p.waitFor(20, TimeUnit.SECONDS) && p.exitValue() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private record Run(int code, String out, String err) {}

  private static Run qmd4j(Path cache, String... args) throws Exception {
    List<String> command = new ArrayList<>();
    if (isRoot()) {
      command.addAll(List.of("setpriv", "--bounding-set=-dac_override,-dac_read_search"));
    }
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(TestTier.commandJvmOptions()); // as the launcher starts a command
    command.addAll(List.of("-cp", System.getProperty("java.class.path"),
        Main.class.getName()));
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command);
    pb.environment().put("QMD4J_CACHE_DIR", cache.toString());
    pb.environment().put("QMD4J_SEARCH_FALLBACK", "1");
    Path out = Files.createTempFile(cache.getParent(), "out", ".txt");
    Path err = Files.createTempFile(cache.getParent(), "err", ".txt");
    Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }

  @Test
  void searchBriefFindAndTreeSkipAnUnreadableFileAndFolderWithOneWarning(@TempDir Path tmp)
      throws Exception {
    assumeThat(!isRoot() || hasSetpriv()).as("setpriv available to drop root's bypass")
        .isTrue();
    Path vault = Fixtures.copyVault(tmp.resolve("vault"));
    Path file = vault.resolve("projects/startup-x/state.md");
    Path folder = vault.resolve("projects/comptabilite/bucket");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("---------"));
    Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("---------"));
    Path cache = tmp.resolve("cache");
    String v = vault.toString();
    try {
      List<String[]> commands = List.of(
          new String[] {"search", "--vault", v, "--json", "décision"},
          new String[] {"brief", "--vault", v, "décision"},
          new String[] {"find", "--vault", v, "--folder", "projects", "--recursive",
              "--where", "updated exists"},
          new String[] {"tree", "--vault", v});
      Run first = qmd4j(cache, "search", "--vault", v, "--json", "cautionnement");
      assertThat(first.code()).as(first.err()).isZero();
      assertThat(first.out().strip()).isEqualTo("{\"results\":[],\"corrected\":{},\"suggestions\":[],\"total\":0,\"totalExact\":true}");
      assertThat(first.err()).containsOnlyOnce("Skipping the unreadable file"
          + " projects/startup-x/state.md")
          .containsOnlyOnce("Skipping the unreadable folder projects/comptabilite/bucket");
      for (String[] args : commands) {
        Run run = qmd4j(cache, args);
        assertThat(run.code()).as(args[0] + ": " + run.err()).isZero();
        assertThat(run.err()).as(args[0]).doesNotContain("unexpected error");
        assertThat(run.out()).as(args[0]).doesNotContain("cautionnement"); // state.md's text
      }
    } finally {
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
      Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
  }
}
