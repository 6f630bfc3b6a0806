package org.qmd4j.concat;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import org.qmd4j.internal.Problems;
import org.qmd4j.search.EngineException;
import org.qmd4j.spi.VaultFile;
import org.qmd4j.vault.Unreadable;
import org.qmd4j.vault.VaultLayout;

/** Lists a vault as a {@link VaultTree}: no link followed, hidden entries skipped. */
final class TreeWalker {
  private TreeWalker() {}

  static VaultTree walk(Path root, VaultLayout layout) {
    List<VaultTree.Entry> entries = new ArrayList<>();
    walk(root, "", layout, entries);
    return new VaultTree(entries);
  }

  private static void walk(Path dir, String prefix, VaultLayout layout,
      List<VaultTree.Entry> out) {
    // Sorted by name (String order), so the listing is the same on every file system.
    TreeMap<String, BasicFileAttributes> children = new TreeMap<>();
    try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir)) {
      for (Path child : stream) {
        String name = child.getFileName().toString();
        if (name.startsWith(".")) continue;
        children.put(name, Files.readAttributes(child, BasicFileAttributes.class,
            LinkOption.NOFOLLOW_LINKS));
      }
    } catch (AccessDeniedException e) {
      Unreadable.skipped(dir, "", "folder", e); // listed, but its content is not
      return;
    } catch (IOException e) {
      throw new EngineException("Cannot list the vault folder " + dir + " ("
          + Problems.describe(e) + "); check that it can be read", e);
    }
    for (var e : children.entrySet()) {
      String path = prefix + e.getKey();
      if (e.getValue().isDirectory()) {
        out.add(new VaultTree.Entry(path, true, Optional.empty()));
        walk(dir.resolve(e.getKey()), path + "/", layout, out);
      } else if (e.getValue().isRegularFile()) {
        out.add(new VaultTree.Entry(path, false,
            layout.classify(path).map(VaultFile::kind)));
      }
    }
  }
}
