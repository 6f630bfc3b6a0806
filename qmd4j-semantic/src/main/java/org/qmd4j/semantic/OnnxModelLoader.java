package org.qmd4j.semantic;

import java.nio.file.Path;
import org.qmd4j.spi.EmbeddingModel;

/**
 * Loads {@link OnnxEmbeddingModel}s for {@code QMD4J_MODEL} and {@code --model DIR}: qmd4j
 * finds it with {@link java.util.ServiceLoader} when this module is on the classpath.
 *
 * @since 0.5
 */
public final class OnnxModelLoader implements EmbeddingModel.Loader {
  /** Made by {@link java.util.ServiceLoader}. */
  public OnnxModelLoader() {}

  @Override
  public EmbeddingModel load(Path folder) {
    return OnnxEmbeddingModel.load(folder);
  }
}
