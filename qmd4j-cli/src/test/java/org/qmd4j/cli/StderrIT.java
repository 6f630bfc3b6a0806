package org.qmd4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.Fixtures;
import org.qmd4j.TestTier;

/**
 * The packaged command line, run as users run it without qmd, keeps stderr for
 * what needs acting on: the engine notice shows with {@code -v} only, {@code --quiet} wins.
 */
class StderrIT {
  @TempDir Path dir;

  private String stderr(String... args) throws IOException, InterruptedException {
    return stderr(dir.resolve("bin"), args);
  }

  /** stderr of the CLI run with {@code path} as PATH; it must exit 0. */
  private String stderr(Path path, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString()));
    command.addAll(TestTier.commandJvmOptions()); // as the launcher starts a command
    command.addAll(List.of("-jar", System.getProperty("qmd4j.cliJar", "target/qmd4j-cli.jar")));
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command);
    Files.createDirectories(dir.resolve("bin")); // the default PATH: no qmd
    pb.environment().put("PATH", path.toString());
    pb.environment().put("XDG_CACHE_HOME", dir.resolve("xdg-cache").toString()); // no models
    pb.environment().remove("QMD4J_QMD_BINARY");
    pb.environment().remove("QMD4J_SEARCH_FALLBACK");
    pb.environment().remove("QMD4J_LOG");
    pb.environment().put("QMD4J_NO_DAEMON", "1"); // no daemon started, nor its notice
    pb.environment().put("QMD4J_CACHE_DIR", dir.resolve("cache").toString());
    pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
    Path err = dir.resolve("err.txt");
    pb.redirectError(err.toFile());
    Process p = pb.start();
    assertThat(p.waitFor(3, TimeUnit.MINUTES)).isTrue();
    assertThat(p.exitValue()).isZero();
    return Files.readString(err, StandardCharsets.UTF_8);
  }

  @Test
  void theEngineNoticeShowsWithVerboseOnly() throws Exception {
    String vault = Fixtures.vault().toString();
    assertThat(stderr("search", "--quiet", "--vault", vault, "décision")).isEmpty();
    assertThat(stderr("search", "--vault", vault, "--limit", "1", "décision"))
        .doesNotContain("Using the embedded engine").doesNotContain("SLF4J");
    assertThat(stderr("doctor", "--vault", vault)).isEmpty();
    assertThat(stderr("search", "-v", "--vault", vault, "décision"))
        .contains("INFO Using the embedded engine for ")
        .contains("qmd was not found on PATH");
    assertThat(stderr("search", "-v", "--quiet", "--vault", vault, "décision")).isEmpty();
  }

  @Test
  void deepSearchWithQmdButNoModelsAnswersAndSaysSoOnce() throws Exception {
    Optional<Path> qmdDir = Optional.ofNullable(System.getenv("PATH")).stream()
        .flatMap(p -> Pattern.compile(Pattern.quote(java.io.File.pathSeparator)).splitAsStream(p))
        .filter(d -> !d.isEmpty() && Files.isExecutable(Path.of(d, "qmd"))
            && Files.isExecutable(Path.of(d, "node")))
        .map(Path::of).findFirst();
    Assumptions.assumeTrue(qmdDir.isPresent(), "no qmd with its node on PATH (.ci/run installs"
        + " qmd 2.8.3)");
    String vault = Fixtures.copyVault(Files.createDirectories(dir.resolve("vault"))).toString();
    String err = stderr(qmdDir.get(), "search", "--mode", "deep", "--json", "--vault", vault,
        "--", "décision webhook");
    Matcher notice = Pattern.compile("WARN .*Deep search: qmd's models are missing; run `qmd"
        + " pull` \\(about 2 GB\\) for qmd's deep search").matcher(err);
    assertThat(notice.find()).as(err).isTrue();
    assertThat(notice.find()).as("said once: " + err).isFalse();
    assertThat(stderr(qmdDir.get(), "search", "--vault", vault, "--", "décision"))
        .as("fast mode stays on qmd, silently").isEmpty();
  }
}
