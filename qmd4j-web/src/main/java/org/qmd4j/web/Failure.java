package org.qmd4j.web;

import java.util.Locale;
import org.eclipse.jetty.http.HttpException;
import org.qmd4j.ErrorMessages;
import org.qmd4j.search.EngineException;
import org.qmd4j.search.InvalidRequestException;
import org.qmd4j.search.NoteNotFoundException;
import org.qmd4j.search.SearcherClosedException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a failed call answers: the HTTP status and a message for the user. Invalid input is
 * 400 with the library's message, a request whose parameters cannot be decoded 400, a missing
 * note 404, an engine failure 500 with its message, anything else 500 with a fixed message
 * (the details go to the log, never to the client).
 *
 * @param status the HTTP status
 * @param message the message shown to the user
 */
record Failure(int status, String message) {
  private static final Logger LOG = LoggerFactory.getLogger(Failure.class);

  static Failure of(RuntimeException e) {
    RuntimeException reason = e instanceof FieldException ? ((FieldException) e).reason() : e;
    String message = ErrorMessages.forPeople(reason, null, null);
    if (reason instanceof NoteNotFoundException) return new Failure(404, message);
    if (reason instanceof SearcherClosedException) return new Failure(503, message);
    if (reason instanceof InvalidRequestException || reason instanceof IllegalArgumentException) {
      return new Failure(400, message);
    }
    if (reason instanceof HttpException && ((HttpException) reason).getCode() < 500) {
      // Jetty cannot decode the parameters (percent-escapes that are not UTF-8, say): the
      // client's to fix, not a failure of the server.
      HttpException bad = (HttpException) reason;
      return new Failure(bad.getCode(), "The request's parameters cannot be read ("
          + (bad.getReason() == null ? "malformed" : bad.getReason().toLowerCase(Locale.ROOT))
          + "); write them in UTF-8, percent-encoded (é is %C3%A9)");
    }
    if (reason instanceof EngineException) {
      LOG.warn("Engine failure: {}", reason.getMessage(), reason);
      return new Failure(500, message);
    }
    LOG.error("Unexpected failure", reason);
    return new Failure(500, "Internal error; the server's log has the details");
  }
}
