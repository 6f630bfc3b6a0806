package org.qmd4j.vault;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The projects of a vault: the folders {@code projects/<name>/}, as a {@code project:<name>}
 * scope names them. Hidden folders and symbolic links are not projects, as the scanner never
 * enters them.
 */
public final class VaultProjects {
  private static final Pattern MARKS = Pattern.compile("\\p{M}+");

  private VaultProjects() {}

  /**
   * The project names of {@code vault}, sorted; empty when it has no {@code projects/}
   * folder. Names are compared exactly, also on a case-insensitive file system.
   *
   * @throws IOException if {@code projects/} exists but cannot be listed
   */
  public static List<String> list(Path vault) throws IOException {
    List<String> names = new ArrayList<>();
    Path projects = vault.resolve("projects");
    if (!Files.isDirectory(projects, LinkOption.NOFOLLOW_LINKS)) return names;
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(projects)) {
      for (Path entry : entries) {
        String name = entry.getFileName().toString();
        if (!name.startsWith(".") && Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS)) {
          names.add(name);
        }
      }
    } catch (NoSuchFileException | NotDirectoryException e) {
      return names; // removed or replaced while listed: no projects
    }
    names.sort(null);
    return names;
  }

  /**
   * The project that {@code name} most likely meant: the one equal to it once case, accents,
   * Unicode form and surrounding slashes and blanks are ignored ({@code Startup-X},
   * {@code startup-x/} and {@code stârtup-x} all mean {@code startup-x}).
   */
  public static Optional<String> closest(String name, List<String> projects) {
    String wanted = fold(name);
    for (String project : projects) {
      if (fold(project).equals(wanted)) return Optional.of(project);
    }
    return Optional.empty();
  }

  private static String fold(String s) {
    String t = s.strip();
    while (t.startsWith("/")) t = t.substring(1);
    while (t.endsWith("/")) t = t.substring(0, t.length() - 1);
    String decomposed = Normalizer.normalize(t.strip(), Normalizer.Form.NFKD);
    return MARKS.matcher(decomposed).replaceAll("").toLowerCase(Locale.ROOT);
  }
}
