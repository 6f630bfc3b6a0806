package org.qmd4j;

import java.nio.file.Path;
import java.time.Clock;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import org.qmd4j.spi.EmbeddingModel;
import org.qmd4j.spi.IndexProgress;
import org.qmd4j.spi.QmdOptions;
import org.qmd4j.vault.Chunker;

/**
 * The {@link SearchOptions.Builder}, and the values of built {@link SearchOptions}: a built
 * options object holds a copy of its builder that nothing changes again.
 */
final class OptionsBuilder implements SearchOptions.Builder {
  String engine = EngineChoice.AUTO.wireName();
  Map<String, String> engineSettings = new LinkedHashMap<>();
  Optional<Path> cacheDir = Optional.empty();
  boolean inMemoryIndex;
  int chunkSize = Chunker.DEFAULT_CHUNK_SIZE;
  int denseDaySize = Chunker.DEFAULT_DENSE_DAY_SIZE;
  Clock clock = Clock.systemDefaultZone();
  Map<String, String> environment = System.getenv();
  QmdOptions qmd = QmdOptions.DEFAULT;
  Optional<Executor> executor = Optional.empty();
  boolean watch = true;
  IndexProgress progress = IndexProgress.NONE;
  LayoutChoice layout = LayoutChoice.AUTO;
  Optional<EmbeddingModel> embeddingModel = Optional.empty();

  OptionsBuilder() {}

  /** A copy of {@code b}, its maps unmodifiable when {@code frozen}. */
  private OptionsBuilder(OptionsBuilder b, boolean frozen) {
    engine = b.engine;
    engineSettings = frozen ? Map.copyOf(b.engineSettings) : new LinkedHashMap<>(b.engineSettings);
    cacheDir = b.cacheDir;
    inMemoryIndex = b.inMemoryIndex;
    chunkSize = b.chunkSize;
    denseDaySize = b.denseDaySize;
    clock = b.clock;
    environment = frozen ? Map.copyOf(b.environment) : b.environment;
    qmd = b.qmd;
    executor = b.executor;
    watch = b.watch;
    progress = b.progress;
    layout = b.layout;
    embeddingModel = b.embeddingModel;
  }

  /** A builder starting from the values of built options. */
  OptionsBuilder copy() {
    return new OptionsBuilder(this, false);
  }

  /** The values compared by {@link SearchOptions#equals}. */
  List<Object> values() {
    return Arrays.asList(engine, engineSettings, cacheDir, inMemoryIndex, chunkSize,
        denseDaySize, clock, environment, qmd, executor, watch, progress, layout,
        embeddingModel);
  }

  @Override
  public OptionsBuilder engine(EngineChoice engine) {
    this.engine = Objects.requireNonNull(engine, "engine == null").wireName();
    return this;
  }

  @Override
  public OptionsBuilder engine(String name) {
    this.engine = EnginePlugins.check(Objects.requireNonNull(name, "name == null"));
    return this;
  }

  @Override
  public OptionsBuilder engineSetting(String key, String value) {
    Objects.requireNonNull(key, "key == null");
    if (value == null) engineSettings.remove(key);
    else engineSettings.put(key, value);
    return this;
  }

  @Override
  public OptionsBuilder engineSettings(Map<String, String> settings) {
    engineSettings = new LinkedHashMap<>(Objects.requireNonNull(settings, "settings == null"));
    return this;
  }

  @Override
  public OptionsBuilder cacheDir(Path cacheDir) {
    this.cacheDir = Optional.of(Objects.requireNonNull(cacheDir, "cacheDir == null"));
    return this;
  }

  @Override
  public OptionsBuilder inMemoryIndex(boolean inMemoryIndex) {
    this.inMemoryIndex = inMemoryIndex;
    return this;
  }

  @Override
  public OptionsBuilder chunkSize(int chunkSize) {
    this.chunkSize = chunkSize;
    return this;
  }

  @Override
  public OptionsBuilder denseDaySize(int denseDaySize) {
    this.denseDaySize = denseDaySize;
    return this;
  }

  @Override
  public OptionsBuilder clock(Clock clock) {
    this.clock = Objects.requireNonNull(clock, "clock == null");
    return this;
  }

  @Override
  public OptionsBuilder environment(Map<String, String> environment) {
    this.environment = Objects.requireNonNull(environment, "environment == null");
    return this;
  }

  @Override
  public OptionsBuilder qmd(QmdOptions qmd) {
    this.qmd = Objects.requireNonNull(qmd, "qmd == null");
    return this;
  }

  @Override
  public OptionsBuilder executor(Executor executor) {
    this.executor = Optional.of(Objects.requireNonNull(executor, "executor == null"));
    return this;
  }

  @Override
  public OptionsBuilder watch(boolean watch) {
    this.watch = watch;
    return this;
  }

  @Override
  public OptionsBuilder progress(IndexProgress progress) {
    this.progress = Objects.requireNonNull(progress, "progress == null");
    return this;
  }

  @Override
  public OptionsBuilder layout(LayoutChoice layout) {
    this.layout = Objects.requireNonNull(layout, "layout == null");
    return this;
  }

  @Override
  public OptionsBuilder embeddingModel(EmbeddingModel model) {
    this.embeddingModel = Optional.of(Objects.requireNonNull(model, "model == null"));
    return this;
  }

  @Override
  public SearchOptions build() {
    new Chunker(chunkSize, denseDaySize); // validates both sizes
    return new SearchOptions(new OptionsBuilder(this, true));
  }
}
