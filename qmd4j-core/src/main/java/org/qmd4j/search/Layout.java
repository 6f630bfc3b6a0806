package org.qmd4j.search;

import java.util.Locale;

/**
 * How a vault is organised, which decides what is indexed and which scopes exist.
 *
 * <table>
 *   <caption>Layouts</caption>
 *   <tr><th>layout</th><th>detected when</th><th>indexed</th><th>scopes</th></tr>
 *   <tr><td>{@code projects}</td><td>{@code projects/} or a root {@code changelog.md} or
 *       {@code tasks.md} exists</td><td>changelogs, tasks, states, descriptions and buckets
 *       (see {@link FileKind})</td><td>all of {@link Scope}</td></tr>
 *   <tr><td>{@code notes}</td><td>any other folder</td><td>every {@code *.md} below the root
 *       as a {@link FileKind#NOTE}, except hidden folders, {@code node_modules/} and what the
 *       root {@code .qmd4jignore} (gitignore syntax) excludes</td>
 *       <td>whole vault and {@code folder:<path>}</td></tr>
 * </table>
 *
 * @since 0.4
 */
public enum Layout {
  /** {@code projects/<name>/...}, the root {@code changelog.md}, {@code tasks.md}, bucket. */
  PROJECTS,
  /** Any folder of markdown notes. */
  NOTES;

  /** Lower-case name, as on the command line and in JSON. */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
