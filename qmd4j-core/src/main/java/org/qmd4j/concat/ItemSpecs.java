package org.qmd4j.concat;

import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.qmd4j.search.InvalidLineRangeException;
import org.qmd4j.search.LineRange;

/** Parses the written form of a {@link ConcatItem}: {@code PATH} or {@code PATH:FROM-TO}. */
final class ItemSpecs {
  // A trailing ":<digits and dashes>" is meant as a range, well-formed or not; any other
  // colon is part of the file name.
  private static final Pattern SPEC = Pattern.compile("(.+):([0-9][0-9-]*|-[0-9-]*)");

  private ItemSpecs() {}

  static ConcatItem parse(String spec) {
    Objects.requireNonNull(spec, "spec == null");
    String s = spec.strip();
    Matcher m = SPEC.matcher(s);
    if (!m.matches()) return new ConcatItem.WholeFile(s);
    String range = m.group(2);
    LineRange lines;
    try {
      lines = LineRange.parse(range);
    } catch (InvalidLineRangeException e) {
      throw new InvalidLineRangeException("Invalid line range '" + range + "' in '" + spec
          + "'; expected PATH:FROM-TO with 1 <= FROM <= TO, such as " + m.group(1) + ":21-35");
    }
    return new ConcatItem.LineSpan(m.group(1), lines.from(), lines.to());
  }
}
