package org.qmd4j.web;

/** An invalid value of one field of the search form; the message is the library's. */
final class FieldException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String field;

  FieldException(String field, RuntimeException cause) {
    super(cause.getMessage(), cause);
    this.field = field;
  }

  /** The page's name of the field: q, mode, scope, from, to or limit. */
  String field() {
    return field;
  }

  /** The library's exception. */
  RuntimeException reason() {
    return (RuntimeException) getCause();
  }
}
