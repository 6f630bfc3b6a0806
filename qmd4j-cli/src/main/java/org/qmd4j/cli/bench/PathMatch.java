package org.qmd4j.cli.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.Normalizer;
import java.util.Collection;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;
import org.qmd4j.search.EngineException;

/**
 * Decides whether a result path is an expected file, as qmd's harness does: both are
 * normalised ({@code qmd://collection/} removed, lower case, no leading or trailing slash)
 * and match when equal or when one ends with the other. Two refinements keep qmd's meaning
 * without its false matches: the suffix must start at a folder boundary ({@code a.md} does
 * not match {@code data.md}), and an expected path that names a file of the vault exactly
 * matches that file only ({@code changelog.md} at the root does not match
 * {@code projects/x/changelog.md}). Names are also compared in Unicode NFC, so an accent
 * typed either way matches. Immutable and thread-safe.
 */
public final class PathMatch {
  private final Set<String> vaultFiles;

  private PathMatch(Set<String> vaultFiles) {
    this.vaultFiles = Set.copyOf(vaultFiles);
  }

  /** A matcher knowing the vault's files, given relative to the vault with {@code /}. */
  public static PathMatch of(Collection<String> vaultFiles) {
    Set<String> normalised = new HashSet<>();
    for (String f : vaultFiles) normalised.add(normalize(f));
    return new PathMatch(normalised);
  }

  /**
   * A matcher knowing every file under {@code vault} (dot-folders such as {@code .git}
   * left out).
   *
   * @throws EngineException if the vault cannot be walked
   */
  public static PathMatch ofVault(Path vault) {
    Set<String> files = new HashSet<>();
    try (Stream<Path> walk = Files.walk(vault)) {
      walk.filter(Files::isRegularFile).map(vault::relativize)
          .filter(p -> !p.toString().startsWith(".") && !p.toString().contains("/."))
          .forEach(p -> files.add(p.toString().replace('\\', '/')));
    } catch (IOException e) {
      throw new EngineException("The vault " + vault + " cannot be read: " + e.getMessage(), e);
    }
    return of(files);
  }

  /** {@code qmd://c/Docs/A.md/} and {@code /docs/a.md} both give {@code docs/a.md}. */
  public static String normalize(String path) {
    String p = Normalizer.normalize(path, Normalizer.Form.NFC);
    if (p.startsWith("qmd://")) {
      String rest = p.substring("qmd://".length());
      int slash = rest.indexOf('/');
      p = slash >= 0 ? rest.substring(slash + 1) : rest;
    }
    p = p.toLowerCase(Locale.ROOT);
    int start = 0;
    int end = p.length();
    while (start < end && p.charAt(start) == '/') start++;
    while (end > start && p.charAt(end - 1) == '/') end--;
    return p.substring(start, end);
  }

  /** Whether the backend's {@code result} path is the fixture's {@code expected} file. */
  public boolean matches(String result, String expected) {
    String r = normalize(result);
    String e = normalize(expected);
    if (r.equals(e)) return true;
    if (vaultFiles.contains(e)) return false; // names a file exactly: that one only
    return r.endsWith("/" + e) || e.endsWith("/" + r);
  }

  /** Whether no file of the vault can match {@code expected}: it can never be found. */
  public boolean missing(String expected) {
    String e = normalize(expected);
    if (vaultFiles.contains(e)) return false;
    for (String f : vaultFiles) {
      if (f.endsWith("/" + e) || e.endsWith("/" + f)) return false;
    }
    return true;
  }
}
