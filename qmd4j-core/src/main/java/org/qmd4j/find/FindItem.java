package org.qmd4j.find;

import java.util.Map;

/**
 * One result of {@code find_notes}: a ranked chunk when the request has a query, a note
 * (file) when it has none.
 *
 * @since 0.2
 */
public sealed interface FindItem permits ChunkItem, NoteItem {
  /** The vault-relative path of the file. */
  String path();

  /**
   * The requested frontmatter fields of the file, in request order; a requested field the
   * file does not have maps to {@code null}. Empty when none were requested. Read-only.
   */
  Map<String, Object> fields();
}
