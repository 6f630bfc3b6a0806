package org.qmd4j;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Where the indexes go: QMD4J_CACHE_DIR, else XDG_CACHE_HOME, else $HOME/.cache. */
class CacheFolderTest {
  private static Path cache(Map<String, String> environment) {
    return SearchOptions.DEFAULT.withEnvironment(environment).resolveCacheDir();
  }

  @Test
  void theCacheFollowsXdgCacheHomeThenHome() {
    assertThat(cache(Map.of("XDG_CACHE_HOME", "/x/cache", "HOME", "/home/ana")))
        .isEqualTo(Path.of("/x/cache", "qmd4j"));
    assertThat(cache(Map.of("HOME", "/home/ana")))
        .isEqualTo(Path.of("/home/ana", ".cache", "qmd4j"));
    assertThat(cache(Map.of("QMD4J_CACHE_DIR", "/c", "XDG_CACHE_HOME", "/x")))
        .isEqualTo(Path.of("/c"));
  }

  @Test
  void aRelativeXdgCacheHomeIsIgnoredAsTheSpecificationSays() {
    assertThat(cache(Map.of("XDG_CACHE_HOME", "cache", "HOME", "/home/ana")))
        .isEqualTo(Path.of("/home/ana", ".cache", "qmd4j"));
  }

  @Test
  void withoutHomeTheJavaHomeFolderIsUsed() {
    assertThat(cache(Map.of())).isEqualTo(
        Path.of(System.getProperty("user.home"), ".cache", "qmd4j"));
  }
}
