package org.qmd4j.cli.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.qmd4j.EngineChoice;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.search.Mode;
import org.qmd4j.solr.SolrEngine;
import org.qmd4j.solr.SolrTarget;
import org.qmd4j.spi.BinaryLocator;

/**
 * Turns the engines and modes asked for into engines to open, one after another: each is
 * opened, runs every query, and is closed before the next opens (the embedded engine with
 * and without a model share one index folder).
 */
public final class Engines {
  /** The variable naming the embedding model folder (what {@code --model} sets). */
  static final String MODEL_ENV = "QMD4J_MODEL";

  private Engines() {}

  /**
   * An engine to open: its name for messages, and how to open it.
   *
   * @param engine the engine as {@code --engines} names it
   * @param opener opens it; throws a {@link org.qmd4j.search.SearchException} when the engine
   *     cannot run here (not installed, unreachable)
   */
  public record Plan(String engine, Supplier<OpenedEngine> opener) {}

  /**
   * The engines benchmarked by default: embedded, plus qmd's two ({@code qmd} and
   * {@code qmd-search}) when a qmd binary is found in {@code environment}.
   */
  public static List<EngineName> defaults(Map<String, String> environment) {
    return BinaryLocator.fromEnvironment(environment).locate().isPresent()
        ? List.of(EngineName.EMBEDDED, EngineName.QMD, EngineName.QMD_SEARCH)
        : List.of(EngineName.EMBEDDED);
  }

  /**
   * The plans for {@code engines} in {@code modes}: the embedded engine without a model (its
   * deep search matches words), and again in deep mode with {@code model} when there is
   * one; {@code qmd-search} in fast mode only.
   *
   * @param base the searchers' options (environment, cache, layout)
   * @param model the embedding model folder ({@code --model}, else {@code QMD4J_MODEL})
   * @param solr the SolrCloud target, required when {@code engines} has {@code solr}
   */
  public static List<Plan> plans(Path vault, SearchOptions base, List<EngineName> engines,
      List<Mode> modes, Optional<String> model, Optional<SolrTarget> solr) {
    // The bench picks each engine itself: no forced fallback, no model unless asked for.
    Map<String, String> env = new HashMap<>(base.environment());
    env.remove(SearchProviders.FALLBACK_ENV);
    env.remove(MODEL_ENV);
    SearchOptions plain = base.withEnvironment(env);
    List<Plan> plans = new ArrayList<>();
    for (EngineName e : engines) {
      switch (e) {
        case EMBEDDED:
          // With a model, the index on disk is the one with vectors (as search --model finds
          // it): the words-only index is built in memory rather than rebuilding that one.
          plans.add(searcher(e, "", vault, plain.withEngine(EngineChoice.EMBEDDED)
              .withInMemoryIndex(plain.inMemoryIndex() || model.isPresent()), modes));
          if (model.isPresent() && modes.contains(Mode.DEEP)) {
            Map<String, String> withModel = new HashMap<>(env);
            withModel.put(MODEL_ENV, model.get());
            plans.add(searcher(e, "+model", vault, plain.withEngine(EngineChoice.EMBEDDED)
                .withEnvironment(withModel), List.of(Mode.DEEP)));
          }
          break;
        case QMD:
          plans.add(searcher(e, "", vault, plain.withEngine(EngineChoice.QMD), modes));
          break;
        case QMD_SEARCH:
          if (modes.contains(Mode.FAST)) {
            plans.add(new Plan(e.wireName(), () -> QmdSearchBackend.open(vault, env,
                plain.qmd().runner())));
          }
          break;
        case SOLR:
          SolrTarget target = solr.orElseThrow(() -> new IllegalStateException("no Solr target"));
          plans.add(new Plan(e.wireName(), () -> new SearcherEngine(e.wireName(), "",
              SearchProviders.forVault(vault, plain, SolrEngine.factory(target)), modes)));
          break;
        default:
          throw new AssertionError(e);
      }
    }
    return plans;
  }

  private static Plan searcher(EngineName engine, String suffix, Path vault,
      SearchOptions options, List<Mode> modes) {
    return new Plan(engine.wireName() + suffix, () -> new SearcherEngine(engine.wireName(),
        suffix, SearchProviders.forVault(vault, options), modes));
  }
}
