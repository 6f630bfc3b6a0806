package org.qmd4j;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.concurrent.ConcurrentHashMap;
import org.qmd4j.search.ModelException;
import org.qmd4j.spi.EmbeddingModel;

/**
 * Finds the sentence-embedding model of a searcher: the one in {@link SearchOptions}, else the
 * folder named by {@value #MODEL_ENV}, loaded by the {@link EmbeddingModel.Loader} on the
 * classpath ({@code qmd4j-semantic}). A folder is loaded once per process and shared by every
 * searcher that names it (a model holds tens of megabytes of weights); such models live as
 * long as the process.
 */
final class EmbeddingModels {
  /** Environment variable naming a model folder; the CLI's {@code --model DIR} sets it. */
  static final String MODEL_ENV = "QMD4J_MODEL";

  private static final Map<Path, EmbeddingModel> LOADED = new ConcurrentHashMap<>();

  private EmbeddingModels() {}

  /**
   * The model {@code options} ask for, if any.
   *
   * @throws ModelException if {@value #MODEL_ENV} names a folder that holds no usable model,
   *     or no loader is on the classpath
   */
  static Optional<EmbeddingModel> of(SearchOptions options) {
    if (options.embeddingModel().isPresent()) return options.embeddingModel();
    String dir = options.environment().get(MODEL_ENV);
    if (dir == null || dir.isBlank()) return Optional.empty();
    Path folder = Path.of(dir).toAbsolutePath().normalize();
    return Optional.of(LOADED.computeIfAbsent(folder, EmbeddingModels::load));
  }

  private static EmbeddingModel load(Path folder) {
    for (EmbeddingModel.Loader loader : ServiceLoader.load(EmbeddingModel.Loader.class,
        EmbeddingModels.class.getClassLoader())) {
      return loader.load(folder);
    }
    throw new ModelException("A model folder is set (" + MODEL_ENV + " or --model: " + folder
        + ") but no model loader is installed: add the qmd4j-semantic module to the classpath,"
        + " or unset it to search by keywords only");
  }
}
