package org.qmd4j.search;

/**
 * Thrown when the sentence-embedding model given for deep search ({@code --model DIR},
 * {@code QMD4J_MODEL}, {@code SearchOptions.withEmbeddingModel}) cannot be used: its folder is
 * missing or lacks a file, its {@code qmd4j-model.json} is invalid, no model loader is on the
 * classpath, or the model gives vectors of another size than it declares. The message names
 * what is wrong and what a valid model folder holds; fix the folder, or remove the setting to
 * search by keywords only.
 *
 * @since 0.5
 */
public final class ModelException extends EngineException {
  private static final long serialVersionUID = 1L;

  public ModelException(String message) {
    super(message);
  }

  public ModelException(String message, Throwable cause) {
    super(message, cause);
  }
}
