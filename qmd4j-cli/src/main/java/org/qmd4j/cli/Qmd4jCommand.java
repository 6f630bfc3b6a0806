package org.qmd4j.cli;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;

/** {@code qmd4j}: the root command; see its subcommands. */
@Command(
    name = "qmd4j",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Searches a markdown vault, with qmd when installed or an embedded engine.",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
        "0:Success (also when nothing matched).",
        "1:Failure: index, vault on disk or engine.",
        "2:Invalid input: the message on stderr says what is valid.",
        "3:qmd4j bench: an average is below its --min-* option."})
final class Qmd4jCommand {
  /**
   * The subcommands, in the order help lists them. Added by {@link Main} rather than by the
   * annotation, so that a run builds the model of the one it runs only (picocli reads every
   * option of every subcommand by reflection otherwise, at each start).
   */
  static final Map<String, Class<?>> SUBCOMMANDS = subcommands();

  private static Map<String, Class<?>> subcommands() {
    Map<String, Class<?>> m = new LinkedHashMap<>();
    m.put("search", SearchCommand.class);
    m.put("find", FindCommand.class);
    m.put("tasks", TasksCommand.class);
    m.put("changelog", ChangelogCommand.class);
    m.put("states", StatesCommand.class);
    m.put("descriptions", DescriptionsCommand.class);
    m.put("buckets", BucketsCommand.class);
    m.put("brief", BriefCommand.class);
    m.put("concat", ConcatCommand.class);
    m.put("read", ReadCommand.class);
    m.put("tree", TreeCommand.class);
    m.put("doctor", DoctorCommand.class);
    m.put("bench", BenchCommand.class);
    m.put("mcp", McpCommand.class);
    m.put("serve", ServeCommand.class);
    m.put("solr", SolrCommand.class);
    m.put("daemon", DaemonCommand.class);
    m.put("help", HelpCommand.class);
    return Collections.unmodifiableMap(m);
  }
}
