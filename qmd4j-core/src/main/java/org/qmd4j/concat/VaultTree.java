package org.qmd4j.concat;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.qmd4j.search.FileKind;

/**
 * The folders and files of a vault, depth first, each folder's entries sorted by name;
 * hidden entries (a name starting with {@code .}) and symbolic links are left out, as the
 * index leaves them out. Each file says whether it is indexed, and as what.
 *
 * @param entries every folder and file but the vault folder itself, in display order
 * @since 0.1
 */
public record VaultTree(List<VaultTree.Entry> entries) {
  public VaultTree {
    entries = List.copyOf(entries);
  }

  /** The files only. */
  public List<Entry> files() {
    return entries.stream().filter(e -> !e.folder()).toList();
  }

  /** The entries as {@code [{path, type, indexed, kind}]}, as {@code tree --json} prints them. */
  public List<Map<String, Object>> toWire() {
    List<Map<String, Object>> rows = new java.util.ArrayList<>();
    for (Entry e : entries) {
      Map<String, Object> row = new java.util.LinkedHashMap<>();
      row.put("path", e.path());
      row.put("type", e.folder() ? "folder" : "file");
      row.put("indexed", e.indexed());
      e.kind().ifPresent(k -> row.put("kind", k.wireName()));
      rows.add(row);
    }
    return rows;
  }

  /**
   * The tree as text: one entry per line, indented two spaces per level, folders ending in
   * {@code /}, indexed files followed by their kind in brackets, and a summary line.
   *
   * <pre>
   * bucket/
   *   liens-utiles.md  [bucket]
   * overview.md
   * 3 folders, 12 files, 9 indexed (marked [kind])
   * </pre>
   */
  public String render() {
    StringBuilder sb = new StringBuilder();
    long folders = 0;
    long indexed = 0;
    for (Entry e : entries) {
      sb.append("  ".repeat(e.depth())).append(e.name());
      if (e.folder()) {
        sb.append('/');
        folders++;
      }
      if (e.kind().isPresent()) {
        sb.append("  [").append(e.kind().get().wireName()).append(']');
        indexed++;
      }
      sb.append('\n');
    }
    long files = entries.size() - folders;
    return sb.append(folders).append(folders == 1 ? " folder, " : " folders, ")
        .append(files).append(files == 1 ? " file, " : " files, ")
        .append(indexed).append(" indexed (marked [kind])\n").toString();
  }

  /**
   * A folder or file of the vault.
   *
   * @param path vault-relative path with {@code /} separators
   * @param folder whether it is a folder
   * @param kind how the file is indexed; empty for a folder or a file that is not indexed
   */
  public record Entry(String path, boolean folder, Optional<FileKind> kind) {
    public Entry {
      Objects.requireNonNull(path, "path == null");
      Objects.requireNonNull(kind, "kind == null");
      if (folder && kind.isPresent()) {
        throw new IllegalArgumentException("A folder is not indexed: " + path);
      }
    }

    /** Whether the file is indexed. */
    public boolean indexed() {
      return kind.isPresent();
    }

    /** The last segment of the path. */
    public String name() {
      return path.substring(path.lastIndexOf('/') + 1);
    }

    /** The number of folders above it, from 0 for an entry of the vault folder. */
    public int depth() {
      return (int) path.chars().filter(c -> c == '/').count();
    }

    @Override
    public String toString() {
      return path + (folder ? "/" : "") + kind.map(k -> " [" + k.wireName() + "]").orElse("");
    }
  }
}
