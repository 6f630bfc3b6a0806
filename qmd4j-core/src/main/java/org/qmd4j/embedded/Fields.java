package org.qmd4j.embedded;

/** Field names of the embedded index. */
final class Fields {
  private Fields() {}

  /** {@code chunk} or {@code file}: chunk documents are searched, file records track stamps. */
  static final String TYPE = "type";
  static final String TYPE_CHUNK = "chunk";
  static final String TYPE_FILE = "file";

  // Stored and exact-match fields.
  static final String PATH = "path";
  static final String ORDINAL = "ord";
  static final String FROM_LINE = "from";
  static final String TO_LINE = "to";
  static final String TEXT = "text";
  static final String HEADINGS = "headings";
  static final String DATE = "date";
  static final String KIND = "kind";
  static final String PROJECT = "project";

  // Searched fields.
  static final String BODY = "body";
  static final String HEADING = "heading";
  static final String TITLE = "title";
  static final String PATH_TEXT = "pathtext";
  static final String EXACT = "exact";
  static final String UNITS = "units";
  static final String TAGS = "tags";
  /** Obsidian tags ({@code #projet/client}, frontmatter {@code tags:}), with their parents. */
  static final String HASHTAGS = "hashtags";
  /** The chunk's unit vector, when the index has an embedding model (HNSW, dot product). */
  static final String VECTOR = "vector";

  // File records (their own field names: Lucene wants one schema per field).
  static final String FILE_PATH = "fpath";
  static final String SIZE = "size";
  static final String MODIFIED = "mtime";
  static final String CHANGED = "ctime";
  static final String INODE = "inode";
  static final String HASH = "hash";
  static final String READ_AT = "readat";
}
