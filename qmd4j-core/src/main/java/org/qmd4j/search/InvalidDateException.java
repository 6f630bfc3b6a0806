package org.qmd4j.search;

import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Thrown when a date cannot be parsed, does not exist, or a lower bound is after an upper
 * one ({@code date_from} after {@code date_to}). The message quotes the value, lists the
 * accepted forms and names the parameter; a boundary that spells parameters otherwise (the
 * command line's {@code --from}) shows {@link #named(Map)}'s message instead.
 */
public final class InvalidDateException extends InvalidRequestException {
  private static final long serialVersionUID = 1L;
  private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{([a-z_]+)}}");

  private final String template;

  /** An exception whose message names no request parameter. */
  public InvalidDateException(String message) {
    this(message, message);
  }

  private InvalidDateException(String template, String message) {
    super(message);
    this.template = template;
  }

  /**
   * An exception whose message names request parameters through placeholders made by
   * {@link #placeholder(String)}; {@link #getMessage()} shows the library's names
   * ({@code date_from}).
   *
   * @since 0.3
   */
  public static InvalidDateException forParameters(String template) {
    return new InvalidDateException(template, render(template, Map.of()));
  }

  /**
   * The placeholder of a parameter (its library name, such as {@code date_from}) in a
   * message given to {@link #forParameters(String)}.
   *
   * @since 0.3
   */
  public static String placeholder(String parameter) {
    return "{{" + parameter + "}}";
  }

  /**
   * This failure with the parameters spelled as the caller knows them: {@code spelled} maps
   * library names ({@code date_from}) to the caller's ({@code --from}); others stay.
   *
   * @since 0.3
   */
  public InvalidDateException named(Map<String, String> spelled) {
    Objects.requireNonNull(spelled, "spelled == null");
    InvalidDateException e = new InvalidDateException(template, render(template, spelled));
    e.setStackTrace(getStackTrace());
    return e;
  }

  private static String render(String template, Map<String, String> spelled) {
    Matcher m = PLACEHOLDER.matcher(template);
    StringBuilder sb = new StringBuilder();
    while (m.find()) {
      m.appendReplacement(sb, Matcher.quoteReplacement(
          spelled.getOrDefault(m.group(1), m.group(1))));
    }
    m.appendTail(sb);
    return sb.toString();
  }
}
