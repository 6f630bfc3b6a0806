package org.qmd4j.concat;

/**
 * Writes the overview that opens a brief: 2 to 5 lines saying what was asked and found.
 *
 * <p>The default, {@link #mechanical()}, is plain and honest: the question, how many chunks
 * were found in which files, which of the question's terms appear in the included text, what
 * was included; and when nothing was found, it says so. Applications can plug in an
 * LLM-backed writer:
 *
 * <pre>{@code
 * OverviewWriter llm = context -> myModel.summarize(context.question(), context.blocks());
 * Brief brief = searcher.brief(SearchRequest.of("webhook"), llm);
 * }</pre>
 *
 * <p>Implementations must be thread-safe when the {@code Searcher} that calls them is
 * shared. A blank overview leaves the document without one; an exception other than a
 * {@code SearchException} is reported as an {@code EngineException} with it as the cause.
 *
 * @since 0.1
 */
@FunctionalInterface
public interface OverviewWriter {
  /** The overview for {@code context}, without the {@code ---} line that follows it. */
  String overview(BriefContext context);

  /** The default writer: mechanical, 2 to 5 lines, no model involved. Thread-safe. */
  static OverviewWriter mechanical() {
    return MechanicalOverviewWriter.INSTANCE;
  }
}
