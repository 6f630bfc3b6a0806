package org.qmd4j.solr;

import java.time.LocalDate;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.solr.common.SolrDocument;
import org.apache.solr.common.SolrInputDocument;
import org.qmd4j.search.FileKind;
import org.qmd4j.search.LineRange;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.TextAnalysis;
import org.qmd4j.spi.VaultFile;

/**
 * Chunks as Solr documents and back: the fields of the embedded engine's documents, filled the
 * same way (text NFKC-normalized in Java, compounds, tags and Obsidian tags found in Java and
 * indexed as exact terms), plus the vault id, so that several vaults share a collection.
 */
final class ChunkDocs {
  private ChunkDocs() {}

  static final String FIELDS = "id,path,ord,kind,project,date,from_line,to_line,text,headings";
  private static final String HEADING_SEPARATOR = "\n";

  /** {@code vault/path#ordinal}: one id per chunk of one vault. */
  static String id(String vault, String path, int ordinal) {
    return vault + "/" + path + "#" + ordinal;
  }

  /**
   * The document of {@code chunk}.
   *
   * @param analysis qmd4j's analysis, which fills the fields the embedded engine fills
   * @param title the file's title (its first H1 or H2, else its name)
   * @param stamp the file's stamp, kept on its first chunk
   */
  static SolrInputDocument toDocument(TextAnalysis analysis, String vault, Chunk chunk,
      String title, String stamp) {
    SolrInputDocument doc = new SolrInputDocument();
    doc.addField("id", id(vault, chunk.path(), chunk.ordinal()));
    doc.addField("vault", vault);
    doc.addField("path", chunk.path());
    doc.addField("ord", chunk.ordinal());
    doc.addField("kind", chunk.file().kind().name());
    chunk.file().project().ifPresent(p -> doc.addField("project", p));
    chunk.date().ifPresent(d -> doc.addField("date", (int) d.toEpochDay()));
    doc.addField("from_line", chunk.lines().from());
    doc.addField("to_line", chunk.lines().to());
    doc.addField("text", chunk.text());
    doc.addField("headings", String.join(HEADING_SEPARATOR, chunk.headings()));
    if (chunk.ordinal() == 0) doc.addField("stamp", stamp);
    doc.addField("file_version", version(stamp));

    String text = analysis.normalize(chunk.text());
    String headings = analysis.normalize(String.join(" \n ", chunk.headings()));
    String path = chunk.path().replace('/', ' ').replace('.', ' ').replace('-', ' ')
        .replace('_', ' ');
    doc.addField("body", text);
    doc.addField("exact", text);
    doc.addField("heading", headings);
    // Each H1 of a tasks file is a task of its own: the file's title is none of theirs.
    String fileTitle = chunk.file().kind() == FileKind.TASKS ? "" : title;
    doc.addField("title", analysis.normalize(fileTitle));
    doc.addField("pathtext", analysis.normalize(path));
    for (String unit : analysis.compounds(headings + " \n " + text + " \n "
        + analysis.normalize(chunk.path()))) {
      doc.addField("units", unit);
    }
    for (String tag : analysis.tags(text + "\n" + headings)) doc.addField("tags", tag);
    Set<String> hashtags = new LinkedHashSet<>(analysis.hashtags(chunk.text()));
    for (String heading : chunk.headings()) hashtags.addAll(analysis.hashtags(heading));
    for (String tag : hashtags) doc.addField("hashtags", tag);
    return doc;
  }

  /** The version of a file's documents: its modification time in a stamp {@code F/size:ns}. */
  static long version(String stamp) {
    return Long.parseLong(stamp.substring(stamp.indexOf(':') + 1));
  }

  /** The chunk a document of {@link #FIELDS} holds. */
  static Chunk toChunk(SolrDocument doc) {
    String path = (String) doc.getFirstValue("path");
    Object project = doc.getFirstValue("project");
    VaultFile file = new VaultFile(path, FileKind.valueOf((String) doc.getFirstValue("kind")),
        Optional.ofNullable(project).map(Object::toString));
    Object date = doc.getFirstValue("date");
    String headings = (String) doc.getFirstValue("headings");
    return new Chunk(file,
        ((Number) doc.getFirstValue("ord")).intValue(),
        new LineRange(((Number) doc.getFirstValue("from_line")).intValue(),
            ((Number) doc.getFirstValue("to_line")).intValue()),
        (String) doc.getFirstValue("text"),
        headings == null || headings.isEmpty()
            ? List.of() : List.of(headings.split(HEADING_SEPARATOR, -1)),
        date == null ? Optional.empty()
            : Optional.of(LocalDate.ofEpochDay(((Number) date).longValue())));
  }
}
