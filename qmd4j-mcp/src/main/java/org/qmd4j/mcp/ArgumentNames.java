package org.qmd4j.mcp;

import java.util.List;
import org.qmd4j.catalogue.Operations;

/**
 * The argument names each tool takes: the components of its operation's request record
 * ({@link Operations}), whose generated schema also says {@code "additionalProperties": false}.
 * A name the tool does not know is refused, naming the nearest valid one and all of them: a
 * misspelt filter must not widen the answer silently. Thread-safe.
 */
final class ArgumentNames {
  private ArgumentNames() {}

  /** The argument names of {@code tool}, sorted. */
  static List<String> of(String tool) {
    return Operations.named(tool).orElseThrow(() -> new AssertionError("No operation " + tool))
        .parameterNames();
  }
}
