package org.qmd4j.cli.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.EngineChoice;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;

/** The client finds the daemon in the folder the library keeps the vault's index in. */
class DaemonPathsTest {
  @TempDir Path dir;

  @Test
  void theDaemonFolderIsInTheVaultsCacheFolderOfTheLibrary() throws Exception {
    for (String name : new String[] {"vault", "Mes notes é", "a b😀c", "x.y_z-1"}) {
      Path vault = Files.createDirectories(dir.resolve(name));
      Files.writeString(vault.resolve("note.md"), "# Note\n");
      Path cache = dir.resolve("cache");
      Path index;
      try (Searcher searcher = SearchProviders.forVault(vault, SearchOptions.DEFAULT
          .withEngine(EngineChoice.EMBEDDED).withEnvironment(Map.of("QMD4J_CACHE_DIR",
              cache.toString())))) {
        index = Path.of(searcher.describe().indexLocation());
      }
      DaemonPaths paths = DaemonPaths.of(dir, name, Map.of("QMD4J_CACHE_DIR",
          cache.toString())).orElseThrow();
      assertThat(paths.folder().getParent()).as(name).isEqualTo(index.getParent());
      assertThat(paths.vault()).isEqualTo(vault.toRealPath());
      assertThat(paths.socket().getFileName()).hasToString("daemon.sock");
    }
  }

  @Test
  void noFolderForAVaultThatIsNotThere() {
    assertThat(DaemonPaths.of(dir, "missing", Map.of())).isEmpty();
  }

  @Test
  void sha256IsTheJdks() throws Exception {
    long seed = new Random().nextLong();
    Random random = new Random(seed);
    for (int i = 0; i < 500; i++) {
      byte[] message = new byte[random.nextInt(300)];
      random.nextBytes(message);
      assertThat(Sha256.digest(message)).as("seed %d, %d bytes", seed, message.length)
          .isEqualTo(MessageDigest.getInstance("SHA-256").digest(message));
    }
    assertThat(Sha256.digest("/home/é".getBytes(StandardCharsets.UTF_8)))
        .isEqualTo(MessageDigest.getInstance("SHA-256")
            .digest("/home/é".getBytes(StandardCharsets.UTF_8)));
  }
}
