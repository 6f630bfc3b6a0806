package org.qmd4j.qmd;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.qmd4j.search.QmdFailedException;
import org.qmd4j.spi.ProcessResult;
import org.qmd4j.spi.QmdOptions;
import org.qmd4j.vault.VaultLayout;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The qmd collection that holds the vault: created (and indexed) in the private index when
 * missing or pointing elsewhere, only checked in an attached index; and its document count
 * as {@code qmd collection list} shows it. Thread-safe.
 */
final class QmdCollection {
  private static final Logger LOG = LoggerFactory.getLogger(QmdCollection.class);
  private static final Pattern FILES = Pattern.compile("Files:\\s+(\\d+)");

  private final Path vault;
  private final VaultLayout layout;
  private final Path indexFile;
  private final Path configDir;
  private final QmdOptions options;
  private final QmdCommands commands;
  private final QmdFreshness freshness;

  QmdCollection(Path vault, VaultLayout layout, Path indexFile, Path configDir,
      QmdOptions options, QmdCommands commands, QmdFreshness freshness) {
    this.vault = vault;
    this.layout = layout;
    this.indexFile = indexFile;
    this.configDir = configDir;
    this.options = options;
    this.commands = commands;
    this.freshness = freshness;
  }

  /**
   * Makes sure the collection exists: in the private index, created (and indexed) when
   * missing or pointing elsewhere; in an attached index, only checked.
   *
   * @throws QmdFailedException if qmd cannot create it, or it is missing from an attached index
   */
  void ensure() throws IOException {
    synchronized (freshness.lock()) {
      boolean stamped = freshness.hasStamps();
      if (!options.isAttached() && configHasCollection() && stamped) return;
      ProcessResult show = commands.runRaw(List.of("collection", "show", options.collection()),
          options.setupTimeout());
      boolean exists = show.exitCode() == 0;
      if (exists && !options.isAttached() && !showsPath(show.stdoutText(), vault)) {
        LOG.info("qmd collection {} points elsewhere; recreating it for {}",
            options.collection(), vault);
        QmdCommands.check(commands.runRaw(List.of("collection", "remove",
            options.collection()), options.setupTimeout()), "collection remove");
        exists = false;
      }
      if (exists) {
        if (!options.isAttached() && !stamped) freshness.update();
        return;
      }
      if (options.isAttached()) {
        throw new QmdFailedException("Collection '" + options.collection()
            + "' does not exist in the attached qmd index " + indexFile
            + QmdCommands.firstLine(show.stderrTail(300)) + "; add it with qmd collection add,"
            + " or name an existing one", show.exitCode(), show.stderrTail(300));
      }
      freshness.recordAfter(() -> QmdCommands.check(commands.runRaw(List.of("collection", "add",
          vault.toString(), "--name", options.collection(), "--mask", layout.mask()),
          options.setupTimeout()), "collection add"));
      LOG.info("Created qmd collection {} for {} in {}", options.collection(), vault, indexFile);
    }
  }

  /** Whether {@code qmd collection show} output names exactly {@code vault} as its path. */
  static boolean showsPath(String showOutput, Path vault) {
    for (String line : showOutput.split("\\R")) {
      String l = line.strip();
      if (l.startsWith("Path:") && l.substring("Path:".length()).strip().equals(vault.toString())) {
        return true;
      }
    }
    return false;
  }

  /** The collection's document count from {@code qmd collection list}; empty when unknown. */
  OptionalLong documentCount() throws IOException {
    ProcessResult r = commands.runRaw(List.of("collection", "list"), options.setupTimeout());
    String out = r.stdoutText();
    int at = out.indexOf(options.collection() + " (qmd://");
    if (r.exitCode() != 0 || at < 0) return OptionalLong.empty();
    Matcher m = FILES.matcher(out.substring(at));
    return m.find() ? OptionalLong.of(Long.parseLong(m.group(1))) : OptionalLong.empty();
  }

  private boolean configHasCollection() {
    Path yml = configDir.resolve("index.yml");
    if (!Files.isRegularFile(yml)) return false;
    try {
      Object root = new Yaml(new SafeConstructor(new LoaderOptions())).load(Files.readString(yml));
      if (!(root instanceof Map)) return false;
      Object collections = ((Map<?, ?>) root).get("collections");
      if (!(collections instanceof Map)) return false;
      Object c = ((Map<?, ?>) collections).get(options.collection());
      return c instanceof Map
          && vault.toString().equals(String.valueOf(((Map<?, ?>) c).get("path")));
    } catch (IOException | RuntimeException e) {
      return false; // unreadable: ask qmd instead
    }
  }
}
