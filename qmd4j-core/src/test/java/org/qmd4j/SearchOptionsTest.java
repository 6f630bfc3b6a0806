package org.qmd4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Options as a builder-style value: built, derived, compared, and never changed after. */
class SearchOptionsTest {
  @Test
  void aBuilderStartsFromTheDefaults() {
    assertThat(SearchOptions.builder().build()).isEqualTo(SearchOptions.DEFAULT);
    assertThat(SearchOptions.DEFAULT.engineName()).isEqualTo("auto");
    assertThat(SearchOptions.DEFAULT.watch()).isTrue();
  }

  @Test
  void withMethodsAndTheBuilderMakeEqualOptions() {
    SearchOptions built = SearchOptions.builder().engine(EngineChoice.EMBEDDED)
        .inMemoryIndex(true).watch(false).cacheDir(Path.of("cache")).chunkSize(4000).build();
    SearchOptions derived = SearchOptions.DEFAULT.withEngine(EngineChoice.EMBEDDED)
        .withInMemoryIndex(true).withWatch(false).withCacheDir(Path.of("cache"))
        .withChunkSize(4000);
    assertThat(built).isEqualTo(derived).hasSameHashCodeAs(derived);
    assertThat(built.toBuilder().build()).isEqualTo(built);
  }

  @Test
  void builtOptionsDoNotChangeWithTheirBuilderOrTheMapsGiven() {
    Map<String, String> env = new HashMap<>(Map.of("QMD4J_X", "1"));
    SearchOptions.Builder builder = SearchOptions.builder().environment(env)
        .engineSetting("collection", "notes");
    SearchOptions options = builder.build();
    env.put("QMD4J_Y", "2");
    builder.engineSetting("collection", "other").watch(false);
    assertThat(options.environment()).containsOnlyKeys("QMD4J_X");
    assertThat(options.engineSettings()).isEqualTo(Map.of("collection", "notes"));
    assertThat(options.watch()).isTrue();
    assertThatThrownBy(() -> options.engineSettings().put("x", "y"))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void badSizesAreRefusedWhenBuilt() {
    assertThatThrownBy(() -> SearchOptions.builder().chunkSize(0).build())
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void theEnvironmentIsNotShownBecauseItMayHoldCredentials() {
    SearchOptions options = SearchOptions.builder()
        .environment(Map.of("QMD4J_SOLR_PASSWORD", "secret"))
        .engineSetting("password", "hidden").build();
    assertThat(options.toString()).doesNotContain("secret").doesNotContain("hidden")
        .contains("1 variables");
  }
}
