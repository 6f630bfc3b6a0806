package org.qmd4j.vault;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.lucene.search.spell.LevenshteinDistance;

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
   * At most {@code max} projects near {@code name}, nearest first: the one equal to it but for
   * case and accents, then those it starts or ends, or that start with it, then those within a
   * few edits (Lucene's Levenshtein similarity of at least 0.5 on the folded names).
   */
  public static List<String> nearest(String name, List<String> projects, int max) {
    String wanted = fold(name);
    LevenshteinDistance distance = new LevenshteinDistance();
    List<Map.Entry<String, Float>> scored = new ArrayList<>();
    for (String project : projects) {
      String p = fold(project);
      float score;
      if (p.equals(wanted)) {
        score = 3f;
      } else if (!wanted.isEmpty() && (p.startsWith(wanted) || wanted.startsWith(p)
          || p.endsWith(wanted))) {
        score = 2f - Math.abs(p.length() - wanted.length()) / 1000f;
      } else {
        score = distance.getDistance(wanted, p);
        if (score < 0.5f) continue;
      }
      scored.add(Map.entry(project, score));
    }
    scored.sort(Map.Entry.<String, Float>comparingByValue().reversed()
        .thenComparing(Map.Entry.comparingByKey()));
    List<String> out = new ArrayList<>();
    for (int i = 0; i < Math.min(max, scored.size()); i++) out.add(scored.get(i).getKey());
    return out;
  }

  /**
   * At most {@code max} of {@code projects}, most recently updated first: by the newest
   * modification time of a file in the project's folder (hidden entries and links left out),
   * then by name. A project that cannot be read counts as never updated.
   */
  public static List<String> recent(Path vault, List<String> projects, int max) {
    List<Map.Entry<String, Long>> dated = new ArrayList<>();
    for (String project : projects) {
      dated.add(Map.entry(project, newest(vault.resolve("projects").resolve(project))));
    }
    dated.sort(Map.Entry.<String, Long>comparingByValue().reversed()
        .thenComparing(Map.Entry.comparingByKey()));
    List<String> out = new ArrayList<>();
    for (int i = 0; i < Math.min(max, dated.size()); i++) out.add(dated.get(i).getKey());
    return out;
  }

  private static long newest(Path folder) {
    long[] newest = {Long.MIN_VALUE};
    try {
      Files.walkFileTree(folder, new SimpleFileVisitor<>() {
        @Override
        public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
          if (!dir.equals(folder) && dir.getFileName().toString().startsWith(".")) {
            return FileVisitResult.SKIP_SUBTREE;
          }
          return FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
          if (attrs.isRegularFile() && !file.getFileName().toString().startsWith(".")) {
            newest[0] = Math.max(newest[0], attrs.lastModifiedTime().toMillis());
          }
          return FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult visitFileFailed(Path file, IOException e) {
          return FileVisitResult.CONTINUE; // an unreadable file tells no date
        }
      });
    } catch (IOException e) {
      return newest[0]; // only suggestions depend on it: what was seen is enough
    }
    return newest[0];
  }

  private static String fold(String s) {
    String t = s.strip();
    while (t.startsWith("/")) t = t.substring(1);
    while (t.endsWith("/")) t = t.substring(0, t.length() - 1);
    String decomposed = Normalizer.normalize(t.strip(), Normalizer.Form.NFKD);
    return MARKS.matcher(decomposed).replaceAll("").toLowerCase(Locale.ROOT);
  }
}
