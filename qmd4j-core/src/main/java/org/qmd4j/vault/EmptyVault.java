package org.qmd4j.vault;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.qmd4j.search.Layout;

/**
 * Says why a vault has no indexed file: walks it until the first indexed file (then there is
 * nothing to say), else counts what it holds instead. Walks at most {@value #MAX_ENTRIES}
 * entries, so a huge folder opened by mistake answers quickly.
 */
public final class EmptyVault {
  static final int MAX_ENTRIES = 20_000;

  private EmptyVault() {}

  /**
   * Empty when {@code layout} indexes at least one file of {@code root}; otherwise why not.
   *
   * @throws IOException if the vault cannot be walked
   */
  public static Optional<String> explain(Path root, VaultLayout layout) throws IOException {
    Counts c = new Counts();
    Files.walkFileTree(root, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
        if (++c.entries > MAX_ENTRIES) return FileVisitResult.TERMINATE;
        String rel = VaultScanner.relative(root, dir);
        return rel.equals(".git") ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
        if (++c.entries > MAX_ENTRIES) return FileVisitResult.TERMINATE;
        if (!attrs.isRegularFile()) return FileVisitResult.CONTINUE;
        String rel = VaultScanner.relative(root, file);
        if (layout.classify(rel).isPresent()) {
          c.indexed = true;
          return FileVisitResult.TERMINATE;
        }
        String name = file.getFileName().toString();
        if (name.endsWith(".md")) {
          c.markdown++;
          if (isHidden(rel)) c.hidden++;
          else if (isSkipped(rel)) c.skipped++;
          else if (layout.ignored(rel)) c.ignored++;
        } else if (!name.startsWith(".")) {
          int dot = name.lastIndexOf('.');
          c.others.merge(dot > 0 ? name.substring(dot) : "(no extension)", 1, Integer::sum);
        }
        return FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult visitFileFailed(Path file, IOException e) {
        return FileVisitResult.CONTINUE; // unreadable: counted as nothing
      }
    });
    if (c.indexed) return Optional.empty();
    return Optional.of(message(layout, c));
  }

  private static boolean isHidden(String rel) {
    for (String part : rel.split("/")) {
      if (part.startsWith(".")) return true;
    }
    return false;
  }

  private static boolean isSkipped(String rel) {
    String[] parts = rel.split("/");
    for (int i = 0; i < parts.length - 1; i++) {
      if (VaultLayout.SKIPPED_FOLDERS.contains(parts[i])) return true;
    }
    return false;
  }

  private static String message(VaultLayout layout, Counts c) {
    StringBuilder sb = new StringBuilder("Nothing is indexed in this vault: it uses the ");
    if (layout.layout() == Layout.NOTES) {
      sb.append("notes layout (").append(layout.reason()).append("), which indexes every .md"
          + " file except in hidden folders, ")
          .append(VaultLayout.SKIPPED_FOLDERS.stream().sorted().map(f -> f + "/")
              .collect(Collectors.joining(", ")))
          .append(" and what ").append(VaultLayout.IGNORE_FILE).append(" excludes");
      if (layout.ignoreRules() > 0) {
        sb.append(" (").append(layout.ignoreRules()).append(layout.ignoreRules() == 1
            ? " rule)" : " rules)");
      }
      sb.append(". ");
      if (c.markdown == 0) {
        sb.append("The vault has no .md file").append(others(c)).append('.');
      } else {
        sb.append(count(c.markdown, ".md file")).append(c.markdown == 1 ? " is" : " are")
            .append(" left out: ").append(reasons(c)).append('.');
      }
    } else {
      sb.append("projects layout (").append(layout.reason()).append("), which indexes the"
          + " root changelog.md, tasks.md and bucket/, and projects/<name>/changelog.md,"
          + " tasks.md, state.md, description.md and bucket/. ");
      if (c.markdown == 0) {
        sb.append("The vault has no .md file").append(others(c)).append('.');
      } else {
        sb.append("None of its ").append(count(c.markdown, ".md file")).append(" is one of"
            + " those; the notes layout (--layout notes) indexes every .md file.");
      }
    }
    if (c.entries > MAX_ENTRIES) {
      sb.append(" (Only the first ").append(MAX_ENTRIES).append(" entries were looked at.)");
    }
    return sb.toString();
  }

  private static String reasons(Counts c) {
    StringBuilder sb = new StringBuilder();
    if (c.hidden > 0) sb.append(c.hidden).append(" in hidden folders");
    if (c.skipped > 0) {
      sb.append(sb.length() > 0 ? ", " : "").append(c.skipped)
          .append(" in node_modules/ or another skipped folder");
    }
    if (c.ignored > 0) {
      sb.append(sb.length() > 0 ? ", " : "").append(c.ignored).append(" excluded by ")
          .append(VaultLayout.IGNORE_FILE);
    }
    return sb.toString();
  }

  private static String others(Counts c) {
    if (c.others.isEmpty()) return " and no other file";
    int total = c.others.values().stream().mapToInt(Integer::intValue).sum();
    String kinds = c.others.entrySet().stream()
        .sorted(Map.Entry.<String, Integer>comparingByValue().reversed()
            .thenComparing(Map.Entry.comparingByKey()))
        .limit(3).map(e -> e.getValue() + " " + e.getKey())
        .collect(Collectors.joining(", "));
    return " (" + count(total, "other file") + ": " + kinds
        + (c.others.size() > 3 ? ", ..." : "") + ")";
  }

  private static String count(int n, String noun) {
    return n + " " + noun + (n == 1 ? "" : "s");
  }

  private static final class Counts {
    int entries;
    boolean indexed;
    int markdown;
    int hidden;
    int skipped;
    int ignored;
    final Map<String, Integer> others = new TreeMap<>();
  }
}
