package org.qmd4j;

import java.util.Locale;
import org.qmd4j.internal.WireNames;
import org.qmd4j.search.InvalidRequestException;

/** Which engine a {@link Searcher} uses. */
public enum EngineChoice {
  /** qmd when it is installed and works, the embedded engine otherwise. */
  AUTO,
  /** The qmd binary; fails when it is missing or broken. */
  QMD,
  /** The in-JVM Lucene engine. */
  EMBEDDED;

  /** Lower-case name, as on the command line. */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Parses {@code auto}, {@code qmd} or {@code embedded}, ignoring case.
   *
   * @throws InvalidRequestException naming the bad value and the valid ones
   */
  public static EngineChoice parse(String value) {
    return WireNames.parse(value, "engine", values(), EngineChoice::wireName,
        v -> new InvalidRequestException(
            "Unknown engine '" + v + "'; valid engines are: auto, qmd, embedded"));
  }
}
