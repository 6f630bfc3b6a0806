package org.qmd4j.solr;

/** Short, class-free descriptions of failures for messages people read. */
final class Failures {
  private Failures() {}

  /** The innermost cause's message, or what kind of failure it was when it has none. */
  static String describe(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) t = t.getCause();
    String m = t.getMessage();
    if (m != null && !m.isBlank()) return firstLine(m);
    if (t instanceof java.net.ConnectException) return "connection refused";
    if (t instanceof java.net.http.HttpTimeoutException
        || t instanceof java.util.concurrent.TimeoutException) {
      return "no answer within the time limit";
    }
    return "the connection failed";
  }

  static String firstLine(String message) {
    if (message == null) return "no message";
    int nl = message.indexOf('\n');
    return nl < 0 ? message : message.substring(0, nl);
  }
}
