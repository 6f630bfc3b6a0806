package org.qmd4j;

import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;
import org.qmd4j.search.SearchException;
import org.qmd4j.search.SearcherClosedException;
import org.qmd4j.vault.VaultProjects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The message a person or an agent reads when a call fails at a boundary: a command line's
 * stderr, an MCP tool error, an HTTP error body. It says what failed and what to do, names
 * the vault as the user named it, and holds no exception class name, no stack trace and no
 * line break; the details belong in the log (log the exception itself beside the message).
 *
 * <pre>{@code
 * } catch (SearchException e) {
 *   LOG.debug("search failed", e);
 *   err.println("qmd4j: " + ErrorMessages.forPeople(e, searcher.describe().vault(), "notes"));
 * }
 * }</pre>
 *
 * <p>Messages of {@link SearchException}s and {@link IllegalArgumentException}s (bad input)
 * are written for people and shown; anything else is a defect and shows as an internal error.
 * Stateless and thread-safe.
 *
 * @since 0.3
 */
public final class ErrorMessages {
  private static final Logger LOG = LoggerFactory.getLogger(ErrorMessages.class);
  /** A Java or JavaScript exception class name: qualified, or ending in Exception or Error. */
  private static final Pattern CLASS_NAME = Pattern.compile(
      "\\b(?:[a-z][\\w$]*\\.){2,}[A-Z][\\w$]*\\b:?\\s?|\\b[A-Z]\\w*(?:Exception|Error)\\b:?\\s?");
  /** What an unexpected failure says; the log has the rest. */
  public static final String INTERNAL = "An internal error occurred; the log has the details,"
      + " please report it";

  /** What a call to a closed searcher says: in a server, it is shutting down. */
  public static final String CLOSED = "The search service is shutting down; try again once it"
      + " is running";

  private ErrorMessages() {}

  /**
   * The valid names nearest to {@code name}, best first, for a "did you mean": the same name
   * but for case and accents, then a prefix or suffix of it, then a few edits away.
   *
   * @param name what was given
   * @param valid the valid names
   * @param max how many to return at most
   * @return at most {@code max} names of {@code valid}; empty when none is near
   * @since 0.9
   */
  public static List<String> nearest(String name, List<String> valid, int max) {
    return VaultProjects.nearest(Objects.requireNonNull(name, "name == null"),
        Objects.requireNonNull(valid, "valid == null"), max);
  }

  /**
   * The message of {@code failure} for people.
   *
   * @param failure what was thrown
   * @param vault the vault's path as the searcher knows it ({@code describe().vault()}), or
   *     {@code null}
   * @param vaultAsNamed the vault as the user named it (a {@code --vault} argument), shown
   *     instead of {@code vault}; {@code null} to keep {@code vault}
   * @return one line, never empty
   */
  public static String forPeople(Throwable failure, String vault, String vaultAsNamed) {
    if (failure instanceof SearcherClosedException) return CLOSED;
    String message = failure instanceof SearchException
        || failure instanceof IllegalArgumentException ? failure.getMessage() : null;
    if (message == null || message.isBlank()) return INTERNAL;
    String text = message.strip().replaceAll("\\s*\\R\\s*", " ");
    if (vault != null && vaultAsNamed != null && !vault.isEmpty()) {
      text = text.replace(vault, vaultAsNamed);
    }
    String cleaned = CLASS_NAME.matcher(text).replaceAll("");
    if (!cleaned.equals(text)) {
      // A message that names a class is a defect of qmd4j: say so in the log, show the rest.
      LOG.warn("An error message named an exception class: {}", text);
      text = cleaned.isBlank() ? INTERNAL : cleaned;
    }
    return text;
  }
}
