package org.qmd4j.analysis;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import org.qmd4j.search.LineMatch;

/** A text in NFKC, with the way back to the offsets of the text as written. */
final class FoldedText {
  final String text;
  /** For each char of {@link #text}, the start of its piece in the original; one more at the end. */
  final int[] starts;
  final int[] ends;

  private FoldedText(String text, int[] starts, int[] ends) {
    this.text = text;
    this.starts = starts;
    this.ends = ends;
  }

  /** {@code text}, NFKC already. */
  static FoldedText asIs(String text) {
    return new FoldedText(text, null, null);
  }

  static FoldedText of(String original) {
    if (Normalizer.isNormalized(original, Normalizer.Form.NFKC)) {
      return new FoldedText(original, null, null);
    }
    StringBuilder sb = new StringBuilder();
    List<int[]> map = new ArrayList<>();
    int i = 0;
    int n = original.length();
    while (i < n) {
      int j = i + Character.charCount(original.codePointAt(i));
      while (j < n && isMark(original.codePointAt(j))) j += Character.charCount(original.codePointAt(j));
      String piece = Normalizer.normalize(original.substring(i, j), Normalizer.Form.NFKC);
      for (int k = 0; k < piece.length(); k++) map.add(new int[] {i, j});
      sb.append(piece);
      i = j;
    }
    int[] starts = new int[map.size()];
    int[] ends = new int[map.size()];
    for (int k = 0; k < map.size(); k++) {
      starts[k] = map.get(k)[0];
      ends[k] = map.get(k)[1];
    }
    return new FoldedText(sb.toString(), starts, ends);
  }

  private static boolean isMark(int cp) {
    int type = Character.getType(cp);
    return type == Character.NON_SPACING_MARK || type == Character.ENCLOSING_MARK
        || type == Character.COMBINING_SPACING_MARK;
  }

  List<LineMatch.Range> toRanges(List<int[]> ranges) {
    List<LineMatch.Range> out = new ArrayList<>(ranges.size());
    for (int[] r : ranges) {
      if (r[1] <= r[0]) continue;
      if (starts == null) {
        out.add(new LineMatch.Range(r[0], r[1]));
      } else {
        out.add(new LineMatch.Range(starts[r[0]], ends[r[1] - 1]));
      }
    }
    return out;
  }
}
