package org.qmd4j.spi;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * A resident channel to one running {@code qmd mcp} process: typed {@code lex}, {@code vec}
 * and {@code hyde} searches answered by qmd's {@code query} tool, without starting Node per
 * call. The qmd engine obtains one from a {@link QmdSessionFactory}; the {@code qmd4j-mcp}
 * module provides the implementation on the MCP Java SDK client, so that {@code qmd4j-core}
 * does not depend on the SDK.
 *
 * <p>Implementations are thread-safe: concurrent {@link #query} calls are in flight together.
 * The engine closes the session; {@link #close()} ends the process and every process it
 * started.
 *
 * @since 0.2
 */
public interface QmdSession extends AutoCloseable {
  /**
   * Runs qmd's {@code query} tool.
   *
   * @param call the typed searches and their options
   * @return the tool's structured result as JSON text: an object with a {@code results} array
   *     of {@code {file, score, line, ...}}
   * @throws org.qmd4j.search.QmdTimeoutException if no answer came within {@code call.timeout()}
   * @throws org.qmd4j.search.QmdUnavailableException if the process is gone or unreachable
   * @throws org.qmd4j.search.QmdFailedException if the tool answered with an error
   */
  String query(Query call);

  /**
   * Runs qmd's {@code status} tool.
   *
   * @param timeout how long to wait for the answer
   * @return the tool's structured result as JSON text: {@code totalDocuments} and a
   *     {@code collections} array of {@code {name, documents, ...}}
   * @throws org.qmd4j.search.QmdTimeoutException if no answer came within {@code timeout}
   * @throws org.qmd4j.search.QmdUnavailableException if the process is gone or unreachable
   */
  String indexStatus(Duration timeout);

  /** Whether the process is still running and the channel open. */
  boolean isAlive();

  /**
   * Facts for {@code doctor}: at least {@code pid} and {@code protocol version}, in display
   * order.
   */
  Map<String, String> describe();

  /** Ends the process and its children. Idempotent; never throws. */
  @Override
  void close();

  /** The kind of a typed search, as qmd's {@code query} tool names it. */
  enum Type {
    /** BM25 keywords ({@code lex}); no model needed. */
    LEX,
    /** Vector similarity ({@code vec}); needs the embedding model. */
    VEC,
    /** A hypothetical answer document embedded like {@code vec} ({@code hyde}). */
    HYDE;

    /** The name qmd uses ({@code lex}, {@code vec}, {@code hyde}). */
    public String wireName() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /**
   * One typed search.
   *
   * @param type lex, vec or hyde
   * @param text the search text, non-blank
   */
  record Search(Type type, String text) {
    public Search {
      Objects.requireNonNull(type, "type == null");
      Objects.requireNonNull(text, "text == null");
      if (text.isBlank()) {
        throw new IllegalArgumentException("Expected a search text but was blank");
      }
    }
  }

  /**
   * One call of qmd's {@code query} tool.
   *
   * @param searches 1 to 10 typed searches; the first one weighs double in qmd's fusion
   * @param collections the collections searched (OR)
   * @param limit the number of documents asked for, at least 1
   * @param rerank whether qmd reranks with its model
   * @param candidateLimit how many candidates qmd reranks, when set
   * @param timeout how long to wait for the answer
   */
  record Query(List<Search> searches, List<String> collections, int limit, boolean rerank,
      OptionalInt candidateLimit, Duration timeout) {
    /** The most searches qmd accepts in one call. */
    public static final int MAX_SEARCHES = 10;

    public Query {
      searches = List.copyOf(searches);
      collections = List.copyOf(collections);
      if (searches.isEmpty() || searches.size() > MAX_SEARCHES) {
        throw new IllegalArgumentException("Expected 1 to " + MAX_SEARCHES
            + " searches but got " + searches.size());
      }
      if (limit < 1) throw new IllegalArgumentException("Expected a limit >= 1 but was " + limit);
      Objects.requireNonNull(candidateLimit, "candidateLimit == null");
      Objects.requireNonNull(timeout, "timeout == null");
    }
  }
}
