package org.qmd4j.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.text.Normalizer;
import java.util.Locale;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class TextsTest {
  private static final Pattern MARKS = Pattern.compile("\\p{M}+");

  /** The fold as first written: NFKD, marks removed by a pattern, lower case, stripped. */
  private static String patternFold(String text) {
    String decomposed = Normalizer.normalize(text, Normalizer.Form.NFKD);
    return MARKS.matcher(decomposed).replaceAll("")
        .toLowerCase(Locale.ROOT).strip();
  }

  @Test
  void foldsAccentsCaseAndCompatibilityForms() {
    assertThat(Texts.fold("Réunion")).isEqualTo("reunion");
    assertThat(Texts.fold(" REUNION ")).isEqualTo("reunion");
    assertThat(Texts.fold("re\u0301union")).isEqualTo("reunion");
    assertThat(Texts.fold("ﬁn ²")).isEqualTo("fin 2");
    assertThat(Texts.fold("En-Cours")).isEqualTo("en-cours");
  }

  @Test
  void foldsEveryTextAsThePatternDid() {
    String alphabet = "aZ09 -_#'\u2019\té\u0301\u0327ÉçÇœŒßİıﬁ½²\u00a0\u20dd\u0903"
        + "日本\ud83d\ude00\ud835\udc00\ud800\u3000Ⅻ";
    Random random = new Random(20261128L);
    for (int n = 0; n < 5_000; n++) {
      StringBuilder text = new StringBuilder();
      for (int i = random.nextInt(12); i > 0; i--) {
        text.append(alphabet.charAt(random.nextInt(alphabet.length())));
      }
      String t = text.toString();
      assertThat(Texts.fold(t)).as("fold of %s", t).isEqualTo(patternFold(t));
    }
  }
}
