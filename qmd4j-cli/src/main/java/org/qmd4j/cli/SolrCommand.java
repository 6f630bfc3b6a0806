package org.qmd4j.cli;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.qmd4j.SearchOptions;
import org.qmd4j.solr.SolrEngine;
import org.qmd4j.solr.SolrTarget;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code qmd4j solr init}: prepares a SolrCloud collection for the Solr engine. */
@Command(name = "solr", mixinStandardHelpOptions = true,
    description = "SolrCloud set-up for --engine solr.",
    subcommands = SolrCommand.Init.class)
final class SolrCommand {

  /** Uploads qmd4j's configset and creates the collection when they are missing. */
  @Command(name = "init", mixinStandardHelpOptions = true,
      description = "Uploads qmd4j's configset (its French analysis and schema) and creates the"
          + " collection when they are missing. The first search does it too, with 1 shard"
          + " and 1 replica.")
  static final class Init implements Callable<Integer> {
    private final SearchOptions base;

    @Spec CommandSpec spec;

    @Option(names = "--solr", paramLabel = "URL[,URL...]",
        description = "Solr base URLs (default: QMD4J_SOLR_URL).")
    String solr;

    @Option(names = "--collection", paramLabel = "NAME",
        description = "Collection (default: QMD4J_SOLR_COLLECTION, else qmd4j).")
    String collection;

    @Option(names = "--shards", defaultValue = "1", showDefaultValue =
        picocli.CommandLine.Help.Visibility.ALWAYS, description = "Shards of a new collection.")
    int shards;

    @Option(names = "--replicas", defaultValue = "1", showDefaultValue =
        picocli.CommandLine.Help.Visibility.ALWAYS,
        description = "Replicas per shard of a new collection.")
    int replicas;

    Init(SearchOptions base) {
      this.base = base;
    }

    @Override
    public Integer call() {
      Map<String, String> env = new HashMap<>(base.environment());
      if (solr != null) env.put("QMD4J_SOLR_URL", solr);
      if (collection != null) env.put("QMD4J_SOLR_COLLECTION", collection);
      SolrTarget target = SolrTarget.fromEnvironment(env).withLayout(shards, replicas);
      if (target.timeout().compareTo(Duration.ofSeconds(120)) < 0) {
        target = target.withTimeout(Duration.ofSeconds(120)); // creating waits for replicas
      }
      spec.commandLine().getOut().println("qmd4j: " + SolrEngine.init(target));
      return 0;
    }
  }
}
