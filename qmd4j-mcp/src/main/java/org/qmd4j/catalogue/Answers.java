package org.qmd4j.catalogue;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.qmd4j.search.DateSource;
import org.qmd4j.search.Layout;
import org.qmd4j.search.MatchType;

/**
 * The answers of the operations as their structured content has them: one record per answer
 * and per row, from which the output schemas are generated ({@link Schemas#ofAnswer}). A
 * component is a property in declared order; an {@code Optional} one may be absent, a
 * {@link Param#nullable()} one is present and may be null; enums are their wire names. The
 * records describe the wire and are never built: the tools write the same keys from core's
 * {@code toWire()} shapes, and the tests validate every tool's real answers against these
 * schemas.
 */
final class Answers {
  private Answers() {}

  /** A record written as a JSON array of its (non-negative integer) components. */
  @Retention(RetentionPolicy.RUNTIME)
  @Target(ElementType.TYPE)
  @interface Tuple {}

  static final String NOTHING_INDEXED =
      "Present when the vault has no indexed file: why, and what to do.";
  static final String CORRECTED =
      "The query words that matched nothing, mapped to the vault words searched instead.";
  static final String SUGGESTIONS = "When nothing matched, queries that would.";
  static final String TOTAL_EXACT = "Whether total is the exact count; false when the engine "
      + "could not count every match (the qmd engine, deep searches, filters tested on more "
      + "than 10,000 chunks), and total is then a lower bound.";

  @Param("The search answer; the text content repeats 'results' as a JSON array.")
  record Search(
      @Param("The chunks found, best first.") List<Row> results,
      @Param(CORRECTED) Map<String, String> corrected,
      @Param(SUGGESTIONS) List<String> suggestions,
      @Param("Query words that matched only a few chunks, mapped to the far more frequent "
          + "vault words near them that were searched too; their results follow the exact "
          + "ones, marked fuzzy.") Optional<Map<String, String>> alsoSearched,
      @Param(value = "How many chunks there are before the limit: exactly, or at least that "
          + "many when totalExact is false. Greater than the number of results when the limit "
          + "left some out.", minimum = 0) int total,
      @Param(TOTAL_EXACT) boolean totalExact,
      @Param(NOTHING_INDEXED) Optional<String> nothingIndexed) {}

  /** One search result ({@code SearchResult.toWire()}). */
  record Row(
      @Param("Vault-relative path, / separators.") String path,
      @Param("The chunk's text.") String chunk,
      @Param(value = "Relevance in [0,1], two decimals.", minimum = 0, maximum = 1) double score,
      @Param("1-based inclusive line range 'A-B'.") String lines,
      @Param("keyword: BM25 only; hybrid: keyword and vectors fused; fuzzy: a misspelled word "
          + "searched as the vault's nearest word; wildcard: the query '*'.") MatchType matchType,
      @Param("The lines holding the query's words.") List<Match> matches,
      @Param("The date (YYYY-MM-DD) that date filters compare for this chunk; absent when it "
          + "has none.") Optional<String> date,
      @Param("Where 'date' comes from: a changelog chunk's day heading, a frontmatter field, a "
          + "YYYY-MM-DD in the file name, or the file's modification day.")
      Optional<DateSource> dateSource,
      @Param("Typed word to searched word, for a fuzzy result.")
      Optional<Map<String, String>> corrected,
      @Param("Why this result was found by a lesser method than asked.")
      Optional<String> degraded) {}

  record Match(
      @Param(value = "1-based line of the file.", minimum = 1) int line,
      @Param("[start, end) character ranges of the query's words in that line.")
      List<Span> ranges) {}

  @Tuple
  record Span(int start, int end) {}

  @Param("The brief as data; the text content is the same document as markdown.")
  record Brief(
      @Param("What was found and where, 2-5 lines.") String overview,
      @Param(value = "'sampling' when the client's model wrote the overview (MCP sampling), "
          + "'mechanical' when qmd4j did.", allowed = {"sampling", "mechanical"})
      String overviewSource,
      @Param("Why the mechanical overview was used although the client supports sampling "
          + "(declined, timed out, failed).") Optional<String> overviewNote,
      @Param("The search results the brief is built from, best first.") List<Row> results,
      @Param("The files and line ranges of the document, in order.") List<Block> blocks,
      @Param(CORRECTED) Map<String, String> corrected,
      @Param(SUGGESTIONS) List<String> suggestions,
      @Param(NOTHING_INDEXED) Optional<String> nothingIndexed) {}

  /** A block of an assembled document. */
  record Block(
      String path,
      @Param(value = "The 1-based inclusive range 'A-B' included; null for an empty file.",
          nullable = true) String lines,
      boolean wholeFile,
      @Param(minimum = 0) int fileLines,
      String text,
      @Param("Present when the size cap cut the block: the marker saying what was left out.")
      Optional<String> truncated) {}

  @Param("The assembled document as data; the text content is the same document as "
      + "markdown.")
  record Concat(
      @Param("The overview given, empty when none.") String overview,
      @Param("The blocks, in order.") List<Block> blocks) {}

  @Param("The file or range read; the text content is the same as markdown headed by its "
      + "path.")
  record Read(
      @Param("Vault-relative path.") String path,
      @Param("The 1-based inclusive range 'A-B' really included; absent for an empty file.")
      Optional<String> lines,
      @Param("The file's lines, unchanged, joined with \\n.") String text) {}

  @Param("The vault tree, wrapped in an object (structured content must be an object); the "
      + "text content draws it.")
  record Tree(
      @Param("Folders and files, depth first.") List<Entry> entries,
      Layout layout,
      @Param(NOTHING_INDEXED) Optional<String> nothingIndexed) {}

  record Entry(
      String path,
      @Param(allowed = {"folder", "file"}) String type,
      boolean indexed,
      @Param("For an indexed file: changelog, tasks, state, description, bucket or note.")
      Optional<String> kind) {}

  @Param("The find_notes answer; the text content is the same object as JSON.")
  record Find(
      @Param(allowed = "true") boolean success,
      @Param("One page. With a query: chunks {source, content, heading, score, lines[, "
          + "fields]}; without: note paths, or {path, fields} when include_fields was given.")
      List<Found> results,
      @Param(value = "How many results there are before paging.", minimum = 0) int total,
      @Param("What to know about how the request ran; usually empty.") List<String> notes,
      @Param(value = "Only when nothing was found in a folder searched without recursive: how "
          + "many results its sub-folders hold (call again with recursive: true).", minimum = 1)
      Optional<Integer> inSubfolders) {}

  /** A row of {@code find_notes}: a path, a chunk or a note with its fields. */
  @AnyOf({String.class, FoundChunk.class, FoundNote.class})
  interface Found {}

  record FoundChunk(String source, String content, String heading, double score, String lines,
      Optional<Map<String, Object>> fields) {}

  record FoundNote(String path, Map<String, Object> fields) {}

  /**
   * The answer of a typed listing ({@code Listing.toWire()}), its rows {@code T}.
   *
   * @param <T> the row
   */
  record Listed<T>(
      @Param("The records, best first, or newest first without words. A list, wrapped in an "
          + "object because structured content must be an object; the text content is the "
          + "bare array.") List<T> results,
      @Param(value = "How many records there are before the limit: exactly, or at least that "
          + "many when totalExact is false. Greater than the number of results when the limit "
          + "left some out.", minimum = 0) int total,
      @Param(TOTAL_EXACT) boolean totalExact) {}

  static final String PROJECT = "The project, null for a root file.";
  static final String SCORE = "Relevance in [0,1], two decimals.";

  record TaskRow(String path, @Param(value = PROJECT, nullable = true) String project,
      String lines, String title, @Param(nullable = true) String status,
      @Param(nullable = true) String priority,
      @Param(value = "YYYY-MM-DD", nullable = true) String deadline, String text,
      @Param(value = SCORE, minimum = 0, maximum = 1) double score) {}

  record ChangelogRow(String path, @Param(value = PROJECT, nullable = true) String project,
      String lines, @Param(value = "YYYY-MM-DD", nullable = true) String date,
      @Param(nullable = true) String tag, String title, String text,
      @Param(value = SCORE, minimum = 0, maximum = 1) double score) {}

  record StateRow(String path, @Param(value = PROJECT, nullable = true) String project,
      String lines, @Param(value = "YYYY-MM-DD", nullable = true) String updated,
      @Param("Section heading to section text.") Map<String, String> sections, String text,
      @Param(value = SCORE, minimum = 0, maximum = 1) double score) {}

  record DescriptionRow(String path, @Param(value = PROJECT, nullable = true) String project,
      String lines, @Param(value = "YYYY-MM-DD", nullable = true) String updated, String text,
      @Param(value = SCORE, minimum = 0, maximum = 1) double score) {}

  record BucketRow(String path, @Param(value = PROJECT, nullable = true) String project,
      String lines, @Param(nullable = true) String type,
      @Param(value = "YYYY-MM-DD", nullable = true) String created,
      @Param(value = "YYYY-MM-DD", nullable = true) String updated, List<String> tags,
      Map<String, Object> frontmatter, String text,
      @Param(value = SCORE, minimum = 0, maximum = 1) double score) {}
}
