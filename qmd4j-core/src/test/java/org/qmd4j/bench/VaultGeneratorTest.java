package org.qmd4j.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.bench.VaultGenerator.GeneratedFile;
import org.qmd4j.search.FileKind;
import org.qmd4j.vault.VaultLayout;
import org.qmd4j.vault.VaultScanner;

class VaultGeneratorTest {
  @TempDir Path tmp;

  @Test
  void sameSeedGivesIdenticalBytes() throws IOException {
    Path a = tmp.resolve("a");
    Path b = tmp.resolve("b");
    VaultGenerator.generate(a, 300, 42);
    VaultGenerator.generate(b, 300, 42);

    Map<String, byte[]> first = contents(a);
    Map<String, byte[]> second = contents(b);
    assertThat(second.keySet()).containsExactlyElementsOf(first.keySet());
    for (String path : first.keySet()) {
      assertThat(second.get(path)).as(path).isEqualTo(first.get(path));
      assertThat(Files.getLastModifiedTime(b.resolve(path)))
          .as(path).isEqualTo(Files.getLastModifiedTime(a.resolve(path)));
    }
  }

  @Test
  void otherSeedGivesAnotherVault() {
    List<GeneratedFile> one = VaultGenerator.plan(100, 1);
    List<GeneratedFile> two = VaultGenerator.plan(100, 2);
    assertThat(two).hasSize(100).isNotEqualTo(one);
  }

  @Test
  void writesExactlyTheRequestedNumberOfIndexedFiles() throws IOException {
    for (int n : new int[] {0, 1, 2, 5, 26, 250}) {
      Path dir = tmp.resolve("v" + n);
      VaultGenerator.Stats stats = VaultGenerator.generate(dir, n, 7);
      assertThat(stats.files()).as("n=%d", n).isEqualTo(n);
      List<String> written = list(dir);
      assertThat(written).as("n=%d", n).hasSize(n);
      assertThat(written).allSatisfy(p ->
          assertThat(VaultLayout.PROJECTS.classify(p)).as(p).isPresent());
      // The engine's own walk sees every file too.
      assertThat(VaultScanner.scan(dir.toRealPath(), VaultLayout.PROJECTS)).hasSize(n);
    }
  }

  @Test
  void followsTheVaultLayout() {
    List<GeneratedFile> files = VaultGenerator.plan(500, 3);
    Map<FileKind, Long> kinds = files.stream().collect(Collectors.groupingBy(
        f -> VaultLayout.PROJECTS.classify(f.path()).orElseThrow().kind(), TreeMap::new,
        Collectors.counting()));
    // 500 / 25 = 20 projects with 4 files each, plus the root changelog and tasks.
    assertThat(kinds.get(FileKind.CHANGELOG)).isEqualTo(21);
    assertThat(kinds.get(FileKind.TASKS)).isEqualTo(21);
    assertThat(kinds.get(FileKind.STATE)).isEqualTo(20);
    assertThat(kinds.get(FileKind.DESCRIPTION)).isEqualTo(20);
    assertThat(kinds.get(FileKind.BUCKET)).isEqualTo(500 - 82);
    assertThat(files).anyMatch(f -> f.path().startsWith("bucket/"));

    String changelog = files.get(0).content();
    assertThat(files.get(0).path()).isEqualTo("changelog.md");
    assertThat(changelog).containsPattern("(?m)^# \\d{4}-\\d{2}-\\d{2}")
        .containsPattern("(?m)^## \\[[a-zé]+\\] ");
    String tasks = files.get(1).content();
    assertThat(tasks).startsWith("---\nupdated: ").contains("\nstatus: ", "\nprio: ",
        "\ndeadline: ");
    String all = files.stream().map(GeneratedFile::content).collect(Collectors.joining());
    assertThat(all).contains("é", "è", "à", "[décision]");
  }

  @Test
  void refusesAFolderThatIsNotEmpty() throws IOException {
    Files.writeString(tmp.resolve("x.md"), "x");
    assertThatThrownBy(() -> VaultGenerator.generate(tmp, 3, 1))
        .isInstanceOf(IllegalArgumentException.class);
  }

  private static List<String> list(Path dir) throws IOException {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(Files::isRegularFile).map(p -> VaultScanner.relative(dir, p)).sorted()
          .toList();
    }
  }

  private static Map<String, byte[]> contents(Path dir) throws IOException {
    Map<String, byte[]> out = new TreeMap<>();
    for (String p : list(dir)) out.put(p, Files.readAllBytes(dir.resolve(p)));
    return out;
  }
}
