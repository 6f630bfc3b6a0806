package org.qmd4j.cli;

import org.qmd4j.EngineChoice;
import org.qmd4j.SearchOptions;
import picocli.CommandLine.Option;

/** The {@code --engine} option shared by search, brief, find, doctor and mcp. */
final class EngineOption {
  @Option(names = "--engine", defaultValue = "auto", paramLabel = "auto|qmd|embedded",
      description = "Engine to use. QMD4J_SEARCH_FALLBACK=1 forces embedded.")
  String engine;

  /** {@code base} with the engine asked for. */
  SearchOptions applyTo(SearchOptions base) {
    return base.withEngine(EngineChoice.parse(engine));
  }
}
