package org.qmd4j.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bundled vaults are the repository's {@code testfixtures/vault} and
 * {@code testfixtures/notes}, file for file and byte for byte: hidden files, the empty file and
 * the latin-1 file included (the build copies them unfiltered).
 */
class TestVaultsTest {
  private static final Path FIXTURES =
      Path.of(System.getProperty("qmd4j.fixtures", "../testfixtures"));

  @Test
  void theProjectsVaultIsTestfixturesVault(@TempDir Path tmp) throws IOException {
    Path copy = TestVaults.copyProjectsVault(tmp.resolve("vault"));

    assertThat(contents(copy)).isEqualTo(contents(FIXTURES.resolve("vault")));
    byte[] latin1 = Files.readAllBytes(
        copy.resolve("projects/comptabilite/bucket/ancien-export-latin1.md"));
    assertThat(isUtf8(latin1)).as("the latin-1 file stays latin-1").isFalse();
    assertThat(new String(latin1, StandardCharsets.ISO_8859_1)).contains("é");
    assertThat(copy.resolve("projects/livre-recettes/bucket/vide.md")).isEmptyFile();
  }

  @Test
  void theNotesVaultIsTestfixturesNotesHiddenFilesIncluded(@TempDir Path tmp)
      throws IOException {
    Path copy = TestVaults.copyNotesVault(tmp.resolve("notes"));

    assertThat(contents(copy)).isEqualTo(contents(FIXTURES.resolve("notes")));
    assertThat(copy.resolve(".qmd4jignore")).isRegularFile();
    assertThat(copy.resolve(".obsidian/workspace.md")).isRegularFile();
    assertThat(copy.resolve("node_modules/markdown-it/README.md")).isRegularFile();
  }

  @Test
  void aCopyCanBeMadeTwiceIntoTheSameFolder(@TempDir Path tmp) throws IOException {
    Path target = tmp.resolve("vault");
    TestVaults.copyProjectsVault(target);
    Files.writeString(target.resolve("projects/scratch.md"), "# mine\n");

    TestVaults.copyProjectsVault(target);

    assertThat(target.resolve("projects/scratch.md")).hasContent("# mine");
    assertThat(contents(target)).containsAllEntriesOf(contents(FIXTURES.resolve("vault")));
  }

  /** Relative path (with '/') to the file's bytes as text in latin-1 (lossless). */
  private static Map<String, String> contents(Path root) throws IOException {
    Map<String, String> files = new TreeMap<>();
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path file : (Iterable<Path>) walk.filter(Files::isRegularFile)::iterator) {
        files.put(root.relativize(file).toString().replace('\\', '/'),
            new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1));
      }
    }
    return files;
  }

  private static boolean isUtf8(byte[] bytes) {
    try {
      StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes));
      return true;
    } catch (CharacterCodingException e) {
      return false;
    }
  }
}
