package org.qmd4j.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.lucene.analysis.miscellaneous.ASCIIFoldingFilter;
import org.junit.jupiter.api.Test;

/** The compounds indexed as exact terms ({@code en-cours}, {@code v2.3.1}, {@code l'équipe}). */
class AnalysisCompoundsTest {
  /** What compounds were before the one-pass scan: the definition. */
  private static final Pattern UNIT =
      Pattern.compile("[\\p{L}\\p{M}\\p{N}]+(?:[-_./'\u2019][\\p{L}\\p{M}\\p{N}]+)+");

  @Test
  void wordsJoinedByAJoinerAreKeptWholeAndFolded() {
    assertThat(Analysis.compounds("Statut en-cours pour Startup-X, v2.3.1 le 2025-07-14."))
        .containsExactly("en-cours", "startup-x", "v2.3.1", "2025-07-14");
    assertThat(Analysis.compounds("l'équipe d\u2019été, fin. (voir) a--b -x x- /"))
        .containsExactly("l'equipe", "d'ete"); // the apostrophe folded too
    assertThat(Analysis.compounds("en-cours en-cours")).containsExactly("en-cours");
  }

  @Test
  void aSeededRandomTextGivesWhatThePatternFinds() {
    String[] pieces = {"a", "é", "Z", "7", "\u0301", "Ⅻ", "²", "𝒜", "🎉", "-", "_", ".", "/",
        "'", "\u2019", " ", "\n", ",", "(", "#", "--"};
    for (long seed = 1; seed <= 500; seed++) {
      Random random = new Random(seed);
      StringBuilder text = new StringBuilder();
      int length = random.nextInt(40);
      for (int i = 0; i < length; i++) text.append(pieces[random.nextInt(pieces.length)]);
      assertThat(Analysis.compounds(text.toString())).as("seed %d: %s", seed, text)
          .containsExactlyElementsOf(byPattern(text.toString()));
    }
  }

  private static List<String> byPattern(String text) {
    Set<String> out = new LinkedHashSet<>();
    for (String piece : text.split("\\s+")) {
      Matcher m = UNIT.matcher(piece);
      while (m.find()) {
        char[] lower = m.group().toLowerCase(Locale.ROOT).toCharArray();
        char[] folded = new char[lower.length * 4];
        int len = ASCIIFoldingFilter.foldToASCII(lower, 0, folded, 0, lower.length);
        out.add(new String(folded, 0, len));
      }
    }
    return List.copyOf(out);
  }
}
