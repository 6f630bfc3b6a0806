package org.qmd4j.cli;

import org.qmd4j.LayoutChoice;
import org.qmd4j.SearchOptions;
import picocli.CommandLine.Option;

/** The {@code --layout} option, shared by every command through {@link VaultOption}. */
final class LayoutOption {
  @Option(names = "--layout", defaultValue = "auto", paramLabel = "auto|projects|notes",
      description = "How the vault is read: projects (projects/<name>/, root changelog.md and"
          + " tasks.md, bucket/), notes (every *.md but hidden folders, node_modules/ and"
          + " .qmd4jignore), or auto: projects when projects/ or a root changelog.md or"
          + " tasks.md exists, notes otherwise.")
  String layout = "auto";

  /** {@code base} with the layout asked for. */
  SearchOptions applyTo(SearchOptions base) {
    return base.withLayout(LayoutChoice.parse(layout));
  }
}
